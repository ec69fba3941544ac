// 签约's calls as its screens make them through the stage port's `custom` and `download` (StageGatewayAdapter with
// the signing routes): the operator's list and the businesses waiting to be signed, 发起线上签约, a signing's
// details with the business's and the record's actions, 催签, 撤销, the business's signings (业务详情's tab); the
// supplier's signer's one-time code and 签署; the signed files' signatures and download. The records are the
// fixed ones of signing-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { SIGNING_API } from '../../src/domain/financing/signing';
import { bearer, createPact, httpClientFor } from './support/consumer';
import {
  PACT_SIGNING_BUSINESS,
  PACT_SIGNING_CODE,
  PACT_SIGNING_CONTRACT,
  PACT_SIGNING_ID,
  PACT_SIGNING_SCAN,
  SIGNING_TOKEN,
  SigningState,
} from './support/signing-fixtures';

const { eachLike, integer, like, regex, string, boolean } = MatchersV3;

const ROUTES = { resource: { api: SIGNING_API, noun: '签约' } };
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof SIGNING_TOKEN) => bearer(SIGNING_TOKEN[who]);
const port = (url: string, who: keyof typeof SIGNING_TOKEN = 'operator') =>
  new StageGatewayAdapter(httpClientFor(url, SIGNING_TOKEN[who]).http, { save: vi.fn() });

const signer = {
  order: integer(1),
  role: string('SUPPLIER'),
  organization: string('华东建材有限公司'),
  name: string('张华'),
  mobile: string('13800000001'),
  channel: string('BACK_OFFICE'),
  status: integer(0),
  statusLabel: string('待签'),
};
const record = (status: string) => ({
  keyId: string(PACT_SIGNING_ID),
  businessId: string(PACT_SIGNING_BUSINESS),
  signNo: regex(/^QY\d{12}$/, 'QY202611280001'),
  kind: string('ONLINE'),
  kindLabel: string('线上签约'),
  status: string(status),
  statusLabel: string('签约中'),
  providerStatus: integer(1),
  providerStatusLabel: string('签署中'),
  signers: eachLike(signer),
  progress: string('0/2'),
  timeline: eachLike({ at: string('2026-11-28T02:00:00.000Z'), text: string('经办发起线上签约') }),
  version: integer(2),
});

describe('签约 contract', () => {
  it('the operator lists, starts, reads, reminds and revokes signings', async () => {
    await createPact()
      .addInteraction()
      .given(SigningState.waiting)
      .uponReceiving('the businesses waiting to be signed')
      .withRequest('GET', `${SIGNING_API}/waiting`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(PACT_SIGNING_BUSINESS),
              businessNo: string('RZ202611289901'),
              supplierName: string('华东建材有限公司'),
              state: string('SIGNING/WAIT_SIGN'),
              version: integer(3),
              actions: eachLike('startOnline'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await port(mock.url).custom<{ actions: string[] }[]>(ROUTES, 'GET', '/waiting');
        expect(rows[0]?.actions).toContain('startOnline');
      });
    const start = {
      version: 3,
      deadlineDays: 7,
      signers: [
        { order: 1, role: 'SUPPLIER', name: '王建国', mobile: '13800000003' },
        { order: 2, role: 'FACTOR', name: '李静', mobile: '13900000002' },
      ],
    };
    await createPact()
      .addInteraction()
      .given(SigningState.waiting)
      .uponReceiving('发起线上签约 of the pact business')
      .withRequest('POST', `${SIGNING_API}/${PACT_SIGNING_BUSINESS}/online`, (b) =>
        b.headers(as('operator')).jsonBody(start),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ ...record('SIGNING'), keyId: string('2610000000000000299') }))))
      .executeTest(async (mock) => {
        const made = await port(mock.url).custom<{ status: string }>(
          ROUTES,
          'POST',
          `/${PACT_SIGNING_BUSINESS}/online`,
          start,
        );
        expect(made.status).toBe('SIGNING');
      });
    const offline = { version: 3, scanFileIds: [PACT_SIGNING_SCAN], originalsReceivedOn: '2026-11-20' };
    await createPact()
      .addInteraction()
      .given(SigningState.waiting)
      .uponReceiving('线下签约 of the pact business')
      .withRequest('POST', `${SIGNING_API}/${PACT_SIGNING_BUSINESS}/offline`, (b) =>
        b.headers(as('operator')).jsonBody(offline),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: string('2610000000000000298'),
              businessId: string(PACT_SIGNING_BUSINESS),
              kind: 'OFFLINE',
              status: 'SIGNED',
              scanFileIds: [PACT_SIGNING_SCAN],
              originalsReceivedOn: '2026-11-20',
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const made = await port(mock.url).custom<{ status: string }>(
          ROUTES,
          'POST',
          `/${PACT_SIGNING_BUSINESS}/offline`,
          offline,
        );
        expect(made.status).toBe('SIGNED');
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('a page of the signings')
      .withRequest('GET', SIGNING_API, (b) => b.query({ current: '1', size: '50' }).headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({ ...record('SIGNING'), businessNo: string('RZ202611289901') }),
            total: integer(1),
            current: 1,
            size: 50,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: unknown[] }>(ROUTES, 'GET', '', { current: 1, size: 50 });
        expect(page.records.length).toBeGreaterThan(0);
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('a page of the online signings')
      .withRequest('GET', SIGNING_API, (b) =>
        b.query({ current: '1', size: '50', kind: 'ONLINE' }).headers(as('operator')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike(record('SIGNING')), total: integer(1), current: 1, size: 50 })),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: unknown[] }>(ROUTES, 'GET', '', {
          current: 1,
          size: 50,
          kind: 'ONLINE',
        });
        expect(page.records.length).toBeGreaterThan(0);
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('the pact signing’s details with what the operator may do')
      .withRequest('GET', `${SIGNING_API}/record/${PACT_SIGNING_ID}`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            record: like({ ...record('SIGNING'), businessNo: string('RZ202611289901') }),
            notices: eachLike({
              at: string('2026-11-28T02:00:00.000Z'),
              kind: string('LINK'),
              mobile: string('13900000002'),
              text: string('【电子签约】请签署'),
            }),
            mySignerOrder: null,
            business: { version: integer(4), actions: eachLike('revokeSigning') },
            actions: ['remind'],
          }),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ actions: string[] }>(ROUTES, 'GET', `/record/${PACT_SIGNING_ID}`);
        expect(d.actions).toEqual(['remind']);
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('the pact business’s signings with what the operator may do')
      .withRequest('GET', `${SIGNING_API}/${PACT_SIGNING_BUSINESS}/items`, (b) =>
        b.query({ size: '100' }).headers(as('operator')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({ ...record('SIGNING'), actions: ['remind'] }),
            total: integer(1),
            current: 1,
            size: 100,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: unknown[] }>(
          ROUTES,
          'GET',
          `/${PACT_SIGNING_BUSINESS}/items`,
          { size: 100 },
        );
        expect(page.records.length).toBe(1);
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('催签 of the pact signing')
      .withRequest('POST', `${SIGNING_API}/items/${PACT_SIGNING_ID}/transition`, (b) =>
        b.headers(as('operator')).jsonBody({ action: 'remind', version: 2 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ ...record('SIGNING'), version: integer(3), actions: ['remind'] }))),
      )
      .executeTest(async (mock) => {
        const r = await port(mock.url).custom<{ status: string }>(
          ROUTES,
          'POST',
          `/items/${PACT_SIGNING_ID}/transition`,
          {
            action: 'remind',
            version: 2,
          },
        );
        expect(r.status).toBe('SIGNING');
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('撤销 of the pact signing')
      .withRequest('POST', `${SIGNING_API}/record/${PACT_SIGNING_ID}/revoke`, (b) =>
        b.headers(as('operator')).jsonBody({ version: 4, comment: '签署方信息有误' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        const r = await port(mock.url).custom<null>(ROUTES, 'POST', `/record/${PACT_SIGNING_ID}/revoke`, {
          version: 4,
          comment: '签署方信息有误',
        });
        expect(r).toBeNull();
      });
  });

  it('the supplier’s signer asks for the one-time code and signs', async () => {
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('the supplier’s signer asking for a one-time code')
      .withRequest('POST', `${SIGNING_API}/record/${PACT_SIGNING_ID}/code`, (b) =>
        b.headers(as('supplier')).jsonBody({}),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        expect(
          await port(mock.url, 'supplier').custom(ROUTES, 'POST', `/record/${PACT_SIGNING_ID}/code`, {}),
        ).toBeNull();
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signing)
      .uponReceiving('the supplier’s signer signing with the code')
      .withRequest('POST', `${SIGNING_API}/record/${PACT_SIGNING_ID}/sign`, (b) =>
        b.headers(as('supplier')).jsonBody({ code: PACT_SIGNING_CODE }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        const r = await port(mock.url, 'supplier').custom(ROUTES, 'POST', `/record/${PACT_SIGNING_ID}/sign`, {
          code: PACT_SIGNING_CODE,
        });
        expect(r).toBeNull();
      });
  });

  it('the operator reads the signed file’s signatures and downloads it', async () => {
    await createPact()
      .addInteraction()
      .given(SigningState.signed)
      .uponReceiving('the signatures of the pact signing’s files')
      .withRequest('GET', `${SIGNING_API}/record/${PACT_SIGNING_ID}/signatures`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              seq: integer(1),
              name: string('保理合同（HT202611289901）'),
              sha256: regex(/^[0-9a-f]{64}$/, 'a'.repeat(64)),
              signatures: eachLike({
                index: integer(1),
                signerName: string('张华'),
                subject: string('张华'),
                issuer: string('演示电子签章CA'),
                signedAt: string('2026-11-28T02:00:00.000Z'),
                valid: boolean(true),
                coversWholeFile: boolean(false),
              }),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const docs = await port(mock.url).custom<{ signatures: { valid: boolean }[] }[]>(
          ROUTES,
          'GET',
          `/record/${PACT_SIGNING_ID}/signatures`,
        );
        expect(docs[0]?.signatures[0]?.valid).toBe(true);
      });
    const supplement = {
      reason: '收款账户开户行名称更正',
      amountFen: 800_000_00,
      annualRate: '0.0650',
      termDays: 180,
      fileIds: [PACT_SIGNING_SCAN],
    };
    await createPact()
      .addInteraction()
      .given(SigningState.signed)
      .uponReceiving('补充签约 of the signed pact business')
      .withRequest('POST', `${SIGNING_API}/${PACT_SIGNING_BUSINESS}/supplement`, (b) =>
        b.headers(as('operator')).jsonBody(supplement),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: string('2610000000000000297'),
              businessId: string(PACT_SIGNING_BUSINESS),
              kind: 'SUPPLEMENT',
              status: 'SIGNED',
              reason: '收款账户开户行名称更正',
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const made = await port(mock.url).custom<{ kind: string }>(
          ROUTES,
          'POST',
          `/${PACT_SIGNING_BUSINESS}/supplement`,
          supplement,
        );
        expect(made.kind).toBe('SUPPLEMENT');
      });
    await createPact()
      .addInteraction()
      .given(SigningState.signed)
      .uponReceiving('the pact signing’s signed PDF')
      .withRequest('GET', `${SIGNING_API}/record/${PACT_SIGNING_ID}/file/1`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            /^attachment;.*filename\*=UTF-8''.+\.pdf$/,
            "attachment; filename*=UTF-8''c.pdf",
          ),
        }),
      )
      .executeTest(async (mock) => {
        const name = await port(mock.url).download(ROUTES, `/record/${PACT_SIGNING_ID}/file/1`);
        expect(name).toMatch(/\.pdf$/);
      });
  });

  it('合同签章: the maker reads and sets a contract’s signatories; 申请线上签约 reads them', async () => {
    const position = (order: number, role: string, x: number) => ({
      order: integer(order),
      role: string(role),
      page: integer(1),
      x: like(x),
      y: like(640),
    });
    const contract = (signatories: unknown) => ({
      keyId: string(PACT_SIGNING_CONTRACT),
      contractNo: string('HT202611289901'),
      name: string('保理合同'),
      version: integer(1),
      contractVersion: integer(1),
      fileId: string('2610000000000000401'),
      locked: boolean(false),
      pages: eachLike({ width: like(612), height: like(792) }),
      signatories,
    });
    await createPact()
      .addInteraction()
      .given(SigningState.waiting)
      .uponReceiving('合同签章 of the pact business, none set yet')
      .withRequest('GET', `${SIGNING_API}/signatories/${PACT_SIGNING_BUSINESS}`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            businessId: string(PACT_SIGNING_BUSINESS),
            businessNo: string('RZ202611289901'),
            state: string('SIGNING/WAIT_SIGN'),
            editable: true,
            contracts: eachLike(contract(null)),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const view = await port(mock.url).custom<{ editable: boolean }>(
          ROUTES,
          'GET',
          `/signatories/${PACT_SIGNING_BUSINESS}`,
        );
        expect(view.editable).toBe(true);
      });
    const body = {
      version: 1,
      signatories: [
        { order: 1, role: 'SUPPLIER', page: 1, x: 60, y: 640 },
        { order: 2, role: 'FACTOR', page: 1, x: 380, y: 640 },
      ],
    };
    await createPact()
      .addInteraction()
      .given(SigningState.waiting)
      .uponReceiving('设置合同签章 of the pact contract')
      .withRequest('PUT', `${SIGNING_API}/signatories/contract/${PACT_SIGNING_CONTRACT}`, (b) =>
        b.headers(as('operator')).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            ...contract([position(1, 'SUPPLIER', 60), position(2, 'FACTOR', 380)]),
            version: integer(2),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const saved = await port(mock.url).custom<{ signatories: unknown[] }>(
          ROUTES,
          'PUT',
          `/signatories/contract/${PACT_SIGNING_CONTRACT}`,
          body,
        );
        expect(saved.signatories).toHaveLength(2);
      });
    await createPact()
      .addInteraction()
      .given(SigningState.waiting)
      .uponReceiving('the signatories 申请线上签约 prefills from')
      .withRequest('GET', `${SIGNING_API}/${PACT_SIGNING_BUSINESS}/signatories`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            businessId: string(PACT_SIGNING_BUSINESS),
            businessNo: string('RZ202611289901'),
            state: string('SIGNING/WAIT_SIGN'),
            editable: boolean(true),
            contracts: eachLike(contract(null)),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const view = await port(mock.url).custom<{ contracts: unknown[] }>(
          ROUTES,
          'GET',
          `/${PACT_SIGNING_BUSINESS}/signatories`,
        );
        expect(view.contracts.length).toBeGreaterThan(0);
      });
  });
});

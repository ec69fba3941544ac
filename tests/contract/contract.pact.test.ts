// 合同文件's calls as its screens make them through the stage port's `custom` and `download` (StageGatewayAdapter
// with the contracts' routes): the operator's list, the businesses waiting for contracts, a contract's detail,
// the business's contracts with their actions, the make page's prefill, 制作 from a template, 作废 and the stored
// PDF; legal's review read of the factors. The records are the fixed ones of contract-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { CONTRACTS_API } from '../../src/domain/financing/contracts';
import { bearer, createPact, httpClientFor } from './support/consumer';
import {
  CONTRACT_TOKEN,
  ContractState,
  PACT_CONTRACT_BUSINESS,
  PACT_CONTRACT_ID,
  PACT_CONTRACT_NO,
} from './support/contract-fixtures';

const { eachLike, integer, like, regex, string, boolean } = MatchersV3;

const ROUTES = { resource: { api: CONTRACTS_API, noun: '合同' } };
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof CONTRACT_TOKEN) => bearer(CONTRACT_TOKEN[who]);
const port = (url: string, who: keyof typeof CONTRACT_TOKEN = 'operator') =>
  new StageGatewayAdapter(httpClientFor(url, CONTRACT_TOKEN[who]).http, { save: vi.fn() });

const contract = (status: string) => ({
  keyId: string(PACT_CONTRACT_ID),
  businessId: string(PACT_CONTRACT_BUSINESS),
  contractNo: string(PACT_CONTRACT_NO),
  seriesNo: string(PACT_CONTRACT_NO),
  contractVersion: integer(1),
  name: string('保理合同'),
  contractTypeLabel: string('保理合同'),
  amountFen: integer(800_000_00),
  annualRate: string('0.0650'),
  termDays: integer(180),
  repaymentMethod: string('BULLET'),
  fileId: string('2590000000000000900'),
  fileSha256: regex(/^[0-9a-f]{64}$/, 'a'.repeat(64)),
  status: string(status),
  statusLabel: string('草稿'),
  version: integer(1),
});
const factor = {
  key: string('amount'),
  label: string('金额'),
  contract: string('800,000.00元'),
  element: string('800,000.00元'),
  equal: boolean(true),
};

/** The business's contracts beside its TERM elements, as the make page and 合同要素审核 read them. */
const view = (state: string, status: string) => ({
  businessId: PACT_CONTRACT_BUSINESS,
  businessNo: string('RZ202611279901'),
  state,
  version: integer(3),
  amountFen: 800_000_00,
  annualRate: '0.0650',
  termDays: 180,
  repaymentMethod: 'BULLET',
  contracts: eachLike({ contract: like(contract(status)), factors: eachLike(factor) }),
  differences: 0,
});

describe('合同文件 contract', () => {
  it('the operator lists, reads, makes, voids and downloads contracts', async () => {
    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('a page of the contract files')
      .withRequest('GET', `${CONTRACTS_API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({ ...contract('DRAFT'), businessNo: string('RZ202611279901'), locked: boolean(false) }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: { contractNo: string }[] }>(ROUTES, 'GET', '/page', {
          current: 1,
          size: 10,
        });
        expect(page.records[0]?.contractNo).toMatch(/^HT/);
      });

    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('the businesses waiting for their contracts')
      .withRequest('GET', `${CONTRACTS_API}/makeable`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(PACT_CONTRACT_BUSINESS),
              businessNo: string('RZ202611279901'),
              supplierName: string('华东建材有限公司'),
              state: string('CONTRACT/DRAFT'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await port(mock.url).custom<unknown[]>(ROUTES, 'GET', '/makeable');
        expect(rows.length).toBeGreaterThan(0);
      });

    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('the pact contract with its versions and factors')
      .withRequest('GET', `${CONTRACTS_API}/${PACT_CONTRACT_ID}`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            contract: like({ ...contract('DRAFT'), locked: boolean(false) }),
            versions: eachLike(contract('DRAFT')),
            factors: eachLike(factor),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ versions: unknown[] }>(ROUTES, 'GET', `/${PACT_CONTRACT_ID}`);
        expect(d.versions.length).toBe(1);
      });

    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('the pact business’s contracts with what the operator may do')
      .withRequest('GET', `${CONTRACTS_API}/${PACT_CONTRACT_BUSINESS}/items`, (b) =>
        b.query({ size: '100' }).headers(as('operator')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({ ...contract('DRAFT'), actions: ['void'] }),
            total: integer(1),
            current: 1,
            size: 100,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: { actions: string[] }[] }>(
          ROUTES,
          'GET',
          `/${PACT_CONTRACT_BUSINESS}/items`,
          { size: 100 },
        );
        expect(page.records[0]?.actions).toEqual(['void']);
      });

    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('the make page’s prefill from the TERM elements')
      .withRequest('GET', `${CONTRACTS_API}/${PACT_CONTRACT_BUSINESS}/terms`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) => b.jsonBody(ok({ ...view('CONTRACT/DRAFT', 'DRAFT') })))
      .executeTest(async (mock) => {
        const p = await port(mock.url).custom<{ amountFen: number }>(ROUTES, 'GET', `/${PACT_CONTRACT_BUSINESS}/terms`);
        expect(p.amountFen).toBe(800_000_00);
      });

    const body = {
      origin: 'TEMPLATE',
      contractType: 'TRANSFER',
      name: '应收账款转让协议',
      amountFen: 800_000_00,
      annualRate: '0.0650',
      termDays: 180,
      repaymentMethod: 'BULLET',
      dueDate: null,
      payeeAccount: null,
    };
    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('制作 of a contract from its template')
      .withRequest('POST', `${CONTRACTS_API}/${PACT_CONTRACT_BUSINESS}`, (b) =>
        b.headers(as('operator')).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...contract('DRAFT'),
              contractTypeLabel: '应收账款转让协议',
              templateRef: 'receivable-transfer v1',
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const made = await port(mock.url).custom<{ templateRef: string }>(
          ROUTES,
          'POST',
          `/${PACT_CONTRACT_BUSINESS}`,
          body,
        );
        expect(made.templateRef).toBe('receivable-transfer v1');
      });

    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('作废 of the pact contract')
      .withRequest('POST', `${CONTRACTS_API}/items/${PACT_CONTRACT_ID}/transition`, (b) =>
        b.headers(as('operator')).jsonBody({ action: 'void', version: 1, comment: '金额有误' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ ...contract('VOID'), status: 'VOID', version: 2, actions: [] }))),
      )
      .executeTest(async (mock) => {
        const voided = await port(mock.url).custom<{ status: string }>(
          ROUTES,
          'POST',
          `/items/${PACT_CONTRACT_ID}/transition`,
          {
            action: 'void',
            version: 1,
            comment: '金额有误',
          },
        );
        expect(voided.status).toBe('VOID');
      });

    await createPact()
      .addInteraction()
      .given(ContractState.draft)
      .uponReceiving('the pact contract’s stored PDF')
      .withRequest('GET', `${CONTRACTS_API}/${PACT_CONTRACT_ID}/pdf`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            /^attachment;.*filename\*=UTF-8''.+\.pdf$/,
            'attachment; filename="c.pdf"; filename*=UTF-8\'\'c.pdf',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const name = await port(mock.url).download(ROUTES, `/${PACT_CONTRACT_ID}/pdf`);
        expect(name).toMatch(/\.pdf$/);
      });
  });

  it('legal reads the contracts’ factors beside the TERM elements', async () => {
    await createPact()
      .addInteraction()
      .given(ContractState.pending)
      .uponReceiving('the pact contracts read for 合同要素审核')
      .withRequest('GET', `${CONTRACTS_API}/review/${PACT_CONTRACT_BUSINESS}`, (b) => b.headers(as('legal')))
      .willRespondWith(200, (b) => b.jsonBody(ok({ ...view('CONTRACT/PENDING', 'PENDING') })))
      .executeTest(async (mock) => {
        const r = await port(mock.url, 'legal').custom<{ differences: number }>(
          ROUTES,
          'GET',
          `/review/${PACT_CONTRACT_BUSINESS}`,
        );
        expect(r.differences).toBe(0);
      });
  });
});

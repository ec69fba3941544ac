import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS_LIVE_SOURCE, ContractMessage, type LiveContract } from '../../../../src/domain/financing/contracts';
import { TermMessage } from '../../../../src/domain/stage/term-factors';
import { amountInWords } from '../../../../src/domain/format/money-in-words';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { readStageSource } from '../../stage/stage-sources';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  uploadFile,
  type TestGateway,
} from '../../testing/test-gateway';
import { LifecycleRole } from '../business/seed';
import { seededBusinessAt } from '../../testing/seeded-business';
import { pdfText } from '../../testing/pdf-text';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const API = '/api/business/contracts';
const ELEMENTS = '/api/business/elements';
const BUSINESS = '/api/business/business';

const work = mkdtempSync(join(tmpdir(), 'contract-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Term {
  name: string;
  kind: string;
  status: string;
  checkpoint: string | null;
  keyId: string;
  version: number;
  requiredFen: number | null;
  requiredRate: string | null;
  requiredDays: number | null;
}

describe.each(databasesUnderTest())('合同文件 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const h: Record<string, Record<string, string>> = {};
  let business: string;
  let factors: { amountFen: number; annualRate: string; termDays: number; repaymentMethod: string };
  let generated: { keyId: string; version: number; contractNo: string; seriesNo: string; fileSha256: string };

  const businessVersion = async () => (await call('GET', `${BUSINESS}/${business}`, h.admin!)).data.version as number;
  const moveBusiness = async (who: string, action: string, comment?: string) =>
    call('POST', `${BUSINESS}/${business}/transition`, h[who]!, {
      action,
      version: await businessVersion(),
      ...(comment ? { comment } : {}),
    });
  const upload = async (who: string, name: string) => {
    const res = await uploadFile(gw.app, h[who]!, name, PDF);
    expect(res.code, res.message).toBe(0);
    return res.data.keyId;
  };
  const make = (who: string, body: Record<string, unknown>) =>
    call('POST', `${API}/${business}`, h[who]!, {
      origin: 'TEMPLATE',
      contractType: 'FACTORING',
      name: '保理合同',
      dueDate: null,
      payeeAccount: null,
      ...factors,
      ...body,
    });
  const pdfOf = async (who: string, id: string) => {
    const res = await gw.app.inject({ method: 'GET', url: `${API}/${id}/pdf`, headers: h[who]! });
    return { status: res.statusCode, body: res.rawPayload };
  };

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    const idOf = async (name: string) =>
      (await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', name).executeTakeFirstOrThrow())
        .user_id;
    // riskhead also reviews loans (the second level of 要素落实); risk1 is also a 法务 (and makes a contract).
    await gw.db
      .insertInto('user_role')
      .values([
        { user_id: await idOf('riskhead'), role_id: LifecycleRole.LOAN_OPS as string },
        { user_id: await idOf('risk1'), role_id: LifecycleRole.LEGAL_COUNSEL as string },
      ])
      .execute();
    for (const name of ['ops1', 'ops2', 'riskhead', 'legal', 'risk1', 'risk2']) {
      h[name] = (await signIn(gw.app, name, 'Staff@2026')).headers;
    }
    h.operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    h.admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    h.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    business = (await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT')).businessId;
    // 要素落实 walked by OPS through the elements' own routes: every item due by the contract done, then 提交 and
    // its two levels of review, by two other people.
    const items = async (): Promise<Term[]> =>
      (await call('GET', `${ELEMENTS}/${business}/items?size=100`, h.ops1!)).data.records;
    for (const item of (await items()).filter((i) => i.kind === 'TERM' || i.checkpoint === 'BEFORE_CONTRACT')) {
      const done = await call('POST', `${ELEMENTS}/items/${item.keyId}/transition`, h.ops1!, {
        action: 'fulfil',
        version: item.version,
        values: { actualValue: '已落实', evidenceFileId: await upload('ops1', '回执.pdf') },
      });
      expect(done.code, done.message).toBe(0);
    }
    for (const [who, action] of [
      ['ops1', 'submit'],
      ['ops2', 'approve'],
      ['riskhead', 'approve'],
    ] as const) {
      const moved = await moveBusiness(who, action);
      expect(moved.code, `${who} ${action}: ${moved.message}`).toBe(0);
    }
    expect((await call('GET', `${BUSINESS}/${business}`, h.admin!)).data.state).toBe('CONTRACT/DRAFT');
    const terms = await items();
    const term = (name: string) => terms.find((t) => t.name === name) as Term;
    factors = {
      amountFen: term('金额').requiredFen as number,
      annualRate: term('利率').requiredRate as string,
      termDays: term('期限').requiredDays as number,
      repaymentMethod: (
        await gw.db
          .selectFrom('element_item')
          .select('required_value')
          .where('business_id', '=', business)
          .where('name', '=', '还款方式')
          .executeTakeFirstOrThrow()
      ).required_value,
    };
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('refuses 提交 with no contract', async () => {
    expect(await moveBusiness('operator', 'submit')).toMatchObject({
      code: ResultCode.invalidInput,
      message: ContractMessage.none,
    });
  });

  it('generates a contract from its template: the PDF stored once, its sha-256 on the record, 大写 and CJK text in it', async () => {
    // The term differs from its element by a day: made, but not passed at review.
    const made = await make('operator', { termDays: factors.termDays + 1 });
    expect(made.code, made.message).toBe(0);
    generated = made.data;
    expect(made.data).toMatchObject({
      status: 'DRAFT',
      contractVersion: 1,
      origin: 'TEMPLATE',
      templateRef: 'factoring-contract v1',
      amountFen: factors.amountFen,
    });
    expect(made.data.contractNo).toMatch(/^HT\d{12}$/);
    expect(made.data.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    const pdf = await pdfOf('legal', made.data.keyId);
    expect(pdf.status).toBe(200);
    expect(createHash('sha256').update(pdf.body).digest('hex')).toBe(made.data.fileSha256);
    const stored = await gw.db
      .selectFrom('stored_file')
      .select(['sha256', 'business_type', 'business_id'])
      .where('key_id', '=', made.data.fileId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      sha256: made.data.fileSha256,
      business_type: 'contractFile',
      business_id: made.data.keyId,
    });
    const text = pdfText(pdf.body);
    expect(text).toContain('保理合同');
    expect(text).toContain(`人民币${amountInWords(BigInt(factors.amountFen))}`);
    expect(text).toContain(made.data.contractNo);
    // Read again, it is the same stored bytes, not a new rendering.
    expect((await pdfOf('operator', made.data.keyId)).body.equals(pdf.body)).toBe(true);
  }, 60_000);

  it('takes an uploaded contract with its factors typed; refuses bad factors and another’s upload', async () => {
    const mine = await upload('risk1', '保证合同.pdf');
    expect(
      await make('risk1', { origin: 'UPLOAD', contractType: 'GUARANTEE', annualRate: '0.06501', fileId: mine }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: TermMessage.rate });
    // A day that does not exist is refused as the date it is not, not stored.
    const feb30 = await make('risk1', {
      origin: 'UPLOAD',
      contractType: 'GUARANTEE',
      dueDate: '2027-02-30',
      fileId: mine,
    });
    expect(feb30).toMatchObject({ code: ResultCode.invalidInput, message: expect.stringContaining('dueDate') });
    expect((await make('legal', { origin: 'UPLOAD', contractType: 'GUARANTEE', fileId: mine })).code).toBe(
      ResultCode.invalidInput,
    );
    const made = await make('risk1', { origin: 'UPLOAD', contractType: 'GUARANTEE', name: '保证合同', fileId: mine });
    expect(made.code, made.message).toBe(0);
    expect(made.data).toMatchObject({ origin: 'UPLOAD', templateRef: null, contractType: 'GUARANTEE' });
    const pdf = await pdfOf('legal', made.data.keyId);
    expect(createHash('sha256').update(pdf.body).digest('hex')).toBe(made.data.fileSha256);
  });

  it('keeps another tenant out: its ids are not found', async () => {
    expect((await call('GET', `${API}/${generated.keyId}`, h.xh_admin!)).code).toBe(ResultCode.notFound);
    expect((await pdfOf('xh_admin', generated.keyId)).status).toBe(404);
    expect((await make('xh_admin', {})).code).toBe(ResultCode.notFound);
    expect((await call('GET', `${API}/${business}/items`, h.xh_admin!)).code).toBe(ResultCode.notFound);
    expect((await call('GET', `${API}/review/${business}`, h.xh_admin!)).code).toBe(ResultCode.notFound);
    const page = await call('GET', `${API}/page?size=100`, h.xh_admin!);
    expect(page.data.records.some((r: { keyId: string }) => r.keyId === generated.keyId)).toBe(false);
  });

  it('refuses 提交 while a condition due before the contract is neither done nor waived, naming it', async () => {
    // The decision's condition 保证合同签署 (due before the contract) as its approval would have made it.
    const last = await gw.db
      .selectFrom('element_item')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const at = new Date();
    await gw.db
      .insertInto('element_item')
      .values({
        ...{ item_id: `${business}9`, tenant_id: DEMO_TENANT_ID, business_id: business, seq: Number(last.seq) + 1 },
        ...{ kind: 'CONDITION', name: '保证合同签署', checkpoint: 'BEFORE_CONTRACT', created_at: at, updated_at: at },
      })
      .execute();
    expect(await moveBusiness('operator', 'submit')).toMatchObject({
      code: ResultCode.invalidInput,
      message: '放款条件「保证合同签署」尚未落实或豁免',
    });
    // It is still worked on while the contracts are drafted: OPS asks a waiver, RISK_HEAD grants it.
    const item = (await call('GET', `${ELEMENTS}/${business}/items?size=100`, h.ops1!)).data.records.find(
      (i: Term) => i.name === '保证合同签署',
    ) as Term;
    const asked = await call('POST', `${ELEMENTS}/items/${item.keyId}/transition`, h.ops1!, {
      ...{ action: 'askWaiver', version: item.version, comment: '保证人已出具担保函' },
    });
    expect(asked.code, asked.message).toBe(0);
    const waived = await call('POST', `${ELEMENTS}/items/${item.keyId}/transition`, h.riskhead!, {
      ...{ action: 'waive', version: asked.data.version },
    });
    expect(waived.data?.status, waived.message).toBe('WAIVED');
  });

  it('refuses 通过 while a factor differs from its TERM element, naming it; the review read marks it', async () => {
    const submitted = await moveBusiness('operator', 'submit');
    expect(submitted.code, submitted.message).toBe(0);
    expect(submitted.data.state).toBe('CONTRACT/PENDING');
    const review = await call('GET', `${API}/review/${business}`, h.legal!);
    expect(review.code, review.message).toBe(0);
    expect(review.data.differences).toBe(1);
    const row = review.data.contracts[0].factors.find((f: { key: string }) => f.key === 'term');
    expect(row).toEqual({
      key: 'term',
      label: '期限',
      contract: `${factors.termDays + 1}天`,
      element: `${factors.termDays}天`,
      equal: false,
    });
    expect(await moveBusiness('legal', 'approve')).toMatchObject({
      code: ResultCode.invalidInput,
      message: ContractMessage.differs(
        generated.contractNo,
        '期限',
        `${factors.termDays + 1}天`,
        `${factors.termDays}天`,
      ),
    });
    expect((await moveBusiness('legal', 'return', '期限与要素不一致，请修改')).data.state).toBe('CONTRACT/RETURNED');
  });

  it('作废 makes the contract VOID; a new version of its series replaces it', async () => {
    const read = (await call('GET', `${API}/${generated.keyId}`, h.operator!)).data.contract;
    expect(read.status).toBe('RETURNED');
    // Only a voided contract gets a new version.
    expect(await make('operator', { replacesId: generated.keyId })).toMatchObject({
      code: ResultCode.invalidInput,
      message: ContractMessage.replaces,
    });
    const voided = await call('POST', `${API}/items/${generated.keyId}/transition`, h.operator!, {
      action: 'void',
      version: read.version,
      comment: '期限有误',
    });
    expect(voided.code, voided.message).toBe(0);
    expect(voided.data).toMatchObject({ status: 'VOID', version: read.version + 1 });
    const next = await make('operator', { replacesId: generated.keyId });
    expect(next.code, next.message).toBe(0);
    expect(next.data).toMatchObject({ seriesNo: generated.seriesNo, contractVersion: 2, replacesId: generated.keyId });
    const detail = await call('GET', `${API}/${next.data.keyId}`, h.legal!);
    expect(
      detail.data.versions.map((v: { contractVersion: number; status: string }) => [v.contractVersion, v.status]),
    ).toEqual([
      [2, 'RETURNED'],
      [1, 'VOID'],
    ]);
    expect(detail.data.factors.every((f: { equal: boolean }) => f.equal)).toBe(true);
    // 签约 reads the live versions only, each with its stored PDF's evidence, through the contracts' named source.
    const live = await readStageSource<LiveContract[]>(CONTRACTS_LIVE_SOURCE, gw.db, DEMO_TENANT_ID, business);
    expect(live?.map((c) => c.contractId)).not.toContain(generated.keyId);
    expect(live?.find((c) => c.contractId === next.data.keyId)).toEqual({
      ...{ contractId: next.data.keyId, contractNo: next.data.contractNo, name: next.data.name },
      ...{ fileId: next.data.fileId, sha256: next.data.fileSha256, signatories: null },
    });
  }, 60_000);

  it('passes 合同审核 by 法务 then 风控, never by its maker nor one person at both levels', async () => {
    expect((await moveBusiness('operator', 'submit')).code).toBe(0);
    expect((await call('GET', `${API}/review/${business}`, h.legal!)).data.differences).toBe(0);
    expect((await moveBusiness('legal', 'approve')).code).toBe(0);
    // risk1 made the guarantee: not a reviewer of it; legal took level 1.
    expect(await moveBusiness('risk1', 'approve')).toMatchObject({ code: ResultCode.invalidInput });
    expect((await moveBusiness('legal', 'approve')).code).not.toBe(0);
    const passed = await moveBusiness('risk2', 'approve');
    expect(passed.code, passed.message).toBe(0);
    expect(passed.data.state).toBe('SIGNING/WAIT_SIGN');
    const page = await call('GET', `${API}/page?businessId=${business}&size=10`, h.legal!);
    expect(page.data.records.map((r: { status: string }) => r.status).sort()).toEqual(['APPROVED', 'APPROVED', 'VOID']);
  });

  it('sends no locked contract to sign', async () => {
    const live = (await call('GET', `${API}/page?businessId=${business}&size=10`, h.legal!)).data.records.find(
      (r: { status: string }) => r.status === 'APPROVED',
    );
    const lock = await call('POST', '/api/risk/contractLock', h.admin!, {
      contractNo: live.contractNo,
      reason: '合同争议',
    });
    expect(lock.code, lock.message).toBe(0);
    expect((await call('GET', `${API}/${live.keyId}`, h.legal!)).data.contract.locked).toBe(true);
    expect(await moveBusiness('operator', 'startOnline')).toMatchObject({
      code: ResultCode.invalidInput,
      message: ContractMessage.locked(live.contractNo),
    });
  });

  it('moves no contract once the business left 合同', async () => {
    const live = (await call('GET', `${API}/page?businessId=${business}&size=10`, h.legal!)).data.records.find(
      (r: { status: string }) => r.status === 'APPROVED',
    );
    expect(
      (
        await call('POST', `${API}/items/${live.keyId}/transition`, h.operator!, {
          action: 'void',
          version: live.version,
          comment: '不再需要',
        })
      ).code,
    ).toBe(ResultCode.invalidInput);
    expect((await make('operator', {})).code).toBe(ResultCode.invalidInput);
  });
});

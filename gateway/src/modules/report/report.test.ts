// 尽调报告 on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), with the seeded people of
// the README: risk1 saves the steps one at a time (核心指标 done only once 财务数据 is), 提交 is refused while a
// step is missing and a proposal above its limits is refused with its Chinese words; risk2 and riskhead review
// (RISK makes, RISK_HEAD reviews, nobody reviews their own or two levels); a return opens revision 2 and
// keeps revision 1 as it was; the PDF of a revision carries its 大写 amounts; another tenant's id is not found;
// the approved reports are the secretary's agenda candidates.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { TermsMessage } from '../../../../src/domain/financing/financing-terms';
import { ReportMessage } from '../../../../src/domain/financing/report';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { formatFen } from '../../../../src/domain/format/money-format';
import { amountInWords } from '../../../../src/domain/format/money-in-words';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { SAMPLE_REPORT } from '../../documents/document-samples';
import { type callerOf, dataOf, databasesUnderTest, openSignedIn, type TestGateway } from '../../testing/test-gateway';

const API = '/api/business/report';
type Headers = Record<string, string>;
interface Row {
  keyId: string;
  reportNo: string | null;
  status: string;
  state: string;
  revision: number;
  doneSteps: number;
  version: number;
  reviewLevel: number | null;
  applyAmount: number;
  actions: string[];
}

describe.each(databasesUnderTest())('尽调报告 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let risk1: Headers;
  let risk2: Headers;
  let head: Headers;
  let secretary: Headers;
  let supplier: Headers;
  let xh: Headers;
  let rows: Row[];

  beforeAll(async () => {
    ({
      gw,
      call,
      as: { risk1, risk2, riskhead: head, secretary, supplier, xh_admin: xh },
    } = await openSignedIn(databaseUrl, ['risk1', 'risk2', 'riskhead', 'secretary', 'supplier', 'xh_admin']));
    const page = await call('GET', `${API}/page?current=1&size=50`, risk1);
    expect(page.code, page.message).toBe(0);
    rows = page.data.records;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const ok = async (method: string, url: string, headers: Headers, body?: unknown) =>
    dataOf(await call(method, url, headers, body));
  const detail = (id: string, headers = risk1) => ok('GET', `${API}/${id}`, headers);
  const save = (id: string, version: number, step: string, content: object | undefined, headers = risk1) =>
    call('PUT', `${API}/${id}`, headers, { step, content, version });
  const move = (id: string, headers: Headers, action: string, version: number, comment?: string) =>
    call('POST', `/api/business/business/${id}/transition`, headers, {
      action,
      version,
      ...(comment ? { comment } : {}),
    });
  const steps = SAMPLE_REPORT.steps as Record<string, Record<string, unknown>>;
  const one = (pick: (r: Row) => boolean) => {
    const found = rows.find(pick);
    expect(found).toBeDefined();
    return found as Row;
  };

  it('lists the seeded reports in each status, with revision and steps done', () => {
    const statuses = rows.map((r) => `${r.status}/${r.reviewLevel ?? '-'}/${r.revision}`);
    expect(statuses).toEqual(
      expect.arrayContaining(['DRAFT/-/1', 'PENDING/1/1', 'PENDING/2/1', 'RETURNED/-/2', 'APPROVED/-/1']),
    );
    expect(one((r) => r.status === 'DRAFT' && r.reportNo !== null).doneSteps).toBe(3);
    expect(one((r) => r.status === 'APPROVED').doneSteps).toBe(8);
    // The maker's 编辑 is offered where the table lets the maker submit; nowhere else.
    expect(one((r) => r.reportNo === null).actions).toEqual(['submit']);
    expect(one((r) => r.status === 'PENDING').actions).toEqual([]);
  });

  it('saves each step on its own: the first save numbers the report, 核心指标 is done once 财务数据 is', async () => {
    const fresh = one((r) => r.reportNo === null && r.state === 'REPORT/DRAFT');
    let d = await detail(fresh.keyId);
    expect(d.revisions).toEqual([]);
    expect(d.problems[0]).toBe(ReportMessage.stepIncomplete('客户调查'));

    let res = await save(fresh.keyId, d.version, 'INDICATORS', steps.INDICATORS);
    expect(res.code, res.message).toBe(0);
    expect(res.data.reportNo).toMatch(/^BG\d{12}$/);
    expect(res.data.steps.find((s: { key: string }) => s.key === 'INDICATORS')).toMatchObject({ done: false });
    res = await save(fresh.keyId, res.data.version, 'FINANCIALS', steps.FINANCIALS);
    expect(res.code, res.message).toBe(0);
    d = res.data;
    const done = Object.fromEntries(d.steps.map((s: { key: string; done: boolean }) => [s.key, s.done]));
    expect(done).toMatchObject({ FINANCIALS: true, INDICATORS: true, CUSTOMER: false });
    expect(d.indicators.find((i: { key: string }) => i.key === 'debtRatio').value).toBe('0.6250');
    expect(d.revision).toBe(1);

    // A step saved unfinished is kept, and shows as not done; a saved field of the wrong kind is refused.
    res = await save(fresh.keyId, d.version, 'CUSTOMER', { profile: '只写了概况' });
    expect(res.code, res.message).toBe(0);
    expect(res.data.steps[0]).toMatchObject({ done: false, content: { profile: '只写了概况', shareholders: null } });
    const wrong = await save(fresh.keyId, res.data.version, 'CREDIT', { outstandingDebt: '很多' });
    expect(wrong.code).toBe(ResultCode.invalidInput);
    expect(wrong.message).toBe('请输入正确的对外融资余额');
    const unknown = await save(fresh.keyId, res.data.version, 'NOPE', {});
    expect(unknown.message).toBe('报告章节不存在');
    const stray = await save(fresh.keyId, res.data.version, 'RATING', { riskRating: 'A', colour: 'red' });
    expect(stray.message).toBe('「信用评级」没有字段colour');
    // The version read is the business's: an old one is refused as stale.
    const stale = await save(fresh.keyId, d.version, 'RATING', steps.RATING);
    expect(stale.code).toBe(ResultCode.staleVersion);
  });

  it('refuses 提交 while a step is missing, naming the first', async () => {
    const partial = one((r) => r.status === 'DRAFT' && r.doneSteps === 3);
    const res = await move(partial.keyId, risk1, 'submit', partial.version);
    expect(res.code).toBe(ResultCode.invalidInput);
    expect(res.message).toBe(ReportMessage.stepIncomplete('征信调查'));
  });

  it('refuses a proposal above the amount applied for, the single cap or outside the product’s rate range', async () => {
    const partial = one((r) => r.status === 'DRAFT' && r.doneSteps === 3);
    const d = await detail(partial.keyId);
    const proposal = { ...steps.PROPOSAL, proposedRate: d.bounds.product.minRate, proposedTermDays: 90 };
    const over = await save(partial.keyId, d.version, 'PROPOSAL', {
      ...proposal,
      proposedAmount: partial.applyAmount + 1,
    });
    expect(over.code).toBe(ResultCode.invalidInput);
    expect(over.message).toBe(TermsMessage.overApplied('建议', BigInt(partial.applyAmount)));
    const rate = await save(partial.keyId, d.version, 'PROPOSAL', {
      ...proposal,
      proposedAmount: partial.applyAmount,
      proposedRate: '0.2000',
    });
    expect(rate.message).toBe(TermsMessage.rateRange(d.bounds.product.minRate, d.bounds.product.maxRate));

    // The project company's parameter sets a single cap below the amount applied for: it binds.
    // biome-ignore lint/suspicious/noExplicitAny: the parameters module's table, set up as a project company's cap
    const db = gw.db as unknown as Kysely<any>;
    // In force today: the seed dates the parameters' year around the day it ran.
    const today = businessDay(new Date());
    const param = await db
      .selectFrom('subsidiary_parameter')
      .select(['subsidiary_id'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('status', '=', 'ENABLED')
      .where('effective_from', '<=', today)
      .where('effective_to', '>=', today)
      .executeTakeFirstOrThrow();
    const single = Math.floor(partial.applyAmount / 2);
    await db
      .updateTable('subsidiary_parameter')
      .set({ single_max_amount: single })
      .where('subsidiary_id', '=', param.subsidiary_id)
      .execute();
    await gw.db
      .updateTable('financing_business')
      .set({ project_company_id: param.subsidiary_id })
      .where('business_id', '=', partial.keyId)
      .execute();
    const capped = await detail(partial.keyId);
    expect(capped.bounds.cap.singleMaxAmount).toBe(single);
    const aboveCap = await save(partial.keyId, capped.version, 'PROPOSAL', {
      ...proposal,
      proposedAmount: single + 100,
      proposedRate: capped.bounds.product.minRate,
      proposedTermDays: Math.min(90, capped.bounds.cap.maxTermDays ?? 90),
      proposedFinancingRatio: capped.bounds.cap.maxFinancingRatio ?? '0.8000',
      proposedRepaymentMethod: capped.bounds.product.repaymentMethods[0],
    });
    expect(aboveCap.code).toBe(ResultCode.invalidInput);
    expect(aboveCap.message).toBe(TermsMessage.overSingle('建议', BigInt(single)));
    expect(aboveCap.message).toBe(`建议金额不得超过单笔融资上限${formatFen(BigInt(single))}元`);
  });

  it('RISK makes, RISK_HEAD reviews: nobody else saves or submits, nobody reviews their own or two levels', async () => {
    const partial = one((r) => r.status === 'DRAFT' && r.doneSteps === 3);
    const d = await detail(partial.keyId);
    // 风控负责人 holds no 编辑 on the stepper, nor 提交 in the table.
    const byHead = await save(partial.keyId, d.version, 'RATING', steps.RATING, head);
    expect(byHead.code).toBe(ResultCode.forbidden);
    expect((await move(partial.keyId, head, 'submit', d.version)).code).toBe(ResultCode.forbidden);

    // risk1 completes and submits; risk2 is level 1 (the maker is not), riskhead level 2.
    let version = d.version;
    for (const key of ['CREDIT', 'COUNTERPARTY', 'JUDICIAL', 'RATING'] as const) {
      const res = await save(partial.keyId, version, key, steps[key]);
      expect(res.code, res.message).toBe(0);
      version = res.data.version;
    }
    const b = d.bounds;
    const res = await save(partial.keyId, version, 'PROPOSAL', {
      ...steps.PROPOSAL,
      proposedAmount: Math.min(partial.applyAmount, b.cap.singleMaxAmount ?? partial.applyAmount),
      proposedRate: b.product.maxRate,
      proposedTermDays: Math.min(90, b.cap.maxTermDays ?? 90),
      proposedFinancingRatio: b.cap.maxFinancingRatio ?? '0.8000',
      proposedRepaymentMethod: b.product.repaymentMethods[0],
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.problems).toEqual([]);
    const submitted = await move(partial.keyId, risk1, 'submit', res.data.version, '尽调完成');
    expect(submitted.code, submitted.message).toBe(0);
    expect(submitted.data.state).toBe('REPORT/PENDING');

    const own = await move(partial.keyId, risk1, 'approve', submitted.data.version);
    expect(own.code).toBe(ResultCode.invalidInput);
    expect(own.message).toBe(ReviewMessage.maker);
    const l1 = await move(partial.keyId, risk2, 'approve', submitted.data.version, '同意');
    expect(l1.code, l1.message).toBe(0);
    // A reviewer of level 1 does not review level 2 of the same report.
    const twice = await move(partial.keyId, risk2, 'approve', l1.data.version);
    expect(twice.code).not.toBe(0);
    expect([ReviewMessage.notReviewer, ReviewMessage.otherLevel]).toContain(twice.message);
    const l2 = await move(partial.keyId, head, 'approve', l1.data.version, '同意上会');
    expect(l2.code, l2.message).toBe(0);
    expect(l2.data.state).toBe('MEETING/WAIT_SCHEDULE');
    const after = await detail(partial.keyId);
    expect(after.status).toBe('APPROVED');
    // Once submitted, the report is not edited.
    const late = await save(partial.keyId, after.version, 'RATING', steps.RATING);
    expect(late.message).toBe('只有草稿或已退回的尽调报告可以编辑');
  });

  it('a return opens revision 2 and keeps revision 1 as it was submitted', async () => {
    const pending = one((r) => r.status === 'PENDING' && r.reviewLevel === 2);
    const returned = await move(pending.keyId, head, 'return', pending.version, '请补充应收账款账龄分析');
    expect(returned.code, returned.message).toBe(0);
    expect(returned.data.state).toBe('REPORT/RETURNED');
    const d = await detail(pending.keyId);
    expect(d.revision).toBe(2);
    expect(d.revisions.map((r: { revision: number }) => r.revision)).toEqual([1, 2]);
    const res = await save(pending.keyId, d.version, 'RATING', { riskRating: 'C', ratingBasis: '账龄偏长，下调评级' });
    expect(res.code, res.message).toBe(0);
    const [first, second] = res.data.revisions;
    expect(first.steps.find((s: { key: string }) => s.key === 'RATING').content.riskRating).not.toBe('C');
    expect(second.steps.find((s: { key: string }) => s.key === 'RATING').content.riskRating).toBe('C');
    // The maker submits revision 2 again; the review starts over at level 1.
    const again = await move(pending.keyId, risk1, 'submit', res.data.version);
    expect(again.code, again.message).toBe(0);
    expect((await detail(pending.keyId)).reviewLevel).toBe(1);
  });

  it('prints a revision as a PDF with its Chinese text and 大写 amounts', async () => {
    const approved = one((r) => r.status === 'APPROVED');
    const d = await detail(approved.keyId);
    const res = await gw.app.inject({ method: 'GET', url: `${API}/${approved.keyId}/pdf?revision=1`, headers: risk1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
    writeFileSync(join(dir, 'r.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    const amount = d.steps.find((s: { key: string }) => s.key === 'PROPOSAL').content.proposedAmount as number;
    expect(text).toContain('尽职调查报告');
    expect(text).toContain(d.reportNo);
    expect(text).toContain('华东建材有限公司');
    expect(text).toContain(`人民币${amountInWords(BigInt(amount))}`);
    expect(text).toContain('资产负债率');
    const missing = await call('GET', `${API}/${approved.keyId}/pdf?revision=9`, risk1);
    expect(missing.code).toBe(ResultCode.notFound);
  });

  it('another tenant’s id is not found; a supplier user holds no report page', async () => {
    const any = rows[0] as Row;
    const other = await call('GET', `${API}/${any.keyId}`, xh);
    expect(other.code).toBe(ResultCode.notFound);
    const put = await call('PUT', `${API}/${any.keyId}`, xh, { step: 'RATING', content: {}, version: any.version });
    expect(put.code).toBe(ResultCode.notFound);
    expect((await call('GET', `${API}/${any.keyId}`, supplier)).code).toBe(ResultCode.forbidden);
  });

  it('the approved reports are the secretary’s agenda candidates', async () => {
    const approved = rows.filter((r) => r.status === 'APPROVED');
    expect(approved.length).toBeGreaterThanOrEqual(2);
    const options = await ok('GET', '/api/business/meeting/options', secretary);
    const ids = options.businesses.map((b: { businessId: string }) => b.businessId);
    // Each is a candidate until a meeting hears it (the decision seed's meeting heard the seeded ones).
    for (const r of approved) {
      if (r.state === 'MEETING/WAIT_SCHEDULE') expect(ids).toContain(r.keyId);
      else expect(ids).not.toContain(r.keyId);
    }
  });
});

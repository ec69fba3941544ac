// 退还 of an overpayment through HTTP as the README's people (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set): on the demo's loan repaying normally `finance` registers twice what it owes and `finance2` confirms it —
// the loan settles early and the rest is 待退还 on the repayment. Then refunds of it: never more than is left to
// refund (the refunds waiting count), never confirmed by their registrar, of two confirmations at once one wins,
// a rejection changes nothing, another tenant finds nothing; confirmed, the amounts add up to the 分 and the
// repayment shows what was refunded.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { RefundMessage } from '../../../../src/domain/financing/repayment-refund';
import { addDays } from '../../../../src/domain/financing/repayment-schedule';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { type TestGateway, databasesUnderTest, openSignedIn, uploadFile } from '../../testing/test-gateway';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const API = '/api/business/repayment';
const REFUND = `${API}/refund`;
const PEOPLE = ['finance', 'finance2', 'admin', 'xh_admin'] as const;
type Who = (typeof PEOPLE)[number];

describe.each(databasesUnderTest())('退还登记 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: Awaited<ReturnType<typeof openSignedIn>>['call'];
  let as: Record<Who, Record<string, string>>;
  // biome-ignore lint/suspicious/noExplicitAny: the repayment rows as the store writes them
  let db: Kysely<any>;
  let business: string;
  let repayment: { keyId: string; unapplied: number; valueDate: string };
  const today = () => businessDay(new Date());

  const upload = async (who: Who) => {
    const res = await uploadFile(gw.app, as[who], '退款回单.pdf', PDF);
    expect(res.code, res.message).toBe(0);
    return res.data.keyId as string;
  };
  const register = async (who: Who, over: Record<string, unknown> = {}) =>
    call('POST', `${REFUND}/${business}/items`, as[who], {
      repaymentId: repayment.keyId,
      amount: 100,
      refundDate: today(),
      flowNo: `TK${Math.random().toString().slice(2, 14)}`,
      receiptFileId: await upload(who),
      ...over,
    });
  const move = (who: Who, id: string, version: number, action: string, comment?: string) =>
    call('POST', `${REFUND}/items/${id}/transition`, as[who], { action, version, ...(comment ? { comment } : {}) });
  const refunded = async () =>
    BigInt(
      (
        await db
          .selectFrom('repayment')
          .select('refunded')
          .where('item_id', '=', repayment.keyId)
          .executeTakeFirstOrThrow()
      ).refunded,
    );

  beforeAll(async () => {
    ({ gw, call, as } = await openSignedIn(databaseUrl, PEOPLE));
    db = gw.db as unknown as typeof db;
    const loan = await db
      .selectFrom('loan as l')
      .innerJoin('financing_business as b', 'b.business_id', 'l.business_id')
      .select(['l.business_id', 'l.amount'])
      .where('l.tenant_id', '=', DEMO_TENANT_ID)
      .where('b.state', '=', 'REPAYING/NORMAL')
      .orderBy('l.business_id')
      .executeTakeFirstOrThrow();
    business = String(loan.business_id);
    // Twice the loan: everything it owes is paid off early, the rest is 待退还.
    const paid = await call('POST', `${API}/${business}/items`, as.finance, {
      payer: '华东建材有限公司',
      amount: Number(loan.amount) * 2,
      valueDate: today(),
      flowNo: `LS${Math.random().toString().slice(2, 14)}`,
      receiptFileId: (await uploadFile(gw.app, as.finance, '回单.pdf', PDF)).data.keyId,
    });
    expect(paid.code, paid.message).toBe(0);
    const confirmed = await call('POST', `${API}/items/${paid.data.keyId}/transition`, as.finance2, {
      action: 'confirm',
      version: paid.data.version,
    });
    expect(confirmed.code, confirmed.message).toBe(0);
    expect(confirmed.data.unapplied).toBeGreaterThan(0);
    repayment = confirmed.data;
    const state = await db
      .selectFrom('financing_business')
      .select('state')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('SETTLED_EARLY/DONE');
  }, 240_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('refuses more than is left to refund, a future date, a repayment not confirmed, another tenant', async () => {
    const over = await register('finance', { amount: repayment.unapplied + 1 });
    expect(over).toMatchObject({
      code: ResultCode.invalidInput,
      message: RefundMessage.over(BigInt(repayment.unapplied)),
    });
    const future = await register('finance', { refundDate: addDays(today(), 1) });
    expect(future).toMatchObject({ code: ResultCode.invalidInput, message: RefundMessage.future });
    const none = await register('finance', { repaymentId: 'nosuchrepayment' });
    expect(none).toMatchObject({ code: ResultCode.invalidInput, message: RefundMessage.repayment });
    expect((await register('xh_admin')).code).toBe(ResultCode.notFound);
    // Whoever holds every operation code is still not finance.
    expect((await register('admin')).code).toBe(ResultCode.forbidden);
    expect(await refunded()).toBe(0n);
  });

  it('never lets the registrar confirm; of two confirmations at once one wins; a rejection changes nothing', async () => {
    const part = Math.floor(repayment.unapplied / 3);
    const rejected = await register('finance', { amount: part });
    expect(rejected.code, rejected.message).toBe(0);
    const no = await move('finance2', rejected.data.keyId, rejected.data.version, 'reject', '回单与流水不符');
    expect(no.code, no.message).toBe(0);
    expect(no.data.status).toBe('REJECTED');
    expect(await refunded()).toBe(0n);

    const one = await register('finance', { amount: part });
    expect(one.code, one.message).toBe(0);
    expect(one.data).toMatchObject({ status: 'PENDING', statusLabel: '待确认', amount: part });
    expect(one.data.refundNo).toMatch(/^TK\d{12}$/);
    expect(await move('finance', one.data.keyId, one.data.version, 'confirm')).toMatchObject({
      code: ResultCode.invalidInput,
      message: RefundMessage.own,
    });
    const answers = await Promise.all([0, 1].map(() => move('finance2', one.data.keyId, one.data.version, 'confirm')));
    expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.staleVersion].sort());
    expect(answers.find((a) => a.code === 0)?.data).toMatchObject({ status: 'CONFIRMED', statusLabel: '已退还' });
    expect(await refunded()).toBe(BigInt(part));
    const items = await call('GET', `${API}/${business}/items?size=50`, as.finance);
    expect(items.data.records.find((r: { keyId: string }) => r.keyId === repayment.keyId)).toMatchObject({
      unapplied: repayment.unapplied,
      refunded: part,
    });
  });

  it('counts the refunds waiting, and refunds the rest exactly to the 分', async () => {
    const left = BigInt(repayment.unapplied) - (await refunded());
    const rest = await register('finance', { amount: Number(left) });
    expect(rest.code, rest.message).toBe(0);
    // The rest is held by the refund waiting: not one 分 more may be registered.
    expect(await register('finance', { amount: 1 })).toMatchObject({
      code: ResultCode.invalidInput,
      message: RefundMessage.over(0n),
    });
    const page = await call('GET', `${REFUND}/${business}/items?size=50`, as.finance2);
    expect(page.code, page.message).toBe(0);
    expect(page.data.records.find((r: { keyId: string }) => r.keyId === rest.data.keyId)?.actions).toEqual([
      'confirm',
      'reject',
    ]);
    // It waits in finance2's 待审核 on the workbench, never in its registrar's.
    const waiting = async (who: Who) =>
      (await call('GET', '/api/business/workbench/todo?tab=REVIEW&size=100', as[who])).data.records.filter(
        (r: { itemType: string; businessId: string }) => r.itemType === 'REFUND' && r.businessId === business,
      );
    expect(await waiting('finance2')).toEqual([
      expect.objectContaining({
        itemTypeLabel: '退还确认',
        amount: Number(left),
        link: `/business/paymentRegistration?id=${business}`,
      }),
    ]);
    expect(await waiting('finance')).toEqual([]);
    expect((await call('GET', `${REFUND}/${business}/items`, as.xh_admin)).code).toBe(ResultCode.notFound);
    expect((await move('xh_admin', rest.data.keyId, rest.data.version, 'confirm')).code).toBe(ResultCode.notFound);
    const done = await move('finance2', rest.data.keyId, rest.data.version, 'confirm');
    expect(done.code, done.message).toBe(0);
    expect(await refunded()).toBe(BigInt(repayment.unapplied));
    const confirmed = await db
      .selectFrom('repayment_refund')
      .select('amount')
      .where('repayment_id', '=', repayment.keyId)
      .where('status', '=', 'CONFIRMED')
      .execute();
    expect(confirmed.reduce((s, r) => s + BigInt(r.amount), 0n)).toBe(BigInt(repayment.unapplied));
  });
});

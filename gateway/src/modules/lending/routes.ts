// 放款登记 (BUSINESS.md §4 /business/lendingRegistration) on the stage kit: page, export, detail and the business's
// moves on the list (OPS's 通过 / 退回 of the loan, a returned loan's 提交 again) are the kit's. What is the stage's
// own: 登记放款 (the loan written and 提交 made in one transaction, the REGISTER_LOAN rule judging the row just
// written) and the 中登 registration recorded within 10 days after the loan.
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { businessDay, isCalendarDate } from '../../../../src/domain/calendar/calendar-date';
import {
  LENDING_STAGE,
  LOAN_STATUS_LABEL,
  LendingMessage,
  type LoanRegistration,
  loanProblems,
  netAmountFen,
  zhongdengProblem,
} from '../../../../src/domain/financing/lending';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { fenFromWire } from '../../../../src/domain/decimal/wire-fen';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { invalidInput, notFound } from '../../plugins/envelope';
import { Version } from '../../schemas/common';
import { type StageContext, type StageRow, registerStage } from '../../stage/stage-routes';
import { staleError } from '../../stage/stage-scope';
import { DaySchema, FenSchema, NullableSchema, wireFen } from '../../stage/stage-money';
import { bindOwnFiles } from '../file/file-binding';
import { transitionBusiness } from '../business/aggregate';
import { loadLoan, loanTermsOf } from '../../stage/stage-loans';
import { insertNumbered } from '../../stage/stage-numbered';
import { RECEIPT_FILE_TYPE, registrationProblems } from './store';

const Nullable = NullableSchema;
const Fen = FenSchema;
const Day = DaySchema;

const LendingDetail = {
  businessId: Type.String(),
  stateLabel: Type.String(),
  loanStatus: Nullable(Type.String({ description: 'PENDING 待复核 / CANCELLED 已撤销 / REGISTERED 已登记' })),
  loanStatusLabel: Nullable(Type.String()),
  upfrontInterest: Nullable(Fen('前置利息（分）')),
  serviceFee: Nullable(Fen('服务费（分）')),
  netAmount: Nullable(Fen('实际到账（分）')),
  loanVersion: Nullable(Type.Integer({ description: '放款记录的版本号（中登登记时提交）' })),
  receiptFileId: Nullable(Type.String({ description: '放款回单' })),
  registrarId: Nullable(Type.String()),
  reviewerId: Nullable(Type.String()),
  zhongdengDueDate: Nullable(Type.String({ description: '中登登记截止日' })),
  zhongdengRegDate: Nullable(Type.String()),
  capitalApprovedAmount: Fen('资金方批复额（分）'),
  today: Type.String(),
  validFrom: Nullable(Type.String({ description: '决议通过日' })),
  annualRate: Nullable(Type.String()),
  termDays: Nullable(Type.Integer()),
  repaymentMethod: Nullable(Type.String()),
  dayCountBasis: Nullable(Type.Integer()),
  problems: Type.Array(Type.String(), { description: '登记放款提交时将被拒绝的原因' }),
};

const RegisterBody = Type.Object(
  {
    version: Version,
    amount: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991, description: '放款金额（分）' }),
    loanDate: Day('放款日'),
    upfrontInterest: Fen('前置利息（分）'),
    serviceFee: Fen('服务费（分）'),
    receiptFileId: Type.String({ minLength: 1, maxLength: 64, description: '放款回单（文件 keyId）' }),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

/** The call as it travels: amounts as integer 分 (DESIGN.md §2). */
type RegisterBody = Omit<LoanRegistration, 'amount' | 'upfrontInterest' | 'serviceFee'> & {
  amount: number;
  upfrontInterest: number;
  serviceFee: number;
  version: number;
  comment?: string;
};

/** The registration as the rule reads it: the wire's 分 as bigint. */
const registrationOf = (b: RegisterBody): LoanRegistration => ({
  ...{ loanDate: b.loanDate, receiptFileId: b.receiptFileId },
  ...{ amount: fenFromWire(b.amount), upfrontInterest: fenFromWire(b.upfrontInterest) },
  serviceFee: fenFromWire(b.serviceFee),
});

const ZhongdengBody = Type.Object(
  { version: Version, regNo: Type.String({ minLength: 1, maxLength: 30 }), regDate: Day('中登登记日期') },
  { additionalProperties: false },
);

const num = (v: bigint | null | undefined) => (v === null || v === undefined ? null : wireFen(v));

export const lendingRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;

  /** The loan's part of 放款登记's detail: the registration, the limits it is held to, what 提交 would refuse. */
  const lendingDetail = async (ctx: StageContext, row: StageRow) => {
    const [loan, limits] = await Promise.all([
      loadLoan(db, ctx.tenantId, row.keyId),
      loanTermsOf(db, ctx.tenantId, row.keyId, ctx.now),
    ]);
    if (!limits) throw notFound(LENDING_STAGE.messages.notFound);
    const waiting = String(row.state) === 'LENDING/WAIT_LOAN';
    return {
      businessId: row.keyId,
      stateLabel: stateLabel(String(row.state)),
      loanStatus: loan?.status ?? null,
      loanStatusLabel: loan ? LOAN_STATUS_LABEL[loan.status] : null,
      upfrontInterest: num(loan?.upfrontInterest),
      serviceFee: num(loan?.serviceFee),
      netAmount: num(loan?.netAmount),
      loanVersion: loan?.version ?? null,
      receiptFileId: loan?.receiptFileId ?? null,
      registrarId: loan?.registrarId ?? null,
      reviewerId: loan?.reviewerId ?? null,
      zhongdengDueDate: loan?.zhongdengDueDate ?? null,
      zhongdengRegDate: loan?.zhongdengRegDate ?? null,
      capitalApprovedAmount: wireFen(limits.bounds.capitalApprovedFen),
      today: limits.bounds.today,
      validFrom: limits.bounds.validFrom,
      annualRate: limits.terms?.annualRate ?? null,
      termDays: limits.terms?.termDays ?? null,
      repaymentMethod: limits.terms?.method ?? null,
      dayCountBasis: limits.terms?.dayCountBasis ?? null,
      problems: waiting && loan ? await registrationProblems(db, ctx.tenantId, row.keyId, ctx.now) : [],
    };
  };

  const kit = registerStage(app, deps, LENDING_STAGE, {
    detail: {
      summary: '放款登记详情（放款信息、批复额度与有效期、提交校验）',
      properties: LendingDetail,
      load: lendingDetail,
    },
    transition: { summary: '放款流转（复核通过、退回；退回后再次提交）' },
  });

  kit.act<RegisterBody>(
    {
      ...{ path: '/:id/register', op: 'add', body: RegisterBody },
      summary: '登记放款：写入放款信息并提交复核（放款额 ≤ 资金方批复额 ≤ 批复额；放款日不晚于今天且在决议有效期内）',
    },
    async (ctx, id, body) => {
      if (!isCalendarDate(body.loanDate)) throw invalidInput('放款日不是合法的日期');
      await deps.db.transaction().execute(async (trx) => {
        const business = await kit.business(ctx, id, trx);
        if (business.version !== body.version) throw staleError(LENDING_STAGE.messages.stale);
        if (business.state !== 'LENDING/WAIT_LOAN') throw invalidInput(LENDING_STAGE.messages.notEditable);
        const t = trx;
        const limits = await loanTermsOf(t, ctx.tenantId, id, ctx.now);
        if (!limits?.terms) throw invalidInput(LendingMessage.noTerms);
        const found = loanProblems(registrationOf(body), limits.bounds);
        if (found.length) throw invalidInput(found[0] as string);
        await writeRegistration(trx, ctx, id, body, limits.terms);
        await bindOwnFiles(trx, ctx, [body.receiptFileId], { type: RECEIPT_FILE_TYPE, id });
        // 提交 through the aggregate, in this transaction: REGISTER_LOAN judges the row just written.
        await transitionBusiness(trx, {
          ...{ tenantId: ctx.tenantId, businessId: id, actor: ctx.actor, action: 'submit' },
          ...{ version: body.version, now: ctx.now, ...(body.comment !== undefined ? { comment: body.comment } : {}) },
        });
        await kit.log(trx, ctx, 'register', id, { after: { ...body } });
      });
    },
  );

  kit.act<{ version: number; regNo: string; regDate: string }>(
    { path: '/:id/zhongdeng', op: 'add', summary: '登记中登转让登记编号与日期（放款后10日内）', body: ZhongdengBody },
    async (ctx, id, body) => {
      if (!isCalendarDate(body.regDate)) throw invalidInput('中登登记日期不是合法的日期');
      await deps.db.transaction().execute(async (trx) => {
        await kit.business(ctx, id, trx);
        const t = trx;
        const loan = await loadLoan(t, ctx.tenantId, id, true);
        if (loan?.status !== 'REGISTERED') throw invalidInput(LendingMessage.notRegistered);
        if (loan.version !== body.version) throw staleError(LENDING_STAGE.messages.stale);
        const refused = zhongdengProblem(body.regNo, body.regDate, loan.loanDate, businessDay(ctx.now));
        if (refused) throw invalidInput(refused);
        await t
          .updateTable('loan')
          .set({
            zhongdeng_reg_no: body.regNo.trim(),
            zhongdeng_reg_date: body.regDate,
            version: sql`version + 1`,
            updated_at: ctx.now,
          })
          .where('tenant_id', '=', ctx.tenantId)
          .where('business_id', '=', id)
          .execute();
        await kit.log(trx, ctx, 'zhongdeng', id, { after: { regNo: body.regNo, regDate: body.regDate } });
      });
    },
  );
};

/** A loan's row, numbered DK+yyyyMMdd+seq. */
const LOAN_ROW = { table: 'loan', kind: 'loan', no: 'loan_no' } as const;

/** The registration written (again, after a return), as its registrar's, with the approved terms it is lent on. */
async function writeRegistration(
  trx: Kysely<Database>,
  ctx: StageContext,
  id: string,
  body: RegisterBody,
  terms: { annualRate: string; method: string; dayCountBasis: number },
) {
  const t = trx;
  const { amount, upfrontInterest: upfront, serviceFee: fee } = registrationOf(body);
  const values = {
    amount,
    upfront_interest: upfront,
    service_fee: fee,
    net_amount: netAmountFen(amount, upfront, fee),
    loan_date: body.loanDate,
    value_date: body.loanDate,
    // The schedule sets the maturity at approval; until then a day after the loan keeps the row's rule.
    maturity_date: sql<string>`${body.loanDate}::date + 1`,
    annual_rate: terms.annualRate,
    repayment_method: terms.method,
    day_count_basis: terms.dayCountBasis,
    receipt_file_id: body.receiptFileId,
    status: 'PENDING',
    registrar_id: ctx.userId,
    registered_at: ctx.now,
    updated_at: ctx.now,
  };
  const existing = await loadLoan(t, ctx.tenantId, id, true);
  if (existing) {
    await t
      .updateTable('loan')
      .set({ ...values, version: sql<number>`version + 1` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('business_id', '=', id)
      .execute();
    return;
  }
  await insertNumbered(trx, LOAN_ROW, ctx, { business_id: id, ...values });
}

export default lendingRoutes;

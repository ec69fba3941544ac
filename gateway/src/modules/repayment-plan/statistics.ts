// 还款计划's statistics (BUSINESS.md §2 "Dashboard statistics"): the loan book's widgets and KPI cards, each the
// 还款计划 list's own rows — every registered loan with its plan's totals, in the caller's scope — grouped and
// summed in one statement, so a widget always equals the list's rows added up (the remaining principal is the
// list's 剩余本金, the loan amount its 放款额, overdue days its 逾期天数). The ageing and 逾期金额 add the owed
// amounts of the same loans' 逾期 installments, as the plan's detail lists them.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { PLAN_STAGE } from '../../../../src/domain/financing/repayment-plan';
import {
  AGEING_BANDS,
  KPI_API,
  RANKING_SIZE,
  REMAINING_TERM_BANDS,
  RISK_CLASS_BANDS,
  WIDGETS,
  type WidgetRow,
  aboveWarn,
  sharePct,
} from '../../../../src/domain/statistics/dashboard';
import type { GatewayDeps } from '../../deps';
import {
  type StatisticsContext,
  type StatisticsSource,
  bandCase,
  everyBand,
  registerStatistic,
  registerWidget,
  sourceRows,
} from '../../stage/stage-statistics';
import type { AnyDb } from '../../stage/stage-scope';

// The list's rows without each one's next installment due, which no widget shows.
const PLAN: StatisticsSource = {
  list: PLAN_STAGE.resource,
  rows: 'loan_book_view',
  period: 't.loan_date',
  capitalSide: 't.capital_side_id',
  projectCompany: 't.project_company_id',
};
const rowsOf = (db: AnyDb, ctx: StatisticsContext) => sourceRows(db, PLAN, ctx);

const big = (v: unknown) => BigInt(String(v ?? 0));
const OWED = sql`i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
  - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid`;

interface Grouped {
  key: unknown;
  label: unknown;
  count: unknown;
  amount: unknown;
}

/** Rows with 分 as numbers on the wire and each one's share of their total. */
function withShares(rows: readonly (Grouped | WidgetRow)[], total?: bigint): WidgetRow[] {
  const sum = total ?? rows.reduce((s, r) => s + big(r.amount), 0n);
  return rows.map((r) => ({
    key: String(r.key ?? ''),
    label: String(r.label ?? '未指定'),
    count: Number(r.count),
    amount: Number(big(r.amount)),
    share: sharePct(big(r.amount), sum),
  }));
}

/** The loan date's month on the business day of `now`: [first day, first day of the next). */
function monthOf(now: Date): [string, string] {
  const [y, m] = businessDay(now).split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${y}-${String(m).padStart(2, '0')}-01`, `${next}-01`];
}

export function registerPlanStatistics(app: FastifyInstance, deps: GatewayDeps): void {
  registerWidget(app, deps, WIDGETS.loanAmountProportion, async (db, ctx, view) => {
    const bySide = view.value === 'capitalSide';
    const rows = await rowsOf(db, ctx)
      .leftJoin('organization as o', (j) =>
        j
          .onRef('o.org_id', '=', bySide ? 't.capital_side_id' : 't.project_company_id')
          .onRef('o.tenant_id', '=', 't.tenant_id'),
      )
      .select([
        sql.ref(bySide ? 't.capital_side_id' : 't.project_company_id').as('key'),
        'o.org_name as label',
        sql<string>`count(*)`.as('count'),
        sql<string>`coalesce(sum(t.loan_amount), 0)`.as('amount'),
      ])
      .groupBy([bySide ? 't.capital_side_id' : 't.project_company_id', 'o.org_name'])
      .orderBy('amount', 'desc')
      .execute();
    return withShares(rows);
  });

  registerWidget(app, deps, WIDGETS.distributionCondition, async (db, ctx, view) => {
    const inLoan = rowsOf(db, ctx).where('t.remaining_principal', '>', 0);
    if (view.value === 'city') {
      // The city is the project company's, as its projects record it: each company's looked up once, not per loan.
      const rows = await inLoan
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('project as p')
              .select(['p.tenant_id', 'p.project_company_id', sql<string>`min(p.city)`.as('city')])
              .groupBy(['p.tenant_id', 'p.project_company_id'])
              .as('pc'),
          (j) =>
            j.onRef('pc.project_company_id', '=', 't.project_company_id').onRef('pc.tenant_id', '=', 't.tenant_id'),
        )
        .select([
          sql`coalesce(pc.city, '未知')`.as('key'),
          sql`coalesce(pc.city, '未知')`.as('label'),
          sql<string>`count(*)`.as('count'),
          sql<string>`sum(t.remaining_principal)`.as('amount'),
        ])
        .groupBy(sql`1`)
        .orderBy('amount', 'desc')
        .execute();
      return withShares(rows);
    }
    const band = bandCase(sql`(t.maturity_date - ${businessDay(ctx.now)}::date)`, REMAINING_TERM_BANDS);
    const rows = await inLoan
      .select([band.as('key'), sql<string>`count(*)`.as('count'), sql<string>`sum(t.remaining_principal)`.as('amount')])
      .groupBy(sql`1`)
      .execute();
    const labelled = rows.map((r) => ({ ...r, label: REMAINING_TERM_BANDS.find((b) => b.key === r.key)?.label }));
    return withShares(everyBand(REMAINING_TERM_BANDS, withShares(labelled)));
  });

  registerWidget(app, deps, WIDGETS.financingRisk, async (db, ctx, view) => {
    if (view.value === 'ageing') {
      const rows = await rowsOf(db, ctx)
        .innerJoin('installment as i', (j) =>
          j.onRef('i.business_id', '=', 't.plan_id').onRef('i.tenant_id', '=', 't.tenant_id'),
        )
        .where('i.status', '=', 'OVERDUE')
        .select([
          bandCase(sql`i.overdue_days`, AGEING_BANDS).as('key'),
          sql<string>`count(*)`.as('count'),
          sql<string>`sum(${OWED})`.as('amount'),
        ])
        .groupBy(sql`1`)
        .execute();
      const labelled = rows.map((r) => ({ ...r, label: AGEING_BANDS.find((b) => b.key === r.key)?.label }));
      return everyBand(AGEING_BANDS, withShares(labelled)).map(({ share: _, ...r }) => r as WidgetRow);
    }
    const rows = await rowsOf(db, ctx)
      .where('t.remaining_principal', '>', 0)
      .select([
        bandCase(sql`t.overdue_days`, RISK_CLASS_BANDS).as('key'),
        sql<string>`count(*)`.as('count'),
        sql<string>`sum(t.remaining_principal)`.as('amount'),
      ])
      .groupBy(sql`1`)
      .execute();
    const labelled = rows.map((r) => ({ ...r, label: RISK_CLASS_BANDS.find((b) => b.key === r.key)?.label }));
    return withShares(everyBand(RISK_CLASS_BANDS, withShares(labelled)));
  });

  registerWidget(app, deps, WIDGETS.financingProduct, async (db, ctx) => {
    const rows = await rowsOf(db, ctx)
      .leftJoin('fund_product as p', (j) =>
        j.onRef('p.product_id', '=', 't.product_id').onRef('p.tenant_id', '=', 't.tenant_id'),
      )
      .select([
        't.product_id as key',
        'p.product_name as label',
        'p.quota',
        'p.used_quota',
        sql<string>`count(*)`.as('count'),
        sql<string>`sum(t.loan_amount)`.as('loan_amount'),
        sql<string>`sum(t.remaining_principal)`.as('amount'),
      ])
      .groupBy(['t.product_id', 'p.product_name', 'p.quota', 'p.used_quota'])
      .orderBy('amount', 'desc')
      .execute();
    return rows.map((r) => ({
      key: String(r.key ?? ''),
      label: String(r.label ?? '未指定'),
      count: Number(r.count),
      loanAmount: Number(big(r.loan_amount)),
      amount: Number(big(r.amount)),
      quotaUsage: r.quota === null ? null : sharePct(big(r.used_quota), big(r.quota)),
    }));
  });

  registerWidget(app, deps, WIDGETS.supplierRanking, async (db, ctx, view) => {
    const figure = view.value === 'loan' ? sql`t.loan_amount` : sql`t.remaining_principal`;
    const base = view.value === 'loan' ? rowsOf(db, ctx) : rowsOf(db, ctx).where('t.remaining_principal', '>', 0);
    const [rows, warn] = await Promise.all([
      base
        .select([
          't.supplier_id as key',
          't.supplier_name as label',
          sql<string>`count(*)`.as('count'),
          sql<string>`sum(${figure})`.as('amount'),
          // The whole book's figure beside each supplier's, so a share is of every supplier, not of the ten.
          sql<string>`sum(sum(${figure})) over ()`.as('total'),
        ])
        .groupBy(['t.supplier_id', 't.supplier_name'])
        .orderBy('amount', 'desc')
        .orderBy('t.supplier_id')
        .limit(RANKING_SIZE)
        .execute(),
      db
        .selectFrom('risk_summary_parameter')
        .select(sql<string>`supplier_concentration_warn_pct::text`.as('warn'))
        .where('tenant_id', '=', ctx.tenantId)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst(),
    ]);
    return withShares(rows, big(rows[0]?.total)).map((r) => ({
      ...r,
      flagged: aboveWarn(String(r.share), warn?.warn ?? null),
    }));
  });

  registerWidget(app, deps, WIDGETS.capitalSideInfo, async (db, ctx) => {
    const rows = await rowsOf(db, ctx)
      .where('t.remaining_principal', '>', 0)
      .leftJoin('capital_side as cs', (j) =>
        j.onRef('cs.org_id', '=', 't.capital_side_id').onRef('cs.tenant_id', '=', 't.tenant_id'),
      )
      .select([
        't.capital_side_id as key',
        't.capital_side_name as label',
        'cs.total_limit',
        'cs.used_limit',
        sql<string>`count(*)`.as('count'),
        sql<string>`sum(t.remaining_principal)`.as('amount'),
        sql<string>`round(sum(t.annual_rate * t.remaining_principal) / sum(t.remaining_principal), 4)::text`.as('rate'),
      ])
      .groupBy(['t.capital_side_id', 't.capital_side_name', 'cs.total_limit', 'cs.used_limit'])
      .orderBy('amount', 'desc')
      .execute();
    // A side's limits are the group's, not a supplier's: a supplier user sees its own loans only.
    const limits = !ctx.actor.supplierId;
    return rows.map((r) => ({
      key: String(r.key ?? ''),
      label: String(r.label ?? '未指定'),
      totalLimit: limits && r.total_limit !== null ? Number(big(r.total_limit)) : null,
      usedLimit: limits && r.used_limit !== null ? Number(big(r.used_limit)) : null,
      availableLimit: limits && r.total_limit !== null ? Number(big(r.total_limit) - big(r.used_limit)) : null,
      amount: Number(big(r.amount)),
      weightedRate: r.rate,
      count: Number(r.count),
    }));
  });

  const Fen = Type.Integer();
  registerStatistic(app, deps, {
    api: KPI_API,
    summary: '数据看板·指标卡（累计放款、在贷余额、本月放款、逾期金额，分）',
    response: Type.Object(
      { cumulativeLoan: Fen, outstanding: Fen, monthLoan: Fen, overdueAmount: Fen },
      { additionalProperties: false },
    ),
    compute: async (db, ctx) => {
      const [from, to] = monthOf(ctx.now);
      const r = await rowsOf(db, ctx)
        .select([
          sql<string>`coalesce(sum(t.loan_amount), 0)`.as('loan'),
          sql<string>`coalesce(sum(t.remaining_principal), 0)`.as('outstanding'),
          sql<string>`coalesce(sum(t.loan_amount) filter (where t.loan_date >= ${from} and t.loan_date < ${to}), 0)`.as(
            'month',
          ),
          // Each loan's 逾期 installments' owed amount, a column of the book: read in one pass.
          sql<string>`coalesce(sum(t.overdue_owed), 0)`.as('overdue'),
        ])
        .executeTakeFirstOrThrow();
      return {
        cumulativeLoan: Number(big(r.loan)),
        outstanding: Number(big(r.outstanding)),
        monthLoan: Number(big(r.month)),
        overdueAmount: Number(big(r.overdue)),
      };
    },
  });
}

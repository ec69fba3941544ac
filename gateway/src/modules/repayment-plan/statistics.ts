// 还款计划's statistics (BUSINESS.md §2 "Dashboard statistics"): the loan book's widgets and KPI cards, each the
// 还款计划 list's own rows — every registered loan with its plan's totals, in the caller's scope — grouped and
// summed in one statement, so a widget always equals the list's rows added up (the remaining principal is the
// list's 剩余本金, the loan amount its 放款额, overdue days its 逾期天数). A loan's plan totals are columns it carries,
// brought back to its installments' sums by every statement that writes them, and so are the facts of its business
// the filters and scope compare (migration 0300): a widget sums one row per loan from one index, without its
// business. Names are looked up for the groups found, not for every loan.
// The ageing adds the owed amounts of the same loans' 逾期 installments, as the plan's detail lists them.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
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
import type { Database } from '../../db/database';
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
import { wireFen } from '../../stage/stage-money';

// The list's rows without each one's next installment due, which no widget shows.
const PLAN: StatisticsSource = {
  list: PLAN_STAGE.resource,
  rows: 'loan_book_view',
  period: 't.loan_date',
  capitalSide: 't.capital_side_id',
  projectCompany: 't.project_company_id',
};
const rowsOf = (db: Kysely<Database>, ctx: StatisticsContext) => sourceRows(db, PLAN, ctx);

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
    amount: wireFen(big(r.amount)),
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
    const by = view.value === 'capitalSide' ? 't.capital_side_id' : 't.project_company_id';
    const grouped = rowsOf(db, ctx)
      .select([
        sql.ref(by).as('key'),
        sql<string>`count(*)`.as('count'),
        sql<string>`coalesce(sum(t.loan_amount), 0)`.as('amount'),
      ])
      .groupBy(by);
    const rows = await db
      .selectFrom(grouped.as('g'))
      .leftJoin('organization as o', (j) => j.onRef('o.org_id', '=', 'g.key').on('o.tenant_id', '=', ctx.tenantId))
      .select(['g.key', 'o.org_name as label', 'g.count', 'g.amount'])
      .orderBy('g.amount', 'desc')
      .orderBy('g.key')
      .execute();
    return withShares(rows);
  });

  registerWidget(app, deps, WIDGETS.distributionCondition, async (db, ctx, view) => {
    const inLoan = rowsOf(db, ctx).where('t.remaining_principal', '>', 0);
    if (view.value === 'city') {
      // The city is the project company's, as its projects record it: the loans summed by company first, then each
      // company's city looked up once and its figures added to the city's.
      const byCompany = inLoan
        .select([
          't.project_company_id',
          sql<string>`count(*)`.as('count'),
          sql<string>`sum(t.remaining_principal)`.as('amount'),
        ])
        .groupBy('t.project_company_id');
      const cities = db
        .selectFrom('project as p')
        .select(['p.project_company_id', sql<string>`min(p.city)`.as('city')])
        .where('p.tenant_id', '=', ctx.tenantId)
        .groupBy('p.project_company_id');
      const rows = await db
        .selectFrom(byCompany.as('g'))
        .leftJoin(cities.as('pc'), 'pc.project_company_id', 'g.project_company_id')
        .select([
          sql`coalesce(pc.city, '未知')`.as('key'),
          sql`coalesce(pc.city, '未知')`.as('label'),
          sql<string>`sum(g.count)`.as('count'),
          sql<string>`sum(g.amount)`.as('amount'),
        ])
        .groupBy(sql`1`)
        .orderBy('amount', 'desc')
        .orderBy('key')
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
      // Only a loan owing something 逾期 has a 逾期 installment (one owing nothing is settled): the few such loans
      // are found first, then their installments.
      const rows = await rowsOf(db, ctx)
        .where(sql<boolean>`t.overdue_owed > 0`)
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
    const grouped = rowsOf(db, ctx)
      .select([
        't.product_id as key',
        sql<string>`count(*)`.as('count'),
        sql<string>`sum(t.loan_amount)`.as('loan_amount'),
        sql<string>`sum(t.remaining_principal)`.as('amount'),
      ])
      .groupBy('t.product_id');
    const rows = await db
      .selectFrom(grouped.as('g'))
      .leftJoin('fund_product as p', (j) => j.onRef('p.product_id', '=', 'g.key').on('p.tenant_id', '=', ctx.tenantId))
      .select(['g.key', 'p.product_name as label', 'p.quota', 'p.used_quota', 'g.count', 'g.loan_amount', 'g.amount'])
      .orderBy('g.amount', 'desc')
      .orderBy('g.key')
      .execute();
    return rows.map((r) => ({
      key: String(r.key ?? ''),
      label: String(r.label ?? '未指定'),
      count: Number(r.count),
      loanAmount: wireFen(big(r.loan_amount)),
      amount: wireFen(big(r.amount)),
      quotaUsage: r.quota === null ? null : sharePct(big(r.used_quota), big(r.quota)),
    }));
  });

  registerWidget(app, deps, WIDGETS.supplierRanking, async (db, ctx, view) => {
    const figure = view.value === 'loan' ? sql`t.loan_amount` : sql`t.remaining_principal`;
    const base = view.value === 'loan' ? rowsOf(db, ctx) : rowsOf(db, ctx).where('t.remaining_principal', '>', 0);
    const top = base
      .select([
        't.supplier_id as key',
        sql<string>`count(*)`.as('count'),
        sql<string>`sum(${figure})`.as('amount'),
        // The whole book's figure beside each supplier's, so a share is of every supplier, not of the ten.
        sql<string>`sum(sum(${figure})) over ()`.as('total'),
      ])
      .groupBy('t.supplier_id')
      .orderBy('amount', 'desc')
      .orderBy('t.supplier_id')
      .limit(RANKING_SIZE);
    const [rows, warn] = await Promise.all([
      // The ten named once found, not every loan's supplier looked up.
      db
        .selectFrom(top.as('g'))
        .leftJoin('organization as o', (j) => j.onRef('o.org_id', '=', 'g.key').on('o.tenant_id', '=', ctx.tenantId))
        .select(['g.key', 'o.org_name as label', 'g.count', 'g.amount', 'g.total'])
        .orderBy('g.amount', 'desc')
        .orderBy('g.key')
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
    const grouped = rowsOf(db, ctx)
      .where('t.remaining_principal', '>', 0)
      .select([
        't.capital_side_id as key',
        sql<string>`count(*)`.as('count'),
        sql<string>`sum(t.remaining_principal)`.as('amount'),
        sql<string>`round(sum(t.annual_rate * t.remaining_principal) / sum(t.remaining_principal), 4)::text`.as('rate'),
      ])
      .groupBy('t.capital_side_id');
    const rows = await db
      .selectFrom(grouped.as('g'))
      .leftJoin('organization as o', (j) => j.onRef('o.org_id', '=', 'g.key').on('o.tenant_id', '=', ctx.tenantId))
      .leftJoin('capital_side as cs', (j) => j.onRef('cs.org_id', '=', 'g.key').on('cs.tenant_id', '=', ctx.tenantId))
      .select(['g.key', 'o.org_name as label', 'cs.total_limit', 'cs.used_limit', 'g.count', 'g.amount', 'g.rate'])
      .orderBy('g.amount', 'desc')
      .orderBy('g.key')
      .execute();
    // A side's limits are the group's, not a supplier's: a supplier user sees its own loans only.
    const limits = !ctx.actor.supplierId;
    return rows.map((r) => ({
      key: String(r.key ?? ''),
      label: String(r.label ?? '未指定'),
      totalLimit: limits && r.total_limit !== null ? wireFen(big(r.total_limit)) : null,
      usedLimit: limits && r.used_limit !== null ? wireFen(big(r.used_limit)) : null,
      availableLimit: limits && r.total_limit !== null ? wireFen(big(r.total_limit) - big(r.used_limit)) : null,
      amount: wireFen(big(r.amount)),
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
        cumulativeLoan: wireFen(big(r.loan)),
        outstanding: wireFen(big(r.outstanding)),
        monthLoan: wireFen(big(r.month)),
        overdueAmount: wireFen(big(r.overdue)),
      };
    },
  });
}

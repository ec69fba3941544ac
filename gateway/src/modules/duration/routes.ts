// 存续期管理's routes (BUSINESS.md §4 /durationManage/durationExamineReport, /durationManage/loanReportMakeStatistics)
// on the stage kit: a business's reports and one report's move (保存, 提交, 通过, 退回) are the kit's stage items;
// the page of every report in the caller's scope is the kit's page of documents across businesses; what is the
// reports' own is one report with its business and what the caller may do on it, and 贷后报告统计 — one query
// over the same items and the same scope, grouped by 经办人 and the month a report is due. The close of
// business makes the reports due each day (a step of the app's daily job).
import { sameTenant } from '../../stage/stage-joins';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import {
  DURATION_API,
  DURATION_LIST_PATH,
  DURATION_STATS_API,
  DURATION_STATS_PATH,
  DurationMessage,
  MADE_STATUSES,
} from '../../../../src/domain/financing/duration';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, invalidInput, notFound, ok } from '../../plugins/envelope';
import { withinScope } from '../../resource/resource-repository';
import { IdParams } from '../../schemas/common';
import { registerDocumentRoutes, sendWorkbook } from '../../stage/stage-documents';
import { itemActionsOf, registerItems } from '../../stage/stage-items';
import { dayOf, fenOf, wireFen } from '../../stage/stage-money';
import { callerOf, fixedScopeOf } from '../../stage/stage-scope';
import { inScope, loadBusiness } from '../business/aggregate';
import { DURATION, type DurationRow, DurationSchema, dueReportUnits, fromRow, wireOf } from './store';
import { tenantRows } from '../../db/tenant-rows';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Detail = Type.Object(
  {
    report: DurationSchema,
    ...{ businessNo: Type.String(), supplierName: Type.String(), state: Type.String(), stateLabel: Type.String() },
    makerName: Nullable(Type.String({ description: '经办人' })),
    loanAmount: Type.Union([Type.Integer({ description: '放款额（分）' }), Type.Null()]),
    ...{ loanDate: Nullable(Type.String()), maturityDate: Nullable(Type.String({ description: '到期日' })) },
    actions: Type.Array(Type.String(), { description: '当前用户此刻可执行的操作' }),
  },
  { additionalProperties: false },
);

const Period = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'YYYY-MM（按应完成日所在月份）' });
const StatsQuery = Type.Object(
  { periodFrom: Type.Optional(Period), periodTo: Type.Optional(Period) },
  { additionalProperties: false },
);
const StatsRow = Type.Object(
  {
    makerId: Nullable(Type.String()),
    makerName: Type.String({ description: '经办人' }),
    period: Type.String({ description: '期间 YYYY-MM' }),
    due: Type.Integer({ description: '应制作' }),
    made: Type.Integer({ description: '已制作（已提交）' }),
    overdue: Type.Integer({ description: '逾期未制作' }),
  },
  { additionalProperties: false },
);

export const durationRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;
  registerItems(app, deps, DURATION);
  registerDocumentRoutes(app, deps, {
    api: DURATION_API,
    table: DURATION.table,
    fileType: 'durationReport',
    list: DURATION_LIST_PATH,
    pdf: [],
    notFound: DurationMessage.notFound,
    search: { reportNo: 'd.report_no', businessNo: 'b.business_no', status: 'd.status' },
    row: { schema: DurationSchema, of: (r) => wireOf(fromRow(r as DurationRow)) },
    export: {
      title: '存续期检查报告',
      columns: [
        ['报告编号', (r) => r.reportNo],
        ['业务编号', (r) => r.businessNo],
        ['供应商', (r) => r.supplierName],
        ['检查期', (r) => r.periodLabel],
        ['应完成日', (r) => r.dueDate],
        ['风险分类', (r) => r.riskClassLabel ?? ''],
        ['结论', (r) => r.conclusionLabel ?? ''],
        ['检查日', (r) => r.checkDate ?? ''],
        ['状态', (r) => r.statusLabel],
      ],
    },
  });

  // The close of business's step: the reports due on the day, each made once.
  deps.dailyJob.register({ name: 'duration-reports', order: 60, units: dueReportUnits });

  app.get(
    `${DURATION_API}/:id`,
    {
      config: { access: { menu: DURATION_LIST_PATH } },
      schema: {
        tags: ['business'],
        summary: '存续期报告详情：报告、所属业务与放款、当前用户可执行的操作',
        params: IdParams,
        response: envelopeResponses(Detail),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const row = await tenantRows(db, 'duration_report', tenantId, { item_id: (request.params as IdParams).id })
        .selectAll()
        .executeTakeFirst();
      if (!row) throw notFound(DurationMessage.notFound);
      const business = await loadBusiness(deps.db, tenantId, String(row.business_id)).catch(() => null);
      if (!business || !inScope(actor, business)) throw notFound(DurationMessage.notFound);
      const report = fromRow(row);
      const facts = await tenantRows(db, 'financing_business as b', tenantId, { business_id: report.businessId })
        .leftJoin('organization as s', (j) => j.onRef('s.org_id', '=', 'b.supplier_id'))
        .leftJoin('loan as l', (j) => j.onRef('l.business_id', '=', 'b.business_id'))
        .leftJoin('app_user as u', (j) => j.on('u.user_id', '=', report.makerId ?? ''))
        .select(['s.org_name', 'l.amount', 'l.loan_date', 'l.maturity_date', 'u.nick_name'])
        .executeTakeFirstOrThrow();
      const [actions] = itemActionsOf(DURATION, actor, deps.now(), business, [report]);
      return ok({
        report: wireOf(report),
        businessNo: business.businessNo,
        supplierName: String(facts.org_name ?? ''),
        state: business.state,
        stateLabel: stateLabel(business.state),
        makerName: (facts.nick_name as string | null) ?? null,
        loanAmount: facts.amount === null || facts.amount === undefined ? null : wireFen(fenOf(facts.amount)),
        loanDate: dayOf(facts.loan_date),
        maturityDate: dayOf(facts.maturity_date),
        actions: actions ?? [],
      });
    },
  );

  /** 贷后报告统计: one query over the reports in the caller's scope, per 经办人 and the month a report is due. */
  const statistics = async (request: FastifyRequest) => {
    const { tenantId } = sessionOf(request);
    const actor = await callerOf(request, deps.db);
    const q = request.query as { periodFrom?: string; periodTo?: string };
    if (q.periodFrom && q.periodTo && q.periodFrom > q.periodTo) throw invalidInput(DurationMessage.period);
    const today = businessDay(deps.now());
    const made = sql.join(MADE_STATUSES.map((s) => sql.lit(s)));
    const period = sql<string>`to_char(r.due_date, 'YYYY-MM')`;
    let query = withinScope(
      db
        .selectFrom('duration_report as r')
        .innerJoin('financing_business as b', sameTenant('b', 'r', 'business_id'))
        .leftJoin('app_user as u', (j) => j.onRef('u.user_id', '=', 'r.maker_id'))
        .where('r.tenant_id', '=', tenantId)
        .where('b.deleted', '=', false),
      'b',
      fixedScopeOf(actor),
    );
    if (q.periodFrom) query = query.where(period, '>=', q.periodFrom);
    if (q.periodTo) query = query.where(period, '<=', q.periodTo);
    const rows = await query
      .select([
        'r.maker_id',
        sql<string>`coalesce(max(u.nick_name), '未指定')`.as('maker_name'),
        period.as('period'),
        sql<string>`count(*)`.as('due'),
        sql<string>`count(*) filter (where r.status in (${made}))`.as('made'),
        sql<string>`count(*) filter (where r.status not in (${made}) and r.due_date < ${today}::date)`.as('overdue'),
      ])
      .groupBy(['r.maker_id', period])
      .orderBy(period, 'desc')
      .orderBy('maker_name')
      .execute();
    return rows.map((r) => ({
      makerId: (r.maker_id as string | null) ?? null,
      makerName: String(r.maker_name),
      period: String(r.period),
      due: Number(r.due),
      made: Number(r.made),
      overdue: Number(r.overdue),
    }));
  };
  const summary = '贷后报告统计：按经办人与期间（应完成日所在月份）统计应制作、已制作、逾期未制作（数据授权范围内）';
  app.get(
    DURATION_STATS_API,
    {
      config: { access: { menu: DURATION_STATS_PATH } },
      schema: {
        tags: ['business'],
        summary,
        querystring: StatsQuery,
        response: envelopeResponses(Type.Array(StatsRow)),
      },
    },
    async (request) => ok(await statistics(request)),
  );
  app.get(
    `${DURATION_STATS_API}/export`,
    {
      config: { access: { menu: DURATION_STATS_PATH, op: 'export' } },
      schema: { tags: ['business'], summary: `${summary}导出（xlsx）`, querystring: StatsQuery },
    },
    async (request, reply) => {
      const rows = (await statistics(request)).map((r) => [r.makerName, r.period, r.due, r.made, r.overdue]);
      return sendWorkbook(reply, '贷后报告统计', ['经办人', '期间', '应制作', '已制作', '逾期未制作'], rows);
    },
  );
};

export default durationRoutes;

// The kit's statistics (BUSINESS.md Decisions "Statistics"; SPEC §7.2's menu-scoped statistics calls): a module
// that owns a list registers the widgets computed from it, each one call `GET <api>` and its `GET <api>/export`.
// The kit answers for whoever holds the dashboard's menu (with `export` for the workbook) and reads businesses;
// the rows a widget groups are the list's own — `filtered`, the statement its page counts, with the caller's scope
// from `fixedScopeOf` like every list — narrowed by the dashboard's filters (期间, 资金方, 子公司). Nothing is
// counted ahead: every figure is summed from the rows when asked.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import { openSiblingPool } from '../db/engine';
import { type TSchema, Type } from 'typebox';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import type { ResourceDef } from '../../../src/domain/resource/resource';
import {
  DASHBOARD_EXPORT_API,
  DASHBOARD_MENU,
  DASHBOARD_TITLE,
  type DayBand,
  type StatisticsFilter,
  type WidgetDef,
  type WidgetRow,
  type WidgetView,
  viewOf,
} from '../../../src/domain/statistics/dashboard';
import type { GatewayDeps } from '../deps';
import { loadExcel } from '../lazy-libraries';
import { contentDisposition } from '../modules/file/file-names';
import { readsBusinesses } from '../modules/business/visibility';
import { sessionOf } from '../plugins/auth-guard';
import { envelopeResponses, forbidden, ok } from '../plugins/envelope';
import { filtered } from '../resource/resource-repository';
import { MONEY_FORMAT, yuanNumber } from '../xlsx/export-cells';
import { type CallerScope, callerScopeOf, fixedScopeOf } from './stage-scope';
import { fenOf } from './stage-money';
import { bindExtensions } from './extensions';

declare module './extensions' {
  interface ExtensionPoints {
    /** The dashboard's widgets by API, in registration order: its workbook has a sheet for each. */
    statisticsWidgets: Map<string, { def: WidgetDef; compute: Compute }>;
  }
}

const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });
const Id = Type.String({ maxLength: 40, pattern: '^[0-9A-Za-z_-]+$' });

/** The dashboard's filters, and the menu the call is made from (SPEC §7.2). */
export const StatisticsQuery = Type.Object(
  {
    menuId: Type.String({ maxLength: 200, description: '菜单 id（SPEC §7.2 菜单范围的调用自动附带）' }),
    periodFrom: Type.Optional(Day),
    periodTo: Type.Optional(Day),
    capitalSideId: Type.Optional(Id),
    projectCompanyId: Type.Optional(Id),
    view: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z]+$' })),
  },
  { additionalProperties: false },
);

const RowSchema = Type.Object(
  { key: Type.String(), label: Type.String() },
  { additionalProperties: Type.Union([Type.String(), Type.Integer(), Type.Boolean(), Type.Null()]) },
);
const AnswerSchema = Type.Object({ view: Type.String(), rows: Type.Array(RowSchema) }, { additionalProperties: false });

export interface StatisticsContext {
  tenantId: string;
  userId: string;
  /** Whose data the caller sees: a widget's rows are the list's in that scope. */
  actor: CallerScope;
  now: Date;
  filter: StatisticsFilter;
}

/** Where a widget's rows come from: the list it equals, and the columns the dashboard's filters compare. */
export interface StatisticsSource {
  list: ResourceDef;
  /**
   * The relation the list's view is built on, when the view adds what only a page shows (e.g. each row's next
   * installment due): the same rows and columns, read with the list's own filter and scope, without that cost.
   */
  rows?: string;
  /** The row's date the 期间 compares, e.g. `t.loan_date`. */
  period: string;
  /** The row's 资金方 and 子公司 (项目公司) the filters compare, e.g. `t.capital_side_id`. */
  capitalSide: string;
  projectCompany: string;
}

/** The list's rows (aliased `t`) in the caller's scope, narrowed by the filters. */
export function sourceRows(db: Kysely<Database>, source: StatisticsSource, ctx: StatisticsContext) {
  const f = ctx.filter;
  const list = source.rows ? { ...source.list, storage: { ...source.list.storage, table: source.rows } } : source.list;
  let q = filtered(db, list, ctx.tenantId, {}, fixedScopeOf(ctx.actor));
  if (f.periodFrom) q = q.where(source.period, '>=', f.periodFrom);
  if (f.periodTo) q = q.where(source.period, '<=', f.periodTo);
  if (f.capitalSideId) q = q.where(source.capitalSide, '=', f.capitalSideId);
  if (f.projectCompanyId) q = q.where(source.projectCompany, '=', f.projectCompanyId);
  return q;
}

/** `case` naming the band a number of days falls in, from the bands' own bounds. */
export function bandCase(days: RawBuilder<unknown>, bands: readonly DayBand[]): RawBuilder<string> {
  const arms = bands.map((b) => {
    const low = b.min === Number.MIN_SAFE_INTEGER ? sql`true` : sql`${days} >= ${sql.lit(b.min)}`;
    const high = b.max === null ? sql`true` : sql`${days} <= ${sql.lit(b.max)}`;
    return sql`when ${low} and ${high} then ${sql.lit(b.key)}`;
  });
  return sql<string>`case ${sql.join(arms, sql` `)} end`;
}

/** Every band in its order, with the figures found for it (none: zero). */
export function everyBand(bands: readonly DayBand[], found: readonly WidgetRow[]): WidgetRow[] {
  return bands.map((b) => found.find((r) => r.key === b.key) ?? { key: b.key, label: b.label, count: 0, amount: 0 });
}

/** The dashboard's menu, held (with the code when one is asked), by someone who reads businesses. */
async function statisticsAccess(request: FastifyRequest, op?: string) {
  const grants = await sessionOf(request).grants();
  const menuId = normalizeMenuPath((request.query as { menuId: string }).menuId);
  const codes = grants.get(menuId);
  if (menuId !== normalizeMenuPath(DASHBOARD_MENU) || !codes || (op && !codes.has(op))) throw forbidden();
  if (!readsBusinesses(grants)) throw forbidden();
}

/**
 * How a statistic's statement is planned:
 * - no JIT: a whole book's aggregate is estimated costly, and compiling it took longer than running it;
 * - index reads costed as the cached reads they are (PostgreSQL's default prices a spinning disk's seek): the
 *   book's covering index is a third of its table, and read alone it is the cheaper way through a whole book;
 * - no parallel workers: the dashboard asks its widgets all at once, and starting two workers for each of them
 *   cost more than the one index scan they would share.
 * The benchmark's bare SQL runs under the same settings, so that it measures the same plan.
 */
export const STATISTICS_PLANNER: Readonly<Record<string, string>> = {
  jit: 'off',
  random_page_cost: '1.1',
  max_parallel_workers_per_gather: '0',
};

/**
 * Where a statistic's statements run. On PostgreSQL, a pool of the statistics' own whose sessions start planned as
 * STATISTICS_PLANNER says, so a widget is its one statement — no transaction, no settings asked for each time (a
 * widget reads and writes nothing else, and each statement sees one snapshot). Its connections are apart from the
 * app's, so the planner settings reach no other statement. On PGlite (one session, in process, no round trips) the
 * settings hold for the statement's transaction only.
 */
interface StatisticsRunner {
  run<T>(compute: (db: Kysely<Database>) => Promise<T>): Promise<T>;
}

const STATISTICS_POOL = { max: 4, applicationName: 'scf-gateway-statistics' } as const;
// One an app (its extension points are its own), whichever plugin context registers its statistics.
const runners = new WeakMap<object, StatisticsRunner>();

function runnerOf(app: FastifyInstance, deps: GatewayDeps): StatisticsRunner {
  const known = runners.get(deps.extensions);
  if (known) return known;
  const pool = openSiblingPool<Database>(deps.db, { ...STATISTICS_POOL, sessionSettings: STATISTICS_PLANNER });
  let runner: StatisticsRunner;
  if (pool) {
    // The kit reads the app's extension points through whichever handle a statement runs on.
    bindExtensions(pool, deps.extensions);
    app.addHook('onClose', async () => pool.destroy());
    runner = { run: (compute) => compute(pool) };
  } else {
    runner = {
      run: (compute) =>
        deps.db.transaction().execute(async (trx) => {
          const settings = Object.entries(STATISTICS_PLANNER).map(([k, v]) => sql`set_config(${k}, ${v}, true)`);
          await sql`select ${sql.join(settings)}`.execute(trx);
          return compute(trx);
        }),
    };
  }
  runners.set(deps.extensions, runner);
  return runner;
}

/**
 * The filters and the caller's scope. A widget filters the list's rows by the scope and reads nothing else of the
 * caller, so the scope alone is read (one statement), not the whole actor.
 */
async function contextOf(request: FastifyRequest, deps: GatewayDeps): Promise<StatisticsContext> {
  const { tenantId, userId } = sessionOf(request);
  const { menuId: _, ...filter } = request.query as StatisticsFilter & { menuId: string };
  return { tenantId, userId, actor: await callerScopeOf(request, deps.db), now: deps.now(), filter };
}

/** A statistic of the module's own (the KPI cards): one menu-scoped call answering `response`. */
export function registerStatistic(
  app: FastifyInstance,
  deps: GatewayDeps,
  spec: {
    api: string;
    summary: string;
    response: TSchema;
    compute(db: Kysely<Database>, ctx: StatisticsContext): Promise<unknown>;
  },
) {
  const statistics = runnerOf(app, deps);
  app.get(
    spec.api,
    {
      config: { access: 'session' },
      schema: {
        tags: ['statistics'],
        summary: spec.summary,
        querystring: StatisticsQuery,
        response: envelopeResponses(spec.response),
      },
    },
    async (request) => {
      await statisticsAccess(request);
      const ctx = await contextOf(request, deps);
      return ok(await statistics.run((db) => spec.compute(db, ctx)));
    },
  );
}

type Compute = (db: Kysely<Database>, ctx: StatisticsContext, view: WidgetView) => Promise<WidgetRow[]>;

/** A widget: its figures by view, and the same figures as a workbook (`export`). */
export function registerWidget(app: FastifyInstance, deps: GatewayDeps, def: WidgetDef, compute: Compute) {
  const statistics = runnerOf(app, deps);
  const answer = async (request: FastifyRequest) => {
    const ctx = await contextOf(request, deps);
    const view = viewOf(def, ctx.filter.view);
    return { view, rows: await statistics.run((db) => compute(db, ctx, view)) };
  };
  app.get(
    def.api,
    {
      config: { access: 'session' },
      schema: {
        tags: ['statistics'],
        summary: `数据看板·${def.title}（菜单范围）`,
        querystring: StatisticsQuery,
        response: envelopeResponses(AnswerSchema),
      },
    },
    async (request) => {
      await statisticsAccess(request);
      const { view, rows } = await answer(request);
      return ok({ view: view.value, rows });
    },
  );
  app.get(
    `${def.api}/export`,
    {
      config: { access: 'session' },
      schema: { tags: ['statistics'], summary: `数据看板·${def.title}导出（xlsx）`, querystring: StatisticsQuery },
    },
    async (request, reply) => {
      await statisticsAccess(request, 'export');
      const { view, rows } = await answer(request);
      const workbook = await newWorkbook();
      addSheet(workbook, `${def.title}${view.label}`, view, rows);
      return sendWorkbook(reply, `${def.title}.xlsx`, workbook);
    },
  );

  // The app's first widget brings the whole dashboard's export; the others join its workbook.
  const widgets = deps.extensions.point('statisticsWidgets');
  const first = widgets.size === 0;
  widgets.set(def.api, { def, compute });
  if (first) registerDashboardExport(app, deps);
}

/** The whole dashboard as one workbook for the filters: a sheet per widget, each in its first view. */
function registerDashboardExport(app: FastifyInstance, deps: GatewayDeps) {
  app.get(
    DASHBOARD_EXPORT_API,
    {
      config: { access: 'session' },
      schema: {
        tags: ['statistics'],
        summary: `${DASHBOARD_TITLE}导出（xlsx，每个图表一页）`,
        querystring: StatisticsQuery,
      },
    },
    async (request, reply) => {
      await statisticsAccess(request, 'export');
      const ctx = await contextOf(request, deps);
      const statistics = runnerOf(app, deps);
      const workbook = await newWorkbook();
      for (const { def, compute } of deps.extensions.point('statisticsWidgets').values()) {
        const view = def.views[0];
        const rows = await statistics.run((db) => compute(db, ctx, view));
        addSheet(workbook, def.title, view, rows);
      }
      return sendWorkbook(reply, `${DASHBOARD_TITLE}.xlsx`, workbook);
    },
  );
}

type Workbook = InstanceType<Awaited<ReturnType<typeof loadExcel>>['Workbook']>;

async function newWorkbook(): Promise<Workbook> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'wsf-gateway';
  return workbook;
}

async function sendWorkbook(reply: FastifyReply, fileName: string, workbook: Workbook) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition('attachment', fileName))
    .send(Buffer.from(await workbook.xlsx.writeBuffer()));
}

/** The widget's table as the screen shows it: money in 元, shares and rates as written, flags as 是/否. */
function addSheet(workbook: Workbook, name: string, view: WidgetView, rows: readonly WidgetRow[]): void {
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.columns = view.columns.map((c) => ({
    header: c.kind === 'pct' ? `${c.label}（%）` : c.label,
    width: 20,
    ...(c.kind === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow(
      view.columns.map((c) => {
        const v = r[c.key];
        if (v === null || v === undefined) return '';
        if (c.kind === 'money') return yuanNumber(fenOf(v));
        if (c.kind === 'flag') return v ? '是' : '否';
        return v;
      }),
    );
  }
}

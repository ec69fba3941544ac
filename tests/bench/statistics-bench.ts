// 数据看板's widgets as the loan book grows: a PostgreSQL database of the benchmark's own, the demo seed
// plus the lifecycle scale (`npm run seed -- --lifecycle N`: N×1000 businesses past 放款, ten installments each —
// 100k businesses / 1M installments at the default N = 100), each widget's p95 through the gateway beside the same
// aggregate as bare SQL through `pg` on the loan and installment tables, in the same run. Goal: each widget
// ≤ 1.5× the bare query and ≤ 150 ms p95. Run alone with `npx tsx tests/bench/statistics-bench.ts`
// (BENCH_LIFECYCLE=N for a smaller book), or in `npm run bench`.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { STATISTICS_PLANNER } from '../../gateway/src/stage/stage-statistics';
import { DASHBOARD_MENU, KPI_API, WIDGETS, type WidgetName } from '../../src/domain/statistics/dashboard';
import { apiLogin } from '../e2e/support/gateway-process';
import { benchGateway, dropPostgres, freshPostgres } from './speed-bench';

type Recorder = (name: string, value: string, budget?: string) => void;

const LIFECYCLE = Number(process.env.BENCH_LIFECYCLE ?? '100');
const RUNS = Number(process.env.BENCH_STATISTICS_RUNS ?? '40');
const WARM = 3;
/** Rounds of every widget beside its bare query, to see the spread under the machine's load. */
const ROUNDS = Number(process.env.BENCH_STATISTICS_ROUNDS ?? '1');

/**
 * The registered loans of the tenant with the facts of their business they carry (supplier, capital side, product,
 * deleted) and their plan totals (remaining principal, most overdue days, 逾期 owed amount — kept equal to its
 * installments' sums in the statement that writes them): the table and columns the gateway's widgets read, without
 * the list's scope, view and names.
 */
const BOOK = `select %SELECT% from loan l
where l.tenant_id = $1 and l.status = 'REGISTERED' and not l.business_deleted %WHERE% %GROUP%`;
const book = (select: string, where = '', group = '') =>
  BOOK.replace('%SELECT%', select).replace('%WHERE%', where).replace('%GROUP%', group);
const R = 'l.plan_remaining_principal';

/** Each widget's figures written by hand on the base tables: what the gateway's statement is measured against. */
const BARE: Record<WidgetName | 'kpi' | 'ageing', string> = {
  loanAmountProportion: book('l.capital_side_id, count(*), sum(l.amount)', '', 'group by 1'),
  distributionCondition: book(
    `case when l.maturity_date - current_date <= 30 then 1 when l.maturity_date - current_date <= 90 then 2
      when l.maturity_date - current_date <= 180 then 3 when l.maturity_date - current_date <= 360 then 4 else 5 end,
      count(*), sum(${R})`,
    `and ${R} > 0`,
    'group by 1',
  ),
  financingRisk: book(
    `case when l.plan_overdue_days > 90 then 3 when l.plan_overdue_days > 0 then 2 else 1 end, count(*), sum(${R})`,
    `and ${R} > 0`,
    'group by 1',
  ),
  financingProduct: book(`l.product_id, count(*), sum(l.amount), sum(${R})`, '', 'group by 1'),
  supplierRanking: book(
    `l.supplier_id, count(*), sum(${R}), sum(sum(${R})) over ()`,
    `and ${R} > 0`,
    'group by 1 order by 3 desc limit 10',
  ),
  capitalSideInfo: book(
    `l.capital_side_id, count(*), sum(${R}), round(sum(l.annual_rate * ${R}) / sum(${R}), 4)`,
    `and ${R} > 0`,
    'group by 1',
  ),
  // 融资风险's 逾期账龄: the 逾期 installments of the registered loans owing something 逾期, by their overdue days.
  ageing: `select case when i.overdue_days <= 30 then 1 when i.overdue_days <= 60 then 2 when i.overdue_days <= 90
      then 3 when i.overdue_days <= 180 then 4 else 5 end, count(*),
      sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued - i.principal_paid - i.interest_paid
        - i.fee_paid - i.penalty_paid)
    from installment i join loan l on l.business_id = i.business_id
    where i.tenant_id = $1 and i.status = 'OVERDUE' and l.status = 'REGISTERED' and not l.business_deleted
      and l.plan_overdue_owed > 0 group by 1`,
  // The four cards: 累计放款, 在贷余额 (remaining principal), 本月放款 and the 逾期 installments' owed amount.
  kpi: book(
    `sum(l.amount), sum(${R}), sum(l.amount) filter (where l.loan_date >= date_trunc('month', current_date)),
      sum(l.plan_overdue_owed)`,
  ),
};

const quantile = (ms: number[], q: number) =>
  [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.max(0, Math.ceil(ms.length * q) - 1))]!;
const p95 = (ms: number[]) => quantile(ms, 0.95);
/** min / median / p95, ms: under a shared machine's load the p95 moves most, the minimum least. */
const spread = (ms: number[]) => [quantile(ms, 0), quantile(ms, 0.5), p95(ms)].map((v) => v.toFixed(0)).join(' / ');

/**
 * Both ways timed in turn, run by run, so that each sees the same load: on a shared machine the load moves
 * between one batch of runs and the next, and the ratio would measure that instead.
 */
async function timedInTurn(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number[], number[]]> {
  for (let i = 0; i < WARM; i++) await a().then(b);
  const out: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    for (const [k, run] of [a, b].entries()) {
      const started = performance.now();
      await run();
      out[k]!.push(performance.now() - started);
    }
  }
  return out;
}

export async function measureStatistics(record: Recorder): Promise<void> {
  // A book seeded before (BENCH_STATISTICS_DB, a URL): kept, so that two builds are measured on the same book.
  const given = process.env.BENCH_STATISTICS_DB;
  const dbUrl = given ?? (await freshPostgres('wsf_bench_statistics'));
  if (!dbUrl) {
    record('数据看板 widgets', 'PostgreSQL does not answer on 127.0.0.1:5432: skipped');
    return;
  }
  const started = Date.now();
  const seeded = given
    ? { status: 0 }
    : spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/db/seed/cli.ts', '--lifecycle', String(LIFECYCLE)], {
        env: { ...process.env, DATABASE_URL: dbUrl },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
  if (seeded.status !== 0) throw new Error('seeding the lifecycle scale failed');
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const gateway = await benchGateway({ DATABASE_URL: dbUrl });
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    // After the gateway's start, which brings the database to its migrations.
    await client.connect();
    // Planned as the gateway plans a statistic's statement: the same plan, without the layers above it.
    for (const [k, v] of Object.entries(STATISTICS_PLANNER))
      await client.query('select set_config($1, $2, false)', [k, v]);
    await client.query('vacuum (analyze) loan, installment, financing_business');
    const { rows } = await client.query('select count(*) as n from installment');
    record(
      `数据看板 book: ${(LIFECYCLE * 1000).toLocaleString('en')} businesses with loans`,
      `${Number(rows[0].n).toLocaleString('en')} installments, ${given ? 'seeded before' : `seeded in ${seconds} s`}`,
    );
    const { token } = await apiLogin(gateway.url, 'admin', 'Admin@2026');
    const headers = { authorization: `Bearer ${token}` };
    const query = `?menuId=${encodeURIComponent(DASHBOARD_MENU)}`;
    const entries: [WidgetName | 'kpi' | 'ageing', string, string][] = [
      ...(Object.values(WIDGETS).map((w) => [w.name, w.title, w.api]) as [WidgetName, string, string][]),
      ['ageing', `${WIDGETS.financingRisk.title}·逾期账龄`, `${WIDGETS.financingRisk.api}?view=ageing&`],
      ['kpi', '指标卡', KPI_API],
    ];
    for (let round = 1; round <= ROUNDS; round++)
      for (const [name, title, api] of entries) {
        const [viaGateway, bare] = await timedInTurn(
          async () => {
            const res = await fetch(`${gateway.url}${api}${api.endsWith('&') ? query.slice(1) : query}`, { headers });
            const body = (await res.json()) as { code: number; message: string };
            if (body.code !== 0) throw new Error(`${title}: ${body.message}`);
          },
          () => client.query(BARE[name], [DEMO_TENANT_ID]),
        );
        const [w, b] = [p95(viaGateway), p95(bare)];
        const ratio = w / b;
        record(
          `数据看板 ${title} p95 (PostgreSQL${ROUNDS > 1 ? `, round ${round}` : ''})`,
          `${w.toFixed(0)} ms — bare SQL ${b.toFixed(0)} ms, ${ratio.toFixed(2)}× (min / median / p95: ${spread(viaGateway)} ms — bare ${spread(bare)} ms, median ${(quantile(viaGateway, 0.5) / quantile(bare, 0.5)).toFixed(2)}×; load ${loadavg()[0]!.toFixed(1)})`,
          `≤ 1.5× and ≤ 150 ms ${ratio <= 1.5 && w <= 150 ? '✓' : '✗'}`,
        );
      }
  } finally {
    await gateway.stop();
    await client.end();
    if (!given) await dropPostgres('wsf_bench_statistics');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await measureStatistics((name, value, budget = '') =>
    console.log(`  ${name}: ${value}${budget ? `  (goal ${budget})` : ''}`),
  );
}

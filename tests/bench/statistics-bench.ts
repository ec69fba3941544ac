// 数据看板's widgets as the loan book grows: a PostgreSQL database of the benchmark's own, the demo seed
// plus the lifecycle scale (`npm run seed -- --lifecycle N`: N×1000 businesses past 放款, ten installments each —
// 100k businesses / 1M installments at the default N = 100), each widget's p95 through the gateway beside the same
// aggregate as bare SQL through `pg` on the loan and installment tables, in the same run. Goal: each widget
// ≤ 1.5× the bare query and ≤ 150 ms p95. Run alone with `npx tsx tests/bench/statistics-bench.ts`
// (BENCH_LIFECYCLE=N for a smaller book), or in `npm run bench`.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { DASHBOARD_MENU, KPI_API, WIDGETS, type WidgetName } from '../../src/domain/statistics/dashboard';
import { apiLogin } from '../e2e/support/gateway-process';
import { benchGateway, dropPostgres, freshPostgres } from './speed-bench';

type Recorder = (name: string, value: string, budget?: string) => void;

const LIFECYCLE = Number(process.env.BENCH_LIFECYCLE ?? '100');
const RUNS = Number(process.env.BENCH_STATISTICS_RUNS ?? '40');
const WARM = 3;

/** The remaining principal, overdue days and owed overdue amount of each registered loan, from its installments. */
const BOOK = `with o as (
  select i.business_id, sum(i.principal_due - i.principal_paid) as r, max(i.overdue_days) as d
  from installment i where i.tenant_id = $1 group by i.business_id)
select %SELECT% from loan l join financing_business b on b.business_id = l.business_id
join o on o.business_id = l.business_id
where l.tenant_id = $1 and l.status = 'REGISTERED' and not b.deleted %WHERE% %GROUP%`;
const book = (select: string, where = '', group = '') =>
  BOOK.replace('%SELECT%', select).replace('%WHERE%', where).replace('%GROUP%', group);

/** Each widget's figures written by hand on the base tables: what the gateway's statement is measured against. */
const BARE: Record<WidgetName | 'kpi', string> = {
  loanAmountProportion: `select b.capital_side_id, count(*), sum(l.amount) from loan l
    join financing_business b on b.business_id = l.business_id
    where l.tenant_id = $1 and l.status = 'REGISTERED' and not b.deleted group by 1`,
  distributionCondition: book(
    `case when l.maturity_date - current_date <= 30 then 1 when l.maturity_date - current_date <= 90 then 2
      when l.maturity_date - current_date <= 180 then 3 when l.maturity_date - current_date <= 360 then 4 else 5 end,
      count(*), sum(o.r)`,
    'and o.r > 0',
    'group by 1',
  ),
  financingRisk: book(
    'case when o.d > 90 then 3 when o.d > 0 then 2 else 1 end, count(*), sum(o.r)',
    'and o.r > 0',
    'group by 1',
  ),
  financingProduct: book('b.product_id, count(*), sum(l.amount), sum(o.r)', '', 'group by 1'),
  supplierRanking: book(
    'b.supplier_id, count(*), sum(o.r), sum(sum(o.r)) over ()',
    'and o.r > 0',
    'group by 1 order by 3 desc limit 10',
  ),
  capitalSideInfo: book(
    'b.capital_side_id, count(*), sum(o.r), round(sum(l.annual_rate * o.r) / sum(o.r), 4)',
    'and o.r > 0',
    'group by 1',
  ),
  // The four cards: 累计放款, 在贷余额 (remaining principal), 本月放款 and the 逾期 installments' owed amount.
  kpi: `with o as (select i.business_id, sum(i.principal_due - i.principal_paid) as r,
      sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued - i.principal_paid - i.interest_paid
        - i.fee_paid - i.penalty_paid) filter (where i.status = 'OVERDUE') as d
      from installment i where i.tenant_id = $1 group by i.business_id)
    select sum(l.amount), sum(o.r), sum(l.amount) filter (where l.loan_date >= date_trunc('month', current_date)),
      sum(o.d)
    from loan l join financing_business b on b.business_id = l.business_id join o on o.business_id = l.business_id
    where l.tenant_id = $1 and l.status = 'REGISTERED' and not b.deleted`,
};

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]!;

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARM; i++) await run();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    out.push(performance.now() - started);
  }
  return out;
}

export async function measureStatistics(record: Recorder): Promise<void> {
  const dbUrl = await freshPostgres('wsf_bench_statistics');
  if (!dbUrl) {
    record('数据看板 widgets', 'PostgreSQL does not answer on 127.0.0.1:5432: skipped');
    return;
  }
  const started = Date.now();
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'gateway/src/db/seed/cli.ts', '--lifecycle', String(LIFECYCLE)],
    { env: { ...process.env, DATABASE_URL: dbUrl }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error('seeding the lifecycle scale failed');
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query('vacuum (analyze) loan, installment, financing_business');
  const { rows } = await client.query('select count(*) as n from installment');
  record(
    `数据看板 book: ${(LIFECYCLE * 1000).toLocaleString('en')} businesses with loans`,
    `${Number(rows[0].n).toLocaleString('en')} installments, seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const gateway = await benchGateway({ DATABASE_URL: dbUrl });
  try {
    const { token } = await apiLogin(gateway.url, 'admin', 'Admin@2026');
    const headers = { authorization: `Bearer ${token}` };
    const query = `?menuId=${encodeURIComponent(DASHBOARD_MENU)}`;
    const entries: [WidgetName | 'kpi', string, string][] = [
      ...(Object.values(WIDGETS).map((w) => [w.name, w.title, w.api]) as [WidgetName, string, string][]),
      ['kpi', '指标卡', KPI_API],
    ];
    for (const [name, title, api] of entries) {
      const viaGateway = await timed(async () => {
        const res = await fetch(`${gateway.url}${api}${query}`, { headers });
        const body = (await res.json()) as { code: number; message: string };
        if (body.code !== 0) throw new Error(`${title}: ${body.message}`);
      });
      const bare = await timed(() => client.query(BARE[name], [DEMO_TENANT_ID]));
      const [w, b] = [p95(viaGateway), p95(bare)];
      const ratio = w / b;
      record(
        `数据看板 ${title} p95 (PostgreSQL)`,
        `${w.toFixed(0)} ms — bare SQL ${b.toFixed(0)} ms, ${ratio.toFixed(2)}×`,
        `≤ 1.5× and ≤ 150 ms ${ratio <= 1.5 && w <= 150 ? '✓' : '✗'}`,
      );
    }
  } finally {
    await gateway.stop();
    await client.end();
    await dropPostgres('wsf_bench_statistics');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await measureStatistics((name, value, budget = '') =>
    console.log(`  ${name}: ${value}${budget ? `  (goal ${budget})` : ''}`),
  );
}

// The close of business over a book of 100,000 installments on PostgreSQL (goal ≤ 30 s and ≤ 200 MB above
// idle): 10,000 loans of 10 monthly installments, lent over the 300 days before the day closed — what fell due
// before it paid, except one loan in seventeen, whose last 30 days are unpaid (its business 逾期 when overdue, and
// turning 逾期 on the day when due the day before) — are made in SQL by generate_series in a fresh database
// seeded as the demo, and the day is closed by `npm run job` (gateway/src/jobs/cli.ts) as a process of its own. The time is the day's own, from the ledger (close_day's
// started_at to finished_at); the memory is that process's peak RSS less the peak of the same command with nothing
// to close. Run alone with `npx tsx tests/bench/close-bench.ts`, or in `npm run bench`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { dropPostgres, freshPostgres, seedUsers } from './speed-bench';

type Recorder = (name: string, value: string, budget?: string) => void;

const LOANS = Number(process.env.BENCH_CLOSE_LOANS ?? 10_000);
const PERIODS = 10;
/** The day closed: a Wednesday after a working Tuesday, so yesterday's due dates are overdue today. */
const DAY = '2027-03-10';
const GOAL_SECONDS = 30;
const GOAL_MB = 200;

/** The book: businesses copied from a seeded one, each 还款中 with its loan and installments. */
async function makeBook(client: pg.Client): Promise<void> {
  const template = await client.query<{ business_id: string }>(
    `select business_id from financing_business where product_id is not null and deleted = false
     order by business_id limit 1`,
  );
  const id = template.rows[0]?.business_id;
  if (!id) throw new Error('the demo seed has no business to copy');
  await client.query(
    `insert into financing_business
     select (jsonb_populate_record(b, jsonb_build_object(
       'business_id', 'BENCH' || lpad(g::text, 8, '0'), 'business_no', 'BK' || lpad(g::text, 10, '0'),
       'state', 'REPAYING/NORMAL', 'stage', 'REPAYING', 'review', null, 'version', 1, 'suspended', false))).*
     from financing_business b, generate_series(1, $2::int) g where b.business_id = $1`,
    [id, LOANS],
  );
  await client.query(
    `insert into loan (business_id, tenant_id, loan_no, amount, net_amount, loan_date, value_date, maturity_date,
       annual_rate, repayment_method, periods, day_count_basis, receipt_file_id, status, registrar_id, registered_at,
       zhongdeng_due_date, zhongdeng_reg_no, zhongdeng_reg_date, closed_through, created_at, updated_at)
     select b.business_id, b.tenant_id, 'DK' || lpad(g::text, 10, '0'), 100000000, 100000000, d.lent, d.lent,
       d.lent + 30 * $3::int, 0.06, 'EQUAL_PRINCIPAL', $3::int, 360, 'bench', 'REGISTERED', '0', now(),
       d.lent + 10, 'ZD' || g, d.lent + 5, $1::date - 1, now(), now()
     from generate_series(1, $2::int) g
     join financing_business b on b.business_id = 'BENCH' || lpad(g::text, 8, '0')
     cross join lateral (select $1::date - 300 + (g % 300) as lent) d`,
    [DAY, LOANS, PERIODS],
  );
  // Due before the day: paid (已结清), but for one loan in seventeen, whose last 30 days are unpaid.
  await client.query(
    `insert into installment (installment_id, tenant_id, business_id, period_no, start_date, due_date, days,
       principal_due, interest_due, principal_paid, interest_paid, status, overdue_days, penalty_through, settled_on,
       updated_at)
     select l.business_id || ':' || k, l.tenant_id, l.business_id, k, l.loan_date + 30 * (k - 1), x.due, 30,
       10000000, 500000, case when x.paid then 10000000 else 0 end, case when x.paid then 500000 else 0 end,
       case when x.paid then 'SETTLED' when x.due < $1::date - 1 then 'OVERDUE'
            when x.due = $1::date - 1 then 'DUE' else 'NOT_DUE' end,
       case when not x.paid and x.due < $1::date - 1 then ($1::date - 1) - x.due else 0 end,
       case when not x.paid and x.due < $1::date - 1 then $1::date - 1 end,
       case when x.paid then x.due end, now()
     from loan l cross join generate_series(1, $2::int) k
     cross join lateral (select l.loan_date + 30 * k as due) d
     cross join lateral (select d.due as due, d.due < $1::date
       and not (substr(l.loan_no, 3)::int % 17 = 0 and d.due >= $1::date - 30) as paid) x
     where l.business_id like 'BENCH%'`,
    [DAY, PERIODS],
  );
  await client.query(
    `update financing_business set state = 'REPAYING/OVERDUE' where business_id in
       (select business_id from installment where status = 'OVERDUE' and business_id like 'BENCH%')`,
  );
  // The days before were closed: the run closes the one day.
  await client.query(
    `insert into close_day (day, status, runner, started_at, finished_at) values ($1::date - 1, 'CLOSED', 'bench', now(), now())`,
    [DAY],
  );
  await client.query('vacuum (analyze)');
}

/** `npm run job -- --date day` as a process of its own; its peak RSS in MB, sampled from /proc. */
async function runJob(env: Record<string, string>, day: string): Promise<{ peakMb: number; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/jobs/cli.ts', '--date', day], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  let peak = 0;
  const sample = () => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // gone
    }
  };
  const timer = setInterval(sample, 50);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`npm run job failed (${code}): ${output}`);
  return { peakMb: peak, output };
}

export async function measureClose(record: Recorder): Promise<void> {
  const name = `close of business, ${(LOANS * PERIODS).toLocaleString('en')} installments on PostgreSQL`;
  const dbUrl = await freshPostgres('wsf_bench_close');
  if (!dbUrl) {
    record(name, 'PostgreSQL does not answer on 127.0.0.1:5432: skipped');
    return;
  }
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    seedUsers({ DATABASE_URL: dbUrl }, 0);
    await client.connect();
    const started = Date.now();
    await makeBook(client);
    const made = (Date.now() - started) / 1000;
    const env = { DATABASE_URL: dbUrl };
    // Idle: the same command with every day through the one before closed already.
    const idle = await runJob(env, '2027-03-09');
    const run = await runJob(env, DAY);
    const ledger = await client.query<{ seconds: number; done: number; failed: number }>(
      `select extract(epoch from finished_at - started_at)::float as seconds, done, failed from close_day where day = $1`,
      [DAY],
    );
    const facts = await client.query<{ overdue: string; penalties: string; reminders: string; moved: string }>(
      `select (select count(*) from financing_business where state = 'REPAYING/OVERDUE' and business_id like 'BENCH%') as overdue,
         (select count(*) from installment where penalty_through = $1) as penalties,
         (select count(*) from loan_reminder where day = $1) as reminders,
         (select count(*) from business_event where action = 'overdue') as moved`,
      [DAY],
    );
    const row = ledger.rows[0];
    const seconds = Number(row?.seconds ?? Number.NaN);
    const above = run.peakMb - idle.peakMb;
    const f = facts.rows[0]!;
    record(
      `${name} (book made in ${made.toFixed(0)} s; ${f.penalties} penalties posted, ${f.reminders} reminders, ` +
        `${f.moved} businesses turned 逾期, ${f.overdue} 逾期 in all; units ${row?.done} done, ${row?.failed} failed)`,
      `${seconds.toFixed(1)} s, peak RSS ${run.peakMb.toFixed(0)} MB = ${above.toFixed(0)} MB above idle (${idle.peakMb.toFixed(0)} MB)`,
      `≤ ${GOAL_SECONDS} s ${seconds <= GOAL_SECONDS ? '✓' : '✗'}, ≤ ${GOAL_MB} MB above idle ${above <= GOAL_MB ? '✓' : '✗'}`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await dropPostgres('wsf_bench_close');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await measureClose((name, value, budget = '') =>
    console.log(`  ${name}: ${value}${budget ? `  (goal ${budget})` : ''}`),
  );
}

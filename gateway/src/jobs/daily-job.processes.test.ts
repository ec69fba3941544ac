// The daily job across real processes on one PostgreSQL (runs where TEST_DATABASE_URL is set):
// 1. `npm run job` is killed with SIGKILL in the middle of a day (its third unit waits on a row this test holds
//    locked, inside the unit's transaction), leaving two units done and the day RUNNING;
// 2. run again, it is killed once more inside the loan step (the loan's business row held here), leaving the loan
//    with no penalty posted and the day RUNNING;
// 3. two gateways started together then take the days up: one wins the claim, finishes the killed day doing
//    only what was left, and catches up the two days after it in order — each day closed once, each business
//    expired once, the overdue loan's penalty of each day posted once.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTimeOf, dueDay, nextDay } from '../../../src/domain/calendar/close-of-business';
import { penaltyFen } from '../../../src/domain/financing/penalty';
import { PRE_CREDIT_GOVERNS } from '../../../src/domain/financing/pre-credit-rules';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { rateText } from '../stage/stage-terms';
import { walkToRepaying } from '../testing/repaying-walk';
import { LISTENING_PREFIX } from '../config';
import { lapsedPreCredits } from '../modules/pre-credit/store';
import { createTestGateway, type TestGateway } from '../testing/test-gateway';
import { seededBusinessAt } from '../testing/seeded-business';

const databaseUrl = process.env.TEST_DATABASE_URL;
const DAY = 86_400_000;
const daysBefore = (day: string, n: number) => new Date(Date.parse(day) - n * DAY).toISOString().slice(0, 10);

interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!databaseUrl)('the daily job across processes on PostgreSQL', () => {
  let gw: TestGateway;
  /** The gateway's database as a process sees it: its schema on the search path. */
  let url = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-job-'));
  const children: Child[] = [];
  // Today as the gateways see it, and the day killed two days before.
  const today = dueDay(new Date());
  const killedDay = daysBefore(today, 2);
  let onKilledDay: string[] = [];
  let onToday: string[] = [];
  /** A loan whose first installment fell overdue 15 days before the killed day, and the penalty it runs on. */
  let loan = '';
  let penaltyOn: (valueDate: string) => bigint = () => 0n;

  beforeAll(async () => {
    gw = await createTestGateway({ databaseUrl: databaseUrl! });
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(gw.db)).rows[0]!.s;
    const u = new URL(gw.databaseUrl!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
    // The demo's businesses whose pre-credit governs: three lapse on the killed day, the rest today.
    const governed = await gw.db
      .selectFrom('financing_business as b')
      .innerJoin('pre_credit as p', 'p.business_id', 'b.business_id')
      .select('b.business_id')
      .where('b.deleted', '=', false)
      .where('b.suspended', '=', false)
      .where('b.stage', 'in', [...PRE_CREDIT_GOVERNS])
      .orderBy('b.business_id')
      .execute();
    const ids = governed.map((r) => r.business_id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const setValidTo = (day: string, which: string[]) =>
      gw.db.updateTable('pre_credit').set({ valid_to: day }).where('business_id', 'in', which).execute();
    await setValidTo(daysBefore(killedDay, 1), ids.slice(0, 3));
    await setValidTo(daysBefore(today, 1), ids.slice(3));
    const keys = async (day: string) =>
      (await lapsedPreCredits(gw.db, closeTimeOf(day))).map((b) => `${b.tenant_id}:${b.business_id}`);
    onKilledDay = await keys(killedDay);
    onToday = (await keys(today)).filter((k) => !onKilledDay.includes(k));
    expect(onKilledDay).toHaveLength(3);
    expect(onToday.length).toBeGreaterThanOrEqual(1);

    // A loan lent today by the README's people, then set back: lent 40 days before the killed day, its first
    // installment due 15 days before it and unpaid.
    const lent = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT');
    loan = lent.businessId;
    await walkToRepaying(gw.app, gw.db, DEMO_TENANT_ID, loan, new Date());
    const [lentOn, due] = [daysBefore(killedDay, 40), daysBefore(killedDay, 15)];
    await gw.db
      .updateTable('loan')
      .set({ loan_date: lentOn, value_date: lentOn, zhongdeng_due_date: daysBefore(killedDay, 30) })
      .where('business_id', '=', loan)
      .execute();
    await gw.db
      .updateTable('installment')
      .set({ start_date: lentOn, due_date: due })
      .where('business_id', '=', loan)
      .where('period_no', '=', 1)
      .execute();
    const terms = await gw.db
      .selectFrom('installment as i')
      .innerJoin('loan as l', 'l.business_id', 'i.business_id')
      .innerJoin('financing_business as b', 'b.business_id', 'l.business_id')
      .innerJoin(
        sql<{ product_id: string; penalty_markup: string }>`fund_product`.as('p'),
        'p.product_id',
        'b.product_id',
      )
      .select(['i.principal_due', 'i.interest_due', 'l.annual_rate', 'l.day_count_basis', 'p.penalty_markup'])
      .where('i.business_id', '=', loan)
      .where('i.period_no', '=', 1)
      .executeTakeFirstOrThrow();
    penaltyOn = (valueDate) =>
      penaltyFen({
        overdueFen: BigInt(String(terms.principal_due)) + BigInt(String(terms.interest_due)),
        annualRate: rateText(terms.annual_rate) as string,
        markup: rateText(terms.penalty_markup) as string,
        dayCountBasis: Number(terms.day_count_basis) === 365 ? 365 : 360,
        dueDate: due,
        valueDate,
      });
  }, 240_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
      await child.exited;
    }
    await gw?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const units = async (day: string) =>
    (
      await gw.db
        .selectFrom('close_day_unit')
        .select(['unit_key', 'status'])
        .where('day', '=', day)
        .where('step', '=', 'expire-pre-credits')
        .execute()
    ).sort((x, y) => x.unit_key.localeCompare(y.unit_key));
  const asDone = (keys: string[]) =>
    [...keys].sort((x, y) => x.localeCompare(y)).map((unit_key) => ({ unit_key, status: 'DONE' }));
  const closeDay = (day: string) =>
    gw.db
      .selectFrom('close_day')
      .select(['status', 'attempts', 'runner', 'started_at'])
      .where('day', '=', day)
      .executeTakeFirst();

  it('leaves a day killed midway with the units it had done, and the one under way undone', async () => {
    const third = onKilledDay[2]!.split(':')[1]!;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from financing_business where business_id = $1 for update', [third]);
      const job = start(['gateway/src/jobs/cli.ts', '--date', killedDay], { DATABASE_URL: url, DATA_DIR: dataDir });
      children.push(job);
      // Two units done, the third inside its transaction waiting on the row held here.
      await until('two units done and the third waiting', async () => {
        if (job.process.exitCode !== null) throw new Error(`the job exited: ${job.output()}`);
        const done = (await units(killedDay)).filter((u) => u.status === 'DONE').length;
        if (done < 2) return false;
        const waiting = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(gw.db);
        return Number(waiting.rows[0]?.n) > 0;
      });
      job.process.kill('SIGKILL');
      await job.exited;
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(await closeDay(killedDay)).toMatchObject({ status: 'RUNNING', attempts: 1 });
    expect(await units(killedDay)).toEqual(asDone(onKilledDay.slice(0, 2)));
    const state = await gw.db
      .selectFrom('financing_business')
      .select('state')
      .where('business_id', '=', third)
      .executeTakeFirstOrThrow();
    expect(state.state).not.toBe('TERMINATED/EXPIRED');
  }, 240_000);

  const loanFacts = async () => ({
    loan: await gw.db
      .selectFrom('loan')
      .select([sql<string | null>`closed_through::text`.as('closedThrough'), 'risk_class'])
      .where('business_id', '=', loan)
      .executeTakeFirstOrThrow(),
    first: await gw.db
      .selectFrom('installment')
      .select([
        sql<string>`penalty_accrued::text`.as('penalty'),
        sql<string | null>`penalty_through::text`.as('through'),
        'status',
      ])
      .where('business_id', '=', loan)
      .where('period_no', '=', 1)
      .executeTakeFirstOrThrow(),
  });
  const loanUnits = async (day: string) =>
    (
      await gw.db
        .selectFrom('close_day_unit')
        .select('status')
        .where('day', '=', day)
        .where('step', '=', 'close-loans')
        .execute()
    ).map((u) => u.status);

  it('leaves a day killed again inside the loan step with no penalty posted', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from financing_business where business_id = $1 for update', [loan]);
      const job = start(['gateway/src/jobs/cli.ts', '--date', killedDay], { DATABASE_URL: url, DATA_DIR: dataDir });
      children.push(job);
      // The expiries done, the loan step's page inside its transaction waiting on the row held here.
      await until('the loan step waiting', async () => {
        if (job.process.exitCode !== null) throw new Error(`the job exited: ${job.output()}`);
        if ((await units(killedDay)).length < 3) return false;
        const waiting = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(gw.db);
        return Number(waiting.rows[0]?.n) > 0;
      });
      job.process.kill('SIGKILL');
      await job.exited;
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(await closeDay(killedDay)).toMatchObject({ status: 'RUNNING', attempts: 2 });
    expect(await units(killedDay)).toEqual(asDone(onKilledDay));
    expect(await loanUnits(killedDay)).toEqual([]);
    expect(await loanFacts()).toEqual({
      loan: { closedThrough: null, risk_class: 'NORMAL' },
      first: { penalty: '0', through: null, status: 'NOT_DUE' },
    });
  }, 240_000);

  it('lets one of two gateways started together finish that day and catch up the next two, each once', async () => {
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    const a = start(['gateway/src/server.ts'], env);
    const b = start(['gateway/src/server.ts'], env);
    children.push(a, b);
    for (const g of [a, b]) {
      await until('the gateway to listen', async () => {
        if (g.process.exitCode !== null) throw new Error(`a gateway exited: ${g.output()}`);
        return g.output().includes(LISTENING_PREFIX);
      });
    }
    await until('today closed', async () => (await closeDay(today))?.status === 'CLOSED');

    const days = [killedDay, nextDay(killedDay), today];
    const ledger = await Promise.all(days.map(closeDay));
    const runners = [a, b].map((g) => `${g.process.pid}`);
    // The killed day taken up once more (its third attempt), the others once; all by the gateway that won.
    expect(ledger.map((d) => [d?.status, d?.attempts])).toEqual([
      ['CLOSED', 3],
      ['CLOSED', 1],
      ['CLOSED', 1],
    ]);
    expect(new Set(ledger.map((d) => d?.runner)).size).toBe(1);
    expect(runners).toContain(ledger[0]!.runner.split(':').at(-1));
    // In order.
    const started = ledger.map((d) => d!.started_at.getTime());
    expect([...started].sort((x, y) => x - y)).toEqual(started);
    // Each unit once: the killed day's three (two before the kill, one after), today's the rest.
    expect(await units(killedDay)).toEqual(asDone(onKilledDay));
    expect(await units(nextDay(killedDay))).toEqual([]);
    expect(await units(today)).toEqual(asDone(onToday));
    const expired = await gw.db
      .selectFrom('business_event')
      .select(['business_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('action', '=', 'expire')
      .groupBy('business_id')
      .execute();
    const ids = [...onKilledDay, ...onToday].map((k) => k.split(':')[1]);
    expect(expired.filter((e) => ids.includes(e.business_id)).map((e) => Number(e.n))).toEqual(ids.map(() => 1));
    // The loan closed once a day: its penalty from the due date to today, to the 分, and 逾期 once, by the system.
    for (const day of days) expect(await loanUnits(day)).toEqual(['DONE']);
    expect(await loanFacts()).toEqual({
      loan: { closedThrough: today, risk_class: 'SPECIAL_MENTION' },
      first: { penalty: String(penaltyOn(today)), through: today, status: 'OVERDUE' },
    });
    const overdue = await gw.db
      .selectFrom('business_event')
      .select(['actor_id', 'to_state'])
      .where('business_id', '=', loan)
      .where('action', '=', 'overdue')
      .execute();
    expect(overdue).toEqual([{ actor_id: '0', to_state: 'REPAYING/OVERDUE' }]);

    for (const g of [a, b]) g.process.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  }, 300_000);
});

// The daily job across real processes on one PostgreSQL (runs where TEST_DATABASE_URL is set):
// 1. `npm run job` is killed with SIGKILL in the middle of a day (its third unit waits on a row this test holds
//    locked, inside the unit's transaction), leaving two units done and the day RUNNING;
// 2. two gateways started together then take the days up: one wins the claim, finishes the killed day doing
//    only what was left, and catches up the two days after it in order — each day closed once, each business
//    expired once.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTimeOf, dueDay, nextDay } from '../../../src/domain/calendar/close-of-business';
import { PRE_CREDIT_GOVERNS } from '../../../src/domain/financing/pre-credit-rules';
import { LISTENING_PREFIX } from '../config';
import { lapsedPreCredits } from '../modules/pre-credit/store';
import { createTestGateway, type TestGateway } from '../testing/test-gateway';

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
  }, 180_000);

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
    // The killed day taken up once more (its second attempt), the others once; all by the gateway that won.
    expect(ledger.map((d) => [d?.status, d?.attempts])).toEqual([
      ['CLOSED', 2],
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

    for (const g of [a, b]) g.process.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  }, 300_000);
});

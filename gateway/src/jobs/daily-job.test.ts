// The close-of-business runner in one process (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), on the
// app's clock: missed days are caught up in order, a unit that fails is recorded and the others go on, a day
// taken up again after a run that died skips what it had done, and on PostgreSQL a second handle finds the claim
// taken while a run is under way. (Two processes, and SIGKILL: daily-job.processes.test.ts.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTimeOf, nextDay } from '../../../src/domain/calendar/close-of-business';
import { openDatabase } from '../db/database';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../testing/test-gateway';
import { DailyJob } from './daily-job';

const DAY = 86_400_000;
const dayBefore = (day: string, n: number) => new Date(Date.parse(day) - n * DAY).toISOString().slice(0, 10);

describe.each(databasesUnderTest())('the daily job on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let clock = new Date();
  /** What the test step was asked to do, in order: day and unit. */
  const seen: string[] = [];
  const applied: string[] = [];
  let failing = new Set<string>();

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    gw.app.dailyJob.register({
      name: 'test-step',
      order: 0,
      units: async (_db, { day, at }) => {
        seen.push(`${day}@${at.toISOString()}`);
        return ['a', 'b', 'c'].map((key) => ({
          key,
          apply: async (trx) => {
            if (failing.has(`${day}/${key}`)) throw new Error(`单元${key}出错`);
            // An effect in the unit's transaction: undone with it when the unit fails.
            await trx
              .insertInto('setting')
              .values({ key: `test-step/${day}/${key}`, value: '1' })
              .execute();
            applied.push(`${day}/${key}`);
          },
        }));
      },
    });
  });
  afterAll(async () => {
    await gw?.close();
  });

  const ledger = (day: string) =>
    gw.db
      .selectFrom('close_day')
      .select(['status', 'attempts', 'done', 'failed', 'runner'])
      .where('day', '=', day)
      .executeTakeFirst();
  const units = (day: string) =>
    gw.db
      .selectFrom('close_day_unit')
      .select(['unit_key', 'status', 'detail'])
      .where('day', '=', day)
      .where('step', '=', 'test-step')
      .orderBy('unit_key')
      .execute();

  it('closes today on the first run, then catches up three missed days in order, each as of its own 00:10', async () => {
    const today = '2031-03-10';
    clock = new Date(closeTimeOf(today).getTime() + 5 * 60_000);
    const first = await gw.app.dailyJob.closeDays();
    expect(first).toEqual({
      claimed: true,
      days: [
        {
          day: today,
          steps: [
            { step: 'test-step', done: 3, failed: 0 },
            { step: 'expire-pre-credits', done: expect.any(Number), failed: 0 },
            { step: 'expire-decisions', done: expect.any(Number), failed: 0 },
            { step: 'close-loans', done: expect.any(Number), failed: 0 },
            { step: 'signing-deadlines', done: expect.any(Number), failed: 0 },
            { step: 'signing-callbacks', done: expect.any(Number), failed: 0 },
            { step: 'duration-reports', done: expect.any(Number), failed: 0 },
          ],
        },
      ],
    });
    expect(seen).toEqual([`${today}@${clock.toISOString()}`]);

    // Three days with no gateway running: the next start closes them, oldest first.
    seen.length = 0;
    const later = nextDay(nextDay(nextDay(today)));
    clock = new Date(closeTimeOf(later).getTime() + 3 * 3_600_000);
    const caughtUp = await gw.app.dailyJob.closeDays();
    const days = [nextDay(today), nextDay(nextDay(today)), later];
    expect(caughtUp.claimed && caughtUp.days.map((d) => d.day)).toEqual(days);
    expect(seen).toEqual([
      `${days[0]}@${closeTimeOf(days[0]!).toISOString()}`,
      `${days[1]}@${closeTimeOf(days[1]!).toISOString()}`,
      `${later}@${clock.toISOString()}`,
    ]);
    for (const day of days) expect(await ledger(day)).toMatchObject({ status: 'CLOSED', attempts: 1 });

    // Run again that day (a second gateway, a restart): nothing is left to close.
    expect(await gw.app.dailyJob.closeDays()).toEqual({ claimed: true, days: [] });
    expect(applied.filter((a) => a.endsWith('/a'))).toHaveLength(4);
  });

  it('records a unit that fails with its reason, and goes on with the others', async () => {
    const day = '2031-03-14';
    failing = new Set([`${day}/b`]);
    clock = closeTimeOf(day);
    await gw.app.dailyJob.closeDays();
    expect(await units(day)).toEqual([
      { unit_key: 'a', status: 'DONE', detail: null },
      { unit_key: 'b', status: 'FAILED', detail: '单元b出错' },
      { unit_key: 'c', status: 'DONE', detail: null },
    ]);
    // Its effect went with its transaction.
    const written = await gw.db
      .selectFrom('setting')
      .select('key')
      .where('key', 'like', `test-step/${day}/%`)
      .execute();
    expect(written.map((r) => r.key).sort()).toEqual([`test-step/${day}/a`, `test-step/${day}/c`]);
    expect(await ledger(day)).toMatchObject({ status: 'CLOSED', failed: 1 });
  });

  it('takes up a day a dead run left, doing only what it had not done, the failed unit again', async () => {
    const day = '2031-03-15';
    failing = new Set();
    // What a run killed after its first unit leaves behind (b had failed on an earlier attempt).
    await gw.db
      .insertInto('close_day')
      .values({ day, status: 'RUNNING', runner: 'elsewhere:1', started_at: closeTimeOf(day) })
      .execute();
    await gw.db
      .insertInto('close_day_unit')
      .values([
        { day, step: 'test-step', unit_key: 'a', status: 'DONE', runner: 'elsewhere:1', at: closeTimeOf(day) },
        {
          day,
          step: 'test-step',
          unit_key: 'b',
          status: 'FAILED',
          detail: '单元b出错',
          runner: 'elsewhere:1',
          at: closeTimeOf(day),
        },
      ])
      .execute();
    applied.length = 0;
    clock = new Date(closeTimeOf(day).getTime() + 60_000);
    const outcome = await gw.app.dailyJob.closeDays();
    expect(outcome.claimed && outcome.days[0]?.steps[0]).toEqual({ step: 'test-step', done: 2, failed: 0 });
    expect(applied).toEqual([`${day}/b`, `${day}/c`]);
    expect(await units(day)).toEqual([
      { unit_key: 'a', status: 'DONE', detail: null },
      { unit_key: 'b', status: 'DONE', detail: null },
      { unit_key: 'c', status: 'DONE', detail: null },
    ]);
    expect(await ledger(day)).toMatchObject({ status: 'CLOSED', attempts: 2, runner: gw.app.dailyJob.runner });
  });

  it('closes through a day it is given, and no further', async () => {
    clock = new Date(closeTimeOf('2031-03-15').getTime() + 3_600_000);
    const outcome = await gw.app.dailyJob.closeDays({ through: '2031-03-17' });
    expect(outcome.claimed && outcome.days.map((d) => d.day)).toEqual(['2031-03-16', '2031-03-17']);
    expect(seen.at(-1)).toBe(`2031-03-17@${closeTimeOf('2031-03-17').toISOString()}`);
    expect(await gw.app.dailyJob.closeDays({ through: dayBefore('2031-03-17', 5) })).toEqual({
      claimed: true,
      days: [],
    });
  });

  it.skipIf(!databaseUrl)(
    'lets one run at a time claim the days: another connection finds the claim taken',
    async () => {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(gw.db)).rows[0]!.s;
      const other = await openDatabase({ url: gw.databaseUrl!, schema });
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => undefined;
      const under = new Promise<void>((resolve) => {
        started = resolve;
      });
      try {
        const first = new DailyJob(gw.db, () => clock, quiet);
        first.register({
          name: 'blocking',
          order: 0,
          units: async () => {
            started();
            await held;
            return [];
          },
        });
        clock = closeTimeOf('2031-03-18');
        const running = first.closeDays();
        await under;
        expect(await new DailyJob(other.db, () => clock, quiet).closeDays()).toEqual({ claimed: false });
        release();
        expect(await running).toMatchObject({ claimed: true, days: [{ day: '2031-03-18' }] });
        // Freed with the run: the other closes what is left.
        clock = closeTimeOf('2031-03-19');
        expect(await new DailyJob(other.db, () => clock, quiet).closeDays()).toMatchObject({
          claimed: true,
          days: [{ day: '2031-03-19' }],
        });
      } finally {
        release();
        await other.db.destroy();
      }
    },
  );

  it('reads a step’s units a page at a time; a page that cannot be read is recorded and taken up again', async () => {
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const job = new DailyJob(gw.db, () => clock, quiet);
    const read: string[] = [];
    let broken = true;
    job.register({
      name: 'paged',
      order: 0,
      units: async function* (_db, { day }) {
        for (const page of ['p1', 'p2']) {
          read.push(`${day}/${page}`);
          if (page === 'p2' && broken) throw new Error('第二页读取失败');
          yield {
            key: page,
            apply: async (trx) => {
              await trx
                .insertInto('setting')
                .values({ key: `paged/${day}/${page}`, value: '1' })
                .execute();
            },
          };
        }
      },
    });
    const day = '2031-03-22';
    clock = closeTimeOf(day);
    const first = await job.closeDays();
    // The first page done before the second was read: one page held at a time.
    expect(first.claimed && first.days.at(-1)?.steps[0]).toEqual({ step: 'paged', done: 1, failed: 1 });
    expect(read.filter((r) => r.startsWith(day))).toEqual([`${day}/p1`, `${day}/p2`]);
    const paged = () =>
      gw.db
        .selectFrom('close_day_unit')
        .select(['unit_key', 'status', 'detail'])
        .where('day', '=', day)
        .where('step', '=', 'paged')
        .orderBy('unit_key')
        .execute();
    expect(await paged()).toEqual([
      { unit_key: '*', status: 'FAILED', detail: '第二页读取失败' },
      { unit_key: 'p1', status: 'DONE', detail: null },
    ]);
    // The day run again (a resumed day): the page done is skipped, the other done.
    broken = false;
    await gw.db.updateTable('close_day').set({ status: 'RUNNING' }).where('day', '=', day).execute();
    const again = await job.closeDays();
    expect(again.claimed && again.days.map((d) => d.day)).toEqual([day]);
    expect(again.claimed && again.days[0]?.steps[0]).toEqual({ step: 'paged', done: 1, failed: 0 });
    expect((await paged()).filter((u) => u.status === 'DONE').map((u) => u.unit_key)).toEqual(['p1', 'p2']);
  });
});

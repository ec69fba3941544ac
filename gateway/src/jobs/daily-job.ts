// The close-of-business runner (BUSINESS.md "The daily job"): the steps the modules register, run for each Beijing
// day not yet closed, in order, by one process at a time.
//
// - The ledger: a `close_day` row per day (RUNNING, then CLOSED) and a `close_day_unit` row per unit of work,
//   written in the transaction of the unit's own effect. A run killed midway leaves its done units recorded and
//   its unfinished one rolled back; the next run skips the first and does the second, so nothing is done twice.
//   The unit's row is written first in that transaction, so even two runs at once (a claim lost with its
//   connection) cannot both do a unit: the second waits on the first's row and finds it done.
// - The claim: a PostgreSQL session advisory lock, tried (never waited for) on one connection held for the run.
//   The server frees it when that connection ends, so a process killed with SIGKILL leaves no stuck claim and
//   no lease to wait out; a process that does not win leaves the day to the one that did. PGlite is one
//   process and one backend, where the lock always succeeds: there the in-process guard below keeps runs apart.
// - The days: from a day a run left unfinished, or else the day after the last one closed, through today (the
//   latest day whose 00:10 has come on the app's clock) or a given day (`npm run job -- --date`), skipping any
//   closed meanwhile; a first run ever starts at today.
// - A step lists what is due on the day each time it runs (a large book a page at a time, so the run holds one
//   page, not the book); a unit that fails is recorded and logged with its reason, and the others go on; it is
//   tried again when the day is run again (a resumed day), and a step whose units are judged as of the day (an
//   expiry) finds it again on the next day.
import { hostname } from 'node:os';
import { type Kysely, type Transaction, sql } from 'kysely';
import { daysThrough, closeTimeOf, dueDay, nextDay } from '../../../src/domain/calendar/close-of-business';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import './tables';

export interface DayContext {
  /** The Beijing day being closed, 'YYYY-MM-DD'. */
  day: string;
  /** The instant its work is done as of: the app's clock on the day itself, the day's 00:10 for another day. */
  at: Date;
}

/** One piece of a step's work on a day, done once. */
export interface CloseUnit {
  /** Names the unit among its step's on the day (a business: tenant and id). */
  key: string;
  /** The unit's effect, in the transaction that records it done: both hold or neither does. */
  apply(trx: Transaction<Database>): Promise<void>;
}

/** A part of the daily job, registered by the module that owns the work. */
export interface CloseStep {
  /** Recorded in the ledger with each unit; unique in the app. */
  name: string;
  /** Steps run in this order (then by name). */
  order: number;
  /**
   * What is due on the day, read afresh each run: a list, or pages of it as they are read (a book of loans), so
   * the run holds one page at a time however large the book.
   */
  units(db: Kysely<Database>, ctx: DayContext): Promise<readonly CloseUnit[]> | AsyncIterable<CloseUnit>;
}

export interface LogSink {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface StepOutcome {
  step: string;
  done: number;
  failed: number;
}

export interface ClosedDay {
  day: string;
  /** The units done by this run, per step (a resumed day counts only what was left). */
  steps: StepOutcome[];
}

export type CloseOutcome =
  /** Another process holds the claim: it is closing the days. */
  { claimed: false } | { claimed: true; days: ClosedDay[] };

/** The unit was recorded done before this run came to it (another run, or this day's earlier attempt). */
class AlreadyDone extends Error {}

/** Per database handle: the runs of this process on it, one after another. */
const runsOn = new WeakMap<object, Promise<unknown>>();

/** The claim's key: one per schema, so schemas of one PostgreSQL (test runs) close their days apart. */
const claimKey = sql`hashtext('scf.close-of-business.' || current_schema())`;

/**
 * The daily job of one app instance: its steps (each module registers its own when the app is built) and the
 * runner over them. Built per app, so two app instances in one process share no steps.
 */
export class DailyJob {
  private readonly registered = new Map<string, CloseStep>();
  private stopping = false;
  /** The process as the ledger names it. */
  readonly runner = `${hostname()}:${process.pid}`;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: LogSink,
  ) {}

  register(step: CloseStep): void {
    if (this.registered.has(step.name)) throw new Error(`Daily job step '${step.name}' is registered twice`);
    this.registered.set(step.name, step);
  }

  /** The steps in the order they run. */
  steps(): CloseStep[] {
    return [...this.registered.values()].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  }

  /** Stops between units: the day under way stays RUNNING and is taken up by the next run. */
  stop(): void {
    this.stopping = true;
  }

  /**
   * Closes every day not yet closed through `through` (today on the app's clock unless given), in order, when
   * this process wins the claim; runs asked for meanwhile in this process wait for it.
   */
  closeDays(options: { through?: string } = {}): Promise<CloseOutcome> {
    const go = () => this.claimed(() => this.closeThrough(options.through ?? dueDay(this.clock())));
    const run = (runsOn.get(this.db) ?? Promise.resolve()).then(go, go);
    runsOn.set(
      this.db,
      run.catch(() => undefined),
    );
    return run;
  }

  private async claimed(work: () => Promise<ClosedDay[]>): Promise<CloseOutcome> {
    return this.db.connection().execute(async (connection) => {
      const won = await sql<{ won: boolean }>`select pg_try_advisory_lock(${claimKey}) as won`.execute(connection);
      if (!won.rows[0]?.won) return { claimed: false };
      try {
        return { claimed: true, days: await work() };
      } finally {
        await sql`select pg_advisory_unlock(${claimKey})`.execute(connection).catch(() => undefined);
      }
    });
  }

  private async closeThrough(through: string): Promise<ClosedDay[]> {
    const ledger = await this.db
      .selectFrom('close_day')
      .select([
        sql<string | null>`max(day) filter (where status = 'CLOSED')::text`.as('lastClosed'),
        sql<string | null>`min(day) filter (where status = 'RUNNING')::text`.as('firstOpen'),
      ])
      .executeTakeFirst();
    const today = dueDay(this.clock());
    // A day a run left unfinished first, then the days after the last closed; a first run ever starts today.
    const from =
      ledger?.firstOpen ?? (ledger?.lastClosed ? nextDay(ledger.lastClosed) : today < through ? today : through);
    const closedSince = new Set(
      (
        await this.db
          .selectFrom('close_day')
          .select(sql<string>`day::text`.as('day'))
          .where('status', '=', 'CLOSED')
          .where('day', '>=', from)
          .execute()
      ).map((r) => r.day),
    );
    const closed: ClosedDay[] = [];
    for (const day of daysThrough(from, through)) {
      if (this.stopping) break;
      if (!closedSince.has(day)) closed.push(await this.closeDay(day));
    }
    return closed;
  }

  private async closeDay(day: string): Promise<ClosedDay> {
    const now = this.clock();
    const ctx: DayContext = { day, at: businessDay(now) === day ? now : closeTimeOf(day) };
    await this.db
      .insertInto('close_day')
      .values({ day, status: 'RUNNING', runner: this.runner, started_at: now })
      .onConflict((oc) => oc.column('day').doUpdateSet({ runner: this.runner, attempts: sql`close_day.attempts + 1` }))
      .execute();
    this.log.info({ day, runner: this.runner }, 'closing the day');

    const steps: StepOutcome[] = [];
    for (const step of this.steps()) {
      if (this.stopping) return { day, steps };
      steps.push(await this.runStep(step, ctx));
    }

    const counts = await this.db
      .selectFrom('close_day_unit')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('day', '=', day)
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    await this.db
      .updateTable('close_day')
      .set({ status: 'CLOSED', finished_at: this.clock(), done: count('DONE'), failed: count('FAILED') })
      .where('day', '=', day)
      .execute();
    this.log.info({ day, steps }, 'day closed');
    return { day, steps };
  }

  private async runStep(step: CloseStep, ctx: DayContext): Promise<StepOutcome> {
    const outcome: StepOutcome = { step: step.name, done: 0, failed: 0 };
    let units: readonly CloseUnit[] | AsyncIterable<CloseUnit>;
    try {
      units = await step.units(this.db, ctx);
    } catch (error) {
      // The step could not even say what is due: recorded as its own failed unit, the other steps go on.
      outcome.failed += 1;
      await this.recordFailure(step, ctx, '*', error);
      return outcome;
    }
    const listed = Symbol.asyncIterator in units ? (units as AsyncIterable<CloseUnit>)[Symbol.asyncIterator]() : null;
    const done = new Set(
      (
        await this.db
          .selectFrom('close_day_unit')
          .select('unit_key')
          .where('day', '=', ctx.day)
          .where('step', '=', step.name)
          .where('status', '=', 'DONE')
          .execute()
      ).map((r) => r.unit_key),
    );
    const list = listed ? [] : (units as readonly CloseUnit[]);
    for (let k = 0; ; k++) {
      if (this.stopping) break;
      let unit: CloseUnit | undefined;
      if (listed) {
        try {
          const next = await listed.next();
          unit = next.done ? undefined : next.value;
        } catch (error) {
          // A page could not be read: the step stops there, recorded, and the day's next run takes it up.
          outcome.failed += 1;
          await this.recordFailure(step, ctx, '*', error);
          break;
        }
      } else unit = list[k];
      if (!unit) break;
      if (done.has(unit.key)) continue;
      try {
        await this.db.transaction().execute(async (trx) => {
          const recorded = await trx
            .insertInto('close_day_unit')
            .values({
              day: ctx.day,
              step: step.name,
              unit_key: unit.key,
              status: 'DONE',
              runner: this.runner,
              at: this.clock(),
            })
            .onConflict((oc) =>
              oc
                .columns(['day', 'step', 'unit_key'])
                .doUpdateSet({ status: 'DONE', detail: null, runner: this.runner, at: this.clock() })
                .where('close_day_unit.status', '=', 'FAILED'),
            )
            .executeTakeFirst();
          if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AlreadyDone();
          await unit.apply(trx);
        });
        outcome.done += 1;
      } catch (error) {
        if (error instanceof AlreadyDone) continue;
        outcome.failed += 1;
        await this.recordFailure(step, ctx, unit.key, error);
      }
    }
    return outcome;
  }

  private async recordFailure(step: CloseStep, ctx: DayContext, key: string, error: unknown): Promise<void> {
    const detail = error instanceof Error ? error.message : String(error);
    this.log.warn({ day: ctx.day, step: step.name, unit: key, err: error }, 'daily job unit failed');
    try {
      await this.db
        .insertInto('close_day_unit')
        .values({
          day: ctx.day,
          step: step.name,
          unit_key: key,
          status: 'FAILED',
          detail,
          runner: this.runner,
          at: this.clock(),
        })
        .onConflict((oc) =>
          oc
            .columns(['day', 'step', 'unit_key'])
            .doUpdateSet({ detail, runner: this.runner, at: this.clock() })
            .where('close_day_unit.status', '=', 'FAILED'),
        )
        .execute();
    } catch (recording) {
      this.log.error(
        { day: ctx.day, step: step.name, unit: key, err: recording },
        'daily job could not record a failure',
      );
    }
  }
}

// The demo tenant reads the same whenever it is first started (seed-days.ts): seeded afresh on two days more
// than a year apart — one a Beijing morning, one late on a Beijing evening — every row of every table stands as
// many days before its seed, nothing is dated after it but what looks ahead (a due date, an end of validity),
// and the businesses the seeds walk end in the same states by the same moves on the same days: each move was
// judged by the lifecycle's rules on its own day, so a day that let it on one start lets it on the other.
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { databasesUnderTest, runOnce } from '../../testing/test-gateway';
import { seededDays } from '../../testing/seeded-days';
import { type Database, openDatabase } from '../database';
import { migrate } from '../migrate';
import { seedDemo } from './demo-seed';

const DAY = 86_400_000;

/** The columns that name a day ahead of the seed: a due date, the end of a validity, a meeting still to come. */
const AHEAD = [
  'due_date',
  'valid_to',
  'valid_until',
  'expires_at',
  'effective_to',
  'scheduled_at',
  'decision_valid_until',
  // A loan still being repaid: its maturity and its next installment's due day.
  'maturity_date',
  'next_due_date',
  // A signing's deadline, seven days after it was sent, also once its signers have signed.
  'deadline',
];
/** The days of history a seed names as they are: when an enterprise was founded. */
const FIXED = ['established_on'];

/** Each walked business as its state and its moves, each move as its day before the seed, action and state. */
async function businessesOf(db: Kysely<Database>, now: Date): Promise<string[]> {
  const today = Date.parse(businessDay(now));
  const events = await db
    .selectFrom('business_event')
    .select(['business_id', 'action', 'to_state', 'at'])
    .orderBy('at')
    .orderBy('version')
    .execute();
  const businesses = await db.selectFrom('financing_business').select(['business_id', 'state']).execute();
  return businesses
    .map((b) => {
      const moves = events
        .filter((e) => e.business_id === b.business_id)
        .map((e) => `${(today - Date.parse(businessDay(new Date(e.at)))) / DAY}:${e.action}>${e.to_state}`);
      return `${b.state} ← ${moves.join(' ')}`;
    })
    .sort();
}

/**
 * Each loan's story: a due day on a weekend or holiday moves to the next working day and a 存续期检查报告 is due
 * each calendar month, so the days after the loan follow the calendar; what is the same on any start is the walk up
 * to the loan (its moves on the same days), the day it was lent, its end state, the overdue bucket it is in and its
 * risk class.
 */
async function loansOf(db: Kysely<Database>, now: Date): Promise<string[]> {
  const today = Date.parse(businessDay(now));
  const loans = await sql<{
    business_id: string;
    state: string;
    loan_date: string;
    overdue_days: number;
    risk: string;
  }>`
    select l.business_id, b.state, l.loan_date::text, l.overdue_days, l.risk_class as risk
    from loan l join financing_business b on b.business_id = l.business_id`.execute(db);
  const events = await db
    .selectFrom('business_event')
    .select(['business_id', 'action', 'to_state', 'at'])
    .orderBy('at')
    .orderBy('version')
    .execute();
  const bucket = (d: number) => (d === 0 ? '0' : d <= 30 ? '1-30' : d <= 90 ? '31-90' : '>90');
  return loans.rows
    .map((l) => {
      const moves = events
        .filter((e) => e.business_id === l.business_id)
        .map((e) => `${(today - Date.parse(businessDay(new Date(e.at)))) / DAY}:${e.action}>${e.to_state}`);
      const toLoan = moves.slice(0, moves.findIndex((m) => m.endsWith('>REPAYING/NORMAL')) + 1);
      const lent = (today - Date.parse(l.loan_date)) / DAY;
      return `${l.state} lent ${lent} overdue ${bucket(Number(l.overdue_days))} ${l.risk} ← ${toLoan.join(' ')}`;
    })
    .sort();
}

/**
 * The moves a supplier lock against new applications refuses (a demand accepted, a 预授信 or 融资申请 submitted)
 * that were made while one of their supplier's was live: the seeds write the risk area's locks after the walks,
 * so only their dates tell whether the lock would have let the move be made.
 */
async function movesUnderLock(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ business_id: string; action: string; lock_id: string }>`
    select e.business_id, e.action, l.lock_id
    from business_event e
    join financing_business b on b.business_id = e.business_id
    join supplier_lock l on l.tenant_id = b.tenant_id and l.supplier_id = b.supplier_id
    where (e.action = 'accept' or (e.action = 'submit' and e.stage in ('PRE_CREDIT', 'APPLICATION')))
      and l.scope in ('NEW_APPLICATION', 'ALL')
      and l.created_at <= e.at and (l.unlocked_at is null or l.unlocked_at > e.at)`.execute(db);
  return rows.rows.map((r) => `${r.action} of ${r.business_id} under lock ${r.lock_id}`);
}

/**
 * The seeded meetings whose days break the meeting's own order: made once its businesses await it, at least a day
 * before it is held (the notice's lead, BUSINESS.md §1.4), every vote cast once it is held, the minutes sent once
 * the last vote is cast.
 */
async function meetingsOutOfOrder(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ meeting_id: string }>`
    select m.meeting_id
    from review_meeting m
    join review_meeting_vote v on v.meeting_id = m.meeting_id
    group by m.meeting_id, m.created_at, m.scheduled_at, m.minutes_submitted_at
    having m.created_at > m.scheduled_at - interval '1 day'
      or min(v.voted_at) < m.scheduled_at
      or m.minutes_submitted_at < max(v.voted_at)
      or exists (
        select 1 from review_meeting_item i
        join business_event e on e.business_id = i.business_id
        where i.meeting_id = m.meeting_id and e.to_state = 'MEETING/WAIT_SCHEDULE' and e.at > m.created_at
      )`.execute(db);
  return rows.rows.map((r) => `meeting ${r.meeting_id}`);
}

/**
 * The migrations of one seed after the other's: on PostgreSQL the migrator holds a lock of the whole database while
 * it migrates a schema, and the second would wait for it past its statement's time limit. The seeds then overlap.
 */
let migrating: Promise<unknown> = Promise.resolve();

/** A database migrated and demo-seeded afresh on `now`, read back as days before it. */
async function seededOn(databaseUrl: string | undefined, now: Date) {
  const schema = `seed_days_${randomBytes(6).toString('hex')}`;
  if (databaseUrl) await runOnce(databaseUrl, `create schema ${schema}`);
  const { db } = await openDatabase(databaseUrl ? { url: databaseUrl, schema } : { memory: true });
  try {
    const migrated = migrating.then(() => migrate(db));
    migrating = migrated.catch(() => undefined);
    await migrated;
    await seedDemo(db, now);
    const lent = (await db.selectFrom('loan').select('business_id').execute()).map((l) => l.business_id);
    return {
      ...(await seededDays(db, now, { ahead: AHEAD, fixed: FIXED, exceptBusinesses: lent })),
      businesses: (await businessesOf(db, now)).filter((b) => !b.includes('>REPAYING/') && !b.includes('>SETTLED')),
      loans: await loansOf(db, now),
      movesUnderLock: await movesUnderLock(db),
      meetingsOutOfOrder: await meetingsOutOfOrder(db),
      meetings: await db.selectFrom('review_meeting').select('meeting_id').execute(),
    };
  } finally {
    await db.destroy();
    if (databaseUrl) await runOnce(databaseUrl, `drop schema if exists ${schema} cascade`);
  }
}

// The seed's dates are the seed's, not the database's: one database tells it (PostgreSQL when the run has one),
// since each pass seeds the whole demo twice.
describe.each(databasesUnderTest().slice(-1))('the demo seed on $name', ({ databaseUrl }) => {
  it('dates every row back from the day it runs, so a start 400 days later tells the same story', async () => {
    // The two seeds share nothing (a schema each), so they run side by side: on PostgreSQL each waits on the
    // server most of the time, and the other works meanwhile.
    const [first, later] = await Promise.all([
      seededOn(databaseUrl, new Date('2026-03-10T01:30:00Z')),
      seededOn(databaseUrl, new Date('2027-04-14T15:30:00Z')),
    ]);
    expect(first.late).toEqual([]);
    expect(later.late).toEqual([]);
    expect(later.loans).toEqual(first.loans);
    expect(first.loans).toHaveLength(6);
    expect(later.days).toEqual(first.days);
    expect(later.businesses).toEqual(first.businesses);
    expect(first.movesUnderLock).toEqual([]);
    expect(first.meetings.length).toBeGreaterThan(0);
    expect(first.meetingsOutOfOrder).toEqual([]);
    expect(later.meetingsOutOfOrder).toEqual([]);
    // The walks did walk: businesses at every stage the seeds take them to, each with its moves.
    expect(first.businesses.length).toBeGreaterThan(30);
    expect(new Set(first.businesses.map((b) => b.split(' ← ')[0])).size).toBeGreaterThan(10);
  }, 600_000);
});

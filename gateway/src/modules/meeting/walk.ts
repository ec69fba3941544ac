// A review meeting walked by the seeded committee through the meeting's own functions, for the demo seed and the
// browser specs that begin after a meeting: the secretary (钱芳) makes it for the businesses awaiting one, sends
// the notice and opens the vote; the chair (郑国华) and member1–3 vote; the secretary closes the vote, records
// each item's conclusion as its tally allows and sends the minutes to the chair, whose review is the caller's.
// Its days keep the meeting's order, all before `now` as the seed's do: made and noticed two days before, held
// a day before (the notice at least a day ahead, BUSINESS.md §1.4) and voted on at the table, the minutes sent
// at `now`.
import type { Kysely } from 'kysely';
import type { Opinion } from '../../../../src/domain/financing/meeting-tally';
import type { Database } from '../../db/database';
import { daysBefore } from '../../db/seed/seed-days';
import { LIFECYCLE_ACCOUNTS } from '../business/seed';
import {
  type MeetingActor,
  type MeetingView,
  castVote,
  createMeeting,
  loadMeeting,
  meetingActor,
  recordConclusion,
  submitMinutes,
  transitionMeeting,
} from './repository';

const COMMITTEE = ['secretary', 'chair', 'member1', 'member2', 'member3'] as const;
const VOTERS = ['chair', 'member1', 'member2', 'member3'] as const;
type Voter = (typeof VOTERS)[number];

/** The seeded committee as the meeting's functions take them: each one's roles and grants. */
export async function seededCommittee(
  db: Kysely<Database>,
  tenantId: string,
): Promise<Record<(typeof COMMITTEE)[number], MeetingActor>> {
  const actors = await Promise.all(
    COMMITTEE.map(async (name) => {
      const account = LIFECYCLE_ACCOUNTS.find((a) => a.userName === name);
      if (!account) throw new Error(`no seeded person ${name}`);
      return [name, await meetingActor(db, tenantId, account.userId)] as const;
    }),
  );
  return Object.fromEntries(actors) as Record<(typeof COMMITTEE)[number], MeetingActor>;
}

export interface MeetingWalk {
  title: string;
  location: string;
  businessIds: readonly string[];
  /** Each voter's vote on item `seq`; 同意 unless given. */
  vote?: (voter: Voter, seq: number) => { opinion: Opinion; conditions?: readonly string[]; comment?: string };
  /** The minutes recorded with each conclusion. */
  minutes?: string;
}

const MINUTE = 60_000;

/**
 * The meeting, its minutes at the chair's review (通过, 有条件通过 where a vote set conditions) at `now`, the
 * meeting made and held on the days before (the businesses have awaited it since before then).
 */
export async function walkToChairReview(
  db: Kysely<Database>,
  tenantId: string,
  walk: MeetingWalk,
  now: Date,
): Promise<MeetingView> {
  const people = await seededCommittee(db, tenantId);
  const secretary = people.secretary;
  const noticed = daysBefore(now, 2, 9);
  const held = daysBefore(now, 1, 10);
  const atTable = (minutes: number) => new Date(held.getTime() + minutes * MINUTE);
  const { meetingId } = await createMeeting(
    db,
    tenantId,
    {
      title: walk.title,
      form: 'ON_SITE',
      location: walk.location,
      scheduledAt: held.toISOString(),
      chairId: people.chair.userId,
      secretaryId: secretary.userId,
      members: VOTERS.map((v) => ({ userId: people[v].userId, role: v === 'chair' ? 'CHAIR' : 'MEMBER' })),
      agenda: walk.businessIds.map((businessId) => ({ businessId })),
    },
    secretary,
    noticed,
  );
  let m = await transitionMeeting(db, tenantId, { meetingId, action: 'notify', version: 1 }, secretary, noticed);
  m = await transitionMeeting(
    db,
    tenantId,
    { meetingId, action: 'openVoting', version: m.version },
    secretary,
    atTable(0),
  );
  for (const item of m.items) {
    for (const voter of VOTERS) {
      const vote = walk.vote?.(voter, item.seq) ?? { opinion: 'AGREE' as const };
      await castVote(
        db,
        tenantId,
        { meetingId, seq: item.seq, memberId: people[voter].userId, ...vote },
        people[voter],
        atTable(item.seq),
      );
    }
  }
  m = await transitionMeeting(
    db,
    tenantId,
    { meetingId, action: 'closeVoting', version: m.version },
    secretary,
    atTable(m.items.length + 1),
  );
  for (const item of m.items) {
    await recordConclusion(
      db,
      tenantId,
      {
        meetingId,
        seq: item.seq,
        conclusion: item.tally.conditions.length ? 'PASSED_WITH_CONDITIONS' : 'PASSED',
        ...(walk.minutes ? { minutes: walk.minutes } : {}),
      },
      secretary,
      now,
    );
  }
  m = await loadMeeting(db, tenantId, meetingId);
  return submitMinutes(db, tenantId, { meetingId, version: m.version }, secretary, now);
}

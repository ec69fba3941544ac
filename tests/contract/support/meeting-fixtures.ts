// Provider states of the review-meeting contract: the secretary or member1 signed in, one business of the demo
// tenant at MEETING/WAIT_SCHEDULE (fixed id; the report stage that brings a business there is not built yet, so
// the state puts it there), and the pact meeting (fixed id) in the status the interaction needs — none, a draft,
// voting, or closed with every vote cast. Each state puts the rows back.
import type { Kysely } from 'kysely';
import { defaultAuditType, snapshotReview, startReview } from '../../../src/domain/financing/review';
import { ROLE } from '../../../src/domain/financing/roles';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const MeetingState = {
  awaiting: 'secretary is signed in and a business awaits a meeting',
  draft: 'secretary is signed in and the pact meeting is a draft',
  votingMember: 'member1 is signed in and the pact meeting is voting',
  votingSecretary: 'secretary is signed in and the pact meeting is voting',
  closed: 'secretary is signed in and the pact meeting is closed with every vote cast',
  concluded: 'secretary is signed in and the pact meeting is closed with its item concluded 通过',
  minutesPending: 'chair is signed in and the minutes of the pact meeting await review',
} as const;

export const MEETING_TOKEN = {
  secretary: 'pact-token-secretary-00000000000000000000',
  member1: 'pact-token-member1-0000000000000000000000',
  chair: 'pact-token-chair-000000000000000000000000',
} as const;

export const PACT_MEETING_ID = '2570000000000000001';
export const PACT_MEETING_BUSINESS_ID = '2570000000000000002';
/** The seeded people of the README (business/seed.ts). */
export const MeetingPeople = {
  secretary: '1300000000000000106',
  chair: '1300000000000000107',
  member1: '1300000000000000108',
  member2: '1300000000000000109',
  member3: '1300000000000000110',
} as const;

const VOTERS = [MeetingPeople.chair, MeetingPeople.member1, MeetingPeople.member2, MeetingPeople.member3];

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-11-26T02:00:00Z');

  const reset = async () => {
    // What the business's moves wrote first (the decision names the meeting): its timeline and its decision.
    for (const table of ['element_item', 'financing_decision', 'business_event']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_MEETING_BUSINESS_ID).execute();
    }
    for (const table of ['review_meeting_vote', 'review_meeting_item', 'review_meeting_member', 'review_meeting']) {
      await db.deleteFrom(table).where('meeting_id', '=', PACT_MEETING_ID).execute();
    }
    // A meeting a previous interaction made (新增) on the pact business.
    const made = await db
      .selectFrom('review_meeting_item')
      .select('meeting_id')
      .where('business_id', '=', PACT_MEETING_BUSINESS_ID)
      .execute();
    for (const { meeting_id } of made) {
      for (const table of ['review_meeting_vote', 'review_meeting_item', 'review_meeting_member', 'review_meeting']) {
        await db.deleteFrom(table).where('meeting_id', '=', meeting_id).execute();
      }
    }
    await db.deleteFrom('business_event').where('business_id', '=', PACT_MEETING_BUSINESS_ID).execute();
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_MEETING_BUSINESS_ID).execute();
    await db
      .insertInto('financing_business')
      .values({
        business_id: PACT_MEETING_BUSINESS_ID,
        tenant_id: DEMO_TENANT_ID,
        business_no: 'RZ202611269901',
        supplier_id: DemoOrg.huadongBuildingMaterials,
        state: 'MEETING/WAIT_SCHEDULE',
        stage: 'MEETING',
        apply_amount: 1_000_000_00,
        created_at: at,
        updated_at: at,
        version: 1,
      })
      .execute();
  };

  const meeting = async (status: string, version: number, votes: boolean) => {
    await db
      .insertInto('review_meeting')
      .values({
        meeting_id: PACT_MEETING_ID,
        tenant_id: DEMO_TENANT_ID,
        meeting_no: 'HY202611269901',
        title: '契约评审会',
        form: 'ON_SITE',
        scheduled_at: new Date('2099-12-01T02:00:00Z'),
        location: '8楼会议室',
        chair_id: MeetingPeople.chair,
        secretary_id: MeetingPeople.secretary,
        status,
        created_by: MeetingPeople.secretary,
        created_at: at,
        updated_at: at,
        version,
      })
      .execute();
    await db
      .insertInto('review_meeting_member')
      .values(
        VOTERS.map((userId, i) => ({
          meeting_id: PACT_MEETING_ID,
          tenant_id: DEMO_TENANT_ID,
          user_id: userId,
          role: i === 0 ? 'CHAIR' : 'MEMBER',
          attendance: votes ? 'PRESENT' : null,
        })),
      )
      .execute();
    await db
      .insertInto('review_meeting_item')
      .values({
        meeting_id: PACT_MEETING_ID,
        tenant_id: DEMO_TENANT_ID,
        seq: 1,
        business_id: PACT_MEETING_BUSINESS_ID,
        conditions: '[]',
      })
      .execute();
    if (!votes) return;
    await db
      .insertInto('review_meeting_vote')
      .values(
        VOTERS.map((userId) => ({
          meeting_id: PACT_MEETING_ID,
          tenant_id: DEMO_TENANT_ID,
          seq: 1,
          member_id: userId,
          opinion: 'AGREE',
          conditions: '[]',
          comment: '',
          voted_at: at,
        })),
      )
      .execute();
  };

  /** The item concluded 通过 and the business at the state the minutes' step leaves it in. */
  const concluded = async (state: string, review: unknown) => {
    await db
      .updateTable('review_meeting_item')
      .set({ conclusion: 'PASSED', concluded_by: MeetingPeople.secretary, concluded_at: at })
      .where('meeting_id', '=', PACT_MEETING_ID)
      .execute();
    await db
      .updateTable('financing_business')
      .set({ state, review: review === null ? null : JSON.stringify(review), version: 4 })
      .where('business_id', '=', PACT_MEETING_BUSINESS_ID)
      .execute();
  };

  const signIn = (who: keyof typeof MEETING_TOKEN) =>
    issueToken(gateway.db, { userName: who, token: MEETING_TOKEN[who] });

  return {
    [MeetingState.awaiting]: async () => {
      await signIn('secretary');
      await reset();
    },
    [MeetingState.draft]: async () => {
      await signIn('secretary');
      await reset();
      await meeting('DRAFT', 1, false);
    },
    [MeetingState.votingMember]: async () => {
      await signIn('member1');
      await reset();
      await meeting('VOTING', 3, false);
    },
    [MeetingState.votingSecretary]: async () => {
      await signIn('secretary');
      await reset();
      await meeting('VOTING', 3, false);
    },
    [MeetingState.closed]: async () => {
      await signIn('secretary');
      await reset();
      await meeting('CLOSED', 4, true);
    },
    [MeetingState.concluded]: async () => {
      await signIn('secretary');
      await reset();
      await meeting('CLOSED', 4, true);
      await concluded('MEETING/VOTED', null);
    },
    [MeetingState.minutesPending]: async () => {
      await signIn('chair');
      await reset();
      await meeting('CLOSED', 5, true);
      // The chair's review as the secretary's 提交纪要 snapshotted it: level 1, the chair.
      const snapshot = snapshotReview(
        defaultAuditType('MEETING'),
        MeetingPeople.secretary,
        (role) => (role === ROLE.CHAIR ? [MeetingPeople.chair] : []),
        null,
      );
      if (!snapshot.ok) throw new Error(snapshot.message);
      await concluded('MEETING/PENDING', startReview(snapshot.snapshot));
      await db
        .updateTable('review_meeting')
        .set({ minutes_submitted_at: at, minutes_submitted_by: MeetingPeople.secretary })
        .where('meeting_id', '=', PACT_MEETING_ID)
        .execute();
    },
  };
};

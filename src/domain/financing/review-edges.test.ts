// Multi-level review, the workbench's words, the meeting's votes and the decision's conditions at their
// edges: a reviewer of an 或签 level acting out of order, a 依次 level completed in order, approvals of another
// level not counted, a return to the current level; 停留时长 at the hour and the day; a condition left blank
// beside a real one; the chair's changes of a conclusion; conditions kept with spaces around them.
import { describe, expect, it } from 'vitest';
import { prefillDecision, submitDecisionProblems } from './decision';
import { effectiveCap } from '../parameters/effective-cap';
import { chairRevisionRefusal, MeetingMessage, voteRefusal } from './meeting-rules';
import { tallyAgendaItem } from './meeting-tally';
import { approve, reject, rejectionHandler, type ReviewLevelSnapshot, reviewRefusal, type ReviewState } from './review';
import { doneItemLabel, formatWaiting } from './review-queue';

const level = (reviewerIds: string[], extra: Partial<ReviewLevelSnapshot> = {}): ReviewLevelSnapshot => ({
  roles: [],
  userIds: [],
  approveMethod: 'ANY',
  rejectHandler: 'RETURN_TO_MAKER',
  reviewerIds,
  ...extra,
});
const state = (levels: ReviewLevelSnapshot[], at = 1, opinions: ReviewState['opinions'] = []): ReviewState => ({
  snapshot: { type: 'APPLICATION', makerId: 'op', levels },
  level: at,
  opinions,
});

describe('review levels', () => {
  it('或签 and 会签 take their reviewers in any order; 依次 in the configured one', () => {
    expect(reviewRefusal(state([level(['r1', 'r2'])]), 'r2')).toBeNull();
    expect(reviewRefusal(state([level(['r1', 'r2'], { approveMethod: 'ALL' })]), 'r2')).toBeNull();
    expect(reviewRefusal(state([level(['r1', 'r2'], { approveMethod: 'SEQUENTIAL' })]), 'r2')).not.toBeNull();
  });

  it('依次 completes once every reviewer has approved in turn', () => {
    const s = state([level(['r1', 'r2'], { approveMethod: 'SEQUENTIAL' })]);
    const first = approve(s, 'r1');
    expect(first.kind).toBe('pending');
    expect(approve(first.state, 'r2').kind).toBe('approved');
  });

  it('counts only the approvals of the current level', () => {
    const s = state([level(['r1']), level(['r3', 'r4'], { approveMethod: 'ALL' })], 2, [
      { level: 1, actorId: 'r1', result: 'APPROVE' },
    ]);
    const once = approve(s, 'r3');
    expect(once.kind).toBe('pending');
    expect(once.state.level).toBe(2);
    expect(approve(once.state, 'r4').kind).toBe('approved');
  });

  it('a rejection with no level left to read returns to the maker', () => {
    expect(rejectionHandler(state([level(['r1'], { rejectHandler: 'TERMINATE' })], 2))).toBe('RETURN_TO_MAKER');
    expect(rejectionHandler(state([level(['r1'], { rejectHandler: 'TERMINATE' })], 1))).toBe('TERMINATE');
  });

  it('returns to an earlier level only: a return to the current level goes back to the maker', () => {
    const opinions = [{ level: 1, actorId: 'r1', result: 'APPROVE' as const }];
    const to = (returnToLevel: number, rejectHandler: ReviewLevelSnapshot['rejectHandler'] = 'RETURN_TO_LEVEL') =>
      reject(state([level(['r1']), level(['r3'], { rejectHandler, returnToLevel })], 2, opinions), 'r3', false);
    expect(to(1).kind).toBe('pending');
    expect(to(1).state.level).toBe(1);
    expect(to(2).kind).toBe('returned');
    expect(to(1, 'RETURN_TO_MAKER').kind).toBe('returned');
    expect(to(1, 'RETURN_TO_MAKER').state).toMatchObject({ level: 1, opinions: [] });
  });
});

describe('the workbench’s words', () => {
  it('停留时长 turns to hours at 60 minutes and to days at 24 hours', () => {
    expect(formatWaiting(59)).toBe('59分钟');
    expect(formatWaiting(60)).toBe('1小时');
    expect(formatWaiting(61)).toBe('1小时1分');
    expect(formatWaiting(1439)).toBe('23小时59分');
    expect(formatWaiting(1440)).toBe('1天');
    expect(formatWaiting(1500)).toBe('1天1小时');
  });

  it('names a done review by its own stage’s review type', () => {
    expect(doneItemLabel('APPLICATION', 2)).toBe('准入审核（第2级）');
    expect(doneItemLabel('PUSH', 1)).toBe('推送审核（第1级）');
    expect(doneItemLabel('APPLICATION', null)).toBe('融资申请');
  });
});

describe('the meeting’s votes and conclusions', () => {
  const members = [
    { userId: 'chair', role: 'CHAIR' as const, attended: true },
    { userId: 'm1', role: 'MEMBER' as const, attended: true },
  ];
  const vote = (conditions: string[]) =>
    voteRefusal({
      actorId: 'm1',
      memberId: 'm1',
      meetingStatus: 'VOTING',
      members,
      itemExists: true,
      votedMemberIds: [],
      opinion: 'AGREE_WITH_CONDITIONS',
      conditions,
    });

  it('an agreement with conditions needs one that is not blank, not every one', () => {
    expect(vote(['追加担保', '  '])).toBeNull();
    expect(vote(['  ', ''])).toBe(MeetingMessage.conditionsRequired);
    expect(vote(undefined as never)).toBe(MeetingMessage.conditionsRequired);
  });

  it('the chair may veto a passed item only; any other change is refused with its words', () => {
    expect(chairRevisionRefusal('PASSED', 'VETOED')).toBeNull();
    expect(chairRevisionRefusal('PASSED_WITH_CONDITIONS', 'VETOED')).toBeNull();
    expect(chairRevisionRefusal('VETOED', 'PASSED')).toBe(MeetingMessage.vetoIntoPass);
    expect(chairRevisionRefusal('VETOED', 'RECONSIDER')).toBe(MeetingMessage.chairVetoPassedOnly);
    expect(chairRevisionRefusal('RECONSIDER', 'VETOED')).toBe(MeetingMessage.chairVetoPassedOnly);
    expect(chairRevisionRefusal('PASSED', 'RECONSIDER')).toBe(MeetingMessage.chairVetoPassedOnly);
    expect(chairRevisionRefusal('PASSED_WITH_CONDITIONS', 'PASSED')).toBe(MeetingMessage.chairVetoPassedOnly);
  });
});

describe('the tally', () => {
  it('a member listed twice counts once, as first listed', () => {
    const tally = tallyAgendaItem(
      [
        { userId: 'chair', role: 'CHAIR', attended: true },
        { userId: 'm1', role: 'OBSERVER', attended: true },
        { userId: 'm1', role: 'MEMBER', attended: true },
        { userId: 'm2', role: 'MEMBER', attended: true },
      ],
      [
        { userId: 'chair', opinion: 'AGREE' },
        { userId: 'm1', opinion: 'AGREE' },
        { userId: 'm2', opinion: 'AGREE_WITH_CONDITIONS' },
      ],
    );
    expect([tally.votingMembers, tally.inFavour]).toEqual([2, 2]);
    // An agreement with conditions that names none adds none.
    expect(tally.conditions).toEqual([]);
  });
});

describe('the decision', () => {
  it('starts with no guarantee measures when the proposal names none', () => {
    expect(prefillDecision(undefined, []).guaranteeMeasures).toBe('');
    expect(prefillDecision({ guarantees: 5 } as never, []).guaranteeMeasures).toBe('');
    expect(prefillDecision({ guarantees: '连带责任保证' }, []).guaranteeMeasures).toBe('连带责任保证');
  });

  it('keeps a meeting condition typed with spaces around it', () => {
    const bounds = {
      cap: effectiveCap({}),
      product: { minRate: '0.05', maxRate: '0.12', termMinDays: 30, termMaxDays: 360, maxFinancingRatio: '0.9' },
      applyAmountFen: 1_000_00n,
    };
    const draft = {
      ...prefillDecision(
        {
          proposedAmount: 1_000_00,
          proposedRate: '0.08',
          proposedTermDays: 90,
          proposedFinancingRatio: '0.8000',
          proposedRepaymentMethod: 'BULLET',
        },
        [],
      ),
      conditions: ['  追加担保 '],
    };
    expect(submitDecisionProblems(draft, bounds, ['追加担保'])).toEqual([]);
  });
});

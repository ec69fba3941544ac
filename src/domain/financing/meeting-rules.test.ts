import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Conclusion,
  chairRevisionRefusal,
  conclusionRefusal,
  MeetingMessage,
  meetingOutcomeState,
  mergeConditions,
  sixMonthBarRefusal,
  type VetoedBusiness,
  type VoteAttempt,
  vetoBarEnds,
  voteRefusal,
} from './meeting-rules';
import { type AgendaTally, type MeetingMember, tallyAgendaItem } from './meeting-tally';

const members: MeetingMember[] = [
  { userId: 'chair', role: 'CHAIR', attended: true },
  { userId: 'm1', role: 'MEMBER', attended: true },
  { userId: 'm2', role: 'MEMBER', attended: true },
  { userId: 'obs', role: 'OBSERVER', attended: true },
];

const attempt = (over: Partial<VoteAttempt> = {}): VoteAttempt => ({
  actorId: 'm1',
  memberId: 'm1',
  meetingStatus: 'VOTING',
  members,
  itemExists: true,
  votedMemberIds: ['chair'],
  opinion: 'AGREE',
  ...over,
});

describe('voteRefusal', () => {
  it('a member votes for themselves once while voting is open', () => {
    expect(voteRefusal(attempt())).toBeNull();
    expect(voteRefusal(attempt({ opinion: 'AGREE_WITH_CONDITIONS', conditions: ['追加担保'] }))).toBeNull();
  });

  it('refuses a second vote on the same item', () => {
    expect(voteRefusal(attempt({ votedMemberIds: ['chair', 'm1'] }))).toBe(MeetingMessage.twice);
  });

  it('refuses a vote for another — by a member or by the secretary', () => {
    expect(voteRefusal(attempt({ actorId: 'm2', memberId: 'm1' }))).toBe(MeetingMessage.forAnother);
    expect(voteRefusal(attempt({ actorId: 'secretary', memberId: 'm1' }))).toBe(MeetingMessage.forAnother);
  });

  it('refuses after close and before voting opens', () => {
    expect(voteRefusal(attempt({ meetingStatus: 'CLOSED' }))).toBe(MeetingMessage.closed);
    expect(voteRefusal(attempt({ meetingStatus: 'ARCHIVED' }))).toBe(MeetingMessage.closed);
    expect(voteRefusal(attempt({ meetingStatus: 'NOTIFIED' }))).toBe(MeetingMessage.notOpen);
    expect(voteRefusal(attempt({ meetingStatus: 'CANCELLED' }))).toBe(MeetingMessage.notOpen);
  });

  it('refuses 列席, strangers, members marked 缺席, unknown items, 有条件同意 without conditions', () => {
    expect(voteRefusal(attempt({ actorId: 'obs', memberId: 'obs' }))).toBe(MeetingMessage.observer);
    expect(voteRefusal(attempt({ actorId: 'x', memberId: 'x' }))).toBe(MeetingMessage.notMember);
    expect(voteRefusal(attempt({ absentMemberIds: ['m1'] }))).toBe(MeetingMessage.absent);
    expect(voteRefusal(attempt({ itemExists: false }))).toBe(MeetingMessage.unknownItem);
    expect(voteRefusal(attempt({ opinion: 'AGREE_WITH_CONDITIONS', conditions: [' '] }))).toBe(
      MeetingMessage.conditionsRequired,
    );
    expect(voteRefusal(attempt({ comment: '意'.repeat(501) }))).toBe(MeetingMessage.commentTooLong);
    expect(voteRefusal(attempt({ comment: '意'.repeat(500) }))).toBeNull();
  });
});

const tally = (over: Partial<AgendaTally>): AgendaTally => ({
  votingMembers: 3,
  attendingVoting: 3,
  quorum: true,
  inFavour: 3,
  passed: true,
  complete: true,
  conditions: [],
  ...over,
});

describe('conclusionRefusal — the conclusion agrees with the tally', () => {
  const passed = tally({});
  const failed = tally({ inFavour: 1, passed: false });
  const conditional = tally({ conditions: ['放款前落实监管账户'] });

  it('通过 only when passed', () => {
    expect(conclusionRefusal({ conclusion: 'PASSED', tally: passed, reconsiderCount: 0 })).toBeNull();
    expect(conclusionRefusal({ conclusion: 'PASSED', tally: failed, reconsiderCount: 0 })).toBe(
      MeetingMessage.passNeedsTally,
    );
    expect(
      conclusionRefusal({
        conclusion: 'PASSED',
        tally: tally({ quorum: false, passed: false }),
        reconsiderCount: 0,
      }),
    ).toBe(MeetingMessage.noQuorum);
  });

  it('有条件通过 only when passed and with conditions; 通过 refused when votes brought conditions', () => {
    const c = (conclusion: Conclusion, t: AgendaTally, conditions?: string[]) =>
      conclusionRefusal({ conclusion, tally: t, reconsiderCount: 0, ...(conditions ? { conditions } : {}) });
    expect(c('PASSED_WITH_CONDITIONS', conditional)).toBeNull();
    expect(c('PASSED_WITH_CONDITIONS', passed, ['补充担保'])).toBeNull();
    expect(c('PASSED_WITH_CONDITIONS', passed)).toBe(MeetingMessage.conditionsMissing);
    expect(c('PASSED_WITH_CONDITIONS', failed, ['补充担保'])).toBe(MeetingMessage.passNeedsTally);
    expect(c('PASSED', conditional)).toBe(MeetingMessage.conditionsFromVotes);
  });

  it('否决 only when not passed', () => {
    expect(conclusionRefusal({ conclusion: 'VETOED', tally: failed, reconsiderCount: 1 })).toBeNull();
    expect(conclusionRefusal({ conclusion: 'VETOED', tally: passed, reconsiderCount: 0 })).toBe(
      MeetingMessage.vetoNeedsFailure,
    );
  });

  it('复议 only while reconsiderCount = 0', () => {
    expect(conclusionRefusal({ conclusion: 'RECONSIDER', tally: failed, reconsiderCount: 0 })).toBeNull();
    expect(conclusionRefusal({ conclusion: 'RECONSIDER', tally: failed, reconsiderCount: 1 })).toBe(
      MeetingMessage.reconsiderOnce,
    );
  });

  it('nothing before every attending voting member voted', () => {
    for (const conclusion of ['PASSED', 'VETOED', 'RECONSIDER'] as const) {
      expect(conclusionRefusal({ conclusion, tally: tally({ complete: false }), reconsiderCount: 0 })).toBe(
        MeetingMessage.incomplete,
      );
    }
  });

  it('property: for any tally of a real vote, exactly one of 通过 / 否决 is accepted once complete', () => {
    const arb = fc.array(
      fc.record({
        role: fc.constantFrom('CHAIR', 'MEMBER', 'OBSERVER' as const),
        attended: fc.boolean(),
        opinion: fc.constantFrom('AGREE', 'DISAGREE', 'RECONSIDER' as const),
      }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(arb, (shape) => {
        const ms = shape.map((s, i) => ({ userId: `u${i}`, role: s.role, attended: s.attended }));
        const t = tallyAgendaItem(
          ms,
          shape.map((s, i) => ({ userId: `u${i}`, opinion: s.opinion })),
        );
        const pass = conclusionRefusal({ conclusion: 'PASSED', tally: t, reconsiderCount: 0 }) === null;
        const veto = conclusionRefusal({ conclusion: 'VETOED', tally: t, reconsiderCount: 0 }) === null;
        expect(pass).toBe(t.passed);
        expect(veto).toBe(!t.passed);
      }),
    );
  });
});

describe('chairRevisionRefusal — the chair cannot turn a 否决 into a pass', () => {
  it('keeps any conclusion, may 否决 a passed item', () => {
    expect(chairRevisionRefusal('VETOED', 'VETOED')).toBeNull();
    expect(chairRevisionRefusal('PASSED', 'VETOED')).toBeNull();
    expect(chairRevisionRefusal('PASSED_WITH_CONDITIONS', 'VETOED')).toBeNull();
  });

  it('refuses 否决 → 通过 / 有条件通过, and other rewrites', () => {
    expect(chairRevisionRefusal('VETOED', 'PASSED')).toBe(MeetingMessage.vetoIntoPass);
    expect(chairRevisionRefusal('VETOED', 'PASSED_WITH_CONDITIONS')).toBe(MeetingMessage.vetoIntoPass);
    expect(chairRevisionRefusal('RECONSIDER', 'VETOED')).toBe(MeetingMessage.chairVetoPassedOnly);
    expect(chairRevisionRefusal('PASSED', 'RECONSIDER')).toBe(MeetingMessage.chairVetoPassedOnly);
  });
});

describe('meetingOutcomeState', () => {
  it('passed → 决议, 否决 → 终止, 复议 → back to the report', () => {
    expect(meetingOutcomeState('PASSED')).toBe('DECISION/DRAFT');
    expect(meetingOutcomeState('PASSED_WITH_CONDITIONS')).toBe('DECISION/DRAFT');
    expect(meetingOutcomeState('VETOED')).toBe('TERMINATED/VETOED');
    expect(meetingOutcomeState('RECONSIDER')).toBe('REPORT/RETURNED');
  });
});

describe('mergeConditions', () => {
  it('the votes’ conditions first, then the secretary’s, each once', () => {
    expect(mergeConditions(['甲', '乙'], ['乙', ' 丙 ', ''])).toEqual(['甲', '乙', '丙']);
  });
});

describe('sixMonthBarRefusal — after a 否决 that followed a 复议', () => {
  const vetoed: VetoedBusiness = {
    businessId: 'b1',
    businessNo: 'RZ202603150001',
    supplierId: 's1',
    paymentOrderIds: ['o1', 'o2'],
    vetoedOn: '2026-03-15',
    afterReconsider: true,
  };
  const apply = (today: string, over: Partial<{ supplierId: string; paymentOrderIds: string[] }> = {}) =>
    sixMonthBarRefusal({ supplierId: 's1', paymentOrderIds: ['o9', 'o2'], today, ...over }, [vetoed]);

  it('refused through the day before the 6 months end, naming the vetoed business; allowed from that day', () => {
    expect(apply('2026-03-15')).toBe(MeetingMessage.barred('RZ202603150001', '2026-09-15'));
    expect(apply('2026-09-14')).toContain('RZ202603150001');
    expect(apply('2026-09-15')).toBeNull();
    expect(apply('2027-01-01')).toBeNull();
  });

  it('a 否决 on the 31st ends at the clamped month end', () => {
    expect(vetoBarEnds('2026-08-31')).toBe('2027-02-28');
    expect(vetoBarEnds('2027-08-31')).toBe('2028-02-29');
    const late = { ...vetoed, vetoedOn: '2026-08-31' };
    const on = (today: string) => sixMonthBarRefusal({ supplierId: 's1', paymentOrderIds: ['o1'], today }, [late]);
    expect(on('2027-02-27')).not.toBeNull();
    expect(on('2027-02-28')).toBeNull();
  });

  it('only the same supplier, only on a shared order, only after a 复议', () => {
    expect(apply('2026-04-01', { supplierId: 's2' })).toBeNull();
    expect(apply('2026-04-01', { paymentOrderIds: ['o3'] })).toBeNull();
    expect(
      sixMonthBarRefusal({ supplierId: 's1', paymentOrderIds: ['o1'], today: '2026-04-01' }, [
        { ...vetoed, afterReconsider: false },
      ]),
    ).toBeNull();
  });
});

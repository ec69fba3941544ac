import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MeetingMember, type MeetingVote, type Opinion, tallyAgendaItem, twoThirds } from './meeting-tally';

const chairAndFour = (absent: readonly string[] = []): MeetingMember[] => [
  { userId: 'chair', role: 'CHAIR', attended: !absent.includes('chair') },
  ...['m1', 'm2', 'm3', 'm4'].map((userId) => ({
    userId,
    role: 'MEMBER' as const,
    attended: !absent.includes(userId),
  })),
];

const vote = (userId: string, opinion: Opinion, conditions?: string[]): MeetingVote =>
  conditions ? { userId, opinion, conditions } : { userId, opinion };

describe('tallyAgendaItem — the Contract vectors', () => {
  it('chair and four members, all present, four 同意 and one 不同意 → quorum, 4 in favour, passed', () => {
    const t = tallyAgendaItem(chairAndFour(), [
      vote('chair', 'AGREE'),
      vote('m1', 'AGREE'),
      vote('m2', 'AGREE'),
      vote('m3', 'AGREE'),
      vote('m4', 'DISAGREE'),
    ]);
    expect(t).toEqual({
      votingMembers: 5,
      attendingVoting: 5,
      quorum: true,
      inFavour: 4,
      passed: true,
      complete: true,
      conditions: [],
    });
  });

  it('with two of the five absent → no quorum (3 < ⌈10/3⌉ = 4), so not passed even when all present agree', () => {
    const t = tallyAgendaItem(chairAndFour(['m3', 'm4']), [
      vote('chair', 'AGREE'),
      vote('m1', 'AGREE'),
      vote('m2', 'AGREE'),
    ]);
    expect(t).toMatchObject({ votingMembers: 5, attendingVoting: 3, quorum: false, inFavour: 3, passed: false });
    expect(t.complete).toBe(true);
  });
});

describe('tallyAgendaItem — the pass rule at its boundary', () => {
  it('⌈2/3 × n⌉ for small n', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 9].map(twoThirds)).toEqual([0, 1, 2, 2, 3, 4, 4, 5, 6]);
  });

  it('five attending: 3 in favour (of which one with conditions) does not pass (⌈10/3⌉ = 4)', () => {
    const three = tallyAgendaItem(chairAndFour(), [
      vote('chair', 'AGREE'),
      vote('m1', 'AGREE_WITH_CONDITIONS', ['追加实控人连带担保']),
      vote('m2', 'AGREE'),
      vote('m3', 'DISAGREE'),
      vote('m4', 'RECONSIDER'),
    ]);
    expect(three).toMatchObject({ inFavour: 3, passed: false, complete: true });
  });

  it('four of five attending (quorum): 3 in favour passes (⌈8/3⌉ = 3), the absent member is not waited for', () => {
    const t = tallyAgendaItem(chairAndFour(['m4']), [
      vote('chair', 'AGREE'),
      vote('m1', 'AGREE'),
      vote('m2', 'AGREE_WITH_CONDITIONS', ['放款前签回付款确认书']),
      vote('m3', 'DISAGREE'),
    ]);
    expect(t).toMatchObject({ attendingVoting: 4, quorum: true, inFavour: 3, passed: true, complete: true });
    expect(t.conditions).toEqual(['放款前签回付款确认书']);
  });

  it('incomplete until every attending voting member voted', () => {
    const t = tallyAgendaItem(chairAndFour(), [vote('chair', 'AGREE'), vote('m1', 'AGREE')]);
    expect(t.complete).toBe(false);
  });

  it('nobody attending is never a quorum', () => {
    expect(tallyAgendaItem([], []).quorum).toBe(false);
    expect(tallyAgendaItem(chairAndFour(['chair', 'm1', 'm2', 'm3', 'm4']), []).passed).toBe(false);
  });
});

describe('tallyAgendaItem — votes that count for nothing', () => {
  it('a 列席, an absent member, an unknown user and a second vote are all ignored', () => {
    const members: MeetingMember[] = [...chairAndFour(['m4']), { userId: 'obs', role: 'OBSERVER', attended: true }];
    const t = tallyAgendaItem(members, [
      vote('chair', 'DISAGREE'),
      vote('m1', 'DISAGREE'),
      vote('obs', 'AGREE'),
      vote('m4', 'AGREE'),
      vote('stranger', 'AGREE'),
      vote('m1', 'AGREE'),
      vote('m2', 'AGREE'),
      vote('m3', 'AGREE'),
    ]);
    expect(t).toMatchObject({ votingMembers: 5, attendingVoting: 4, inFavour: 2, passed: false, complete: true });
  });

  it('conditions in vote order, each once, trimmed, only from 有条件同意 votes that count', () => {
    const members: MeetingMember[] = [...chairAndFour(), { userId: 'obs', role: 'OBSERVER', attended: true }];
    const t = tallyAgendaItem(members, [
      vote('m2', 'AGREE_WITH_CONDITIONS', ['B 条件', ' A 条件 ']),
      vote('obs', 'AGREE_WITH_CONDITIONS', ['列席者的条件']),
      vote('m1', 'AGREE_WITH_CONDITIONS', ['A 条件', 'C 条件', '']),
      vote('m3', 'DISAGREE', ['不同意者的条件']),
    ]);
    expect(t.conditions).toEqual(['B 条件', 'A 条件', 'C 条件']);
  });
});

const OPINIONS: readonly Opinion[] = ['AGREE', 'AGREE_WITH_CONDITIONS', 'DISAGREE', 'RECONSIDER'];

/** A meeting of 1–9 members (ids u0…), random roles and attendance, and votes from any of them and strangers. */
const meeting = fc
  .array(fc.record({ role: fc.constantFrom('CHAIR', 'MEMBER', 'OBSERVER' as const), attended: fc.boolean() }), {
    minLength: 1,
    maxLength: 9,
  })
  .chain((shape) => {
    const members: MeetingMember[] = shape.map((s, i) => ({ userId: `u${i}`, role: s.role, attended: s.attended }));
    const ids = [...members.map((m) => m.userId), 'stranger'];
    const votes = fc.array(
      fc.record({
        userId: fc.constantFrom(...ids),
        opinion: fc.constantFrom(...OPINIONS),
        conditions: fc.array(fc.constantFrom('甲', '乙', '丙'), { maxLength: 2 }),
      }),
      { maxLength: 14 },
    );
    return fc.tuple(fc.constant(members), votes);
  });

/** The first vote of each user, as the tally counts them. */
const firstVotes = (votes: readonly MeetingVote[]) => {
  const seen = new Set<string>();
  return votes.filter((v) => !seen.has(v.userId) && seen.add(v.userId));
};

describe('tallyAgendaItem — properties', () => {
  it('quorum is monotone in attendance: one more voting member attending never loses it', () => {
    fc.assert(
      fc.property(meeting, ([members, votes]) => {
        const before = tallyAgendaItem(members, votes);
        const i = members.findIndex((m) => m.role !== 'OBSERVER' && !m.attended);
        if (i < 0) return;
        const more = members.map((m, j) => (j === i ? { ...m, attended: true } : m));
        const after = tallyAgendaItem(more, votes);
        expect(after.attendingVoting).toBe(before.attendingVoting + 1);
        if (before.quorum) expect(after.quorum).toBe(true);
      }),
    );
  });

  it('a 列席 vote, a stranger vote or an absent member vote never changes the result', () => {
    fc.assert(
      fc.property(meeting, fc.constantFrom(...OPINIONS), ([members, votes], opinion) => {
        const before = tallyAgendaItem(members, votes);
        const nobodies = [
          'stranger',
          ...members.filter((m) => m.role === 'OBSERVER' || !m.attended).map((m) => m.userId),
        ];
        for (const userId of nobodies) {
          const extra = { userId, opinion, conditions: ['列席条件'] };
          expect(tallyAgendaItem(members, [extra, ...votes])).toEqual(before);
          expect(tallyAgendaItem(members, [...votes, extra])).toEqual(before);
        }
      }),
    );
  });

  it('a repeated vote changes nothing: only a member’s first vote counts', () => {
    fc.assert(
      fc.property(meeting, fc.constantFrom(...OPINIONS), ([members, votes], opinion) => {
        const before = tallyAgendaItem(members, votes);
        for (const v of firstVotes(votes)) {
          expect(tallyAgendaItem(members, [...votes, { userId: v.userId, opinion, conditions: ['新条件'] }])).toEqual(
            before,
          );
        }
        expect(tallyAgendaItem(members, firstVotes(votes))).toEqual(before);
      }),
    );
  });

  it('the counts do not depend on the order of the votes (each member voting once)', () => {
    fc.assert(
      fc.property(
        meeting.chain(([members, votes]) =>
          fc.tuple(
            fc.constant(members),
            fc.shuffledSubarray(firstVotes(votes), { minLength: firstVotes(votes).length }),
            fc.constant(firstVotes(votes)),
          ),
        ),
        ([members, shuffled, votes]) => {
          const a = tallyAgendaItem(members, votes);
          const b = tallyAgendaItem(members, shuffled);
          expect({ ...b, conditions: [...b.conditions].sort() }).toEqual({
            ...a,
            conditions: [...a.conditions].sort(),
          });
        },
      ),
    );
  });

  it('passed ⇔ quorum and in favour ≥ ⌈2/3 × attending⌉; complete ⇔ every attending voting member voted', () => {
    fc.assert(
      fc.property(meeting, ([members, votes]) => {
        const t = tallyAgendaItem(members, votes);
        const voting = members.filter((m) => m.role !== 'OBSERVER');
        const attending = voting.filter((m) => m.attended).map((m) => m.userId);
        const counted = firstVotes(votes.filter((v) => attending.includes(v.userId)));
        const favour = counted.filter((v) => v.opinion === 'AGREE' || v.opinion === 'AGREE_WITH_CONDITIONS').length;
        expect(t.votingMembers).toBe(voting.length);
        expect(t.attendingVoting).toBe(attending.length);
        expect(t.inFavour).toBe(favour);
        expect(t.quorum).toBe(attending.length > 0 && 3 * attending.length >= 2 * voting.length);
        expect(t.passed).toBe(t.quorum && 3 * favour >= 2 * attending.length);
        expect(t.complete).toBe(attending.every((id) => counted.some((v) => v.userId === id)));
      }),
    );
  });

  it('turning a 同意 into 不同意 never turns a failed item into a passed one', () => {
    fc.assert(
      fc.property(meeting, ([members, votes]) => {
        const before = tallyAgendaItem(members, votes);
        const i = votes.findIndex((v) => v.opinion === 'AGREE');
        if (i < 0) return;
        const after = tallyAgendaItem(
          members,
          votes.map((v, j) => (j === i ? { ...v, opinion: 'DISAGREE' as const } : v)),
        );
        if (!before.passed) expect(after.passed).toBe(false);
        expect(after.inFavour).toBeLessThanOrEqual(before.inFavour);
      }),
    );
  });
});

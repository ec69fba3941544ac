import { describe, expect, it } from 'vitest';
import {
  type AuditTypeConfig,
  approve,
  checkAuditType,
  defaultAuditType,
  type ReviewLevelConfig,
  ReviewMessage,
  reject,
  reviewRefusal,
  snapshotReview,
  startReview,
} from './review';
import { REVIEW_TYPES } from './stages';

const level = (over: Partial<ReviewLevelConfig> = {}): ReviewLevelConfig => ({
  roles: ['R1'],
  userIds: [],
  approveMethod: 'ANY',
  rejectHandler: 'RETURN_TO_MAKER',
  ...over,
});
const members: Record<string, string[]> = { R1: ['a', 'b', 'c', 'maker'], R2: ['d', 'e'] };
const start = (levels: ReviewLevelConfig[], maker = 'maker', owner: string | null = null) => {
  const config: AuditTypeConfig = { code: 'APPLICATION', name: '准入审核', enabled: true, levels };
  const s = snapshotReview(config, maker, (r) => members[r] ?? [], owner);
  if (!s.ok) throw new Error(s.message);
  return startReview(s.snapshot);
};

describe('multi-level review', () => {
  it("keeps the item's owner as well as its submitter from reviewing any level", () => {
    const state = start([level(), level({ roles: ['R1', 'R2'] })], 'd', 'a');
    expect(state.snapshot.levels.map((l) => l.reviewerIds)).toEqual([
      ['b', 'c', 'maker'],
      ['b', 'c', 'maker', 'e'],
    ]);
    expect(reviewRefusal(state, 'a')).toBe(ReviewMessage.maker);
    expect(reviewRefusal(state, 'd')).toBe(ReviewMessage.maker);
    expect(reviewRefusal(state, 'b')).toBeNull();
    // A snapshot that names the level's members still refuses the owner.
    const stored = { ...state, snapshot: { ...state.snapshot, levels: [{ ...level(), reviewerIds: ['a', 'b'] }] } };
    expect(reviewRefusal(stored, 'a')).toBe(ReviewMessage.maker);
    // The owner submitting is one maker, not two.
    expect(start([level()], 'a', 'a').snapshot).not.toHaveProperty('ownerId');
  });

  it('keeps whoever else wrote the item (a report step saved) from reviewing it as well', () => {
    const config: AuditTypeConfig = { code: 'REPORT', name: '报告审核', enabled: true, levels: [level()] };
    const s = snapshotReview(config, 'maker', (r) => members[r] ?? [], null, ['a', 'maker', 'a']);
    if (!s.ok) throw new Error(s.message);
    expect(s.snapshot.writerIds).toEqual(['a']);
    expect(s.snapshot.levels[0]?.reviewerIds).toEqual(['b', 'c']);
    expect(reviewRefusal(startReview(s.snapshot), 'a')).toBe(ReviewMessage.maker);
    // Everyone at the level wrote it: nobody is left to review, and the submission is refused.
    const all = snapshotReview(config, 'maker', (r) => members[r] ?? [], null, ['a', 'b', 'c']);
    expect(all).toEqual({ ok: false, message: ReviewMessage.levelWithoutEligibleReviewer(1) });
  });

  it('leaves the maker out of every level and refuses a level nobody else can review', () => {
    expect(start([level()]).snapshot.levels[0]?.reviewerIds).toEqual(['a', 'b', 'c']);
    const config: AuditTypeConfig = {
      code: 'APPLICATION',
      name: '准入审核',
      enabled: true,
      levels: [level({ roles: [], userIds: ['maker'] })],
    };
    expect(snapshotReview(config, 'maker', () => [], null)).toEqual({
      ok: false,
      message: ReviewMessage.levelWithoutEligibleReviewer(1),
    });
    expect(snapshotReview({ ...config, enabled: false }, 'x', () => [], null)).toEqual({
      ok: false,
      message: '准入审核已停用',
    });
  });

  it('completes 或签 on the first approval, 会签 when everyone approved, and a ratio when enough did', () => {
    expect(approve(start([level()]), 'a').kind).toBe('approved');
    let all = start([level({ approveMethod: 'ALL' })]);
    for (const who of ['a', 'b']) {
      const out = approve(all, who);
      expect(out.kind).toBe('pending');
      all = out.state;
    }
    expect(approve(all, 'c').kind).toBe('approved');
    // 66 % of three reviewers needs two approvals (2 × 100 ≥ 66 × 3); 67 % would need all three.
    const ratio = start([level({ approveMethod: 'RATIO', ratioPercent: 66 })]);
    const once = approve(ratio, 'a');
    expect(once.kind).toBe('pending');
    expect(approve(once.state, 'b').kind).toBe('approved');
  });

  it('takes 依次 opinions in the configured order', () => {
    const seq = start([level({ approveMethod: 'SEQUENTIAL' })]);
    expect(reviewRefusal(seq, 'b')).toBe(ReviewMessage.notYourTurn);
    expect(reviewRefusal(seq, 'a')).toBeNull();
    const next = approve(seq, 'a').state;
    expect(reviewRefusal(next, 'a')).toBe(ReviewMessage.alreadyActed);
    expect(reviewRefusal(next, 'b')).toBeNull();
  });

  it('moves up a level, and keeps a reviewer of one level from reviewing another', () => {
    const two = start([level({ roles: ['R1', 'R2'] }), level({ roles: ['R2'] })]);
    const up = approve(two, 'd');
    expect([up.kind, up.state.level]).toEqual(['pending', 2]);
    expect(reviewRefusal(up.state, 'd')).toBe(ReviewMessage.otherLevel);
    expect(reviewRefusal(up.state, 'a')).toBe(ReviewMessage.notReviewer);
    expect(approve(up.state, 'e').kind).toBe('approved');
  });

  it('returns to the maker, or to the configured earlier level with its opinions cleared', () => {
    const three = start([
      level(),
      level({ roles: ['R2'] }),
      level({ roles: ['R1'], rejectHandler: 'RETURN_TO_LEVEL', returnToLevel: 2 }),
    ]);
    const atThree = approve(approve(three, 'a').state, 'd').state;
    expect(atThree.level).toBe(3);
    const back = reject(atThree, 'b', false);
    expect([back.kind, back.state.level, back.state.opinions.map((o) => o.actorId)]).toEqual(['pending', 2, ['a']]);
    expect(reject(three, 'a', false).kind).toBe('returned');
    expect(reject(three, 'a', true).kind).toBe('terminated');
  });

  it('checks a configuration before it is saved', () => {
    expect(checkAuditType({ levels: [] })).toEqual([ReviewMessage.noLevels]);
    expect(checkAuditType({ levels: Array.from({ length: 6 }, () => level()) })).toContain(ReviewMessage.tooManyLevels);
    expect(
      checkAuditType({
        levels: [
          level({ roles: [] }),
          level({ approveMethod: 'RATIO', ratioPercent: 0 }),
          level({ rejectHandler: 'RETURN_TO_LEVEL', returnToLevel: 3 }),
        ],
      }),
    ).toEqual([ReviewMessage.levelWithoutReviewer(1), ReviewMessage.ratioRange(2), ReviewMessage.returnLevel(3)]);
    for (const type of REVIEW_TYPES) expect(checkAuditType(defaultAuditType(type))).toEqual([]);
  });
});

// 会签按比例 completes when approvals / reviewers reaches the ratio exactly, not only above it.
describe('会签按比例 at its threshold', () => {
  // Four reviewers: a, b, c of R1 (the maker left out) and d named by id.
  const four = (ratioPercent: number | null) =>
    start([level({ approveMethod: 'RATIO', ratioPercent, userIds: ['d'] })]);
  const approvals = (state: ReturnType<typeof start>, who: string[]) =>
    who.reduce<{ kind: string; state: ReturnType<typeof start> }>((out, actor) => approve(out.state, actor), {
      kind: 'pending',
      state,
    });

  it('completes at exactly 50 % of four (two approvals), and needs three for 51 %', () => {
    expect(four(50).snapshot.levels[0]?.reviewerIds).toHaveLength(4);
    expect(approvals(four(50), ['a']).kind).toBe('pending');
    expect(approvals(four(50), ['a', 'b']).kind).toBe('approved');
    expect(approvals(four(51), ['a', 'b']).kind).toBe('pending');
    expect(approvals(four(51), ['a', 'b', 'c']).kind).toBe('approved');
  });

  it('completes at 100 % only with every reviewer, and at 25 % with one of four', () => {
    expect(approvals(four(100), ['a', 'b', 'c']).kind).toBe('pending');
    expect(approvals(four(100), ['a', 'b', 'c', 'd']).kind).toBe('approved');
    expect(approvals(four(25), ['a']).kind).toBe('approved');
  });

  it('accepts ratios of 1 and 100 and refuses 0, 101 and fractions', () => {
    const ratio = (ratioPercent: number | null) =>
      checkAuditType({ levels: [level({ approveMethod: 'RATIO', ratioPercent })] });
    expect(ratio(1)).toEqual([]);
    expect(ratio(100)).toEqual([]);
    for (const bad of [0, 101, 50.5, null]) expect(ratio(bad), `${bad}`).toEqual([ReviewMessage.ratioRange(1)]);
  });
});

describe('review configuration and opinions at their edges', () => {
  const config = (levels: ReviewLevelConfig[]): AuditTypeConfig => ({
    code: 'APPLICATION',
    name: '准入审核',
    enabled: true,
    levels,
  });

  it('allows exactly five levels, and a return to any earlier level but not to itself or none', () => {
    expect(checkAuditType({ levels: Array.from({ length: 5 }, () => level()) })).toEqual([]);
    const returning = (returnToLevel: number | null) =>
      checkAuditType({ levels: [level(), level(), level({ rejectHandler: 'RETURN_TO_LEVEL', returnToLevel })] });
    expect(returning(1)).toEqual([]);
    expect(returning(2)).toEqual([]);
    for (const bad of [0, 3, 1.5, null]) expect(returning(bad), `${bad}`).toEqual([ReviewMessage.returnLevel(3)]);
  });

  it('refuses to snapshot a configuration with problems, with the first one', () => {
    expect(snapshotReview(config([]), 'maker', () => [], null)).toEqual({ ok: false, message: ReviewMessage.noLevels });
  });

  it('counts only approvals of the current level: an earlier level does not complete a later 会签', () => {
    const two = start([level({ roles: ['R2'] }), level({ approveMethod: 'ALL', roles: ['R1'] })]);
    const up = approve(two, 'd');
    expect(up.state.level).toBe(2);
    const once = approve(up.state, 'a');
    expect(once.kind).toBe('pending');
    expect(once.state.opinions).toEqual([
      { level: 1, actorId: 'd', result: 'APPROVE' },
      { level: 2, actorId: 'a', result: 'APPROVE' },
    ]);
    const twice = approve(once.state, 'b');
    expect(twice.kind).toBe('pending');
    expect(approve(twice.state, 'c').kind).toBe('approved');
  });

  it('keeps the opinions on approval and on 不通过, and clears them on a return to the maker', () => {
    const one = start([level()]);
    expect(approve(one, 'a').state.opinions).toEqual([{ level: 1, actorId: 'a', result: 'APPROVE' }]);
    expect(reject(one, 'a', true).state.opinions).toEqual([{ level: 1, actorId: 'a', result: 'REJECT' }]);
    const two = start([level({ roles: ['R2'] }), level()]);
    const back = reject(approve(two, 'd').state, 'a', false);
    expect(back).toMatchObject({ kind: 'returned', state: { level: 1, opinions: [] } });
  });

  it('returns to the maker from a level whose handler names no earlier level', () => {
    const two = start([level({ roles: ['R2'] }), level({ rejectHandler: 'RETURN_TO_MAKER', returnToLevel: 1 })]);
    expect(reject(approve(two, 'd').state, 'a', false).kind).toBe('returned');
  });

  it('refuses everyone once the last level is done, and takes 依次 only in order at each level', () => {
    const done = approve(start([level()]), 'a').state;
    expect(reviewRefusal({ ...done, level: 2 }, 'a')).toBe(ReviewMessage.notReviewer);
    const seq = start([level({ roles: ['R2'] }), level({ approveMethod: 'SEQUENTIAL' })]);
    const up = approve(seq, 'd').state;
    // The opinion given at level 1 does not count as the first of level 2's order.
    expect(reviewRefusal(up, 'a')).toBeNull();
    expect(reviewRefusal(up, 'b')).toBe(ReviewMessage.notYourTurn);
    expect(approve(up, 'a').kind).toBe('pending');
  });

  it('starts a tenant with every level enabled, 或签, returning to the maker, and no named users', () => {
    const config = defaultAuditType('APPLICATION');
    expect(config.enabled).toBe(true);
    for (const l of config.levels) {
      expect(l).toMatchObject({ userIds: [], approveMethod: 'ANY', rejectHandler: 'RETURN_TO_MAKER' });
    }
  });
});

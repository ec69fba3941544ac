// A record a second pair of eyes confirms (a repayment, a refund): its registrar never moves it, its confirmers are
// its review's levels as snapshotted, a confirmation before the last level passes it on, and its words say where it
// stands — the same rule for every such table.
import { describe, expect, it } from 'vitest';
import { type ReviewState, startReview } from '../financing/review';
import { ROLE } from '../financing/roles';
import { type ReviewedItem, reviewAfter, reviewedStanding, reviewedTransitions, reviewerGuard } from './reviewed-items';
import { type WorkflowTable, allowedActions, applyTransition } from './workflow';

const MENU = '/business/paymentRegistration';
const LABELS = { PENDING: '待确认', CONFIRMED: '已确认', REJECTED: '已驳回' } as const;
const level = (reviewerIds: string[]) => ({
  ...{ roles: [], userIds: reviewerIds, reviewerIds },
  ...{ approveMethod: 'ANY' as const, rejectHandler: 'TERMINATE' as const },
});
/** Two levels: a then b. */
const twoLevels = (): ReviewState =>
  startReview({ type: 'REPAYMENT', makerId: 'registrar', levels: [level(['a']), level(['b'])] });

const record = (review: ReviewState | null, status: ReviewedItem['status'] = 'PENDING'): ReviewedItem => ({
  ...{ itemId: 'i1', businessId: 'b1', seq: 1, name: 'HK1', status, version: 1 },
  ...{ registrarId: 'registrar', review },
});
const TABLE: WorkflowTable<ReviewedItem['status'], ReviewedItem, never> = {
  noun: '还款登记',
  statusOf: (r) => r.status,
  transitions: reviewedTransitions({ menu: MENU, confirmLabel: '确认', own: '不能确认本人登记的' }),
};
const ctx = (actorId: string, roles: string[] = []) => ({
  actorId,
  grants: new Set([`${MENU}:examine`, `${MENU}:reject`]),
  roles: new Set(roles),
  now: new Date('2026-11-29T02:00:00Z'),
});

describe('a reviewed record', () => {
  it('is never confirmed or rejected by its registrar, whatever their roles', () => {
    expect(reviewerGuard('own')(record(twoLevels()), ctx('registrar', [ROLE.FINANCE]))).toBe('own');
    expect(allowedActions(TABLE, record(null), ctx('registrar', [ROLE.FINANCE]))).toEqual([]);
  });

  it('without a review, lets any other finance user confirm, and no one else', () => {
    expect(allowedActions(TABLE, record(null), ctx('other', [ROLE.FINANCE])).map((t) => t.action)).toEqual([
      'confirm',
      'reject',
    ]);
    expect(allowedActions(TABLE, record(null), ctx('other', ['OPS']))).toEqual([]);
    const done = applyTransition(TABLE, record(null), 'confirm', ctx('other', [ROLE.FINANCE]));
    expect(done.ok && done.to).toBe('CONFIRMED');
  });

  it('passes a confirmation before the last level on, and completes at the last', () => {
    const review = twoLevels();
    expect(allowedActions(TABLE, record(review), ctx('b'))).toEqual([]);
    const first = applyTransition(TABLE, record(review), 'confirm', ctx('a'));
    expect(first.ok && first.to).toBe('PENDING');
    const after = reviewAfter(review, 'a', 'confirm');
    expect(after.level).toBe(2);
    expect(allowedActions(TABLE, record(after), ctx('a'))).toEqual([]);
    const last = applyTransition(TABLE, record(after), 'confirm', ctx('b'));
    expect(last.ok && last.to).toBe('CONFIRMED');
  });

  it('refuses a rejection without its reason, and keeps the rejecting opinion on the review', () => {
    const refused = applyTransition(TABLE, record(twoLevels()), 'reject', ctx('a'), { comment: ' ' });
    expect(refused.ok).toBe(false);
    const rejected = applyTransition(TABLE, record(twoLevels()), 'reject', ctx('a'), { comment: '回单不符' });
    expect(rejected.ok && rejected.to).toBe('REJECTED');
    const after = reviewAfter(twoLevels(), 'a', 'reject');
    expect(after.level).toBe(1);
    expect(after.opinions).toEqual([{ level: 1, actorId: 'a', result: 'REJECT' }]);
  });

  it('says where it stands: its status, or which levels confirmed and which one it waits for', () => {
    expect(reviewedStanding(LABELS, record(twoLevels()))).toBe('待确认');
    expect(reviewedStanding(LABELS, record(reviewAfter(twoLevels(), 'a', 'confirm')))).toBe('第1级已确认，待第2级确认');
    const third = { ...twoLevels(), level: 4 };
    expect(reviewedStanding(LABELS, record(third))).toBe('第1–3级已确认，待第4级确认');
    expect(reviewedStanding(LABELS, record(third, 'REJECTED'))).toBe('已驳回');
    expect(reviewedStanding(LABELS, record(null, 'CONFIRMED'))).toBe('已确认');
  });
});

// A registered record confirmed by a second pair of eyes (a repayment, a refund of one): items of the stage kit
// whose registrar never confirms or rejects them, and whose confirmers are the levels of a review type as it was
// configured at registration (审核类型配置, snapshotted on the record). A confirmation before the last level passes
// the record on; the last one completes it. What it completes (a repayment applied, a refund paid) is the stage's.
// The words of where a record stands — 第1级已确认，待第2级确认 — are read from its review, here, so the row and
// the message after a move say the same.
import { type ReviewState, ReviewMessage, approve, reviewRefusal } from '../financing/review';
import { ROLE } from '../financing/roles';
import type { ItemFacts, StageItem } from './items';
import type { Transition, WorkflowContext } from './workflow';

export type ReviewedStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED';

/** What a reviewed record carries besides the item: who registered it and its review (null before one was read). */
export interface ReviewedItem extends StageItem<ReviewedStatus> {
  registrarId: string;
  review: ReviewState | null;
}

/**
 * The second pair of eyes: the registrar neither confirms nor rejects (`own` says so); the others who may are the
 * reviewers of the current level of its review (any finance user but the registrar, without one).
 */
export const reviewerGuard =
  (own: string) =>
  (r: Pick<ReviewedItem, 'registrarId' | 'review'>, ctx: WorkflowContext<ItemFacts>): string | null => {
    if (r.registrarId === ctx.actorId) return own;
    if (!r.review) return ctx.roles?.has(ROLE.FINANCE) ? null : ReviewMessage.notReviewer;
    return reviewRefusal(r.review, ctx.actorId);
  };

/** Whether the actor's confirmation completes the review (its last level). */
export const confirmationCompletes = (r: Pick<ReviewedItem, 'review'>, actorId: string): boolean =>
  !r.review || approve(r.review, actorId).kind === 'approved';

/** The review after the actor's opinion: a confirmation moves it on; a rejection ends it with the opinion kept. */
export function reviewAfter(review: ReviewState, actorId: string, action: string): ReviewState {
  if (action === 'confirm') return approve(review, actorId).state;
  return { ...review, opinions: [...review.opinions, { level: review.level, actorId, result: 'REJECT' }] };
}

/** The two moves of a reviewed record on its page: 确认 (level by level) and 驳回 with its reason. */
export function reviewedTransitions<R extends ReviewedItem>(def: {
  menu: string;
  confirmLabel: string;
  own: string;
}): Transition<ReviewedStatus, R, ItemFacts>[] {
  const guard = reviewerGuard(def.own);
  const base = { menu: def.menu, from: ['PENDING'] as const, guard };
  return [
    {
      ...base,
      ...{ action: 'confirm', label: def.confirmLabel, op: 'examine', comment: 'optional', commentLabel: '确认意见' },
      // A level before the last passes the record on to the next; the last one's confirmation completes it.
      to: (r, _input, ctx) => (confirmationCompletes(r, ctx.actorId) ? 'CONFIRMED' : 'PENDING'),
      tone: 'success',
    },
    {
      ...base,
      ...{ action: 'reject', label: '驳回', op: 'reject', comment: 'required', commentLabel: '驳回意见' },
      to: 'REJECTED',
      tone: 'danger',
    },
  ];
}

/**
 * Where a record stands, in words: its status's, or — waiting past a level — which levels confirmed and which one
 * it waits for (第1级已确认，待第2级确认).
 */
export function reviewedStanding(
  labels: Readonly<Record<ReviewedStatus, string>>,
  r: Pick<ReviewedItem, 'status' | 'review'>,
): string {
  const level = r.review?.level ?? 1;
  if (r.status !== 'PENDING' || level <= 1) return labels[r.status];
  return `${level === 2 ? '第1级' : `第1–${level - 1}级`}已确认，待第${level}级确认`;
}

// What a stage's make page shows at its top, read from the business's timeline (BUSINESS.md §5.1): why the
// item came back when it stands returned, and the last word anybody wrote on it in this stage (a withdrawal's
// note, a reviewer's opinion on an earlier pass), so the maker never has to open 业务详情 to learn what to fix.
import type { BusinessEventView } from '../financing/business-list';
import type { Stage } from '../financing/stages';

export interface MakeNote {
  actionLabel: string;
  actorName: string;
  comment: string;
  at: string;
  level: number | null;
}

export interface MakeNotes {
  /** The reviewer's reason, while the item stands returned in this stage. */
  returnReason: MakeNote | null;
  /** The latest comment on the item in this stage, when it is not the return reason itself. */
  lastComment: MakeNote | null;
}

const noteOf = (e: BusinessEventView): MakeNote => ({
  actionLabel: e.actionLabel,
  actorName: e.actorName,
  comment: e.comment,
  at: e.at,
  level: e.level,
});

/** The notes of a business in `state` (its current state), from its events oldest first. */
export function makeNotes(stage: Stage, state: string | undefined, events: readonly BusinessEventView[]): MakeNotes {
  const newestFirst = [...events].reverse();
  const returned = `${stage}/RETURNED`;
  const back = state === returned ? newestFirst.find((e) => e.toState === returned) : undefined;
  // An earlier stage's words (the pre-credit's approval) are not this item's.
  const last = newestFirst.find((e) => e.stage === stage && e.comment.trim() !== '');
  return {
    returnReason: back ? noteOf(back) : null,
    lastComment: last && last !== back ? noteOf(last) : null,
  };
}

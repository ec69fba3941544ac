// Stage items (HOUSE.md "Many records per business are stage items"): the second primitive of the stage kit,
// for a stage that keeps many records per business (要素, later contracts, signers, repayments). Each item has
// its own id, version and status, moved by a pure workflow table (workflow.ts) with its `who` and guards; what
// is the kit's is written here once: the parent business's guard every move passes first, the business's
// checkpoint the items contribute ("every item done or waived"), and the item as every table reads it.
import { type StateKey, LifecycleMessage, stageOf } from '../financing/lifecycle';

/** What every stage item carries, whatever its stage. */
export interface StageItem<S extends string = string> {
  itemId: string;
  businessId: string;
  seq: number;
  name: string;
  status: S;
  version: number;
}

/** What an item's guards may read of its business: the state it is in (an item due earlier may be closed). */
export interface ItemFacts {
  parentState: string;
}

/** The parent business as the items' guard reads it. */
export interface ItemParent {
  state: string;
  suspended: boolean;
}

export const ItemMessage = {
  terminated: '业务已终止，不能再处理',
  notNow: (noun: string) => `业务当前所处阶段不能处理${noun}`,
  notDone: (noun: string, name: string, verb: string) => `${noun}「${name}」尚未${verb}`,
} as const;

/**
 * Whether the business lets its items move now: not ended, not paused (暂停 blocks every forward move until
 * 恢复, the items' too), and in a state of the stage that allows it. null when it does, else why not.
 */
export function itemParentRefusal(parent: ItemParent, states: readonly StateKey[], noun: string): string | null {
  if (stageOf(parent.state) === 'TERMINATED') return ItemMessage.terminated;
  if (parent.suspended) return LifecycleMessage.suspended;
  return states.includes(parent.state as StateKey) ? null : ItemMessage.notNow(noun);
}

/**
 * The items' contribution to their stage's checkpoint: each one counted must be in a finished status (已落实 or
 * 已豁免). Names the first, in the items' order, that is not — the refusal the business's move answers with.
 */
export function itemsCheckpoint<S extends string>(
  items: readonly (StageItem<S> & { mandatory?: boolean })[],
  finished: readonly S[],
  words: { noun: string; verb: string },
): string[] {
  const open = [...items]
    .sort((a, b) => a.seq - b.seq)
    .find((i) => i.mandatory !== false && !finished.includes(i.status));
  return open ? [ItemMessage.notDone(words.noun, open.name, words.verb)] : [];
}

// A workflow is one pure transition table: the states a record may be in, and for each action the states it
// leaves, the state it reaches, the operation code it needs on the record's menu (SPEC §6), whether it needs
// a comment, and the guard that may still refuse it with the rule's Chinese words. The gateway accepts a
// transition only through `applyTransition`; a screen offers exactly what `allowedActions` returns; a
// to-do list is the records for which `allowedActions` is not empty. No rule of a table is written again
// in a route handler or a component (BUSINESS.md "Contracts").
import type { OperationCode } from '../menu/route-catalogue';

export type CommentRule = 'required' | 'optional' | 'none';
export type Tone = 'brand' | 'success' | 'warning' | 'danger' | 'subtle' | 'informative';

/** Who acts, what they may do, and the facts the caller loaded for the guards (locks, caps, the time). */
export interface WorkflowContext<F = unknown> {
  actorId: string;
  /** The operation codes the actor holds on the table's menu path; `menu:op` for actions that name their menu. */
  grants: ReadonlySet<string>;
  /** The actor's role codes, for actions that say who may take them. */
  roles?: ReadonlySet<string>;
  now: Date;
  facts?: F;
}

export interface TransitionInput {
  comment?: string;
  /** The values of the transition's own fields (`inputs`), already checked one by one by their field rules. */
  values?: Readonly<Record<string, string | number | null>>;
}

export interface Transition<S extends string, R, F = unknown> {
  action: string;
  /** The button's and the timeline's word, e.g. 通过. */
  label: string;
  op: OperationCode;
  /** The page whose operation code grants the action, when a table spans several pages (the lifecycle). */
  menu?: string;
  /** The role codes that may take the action; anyone holding the code when absent. */
  who?: readonly string[];
  from: readonly S[];
  to: S | ((record: R, input: TransitionInput, ctx: WorkflowContext<F>) => S);
  comment: CommentRule;
  /** The comment's label in the dialog, e.g. 驳回意见. */
  commentLabel?: string;
  /** The refusal when a required comment is missing; 请输入 and the label unless given. */
  commentMessage?: string;
  /** Danger actions ask before they act, in the words of `confirm`. */
  tone?: Tone;
  /** null when the rule holds, otherwise the refusal in Chinese. */
  guard?: (record: R, ctx: WorkflowContext<F>, input?: TransitionInput) => string | null;
  /** Fields of the record typed in the action's dialog and written by it, e.g. 确权's evidence and amount. */
  inputs?: {
    keys: readonly string[];
    /** A valid set of values, for the contract cases and the generic tests. */
    sample: Readonly<Record<string, string | number | null>>;
    /** The rule tying the values to the record, e.g. an amount at most the receivable not yet paid. */
    check?: (record: R, values: Readonly<Record<string, string | number | null>>) => string | null;
  };
}

export interface WorkflowTable<S extends string, R, F = unknown> {
  /** What the records are called in messages, e.g. 证书. */
  noun: string;
  statusOf: (record: R) => S;
  transitions: readonly Transition<S, R, F>[];
  /** The longest comment accepted, in characters. */
  commentMax?: number;
}

export const WorkflowMessage = {
  unknownAction: '不支持的操作',
  notAllowedNow: (label: string, noun: string) => `当前状态的${noun}不能${label}`,
  forbidden: '没有该操作的权限',
  commentRequired: (label: string) => `请输入${label}`,
  commentTooLong: (label: string, max: number) => `${label}不能超过${max}个字符`,
} as const;

export const DEFAULT_COMMENT_MAX = 200;

export type TransitionResult<S extends string, R, F = unknown> =
  | { ok: true; to: S; transition: Transition<S, R, F>; comment: string }
  | { ok: false; reason: 'unknown' | 'forbidden' | 'state' | 'guard' | 'comment'; message: string };

/** The grant an action needs: its code, on its own page when it names one. */
export const grantOf = (t: { op: string; menu?: string }) => (t.menu ? `${t.menu}:${t.op}` : t.op);

const permitted = <S extends string, R, F>(t: Transition<S, R, F>, ctx: WorkflowContext<F>) =>
  ctx.grants.has(grantOf(t)) && (!t.who || t.who.some((role) => ctx.roles?.has(role)));

const commentLabelOf = (t: { label: string; commentLabel?: string }) => t.commentLabel ?? `${t.label}意见`;

/** The actions the actor may take on this record now: in the right state, granted, and every guard holds. */
export function allowedActions<S extends string, R, F>(
  table: WorkflowTable<S, R, F>,
  record: R,
  ctx: WorkflowContext<F>,
): Transition<S, R, F>[] {
  const status = table.statusOf(record);
  return table.transitions.filter(
    (t) => t.from.includes(status) && permitted(t, ctx) && (t.guard ? t.guard(record, ctx) === null : true),
  );
}

/** Checks one action against the table and answers the state it reaches, or why it is refused. */
export function applyTransition<S extends string, R, F>(
  table: WorkflowTable<S, R, F>,
  record: R,
  action: string,
  ctx: WorkflowContext<F>,
  input: TransitionInput = {},
): TransitionResult<S, R, F> {
  // One action (提交, 通过) may be written once per state it leaves, each with its own page and rule.
  const status = table.statusOf(record);
  const named = table.transitions.filter((t) => t.action === action);
  const transition = named.find((t) => t.from.includes(status)) ?? named[0];
  if (!transition) return { ok: false, reason: 'unknown', message: WorkflowMessage.unknownAction };
  if (!permitted(transition, ctx)) return { ok: false, reason: 'forbidden', message: WorkflowMessage.forbidden };
  if (!transition.from.includes(status)) {
    return { ok: false, reason: 'state', message: WorkflowMessage.notAllowedNow(transition.label, table.noun) };
  }
  const refusal = transition.guard?.(record, ctx, input) ?? null;
  if (refusal) return { ok: false, reason: 'guard', message: refusal };
  const inputRefusal = transition.inputs?.check?.(record, input.values ?? {}) ?? null;
  if (inputRefusal) return { ok: false, reason: 'guard', message: inputRefusal };
  const commentRefusal = checkTransitionComment(table, transition, input.comment ?? '');
  if (commentRefusal) return { ok: false, reason: 'comment', message: commentRefusal };
  const to = typeof transition.to === 'function' ? transition.to(record, input, ctx) : transition.to;
  return { ok: true, to, transition, comment: transition.comment === 'none' ? '' : (input.comment ?? '').trim() };
}

/** The comment rule of one transition, also checked as the user types in the dialog. */
export function checkTransitionComment<S extends string, R, F>(
  table: WorkflowTable<S, R, F>,
  transition: Transition<S, R, F>,
  comment: string,
): string | null {
  const value = comment.trim();
  const label = commentLabelOf(transition);
  if (transition.comment === 'required' && !value)
    return transition.commentMessage ?? WorkflowMessage.commentRequired(label);
  const max = table.commentMax ?? DEFAULT_COMMENT_MAX;
  return [...value].length > max ? WorkflowMessage.commentTooLong(label, max) : null;
}

/** The comment box's label for a transition. */
export function transitionCommentLabel(transition: { label: string; commentLabel?: string }): string {
  return commentLabelOf(transition);
}

/** Every state a table names, as a `from` or a fixed `to`. */
export function statesOf<S extends string, R, F>(table: WorkflowTable<S, R, F>): Set<S> {
  const states = new Set<S>();
  for (const t of table.transitions) {
    for (const s of t.from) states.add(s);
    if (typeof t.to !== 'function') states.add(t.to);
  }
  return states;
}

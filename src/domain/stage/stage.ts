// A lifecycle stage as a definition (BUSINESS.md "Decisions for the lifecycle's second half", "Every stage on
// one kit"; HOUSE.md "Stages"). A stage's child record (预授信, 融资申请, the report …) is one per business and
// lives beside it; what the kit derives for every stage is read from the lifecycle table here, once:
//
// - the stage's own actions: the table's transitions out of the stage's states granted on the stage's own
//   list or make page (each action's `menu`); the review pages and 融资业务管理 take the others;
// - what may be edited (the states the maker works in: a review stage's those it submits from, another stage's
//   as `WORK_STAGES` names them) and deleted (its draft, never submitted);
// - the child's status, one function of the business's state and whether it passed the stage —
//   the list views read its answers (the gateway writes them to `stage_child_status` at start), so the
//   mapping is not written a second time in SQL.
import type { FieldDef, ResourceDef, StatusDef } from '../resource/resource';
import {
  LIFECYCLE,
  REVIEW_STAGES,
  type StateKey,
  TERMINAL_STATES,
  WORK_STAGES,
  stageOf,
  statusOf,
} from '../financing/lifecycle';
import { STAGE_LABEL, STAGES, type Stage, stageProgress } from '../financing/stages';

/**
 * What a stage's child record may be: the status of its business while in the stage (a review stage's 草稿 /
 * 待审核 / 已退回, or a stage's own: 待上会, 待签约, 待复核 …), passed, or how the business ended.
 */
export type ChildStatus =
  | 'DRAFT'
  | 'PENDING'
  | 'RETURNED'
  | 'APPROVED'
  | 'REJECTED'
  | 'VETOED'
  | 'EXPIRED'
  | 'TERMINATED'
  | 'WAIT_SCHEDULE'
  | 'SCHEDULED'
  | 'VOTING'
  | 'VOTED'
  | 'WAIT_SIGN'
  | 'SIGNING'
  | 'FAILED'
  | 'SIGNED'
  | 'WAIT_PUSH'
  | 'PUSHED'
  | 'CAPITAL_RETURNED'
  | 'CAPITAL_APPROVED'
  | 'WAIT_LOAN'
  | 'LOAN_PENDING'
  | 'NORMAL'
  | 'OVERDUE'
  | 'SETTLED';

export const CHILD_STATUSES: Readonly<Record<ChildStatus, StatusDef>> = {
  DRAFT: { label: '草稿', tone: 'subtle' },
  PENDING: { label: '待审核', tone: 'warning' },
  RETURNED: { label: '已退回', tone: 'danger' },
  APPROVED: { label: '已通过', tone: 'success' },
  REJECTED: { label: '不通过', tone: 'danger' },
  VETOED: { label: '已否决', tone: 'danger' },
  EXPIRED: { label: '已失效', tone: 'subtle' },
  TERMINATED: { label: '已终止', tone: 'subtle' },
  WAIT_SCHEDULE: { label: '待上会', tone: 'subtle' },
  SCHEDULED: { label: '已排会', tone: 'informative' },
  VOTING: { label: '表决中', tone: 'warning' },
  VOTED: { label: '已表决', tone: 'informative' },
  WAIT_SIGN: { label: '待签约', tone: 'subtle' },
  SIGNING: { label: '签约中', tone: 'warning' },
  FAILED: { label: '签约失败', tone: 'danger' },
  SIGNED: { label: '已签约', tone: 'success' },
  WAIT_PUSH: { label: '待推送', tone: 'subtle' },
  PUSHED: { label: '资金方审核中', tone: 'warning' },
  CAPITAL_RETURNED: { label: '资金方退回', tone: 'danger' },
  CAPITAL_APPROVED: { label: '资金方通过', tone: 'success' },
  WAIT_LOAN: { label: '待放款', tone: 'subtle' },
  LOAN_PENDING: { label: '待复核', tone: 'warning' },
  NORMAL: { label: '正常', tone: 'success' },
  OVERDUE: { label: '逾期', tone: 'danger' },
  SETTLED: { label: '已结清', tone: 'success' },
};

/**
 * The business's own columns every stage's view carries, hidden from list and detail: what the kit reads to
 * offer a row its actions (the state, where its review stands, whose it is).
 */
export const STAGE_BUSINESS_FIELDS: readonly FieldDef[] = [
  { key: 'state', label: '业务状态', type: 'text', detail: false },
  { key: 'reviewLevel', label: '当前级次', type: 'int', detail: false },
  { key: 'reviewLevels', label: '总级次', type: 'int', detail: false },
  { key: 'ownerId', label: '经办人', type: 'text', detail: false },
];

/** The stage's messages the kit answers with (Chinese, the stage's own noun). */
export interface StageMessages {
  notFound: string;
  stale: string;
  notEditable: string;
  notRemovable: string;
  notStageAction: string;
}

/** One stage on the kit: the table's stage, its list definition (the view), its pages and its words. */
export interface StageDef<S extends string = string> {
  stage: Stage;
  resource: ResourceDef<S>;
  /** The make page (编辑 / 提交), when it is not the list itself. */
  makePath?: string;
  messages: StageMessages;
}

/** The messages every reviewable stage shares, in its noun. */
export function stageMessages(noun: string): StageMessages {
  return {
    notFound: `${noun}不存在`,
    stale: `${noun}已被他人修改，请刷新后重试`,
    notEditable: `只有草稿或已退回的${noun}可以编辑`,
    notRemovable: '只有未提交过的草稿可以删除',
    notStageAction: '不支持的操作',
  };
}

/** A stage with a record of its own, as the kit reads it from the table: review stage or not. */
interface StageShape {
  /** The state a business enters the stage in: where the review before it leads (报告 → 待上会), else its draft. */
  entry: StateKey;
  /** The state its record may be deleted in, never submitted: a review stage's draft, another's entry. */
  draft: StateKey;
  /** The states in which the stage's maker works on its record (a review stage's: those it submits from). */
  editable: readonly StateKey[];
  /** The record's status once the business left the stage forward. */
  passed: ChildStatus;
}

/** The shape of a stage that has a record: a review stage's from its review, another's from `WORK_STAGES`. */
export function stageShape(stage: Stage): StageShape {
  const entered = REVIEW_STAGES.find((r) => r.stage !== stage && stageOf(r.next) === stage)?.next;
  const review = REVIEW_STAGES.find((s) => s.stage === stage);
  if (review)
    return {
      entry: entered ?? review.draft,
      draft: review.draft,
      // Its record is worked on in its own states: 推送 is submitted from 签约·已签约 too, where no push exists yet.
      editable: review.submitFrom.filter((s) => stageOf(s) === stage),
      passed: review.passed ?? 'APPROVED',
    };
  const work = WORK_STAGES.find((s) => s.stage === stage);
  if (work && entered) {
    return { entry: entered, draft: entered, editable: work.editable, passed: work.passed.status as ChildStatus };
  }
  throw new Error(`not a stage with a record: ${stage}`);
}

/** The stages whose business has a record of the stage (预授信 … 还款中), in the lifecycle's order. */
export const CHILD_STAGES: readonly Stage[] = STAGES.filter(
  (s) => REVIEW_STAGES.some((r) => r.stage === s) || WORK_STAGES.some((w) => w.stage === s),
);

/** The pages that are the stage's own: its list and its make page. */
export const stagePages = (def: Pick<StageDef, 'resource' | 'makePath'>): string[] =>
  [def.resource.menuPath, def.makePath ?? def.resource.makePath].filter((p): p is string => !!p);

/** Every state the table names (from, fixed to, terminal), for writing the status of each beside the views. */
export const ALL_STATES: readonly StateKey[] = (() => {
  const all = new Set<StateKey>(TERMINAL_STATES);
  for (const t of LIFECYCLE.transitions) {
    for (const f of t.from) all.add(f);
    if (typeof t.to === 'string') all.add(t.to);
  }
  return [...all];
})();

/** The states of the stage. */
export const statesOf = (stage: Stage): StateKey[] => ALL_STATES.filter((s) => stageOf(s) === stage);

/** The actions taken on the stage's own pages: the table's, by each action's `menu`. */
export function stageActions(def: Pick<StageDef, 'stage' | 'resource' | 'makePath'>): ReadonlySet<string> {
  const pages = stagePages(def);
  const states = new Set<string>(statesOf(def.stage));
  return new Set(
    LIFECYCLE.transitions
      .filter((t) => t.menu && pages.includes(t.menu) && t.from.some((f) => states.has(f)))
      .map((t) => t.action),
  );
}

/**
 * Whether the move the table offers at `state` belongs on this stage's pages: the same action name can be
 * another stage's move at another state (a signed business's 提交 is the push's, not the application's).
 */
export function movesOnStage(def: Pick<StageDef, 'resource' | 'makePath'>, state: string, action: string): boolean {
  const menu = LIFECYCLE.transitions.find((t) => t.action === action && t.from.includes(state as StateKey))?.menu;
  return !!menu && stagePages(def).includes(menu);
}

/** The business states in which the stage's record may be edited: those its maker submits from. */
export const editableStates = (stage: Stage): readonly StateKey[] => stageShape(stage).editable;

/** The one state in which the stage's record may be deleted (and then only if never submitted): where it begins. */
export const removableState = (stage: Stage): StateKey => stageShape(stage).draft;

/** The child's statuses in which it may be edited / deleted, as the list definition names them. */
export const editableStatuses = (stage: Stage): string[] => editableStates(stage).map((s) => statusOf(s));
export const removableStatuses = (stage: Stage): string[] => [statusOf(removableState(stage))];

/**
 * The child record's status: its business's status while in the stage, the stage's passed status (已通过,
 * 已签约, 已结清) once the business left it forward (whatever became of it later), otherwise how the business
 * ended. A business in an earlier stage has not reached the record yet, or was sent back (复议 sends a meeting's
 * business back to its report): the record waits for it at the stage's entry.
 */
export function childStatusOf(stage: Stage, state: string, passed: boolean): ChildStatus {
  const shape = stageShape(stage);
  const progress = stageProgress(stage, state);
  if (progress === 'IN') return statusOf(state) as ChildStatus;
  if (progress === 'BEFORE') return statusOf(shape.entry) as ChildStatus;
  // An approved decision lapses when not lent on within its validity (the daily job): it is then 已失效, not
  // 已通过 — the one passed record whose own validity ends the business.
  if (passed) return stage === 'DECISION' && state === 'TERMINATED/EXPIRED' ? 'EXPIRED' : shape.passed;
  if (progress === 'ENDED') {
    const reason = statusOf(state);
    if (reason === 'REJECTED') return 'REJECTED';
    // 否决 by the committee (a meeting item) or the approver (the decision): 已否决, as the stage table names it.
    if (reason === 'VETOED') return 'VETOED';
    if (reason === 'EXPIRED') return 'EXPIRED';
    return 'TERMINATED';
  }
  return shape.passed;
}

/** The statuses the stage's record can hold (every answer of `childStatusOf` for it), in the kit's order. */
export function childStatusesOf(stage: Stage): Readonly<Record<ChildStatus, StatusDef>> {
  const held = new Set(ALL_STATES.flatMap((s) => [false, true].map((p) => childStatusOf(stage, s, p))));
  // Only the statuses the column holds, so a list's status filter offers no status its rows never have.
  return Object.fromEntries(
    (Object.entries(CHILD_STATUSES) as [ChildStatus, StatusDef][]).filter(([k]) => held.has(k)),
  ) as Record<ChildStatus, StatusDef>;
}

/** What is a later stage's own when its list is a view over the businesses that reached it (报告, 决议, …). */
export interface ChildStageSpec {
  stage: Stage;
  name: string;
  api: string;
  listPath: string;
  makePath: string;
  title: string;
  /** The view over the child's table and financing_business; its status and version are the business's. */
  view: { table: string; id: string; createdBy?: boolean };
  /** The list's and detail's own fields; the business's own columns are the kit's (STAGE_BUSINESS_FIELDS). */
  fields: readonly FieldDef[];
  titleField: string;
  order?: ResourceDef['order'];
  /** 新增 on the list (预授信, 融资申请); a draft never submitted may then be deleted too. */
  create?: ResourceDef['create'];
  /** The list's row actions (the table's own, e.g. 撤回). */
  workflow?: ResourceDef<ChildStatus>['workflow'];
  sample?: ResourceDef['sample'];
}

/**
 * The stage on the kit from its spec: statuses the kit's child statuses, 编辑 in the states the table lets
 * the maker submit from; 删除 of a draft only where the stage makes its records by 新增 (a record the
 * business brought stays until it leaves the stage).
 */
export function childStage(spec: ChildStageSpec): StageDef<ChildStatus> {
  const resource: ResourceDef<ChildStatus> = {
    name: spec.name,
    api: spec.api,
    menuPath: spec.listPath,
    title: spec.title,
    noun: STAGE_LABEL[spec.stage],
    storage: { ...spec.view, softDelete: true },
    fields: [...spec.fields, ...STAGE_BUSINESS_FIELDS],
    statuses: childStatusesOf(spec.stage),
    initialStatus: statusOf(removableState(spec.stage)) as ChildStatus,
    update: { when: editableStatuses(spec.stage) as ChildStatus[], op: 'edit' },
    ...(spec.create
      ? { create: spec.create, remove: { when: removableStatuses(spec.stage) as ChildStatus[], op: 'delete' } }
      : {}),
    makePath: spec.makePath,
    ...(spec.workflow ? { workflow: spec.workflow } : {}),
    ...(spec.order ? { order: spec.order } : {}),
    sample: spec.sample ?? {},
    titleField: spec.titleField,
  };
  return { stage: spec.stage, resource, makePath: spec.makePath, messages: stageMessages(STAGE_LABEL[spec.stage]) };
}

/** A stage's document (a contract, a letter) stores only DRAFT or VOID (作废); a live one reads its business. */
export type StoredDocumentStatus = 'DRAFT' | 'VOID';
export type DocumentStatus = 'DRAFT' | 'RETURNED' | 'PENDING' | 'APPROVED' | 'VOID' | 'TERMINATED';

export const DOCUMENT_STATUS_LABEL: Readonly<Record<DocumentStatus, string>> = {
  DRAFT: '草稿',
  RETURNED: '已退回',
  PENDING: '待审核',
  APPROVED: '已通过',
  VOID: '已作废',
  TERMINATED: '已终止',
};

/**
 * What a document of `stage` is now: VOID once 作废; otherwise its business's 草稿 / 已退回 / 待审核 while in the
 * stage, 已通过 once the business left it forward, 已终止 when the business ended before — never stored twice.
 */
export function documentStatusOf(stage: Stage, stored: StoredDocumentStatus, businessState: string): DocumentStatus {
  if (stored === 'VOID') return 'VOID';
  const progress = stageProgress(stage, businessState);
  if (progress === 'IN') {
    const s = statusOf(businessState);
    return s === 'PENDING' || s === 'RETURNED' ? s : 'DRAFT';
  }
  if (progress === 'ENDED') return 'TERMINATED';
  return progress === 'PASSED' ? 'APPROVED' : 'DRAFT';
}

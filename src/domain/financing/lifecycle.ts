// The financing lifecycle (BUSINESS.md §1) as ONE pure transition table: every stage from the demand to
// settlement or termination, the statuses inside each stage, every transition of §1.4 with the page and
// operation code that grant it, who may take it, and its guard as a pure function of the business and the
// facts the gateway loaded (locks, consent, the problems the stage's rules found, the review snapshot). The
// gateway accepts a transition only through `applyTransition(LIFECYCLE, …)`, the screens offer what
// `allowedActions(LIFECYCLE, …)` returns, and the workbench lists the businesses where it is not empty.
//
// A state is `STAGE/STATUS`. Reviewable stages share the generic statuses of §1.2 (DRAFT → PENDING level k of
// N → the next stage, with RETURNED and a withdrawal back to DRAFT); their review actions follow the snapshot
// taken at submission (review.ts). 暂停 (suspended) is an overlay, not a state: it blocks every forward move
// until 恢复.
import {
  allowedActions,
  type Transition,
  type TransitionInput,
  type WorkflowContext,
  type WorkflowTable,
} from '../workflow/workflow';
import { APPROVED_AMOUNT_KEY, approvedAmountProblem } from './pre-credit-rules';
import { type Conclusion, isPassing } from './meeting-rules';
import { type ReviewState, reject, rejectionHandler, reviewRefusal, approve } from './review';
import { ROLE, type RoleCode } from './roles';
import { type ReviewType, STAGE_LABEL, type Stage } from './stages';

export const STATUS_LABEL: Readonly<Record<string, string>> = {
  NEW: '待受理',
  ACCEPTED: '已受理',
  CLOSED: '已关闭',
  DRAFT: '草稿',
  PENDING: '待审核',
  RETURNED: '已退回',
  WAIT_SCHEDULE: '待上会',
  SCHEDULED: '已排会',
  VOTING: '表决中',
  VOTED: '已表决',
  WAIT_SIGN: '待签约',
  SIGNING: '签约中',
  FAILED: '签约失败',
  SIGNED: '已签约',
  WAIT_PUSH: '待推送',
  PUSHED: '资金方审核中',
  CAPITAL_RETURNED: '资金方退回',
  CAPITAL_APPROVED: '资金方通过',
  WAIT_LOAN: '待放款',
  LOAN_PENDING: '待复核',
  NORMAL: '正常',
  OVERDUE: '逾期',
  DONE: '已完成',
  REJECTED: '不通过',
  VETOED: '已否决',
  WITHDRAWN_CLOSED: '撤回关闭',
  CANCELLED: '已取消',
  EXPIRED: '已失效',
};

/** Why a business ended (BUSINESS.md Decisions, "The lifecycle's shape"). */
export const TERMINATE_REASONS = ['REJECTED', 'VETOED', 'WITHDRAWN_CLOSED', 'CANCELLED', 'EXPIRED'] as const;
export type TerminateReason = (typeof TERMINATE_REASONS)[number];

export type StateKey = `${Stage}/${string}`;

export const stageOf = (state: string): Stage => state.split('/')[0] as Stage;
export const statusOf = (state: string): string => state.split('/')[1] ?? '';
export const stateLabel = (state: string) =>
  `${STAGE_LABEL[stageOf(state)] ?? stageOf(state)}·${STATUS_LABEL[statusOf(state)] ?? statusOf(state)}`;

/** The aggregate as the table reads it. A demand not yet accepted is the business at stage 0 (its own record). */
export interface BusinessRecord {
  state: StateKey;
  suspended: boolean;
  /** The maker (经办人, or the supplier user who applied). */
  ownerId: string | null;
  supplierId: string;
  reconsiderCount: number;
  /** The review under way in a reviewable stage, as snapshotted at submission. */
  review: ReviewState | null;
  /** 分 applied for (the stored business carries it; a demand not yet accepted has none). */
  applyAmount?: bigint;
}

/** The hard controls the gateway evaluated with the stage's rules before asking the table (BUSINESS.md §3). */
export type Checkpoint =
  | 'ACCEPT_DEMAND'
  | 'SUBMIT_PRE_CREDIT'
  | 'SUBMIT_APPLICATION'
  | 'SUBMIT_REPORT'
  | 'SCHEDULE_MEETING'
  | 'CONCLUDE_MEETING'
  | 'SUBMIT_DECISION'
  | 'SUBMIT_ELEMENTS'
  | 'SUBMIT_CONTRACT'
  | 'REVIEW_CONTRACT'
  | 'START_SIGNING'
  | 'FINISH_SIGNING'
  | 'REVOKE_SIGNING'
  | 'PUSH'
  | 'CAPITAL_APPROVED'
  | 'REGISTER_LOAN'
  | 'REGISTER_REPAYMENT'
  | 'EXPIRE';

export interface LifecycleFacts {
  /** The supplier a supplier user belongs to; null for staff. */
  actorSupplierId?: string | null;
  /** Live supplier locks (risk/locks.ts) for this business's supplier. */
  supplierLocked?: { newApplication: boolean; lending: boolean };
  /** The supplier authorised the data query (SPEC §1); from APPLICATION on, for this capital side. */
  consent?: boolean;
  /** Per checkpoint: the refusals its rules found, in Chinese; empty when it holds. Absent: not checked. */
  problems?: Partial<Record<Checkpoint, readonly string[]>>;
  /**
   * The actions are being listed for a screen or the to-do list: a checkpoint the gateway did not evaluate is
   * not held against them (it is evaluated, and may refuse with its words, when the action is taken).
   */
  display?: boolean;
  /** A meeting item's tally, for concluding it. */
  tally?: { passed: boolean; complete: boolean };
  /** The business's owner is a supplier user: the supplier applied for it (预授信 from applyForRufs). */
  ownerIsSupplier?: boolean;
  /**
   * The conclusion of the business's item on its meeting as the chair's review would approve it (the recorded
   * one, or 否决 where the chair vetoes a passed item); null when none is recorded.
   */
  meetingConclusion?: Conclusion | null;
}

export type LifecycleContext = WorkflowContext<LifecycleFacts>;
/**
 * A transition of the lifecycle, with the checkpoint it crosses (the gateway loads that rule's findings) and,
 * for a move another record owns, that record: the meeting's moves of the businesses it hears are made only
 * through the meeting's own routes, all its businesses at once, never one business at a time.
 */
export type LifecycleTransition = Transition<StateKey, BusinessRecord, LifecycleFacts> & {
  checkpoint?: Checkpoint;
  ownedBy?: MoveOwner;
};

/** The records that own moves of a business: the meeting (all it hears at once), a repayment (its confirmation). */
export type MoveOwner = 'MEETING' | 'REPAYMENT';

/** The record that owns a move, when the business's own route may not make it. */
export const moveOwner = (state: string, action: string): LifecycleTransition['ownedBy'] =>
  transitionOf(state, action)?.ownedBy;
type Guard = NonNullable<LifecycleTransition['guard']>;

export const LifecycleMessage = {
  suspended: '业务已暂停，请先恢复',
  meetingMove: '该操作属于评审会，请在评审会中办理',
  repaymentMove: '该操作属于还款登记，请在还款登记中确认',
  notSuspended: '业务未暂停',
  notChecked: '业务规则尚未校验，请刷新后重试',
  locked: '供应商已被锁定，不能发起新的融资申请',
  lockedLending: '供应商已被锁定，不能放款',
  noConsent: '供应商尚未授权数据查询',
  notOwner: '只能处理本人经办的业务',
  notMaker: '您不是该阶段的制作人',
  conclusionMissing: '议题尚未形成结论',
  conclusionOther: '审核结果须与议题结论一致',
  vetoLastLevel: '否决须由最后一级的有权审批人作出',
  notOwnSupplier: '只能处理本企业的业务',
  alreadyReviewed: '已有审核意见，不能撤回',
  notTerminateHandler: '当前审核级次不能作出不通过的决定，请退回',
  returnComment: '退回意见至少5个字',
  reconsiderOnce: '复议次数已用完',
  tallyIncomplete: '尚有出席委员未表决，或未达到法定人数',
  tallyFailed: '表决未达到通过比例',
  outcome: '请选择结果',
} as const;

const isAdmin = (ctx: LifecycleContext) => !!ctx.roles?.has(ROLE.ADMIN);

const notSuspended = (r: BusinessRecord) => (r.suspended ? LifecycleMessage.suspended : null);

/** The first refusal the rules found at a checkpoint; refused when the gateway did not check it. */
const rulesHold = (checkpoint: Checkpoint) => (_: BusinessRecord, ctx: LifecycleContext) => {
  const found = ctx.facts?.problems?.[checkpoint];
  if (!found) return ctx.facts?.display ? null : LifecycleMessage.notChecked;
  return found[0] ?? null;
};

/**
 * A transition crossing a checkpoint: the checkpoint it names (so the gateway knows which rule to run, from
 * the table alone) and its guard, built around the rule's verdict where it belongs among the other guards.
 */
const crossing = (checkpoint: Checkpoint, build: (rules: Guard) => Guard) => ({
  checkpoint,
  guard: build(rulesHold(checkpoint)),
});

/** Whether the supplier makes the item of the stage the business is in (预授信: yes; 融资申请 on: no). */
const supplierMakes = (state: string) => !!reviewStageOf(state)?.makers.includes(ROLE.SUPPLIER);

/**
 * A business the supplier applied for is taken over by the tenant's staff makers from the first stage the
 * supplier does not make (融资申请 on): any of them (within its data scope) may act as its maker there, and
 * the first to submit becomes its 经办人. While the stage is the supplier's own (预授信), it stays the supplier's.
 */
export const takesOver = (r: BusinessRecord, ctx: LifecycleContext): boolean =>
  !ctx.facts?.actorSupplierId && !!ctx.facts?.ownerIsSupplier && r.ownerId !== ctx.actorId && !supplierMakes(r.state);

/**
 * The maker of the item: the owner, or a supplier user of the business's own supplier (and an administrator),
 * or the staff maker taking over a business the supplier applied for (`takesOver`). null when the actor is
 * one; otherwise why not. The guard of the maker's moves, and of saving a stage's draft.
 */
export const makerRefusal = (r: BusinessRecord, ctx: LifecycleContext): string | null => {
  if (ctx.facts?.actorSupplierId) return ownerRefusal(r, ctx);
  // A stage made by a department rather than the business's 经办人 (报告 and 决议 by 风控, 纪要 by the
  // secretary) is made by whoever holds the stage's maker role.
  const stage = REVIEW_STAGES.find((s) => s.stage === stageOf(r.state));
  if (stage && madeByDepartment(stage)) {
    return isAdmin(ctx) || stage.makers.some((m) => ctx.roles?.has(m)) ? null : LifecycleMessage.notMaker;
  }
  return takesOver(r, ctx) ? null : ownerRefusal(r, ctx);
};

/**
 * The business's own 经办人 (or a supplier user of its supplier, or an administrator), whatever stage it is in:
 * null when the actor is one. The guard of the 经办's own moves on the business, such as 终止.
 */
export const ownerRefusal = (r: BusinessRecord, ctx: LifecycleContext): string | null => {
  if (ctx.facts?.actorSupplierId) {
    return ctx.facts.actorSupplierId === r.supplierId ? null : LifecycleMessage.notOwnSupplier;
  }
  return !r.ownerId || r.ownerId === ctx.actorId || isAdmin(ctx) ? null : LifecycleMessage.notOwner;
};

/** The roles whose maker is the business's own 经办人 (or its supplier). */
const OWNER_ROLES: readonly RoleCode[] = [ROLE.OPERATOR, ROLE.SUPPLIER];

/** A stage made by a department (报告 and 决议 by 风控, 纪要 by the secretary), not by the business's 经办人. */
export const madeByDepartment = (stage: Pick<ReviewStage, 'makers'>): boolean =>
  !stage.makers.some((m) => OWNER_ROLES.includes(m));

const all =
  (...guards: ((r: BusinessRecord, ctx: LifecycleContext, input?: TransitionInput) => string | null)[]) =>
  (r: BusinessRecord, ctx: LifecycleContext, input?: TransitionInput) => {
    for (const g of guards) {
      const refusal = g(r, ctx, input);
      if (refusal) return refusal;
    }
    return null;
  };

type SupplierFacts = Pick<LifecycleFacts, 'supplierLocked' | 'consent'> | undefined;

const lockedRefusal = (scope: 'newApplication' | 'lending', facts: SupplierFacts) => {
  const locks = facts?.supplierLocked;
  if (!locks) return LifecycleMessage.notChecked;
  if (!locks[scope]) return null;
  return scope === 'lending' ? LifecycleMessage.lockedLending : LifecycleMessage.locked;
};

const consentRefusal = (facts: SupplierFacts) =>
  facts?.consent === undefined ? LifecycleMessage.notChecked : facts.consent ? null : LifecycleMessage.noConsent;

const notLocked = (scope: 'newApplication' | 'lending') => (_: BusinessRecord, ctx: LifecycleContext) =>
  lockedRefusal(scope, ctx.facts);

const consented = (_: BusinessRecord, ctx: LifecycleContext) => consentRefusal(ctx.facts);

/**
 * What keeps a supplier from a new 预授信 or 融资申请 (a 禁止新申请 lock; no data-query consent — from 融资申请 on,
 * for the chosen capital side): the makers' own guards of the table, so a page can warn before anyone fills a
 * form with exactly what 保存 and 提交 would refuse.
 */
export const newApplicationBlocks = (facts: SupplierFacts): string[] =>
  [lockedRefusal('newApplication', facts), consentRefusal(facts)].filter((m) => m !== null).map(String);

/** A reviewable stage: who makes the item, the pages that grant each step, and where approval leads. */
interface ReviewStage {
  stage: Stage;
  type: ReviewType;
  makers: readonly RoleCode[];
  /** The states the maker submits from, and the page and code of 提交. */
  submitFrom: readonly StateKey[];
  submit: { menu: string; op?: 'submit' | 'add'; label?: string; checkpoint?: Checkpoint; lending?: boolean };
  /** The state while under review; RETURNED and withdrawal states of the stage. */
  pending: StateKey;
  returned: StateKey;
  draft: StateKey;
  /** The page granting 通过 / 退回 / 不通过 (`/business/examine` where the stage has no page of its own). */
  examine: string;
  /** The page granting 撤回, where the stage's list offers it. */
  withdraw?: string;
  /** Where the business goes when the last level approves. */
  next: StateKey;
  /** 通过 may carry the 批复额度 (≤ applied); the last level's becomes the business's 批复金额. */
  approvesAmount?: boolean;
  /** A hard control every level's 通过 crosses (合同审核: the contracts' factors equal the TERM elements). */
  approveCheckpoint?: Checkpoint;
  /** The record's status once the business left the stage forward, when not 已通过 (推送: 资金方通过). */
  passed?: 'CAPITAL_APPROVED';
}

const EXAMINE = '/business/examine';

export const REVIEW_STAGES: readonly ReviewStage[] = [
  {
    stage: 'PRE_CREDIT',
    type: 'PRE_CREDIT',
    makers: [ROLE.OPERATOR, ROLE.SUPPLIER],
    submitFrom: ['PRE_CREDIT/DRAFT', 'PRE_CREDIT/RETURNED'],
    submit: { menu: '/business/applyForRufs', checkpoint: 'SUBMIT_PRE_CREDIT' },
    draft: 'PRE_CREDIT/DRAFT',
    pending: 'PRE_CREDIT/PENDING',
    returned: 'PRE_CREDIT/RETURNED',
    examine: EXAMINE,
    withdraw: '/business/preCreditApplicationManage',
    next: 'APPLICATION/DRAFT',
    approvesAmount: true,
  },
  {
    stage: 'APPLICATION',
    type: 'APPLICATION',
    makers: [ROLE.OPERATOR],
    submitFrom: ['APPLICATION/DRAFT', 'APPLICATION/RETURNED'],
    submit: { menu: '/business/accessDocumentsMake', checkpoint: 'SUBMIT_APPLICATION' },
    draft: 'APPLICATION/DRAFT',
    pending: 'APPLICATION/PENDING',
    returned: 'APPLICATION/RETURNED',
    examine: '/business/financingApplicationExamineInfo',
    withdraw: '/business/financingApplicationManagement',
    next: 'REPORT/DRAFT',
  },
  {
    stage: 'REPORT',
    type: 'REPORT',
    makers: [ROLE.RISK],
    submitFrom: ['REPORT/DRAFT', 'REPORT/RETURNED'],
    submit: { menu: '/business/report-production-make/makeProcess', checkpoint: 'SUBMIT_REPORT' },
    draft: 'REPORT/DRAFT',
    pending: 'REPORT/PENDING',
    returned: 'REPORT/RETURNED',
    examine: '/business/reportProductionExamineInfo',
    next: 'MEETING/WAIT_SCHEDULE',
  },
  {
    // The minutes of the meeting item, after the vote (纪要审核).
    stage: 'MEETING',
    type: 'MEETING',
    makers: [ROLE.SECRETARY],
    submitFrom: ['MEETING/VOTED', 'MEETING/RETURNED'],
    submit: { menu: '/business/approvalProduction', label: '提交纪要', checkpoint: 'CONCLUDE_MEETING' },
    draft: 'MEETING/VOTED',
    pending: 'MEETING/PENDING',
    returned: 'MEETING/RETURNED',
    examine: '/business/approvalReviewMeetingExamineInfo',
    next: 'DECISION/DRAFT',
  },
  {
    stage: 'DECISION',
    type: 'DECISION',
    makers: [ROLE.RISK],
    submitFrom: ['DECISION/DRAFT', 'DECISION/RETURNED'],
    submit: { menu: '/business/decisionMake', checkpoint: 'SUBMIT_DECISION' },
    draft: 'DECISION/DRAFT',
    pending: 'DECISION/PENDING',
    returned: 'DECISION/RETURNED',
    examine: 'business/resolutionReview/audit',
    next: 'ELEMENTS/DRAFT',
  },
  {
    stage: 'ELEMENTS',
    type: 'ELEMENTS',
    makers: [ROLE.OPS],
    submitFrom: ['ELEMENTS/DRAFT', 'ELEMENTS/RETURNED'],
    submit: { menu: '/business/essentialFactor/elementProduction', checkpoint: 'SUBMIT_ELEMENTS' },
    draft: 'ELEMENTS/DRAFT',
    pending: 'ELEMENTS/PENDING',
    returned: 'ELEMENTS/RETURNED',
    examine: '/business/essentialFactor/ImplementAudit',
    next: 'CONTRACT/DRAFT',
  },
  {
    stage: 'CONTRACT',
    type: 'CONTRACT',
    makers: [ROLE.LEGAL, ROLE.OPERATOR],
    submitFrom: ['CONTRACT/DRAFT', 'CONTRACT/RETURNED'],
    submit: { menu: '/business/contractFileMake/contractFileMake', checkpoint: 'SUBMIT_CONTRACT' },
    draft: 'CONTRACT/DRAFT',
    pending: 'CONTRACT/PENDING',
    returned: 'CONTRACT/RETURNED',
    examine: '/business/contractFileReview/contractFileReviewFactor',
    next: 'SIGNING/WAIT_SIGN',
    approveCheckpoint: 'REVIEW_CONTRACT',
  },
  {
    stage: 'PUSH',
    type: 'PUSH',
    makers: [ROLE.OPERATOR],
    // 推送 starts from 已签约; 待推送 is where a push withdrawn from review waits.
    submitFrom: ['SIGNING/SIGNED', 'PUSH/WAIT_PUSH', 'PUSH/RETURNED', 'PUSH/CAPITAL_RETURNED'],
    submit: { menu: '/business/pushProduction', label: '推送', checkpoint: 'PUSH' },
    draft: 'PUSH/WAIT_PUSH',
    pending: 'PUSH/PENDING',
    returned: 'PUSH/RETURNED',
    examine: EXAMINE,
    next: 'PUSH/PUSHED',
    passed: 'CAPITAL_APPROVED',
  },
  {
    // 放款登记 by finance, 放款复核 by operations; the loan makes the business repay.
    stage: 'LENDING',
    type: 'LENDING',
    makers: [ROLE.FINANCE],
    submitFrom: ['LENDING/WAIT_LOAN'],
    submit: {
      menu: '/business/lendingRegistration',
      op: 'add',
      label: '登记放款',
      checkpoint: 'REGISTER_LOAN',
      lending: true,
    },
    draft: 'LENDING/WAIT_LOAN',
    pending: 'LENDING/LOAN_PENDING',
    returned: 'LENDING/WAIT_LOAN',
    examine: '/business/lendingRegistration',
    next: 'REPAYING/NORMAL',
  },
];

/**
 * A stage that is not a review stage (签约, 还款中): the states in which its maker works on the stage's record (签约 is set up while 待签约 and again after 签约失败; a repaying business's
 * record is its repayments, items of their own). Its record is 已签约 / 已结清 once the business left it forward.
 */
export interface WorkStage {
  stage: Stage;
  editable: readonly StateKey[];
  passed: { status: string; label: string };
}

export const WORK_STAGES: readonly WorkStage[] = [
  {
    stage: 'SIGNING',
    editable: ['SIGNING/WAIT_SIGN', 'SIGNING/FAILED'],
    passed: { status: 'SIGNED', label: '已签约' },
  },
  { stage: 'REPAYING', editable: [], passed: { status: 'SETTLED', label: '已结清' } },
];

export const reviewStageOf = (state: string): ReviewStage | undefined =>
  REVIEW_STAGES.find((s) => s.pending === state || s.submitFrom.includes(state as StateKey));

const reviewOf = (r: BusinessRecord): ReviewState | null => r.review;

/** The reviewer may act on the current level: a member of it in the snapshot, not the maker, not twice. */
const mayReview = (r: BusinessRecord, ctx: LifecycleContext) => {
  const review = reviewOf(r);
  if (!review) return LifecycleMessage.notChecked;
  return reviewRefusal(review, ctx.actorId);
};

/**
 * The chair's review of the minutes approves each item as concluded: 通过 moves a passed item on, 否决 and 复议
 * take their own moves. Unknown when listing for a screen (the conclusion is read when acted on).
 */
const concluded =
  (pass: (c: Conclusion) => boolean) =>
  (_: BusinessRecord, ctx: LifecycleContext): string | null => {
    const c = ctx.facts?.meetingConclusion;
    if (c === undefined) return ctx.facts?.display ? null : LifecycleMessage.notChecked;
    if (c === null) return LifecycleMessage.conclusionMissing;
    return pass(c) ? null : LifecycleMessage.conclusionOther;
  };

function reviewTransitions(s: ReviewStage): LifecycleTransition[] {
  const makerGuard = (rules?: Guard) =>
    all(
      notSuspended,
      makerRefusal,
      ...(rules ? [rules] : []),
      ...(s.stage === 'PRE_CREDIT' || s.stage === 'APPLICATION' ? [notLocked('newApplication'), consented] : []),
      ...(s.submit.lending ? [notLocked('lending')] : []),
    );
  const list: LifecycleTransition[] = [
    {
      action: 'submit',
      label: s.submit.label ?? '提交',
      op: s.submit.op ?? 'submit',
      menu: s.submit.menu,
      who: [...s.makers, ROLE.ADMIN],
      from: s.submitFrom,
      to: s.pending,
      comment: 'optional',
      commentLabel: '说明',
      tone: 'brand',
      ...(s.submit.checkpoint ? crossing(s.submit.checkpoint, makerGuard) : { guard: makerGuard() }),
    },
    {
      action: 'approve',
      label: '通过',
      op: 'examine',
      menu: s.examine,
      from: [s.pending],
      to: (r, _input, ctx) => {
        const review = reviewOf(r);
        if (!review) return s.pending;
        return approve(review, ctx.actorId).kind === 'approved' ? s.next : s.pending;
      },
      comment: 'optional',
      commentLabel: '审核意见',
      tone: 'success',
      ...(s.approveCheckpoint
        ? crossing(s.approveCheckpoint, (rules) => all(notSuspended, mayReview, rules))
        : {
            guard:
              s.stage === 'MEETING' ? all(notSuspended, mayReview, concluded(isPassing)) : all(notSuspended, mayReview),
          }),
      ...(s.approvesAmount
        ? {
            inputs: {
              keys: [APPROVED_AMOUNT_KEY],
              sample: { [APPROVED_AMOUNT_KEY]: 100 },
              check: (r: BusinessRecord, values: Readonly<Record<string, string | number | null>>) =>
                r.applyAmount === undefined ? null : approvedAmountProblem(values[APPROVED_AMOUNT_KEY], r.applyAmount),
            },
          }
        : {}),
    },
    {
      action: 'return',
      label: '退回',
      op: 'reject',
      menu: s.examine,
      from: [s.pending],
      to: (r, _input, ctx) => {
        const review = reviewOf(r);
        if (!review) return s.returned;
        return reject(review, ctx.actorId, false).kind === 'returned' ? s.returned : s.pending;
      },
      comment: 'required',
      commentLabel: '退回意见',
      tone: 'warning',
      guard: all(mayReview, (_r, _ctx, input) =>
        [...(input?.comment ?? '').trim()].length >= 5 || input === undefined ? null : LifecycleMessage.returnComment,
      ),
    },
    {
      action: 'refuse',
      label: '不通过',
      op: 'reject',
      menu: s.examine,
      from: [s.pending],
      to: 'TERMINATED/REJECTED',
      comment: 'required',
      commentLabel: '不通过意见',
      tone: 'danger',
      guard: all(mayReview, (r) => {
        const review = reviewOf(r);
        return review && rejectionHandler(review) === 'TERMINATE' ? null : LifecycleMessage.notTerminateHandler;
      }),
    },
  ];
  if (s.stage === 'MEETING') return list.map((t) => ({ ...t, ownedBy: 'MEETING' as const }));
  if (s.withdraw) {
    list.push({
      action: 'withdraw',
      label: '撤回',
      op: 'withdraw',
      menu: s.withdraw,
      who: [...s.makers, ROLE.ADMIN],
      from: [s.pending],
      to: s.draft,
      comment: 'optional',
      commentLabel: '撤回说明',
      tone: 'warning',
      guard: all(makerRefusal, (r) => {
        const review = reviewOf(r);
        return review && (review.level > 1 || review.opinions.length > 0) ? LifecycleMessage.alreadyReviewed : null;
      }),
    });
  }
  return list;
}

export const BUSINESS_MANAGE = '/business/financingBusinessManage';
const DEMAND_MANAGE = '/financingDemandManagement/financingDemandManagement';

/** Every state a live business (stage 1 onwards) may be in, from the review stages and the stage-only states. */
const REVIEW_STATES = REVIEW_STAGES.flatMap((s) => [...s.submitFrom, s.pending, s.returned, s.draft]);
const OTHER_LIVE: readonly StateKey[] = [
  'MEETING/WAIT_SCHEDULE',
  'MEETING/SCHEDULED',
  'MEETING/VOTING',
  'SIGNING/WAIT_SIGN',
  'SIGNING/SIGNING',
  'SIGNING/FAILED',
  'SIGNING/SIGNED',
  'PUSH/PUSHED',
  'REPAYING/NORMAL',
  'REPAYING/OVERDUE',
];
export const LIVE_STATES: readonly StateKey[] = [...new Set([...REVIEW_STATES, ...OTHER_LIVE])];

/** Terminate is allowed before the loan is registered for review (Decisions). */
export const TERMINABLE_STATES: readonly StateKey[] = LIVE_STATES.filter(
  (s) => !['LENDING/LOAN_PENDING', 'REPAYING/NORMAL', 'REPAYING/OVERDUE'].includes(s),
);

export const TERMINAL_STATES: readonly StateKey[] = [
  'DEMAND/ACCEPTED',
  'DEMAND/CLOSED',
  'SETTLED/DONE',
  'SETTLED_EARLY/DONE',
  ...TERMINATE_REASONS.map((r) => `TERMINATED/${r}` as StateKey),
];

const inputValue = (input: TransitionInput | undefined, key: string) => input?.values?.[key] ?? null;

/** The lifecycle's table: a workflow table whose transitions name the checkpoints they cross. */
export interface LifecycleTable extends WorkflowTable<StateKey, BusinessRecord, LifecycleFacts> {
  transitions: readonly LifecycleTransition[];
}

export const LIFECYCLE: LifecycleTable = {
  noun: '业务',
  statusOf: (r) => r.state,
  commentMax: 500,
  transitions: [
    // Stage 0: the demand, its own record until accepted.
    {
      action: 'accept',
      label: '受理',
      op: 'examine',
      menu: DEMAND_MANAGE,
      who: [ROLE.OPERATOR, ROLE.ADMIN],
      from: ['DEMAND/NEW'],
      to: 'PRE_CREDIT/DRAFT',
      comment: 'optional',
      commentLabel: '受理说明',
      tone: 'success',
      ...crossing('ACCEPT_DEMAND', (rules) => all(notLocked('newApplication'), consented, rules)),
    },
    {
      action: 'close',
      label: '关闭',
      op: 'reject',
      menu: DEMAND_MANAGE,
      who: [ROLE.OPERATOR, ROLE.ADMIN],
      from: ['DEMAND/NEW'],
      to: 'DEMAND/CLOSED',
      comment: 'required',
      commentLabel: '关闭原因',
      tone: 'danger',
    },
    ...REVIEW_STAGES.flatMap(reviewTransitions),
    // Stage 4: the meeting schedules the item, opens the vote, and the tally decides.
    {
      action: 'schedule',
      ownedBy: 'MEETING',
      label: '发送通知',
      op: 'submit',
      menu: '/business/approvalReviewMeetingMake',
      who: [ROLE.SECRETARY],
      from: ['MEETING/WAIT_SCHEDULE'],
      to: 'MEETING/SCHEDULED',
      comment: 'none',
      ...crossing('SCHEDULE_MEETING', (rules) => all(notSuspended, rules)),
    },
    {
      action: 'openVoting',
      ownedBy: 'MEETING',
      label: '开始表决',
      op: 'submit',
      menu: '/business/approvalReviewMeetingImplementList',
      who: [ROLE.SECRETARY],
      from: ['MEETING/SCHEDULED'],
      to: 'MEETING/VOTING',
      comment: 'none',
      guard: notSuspended,
    },
    {
      action: 'closeVoting',
      ownedBy: 'MEETING',
      label: '结束表决',
      op: 'submit',
      menu: '/business/approvalReviewMeetingImplementList',
      who: [ROLE.SECRETARY],
      from: ['MEETING/VOTING'],
      to: 'MEETING/VOTED',
      comment: 'none',
      guard: (_r, ctx) => (ctx.facts?.tally?.complete ? null : LifecycleMessage.tallyIncomplete),
    },
    {
      // The meeting is called off after its notice: the business waits for the next one.
      action: 'unschedule',
      ownedBy: 'MEETING',
      label: '撤出会议',
      op: 'terminate',
      menu: '/business/meetingInfoManage',
      who: [ROLE.SECRETARY],
      from: ['MEETING/SCHEDULED'],
      to: 'MEETING/WAIT_SCHEDULE',
      comment: 'optional',
    },
    {
      // The chair approves minutes that concluded 否决: the business ends; a 否决 is never turned into a pass.
      action: 'meetingVeto',
      ownedBy: 'MEETING',
      label: '否决',
      op: 'examine',
      menu: '/business/approvalReviewMeetingExamineInfo',
      who: [ROLE.CHAIR],
      from: ['MEETING/PENDING'],
      to: 'TERMINATED/VETOED',
      comment: 'optional',
      commentLabel: '否决意见',
      tone: 'danger',
      guard: all(
        mayReview,
        concluded((c) => c === 'VETOED'),
      ),
    },
    {
      // The chair approves minutes that concluded 复议: the report is made again, once.
      action: 'reconsider',
      ownedBy: 'MEETING',
      label: '复议',
      op: 'examine',
      menu: '/business/approvalReviewMeetingExamineInfo',
      who: [ROLE.CHAIR],
      from: ['MEETING/PENDING'],
      to: 'REPORT/RETURNED',
      comment: 'optional',
      commentLabel: '复议事项',
      tone: 'warning',
      guard: all(
        mayReview,
        concluded((c) => c === 'RECONSIDER'),
        (r) => (r.reconsiderCount < 1 ? null : LifecycleMessage.reconsiderOnce),
      ),
    },
    {
      // The approver's 否决 of the decision at their level ends the business.
      action: 'veto',
      label: '否决',
      op: 'terminate',
      menu: 'business/resolutionReview/audit',
      who: [ROLE.APPROVER],
      from: ['DECISION/PENDING'],
      to: 'TERMINATED/VETOED',
      comment: 'required',
      commentLabel: '否决意见',
      tone: 'danger',
      // The approving authority's, at the last level: the levels before it advise (S14).
      guard: all(mayReview, (r) =>
        r.review && r.review.level === r.review.snapshot.levels.length ? null : LifecycleMessage.vetoLastLevel,
      ),
    },
    // Stage 8: signing, online through the e-sign provider or offline with scans and originals.
    {
      action: 'startOnline',
      label: '发起线上签约',
      op: 'submit',
      menu: '/business/applyOnlineSigning',
      who: [ROLE.OPERATOR],
      from: ['SIGNING/WAIT_SIGN'],
      to: 'SIGNING/SIGNING',
      comment: 'none',
      ...crossing('START_SIGNING', (rules) => all(notSuspended, makerRefusal, rules)),
    },
    {
      action: 'signOffline',
      label: '线下签约',
      op: 'submit',
      menu: '/business/applyOfflineSigning',
      who: [ROLE.OPERATOR],
      from: ['SIGNING/WAIT_SIGN'],
      to: 'SIGNING/SIGNED',
      comment: 'none',
      ...crossing('FINISH_SIGNING', (rules) => all(notSuspended, makerRefusal, rules)),
    },
    {
      action: 'signed',
      label: '签署完成',
      op: 'submit',
      who: [ROLE.SYSTEM],
      from: ['SIGNING/SIGNING'],
      to: 'SIGNING/SIGNED',
      comment: 'none',
      ...crossing('FINISH_SIGNING', (rules) => rules),
    },
    {
      action: 'signFailed',
      label: '签署失败',
      op: 'submit',
      who: [ROLE.SYSTEM],
      from: ['SIGNING/SIGNING'],
      to: 'SIGNING/FAILED',
      comment: 'optional',
    },
    {
      action: 'revokeSigning',
      label: '撤销签署',
      op: 'withdraw',
      menu: '/business/onlineSigning',
      who: [ROLE.OPERATOR],
      from: ['SIGNING/SIGNING'],
      to: 'SIGNING/FAILED',
      comment: 'required',
      commentLabel: '撤销原因',
      tone: 'danger',
      ...crossing('REVOKE_SIGNING', (rules) => all(makerRefusal, rules)),
    },
    {
      action: 'retrySigning',
      label: '重新签约',
      op: 'submit',
      menu: '/business/applyOnlineSigning',
      who: [ROLE.OPERATOR],
      from: ['SIGNING/FAILED'],
      to: 'SIGNING/WAIT_SIGN',
      comment: 'none',
      guard: all(notSuspended, makerRefusal),
    },
    // Stage 9: the capital side answers the push.
    {
      action: 'capitalFeedback',
      label: '登记反馈',
      op: 'edit',
      menu: '/business/pushProduction',
      // 登记反馈 by the 经办, or the capital channel's verified callback as the system actor.
      who: [ROLE.OPERATOR, ROLE.SYSTEM],
      from: ['PUSH/PUSHED'],
      to: (_r, input) => (inputValue(input, 'result') === 'APPROVED' ? 'LENDING/WAIT_LOAN' : 'PUSH/CAPITAL_RETURNED'),
      comment: 'optional',
      commentLabel: '反馈意见',
      ...crossing('CAPITAL_APPROVED', (rules) =>
        all(notSuspended, (_r, ctx, input) => {
          if (input === undefined) return null;
          const result = inputValue(input, 'result');
          if (result !== 'APPROVED' && result !== 'RETURNED') return LifecycleMessage.outcome;
          return result === 'APPROVED' ? rules(_r, ctx) : null;
        }),
      ),
    },
    // Stage 11: repayments, and the overdue flag the gateway computes each day.
    {
      action: 'confirmRepayment',
      label: '确认还款',
      op: 'examine',
      menu: '/business/paymentRegistration',
      // Made only by a repayment's confirmation, which computes the outcome from the installments it pays; who
      // confirms is the repayment's own review (审核类型配置 REPAYMENT), checked by its item table.
      ownedBy: 'REPAYMENT',
      from: ['REPAYING/NORMAL', 'REPAYING/OVERDUE'],
      to: (r, input) => {
        const outcome = inputValue(input, 'outcome');
        if (outcome === 'SETTLED') return 'SETTLED/DONE';
        if (outcome === 'SETTLED_EARLY') return 'SETTLED_EARLY/DONE';
        if (outcome === 'NORMAL') return 'REPAYING/NORMAL';
        return r.state;
      },
      comment: 'optional',
      ...crossing('REGISTER_REPAYMENT', (rules) =>
        all(rules, (_r, _ctx, input) => {
          if (input === undefined) return null;
          const outcome = inputValue(input, 'outcome');
          return ['SETTLED', 'SETTLED_EARLY', 'NORMAL', 'SAME'].includes(String(outcome))
            ? null
            : LifecycleMessage.outcome;
        }),
      ),
    },
    {
      action: 'overdue',
      label: '逾期',
      op: 'edit',
      who: [ROLE.SYSTEM],
      from: ['REPAYING/NORMAL'],
      to: 'REPAYING/OVERDUE',
      comment: 'none',
    },
    {
      // The close of business finds nothing overdue any more (paid up): the business is 还款中 again.
      action: 'cured',
      label: '逾期解除',
      op: 'edit',
      who: [ROLE.SYSTEM],
      from: ['REPAYING/OVERDUE'],
      to: 'REPAYING/NORMAL',
      comment: 'none',
    },
    // Any stage: end the business before the loan, or pause it.
    {
      action: 'terminate',
      label: '终止',
      op: 'terminate',
      menu: BUSINESS_MANAGE,
      who: [ROLE.OPERATOR, ROLE.ADMIN],
      from: TERMINABLE_STATES,
      to: 'TERMINATED/CANCELLED',
      comment: 'required',
      commentLabel: '终止原因',
      tone: 'danger',
      guard: ownerRefusal,
    },
    {
      action: 'expire',
      label: '失效',
      op: 'edit',
      who: [ROLE.SYSTEM],
      from: TERMINABLE_STATES,
      to: 'TERMINATED/EXPIRED',
      comment: 'none',
      ...crossing('EXPIRE', (rules) => rules),
    },
    {
      action: 'suspend',
      label: '暂停',
      op: 'lock',
      menu: BUSINESS_MANAGE,
      who: [ROLE.RISK, ROLE.ADMIN, ROLE.SYSTEM],
      from: LIVE_STATES,
      to: (r) => r.state,
      comment: 'required',
      commentLabel: '暂停原因',
      tone: 'warning',
      guard: notSuspended,
    },
    {
      action: 'resume',
      label: '恢复',
      op: 'unlock',
      menu: BUSINESS_MANAGE,
      who: [ROLE.RISK, ROLE.ADMIN],
      from: LIVE_STATES,
      to: (r) => r.state,
      comment: 'optional',
      commentLabel: '恢复说明',
      guard: (r) => (r.suspended ? null : LifecycleMessage.notSuspended),
    },
  ],
};

/** What an action does to the record besides its state: the review it starts or advances, the pause flag. */
export function applyEffects(
  record: BusinessRecord,
  action: string,
  to: StateKey,
  actorId: string,
  startReview: (type: ReviewType) => ReviewState | null,
): BusinessRecord {
  const next: BusinessRecord = { ...record, state: to };
  const review = record.review;
  switch (action) {
    case 'submit': {
      const stage = REVIEW_STAGES.find((s) => s.pending === to);
      return { ...next, review: stage ? startReview(stage.type) : null };
    }
    case 'approve':
      if (!review) return next;
      return { ...next, review: stageOf(to) === stageOf(record.state) ? approve(review, actorId).state : null };
    case 'return':
      if (!review) return next;
      return { ...next, review: to === record.state ? reject(review, actorId, false).state : null };
    case 'refuse':
    case 'withdraw':
      return { ...next, review: null };
    case 'reconsider':
      return { ...next, reconsiderCount: record.reconsiderCount + 1, review: null };
    case 'suspend':
      return { ...next, suspended: true };
    case 'resume':
      return { ...next, suspended: false };
    default:
      // Any other move out of the state (终止, 失效, 否决, the stage's own steps) ends the review under way.
      return to === record.state ? next : { ...next, review: null };
  }
}

/** The actions a screen offers this person on this business now (the gateway's own moves left out). */
export function offeredActions(record: BusinessRecord, ctx: LifecycleContext): LifecycleTransition[] {
  const facts: LifecycleFacts = { ...ctx.facts, display: true };
  // A repayment's confirmation is offered on the repayment it confirms (还款登记), never on the business.
  return allowedActions(LIFECYCLE, record, { ...ctx, facts }).filter(
    (t) => !t.who?.every((w) => w === ROLE.SYSTEM) && (t as LifecycleTransition).ownedBy !== 'REPAYMENT',
  );
}

/** The transition an action names from this state, for its label, comment rule and tone. */
export const transitionOf = (state: string, action: string): LifecycleTransition | undefined =>
  LIFECYCLE.transitions.find((t) => t.action === action && t.from.includes(state as StateKey));

export const isTerminal = (state: string) => TERMINAL_STATES.includes(state as StateKey);

/** The actions granted on one page, in the table's order (融资业务管理's 终止 / 暂停 / 恢复, a stage's own). */
export const actionsOnPage = (menu: string): string[] => [
  ...new Set(LIFECYCLE.transitions.filter((t) => t.menu === menu).map((t) => t.action)),
];

/**
 * What a reviewer does on a review page, in the table's order (通过, 退回, 不通过, and 否决 where the stage
 * has it): the transitions out of each review's pending state granted on that stage's examine page.
 */
export const REVIEW_ACTIONS: readonly string[] = [
  ...new Set(
    REVIEW_STAGES.flatMap((s) =>
      LIFECYCLE.transitions.filter((t) => t.from.includes(s.pending) && t.menu === s.examine).map((t) => t.action),
    ),
  ),
];

// The stages of the financing lifecycle (BUSINESS.md §1) in their order, once: each stage's label and the
// review types (审核类型, §1.5) its items pass, with the label and default levels of each. The transition
// table (lifecycle.ts), the review configuration (review.ts), the dictionary and the seeds read this list; it
// imports nothing of theirs, so that a screen may name a stage without loading the table.
import { ROLE, type RoleCode } from './roles';

interface ReviewTypeRow {
  label: string;
  /** The default configuration: the role of each level, in order. */
  levels: readonly RoleCode[];
}

const STAGE_TABLE = {
  DEMAND: { label: '融资需求', reviews: {} },
  PRE_CREDIT: {
    label: '预授信',
    reviews: { PRE_CREDIT: { label: '预授信审核', levels: [ROLE.BIZ_REVIEWER, ROLE.RISK] } },
  },
  APPLICATION: {
    label: '融资申请',
    reviews: { APPLICATION: { label: '准入审核', levels: [ROLE.BIZ_REVIEWER, ROLE.RISK] } },
  },
  REPORT: { label: '尽调报告', reviews: { REPORT: { label: '报告审核', levels: [ROLE.RISK, ROLE.RISK_HEAD] } } },
  MEETING: { label: '评审会', reviews: { MEETING: { label: '纪要审核', levels: [ROLE.CHAIR] } } },
  DECISION: {
    label: '融资决议',
    reviews: { DECISION: { label: '决议审核', levels: [ROLE.RISK_HEAD, ROLE.APPROVER] } },
  },
  ELEMENTS: { label: '要素落实', reviews: { ELEMENTS: { label: '要素落实审核', levels: [ROLE.OPS, ROLE.OPS] } } },
  CONTRACT: { label: '合同', reviews: { CONTRACT: { label: '合同审核', levels: [ROLE.LEGAL, ROLE.RISK] } } },
  SIGNING: { label: '签约', reviews: {} },
  PUSH: { label: '推送', reviews: { PUSH: { label: '推送审核', levels: [ROLE.BIZ_REVIEWER] } } },
  LENDING: { label: '放款', reviews: { LENDING: { label: '放款复核', levels: [ROLE.OPS] } } },
  // While repaying, each repayment is confirmed and each 存续期 report reviewed; neither moves the business.
  REPAYING: {
    label: '还款中',
    reviews: {
      REPAYMENT: { label: '还款确认', levels: [ROLE.FINANCE] },
      DURATION: { label: '存续期报告审核', levels: [ROLE.RISK_HEAD] },
    },
  },
  SETTLED: { label: '已结清', reviews: {} },
  SETTLED_EARLY: { label: '提前结清', reviews: {} },
  TERMINATED: { label: '已终止', reviews: {} },
} as const satisfies Record<string, { label: string; reviews: Record<string, ReviewTypeRow> }>;

type Table = typeof STAGE_TABLE;
export type Stage = keyof Table;
export type ReviewType = { [S in Stage]: keyof Table[S]['reviews'] }[Stage];

/** The stages in the lifecycle's order. */
export const STAGES = Object.keys(STAGE_TABLE) as readonly Stage[];

export const STAGE_LABEL = Object.fromEntries(STAGES.map((s) => [s, STAGE_TABLE[s].label])) as Readonly<
  Record<Stage, string>
>;

const REVIEW_ROWS = STAGES.flatMap((s) => Object.entries(STAGE_TABLE[s].reviews)) as [ReviewType, ReviewTypeRow][];

/** The review types in the order of the stages that hold them. */
export const REVIEW_TYPES: readonly ReviewType[] = REVIEW_ROWS.map(([code]) => code);

export const REVIEW_TYPE_LABEL = Object.fromEntries(REVIEW_ROWS.map(([code, row]) => [code, row.label])) as Readonly<
  Record<ReviewType, string>
>;

/** The default configuration of each review type (BUSINESS.md §1.5): the role of each level, in order. */
export const DEFAULT_AUDIT_LEVELS = Object.fromEntries(
  REVIEW_ROWS.map(([code, row]) => [code, row.levels]),
) as Readonly<Record<ReviewType, readonly RoleCode[]>>;

/**
 * Where a business in `state` stands to `stage`, read from its state alone: before it (not reached yet, or sent
 * back to an earlier stage), in it, past it (it left the stage forward, whatever became of it later), or ended
 * elsewhere — 已终止, or settled the other way when `stage` is itself an end. Whether a terminated business had
 * passed the stage before it ended is its history's answer (an approval that left the stage), not its state's.
 * The one answer every reader of "the stage passed / reached" asks: the child record's status, a document's
 * status, 业务详情's tabs, the states a stage's items move in.
 */
export type StageProgress = 'BEFORE' | 'IN' | 'PASSED' | 'ENDED';

const ENDS: readonly Stage[] = ['SETTLED', 'SETTLED_EARLY', 'TERMINATED'];

export function stageProgress(stage: Stage, state: string): StageProgress {
  const at = state.split('/')[0] as Stage;
  if (at === stage) return 'IN';
  if (at === 'TERMINATED' || (ENDS.includes(at) && ENDS.includes(stage))) return 'ENDED';
  return STAGES.indexOf(at) < STAGES.indexOf(stage) ? 'BEFORE' : 'PASSED';
}

/** Whether the business left `stage` forward (and has not ended since). */
export const stagePassed = (stage: Stage, state: string): boolean => stageProgress(stage, state) === 'PASSED';

/** Whether the business is in `stage` or past it (and has not ended). */
export const stageReached = (stage: Stage, state: string): boolean => {
  const progress = stageProgress(stage, state);
  return progress === 'IN' || progress === 'PASSED';
};

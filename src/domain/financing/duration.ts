// 存续期报告 (BUSINESS.md §2 DurationReport; "Decisions for the lifecycle's second half": Duration reports): stage
// items of a REPAYING business, never moving its stage. The close of business makes them once each — one a month
// for every business that was already lent before the month began, and one 30 days before its final due date —
// each due by a day of its own; the business's 经办人 fills in the findings, the 风险分类 and the 结论 and 提交s;
// RISK_HEAD (review type DURATION, one level) 通过s or 退回s it, never a report they made (四眼). An approved
// 次级 or worse raises a risk alert. 贷后报告统计 counts per 经办人 and month 应制作 / 已制作 / 逾期未制作 from the
// same items in one query (gateway/src/modules/duration).
import type { ItemFacts, StageItem } from '../workflow/items';
import type { Transition, WorkflowTable } from '../workflow/workflow';
import type { StateKey } from './lifecycle';
import { addDays, addMonths } from './repayment-schedule';
import { ROLE } from './roles';

export const DURATION_API = '/api/duration/reports';
export const DURATION_STATS_API = '/api/duration/statistics';
export const DURATION_LIST_PATH = '/durationManage/durationExamineReport';
export const DURATION_STATS_PATH = '/durationManage/loanReportMakeStatistics';

export type DurationStatus = 'DRAFT' | 'RETURNED' | 'PENDING' | 'APPROVED';
export const DURATION_STATUS_LABEL: Readonly<Record<DurationStatus, string>> = {
  DRAFT: '待制作',
  RETURNED: '已退回',
  PENDING: '待审核',
  APPROVED: '已通过',
};
/** A report is made (已制作) once submitted; before that it is still to make, and overdue past its due day. */
export const MADE_STATUSES: readonly DurationStatus[] = ['PENDING', 'APPROVED'];

export type CheckKind = 'MONTHLY' | 'QUARTERLY' | 'PRE_MATURITY' | 'SPECIAL';
export const CHECK_KIND_LABEL: Readonly<Record<CheckKind, string>> = {
  MONTHLY: '月度',
  QUARTERLY: '季度',
  PRE_MATURITY: '到期前30天',
  SPECIAL: '专项',
};

export type RiskClass = 'NORMAL' | 'CONCERN' | 'SUBSTANDARD' | 'DOUBTFUL' | 'LOSS';
export const RISK_CLASS_LABEL: Readonly<Record<RiskClass, string>> = {
  NORMAL: '正常',
  CONCERN: '关注',
  SUBSTANDARD: '次级',
  DOUBTFUL: '可疑',
  LOSS: '损失',
};
/** 次级 or worse: 不良 (BUSINESS.md §3), which raises a risk alert once the report is approved. */
export const ALERTING_CLASSES: readonly RiskClass[] = ['SUBSTANDARD', 'DOUBTFUL', 'LOSS'];

export type Conclusion = 'MAINTAIN' | 'CONDITIONAL' | 'EXIT';
export const CONCLUSION_LABEL: Readonly<Record<Conclusion, string>> = {
  MAINTAIN: '维持',
  CONDITIONAL: '待条件维持',
  EXIT: '退出',
};

/** The findings of a check (BUSINESS.md §2 `findings`), each a text of at most FINDING_MAX characters. */
export const FINDINGS = [
  { key: 'payerCapacity', label: '项目公司付款能力' },
  { key: 'receivableStatus', label: '应收账款状态' },
  { key: 'collections', label: '监管账户回款' },
  { key: 'opinion', label: '舆情/司法' },
] as const;
export type FindingKey = (typeof FINDINGS)[number]['key'];
export const FINDING_MAX = 500;

/** What 保存 and 提交 carry: the findings, the 风险分类 and the 结论. */
export const DURATION_FORM_KEYS = [...FINDINGS.map((f) => f.key), 'riskClass', 'conclusion'] as const;

export interface DurationReport extends StageItem<DurationStatus> {
  reportNo: string;
  kind: CheckKind;
  periodKey: string;
  dueDate: string;
  /** The business's 经办人 the report was made for. */
  makerId: string | null;
  /** Who last saved or submitted it: never its reviewer. */
  madeBy: string | null;
  findings: Readonly<Record<FindingKey, string>>;
  riskClass: RiskClass | null;
  conclusion: Conclusion | null;
  checkDate: string | null;
  reviewComment: string | null;
}

export const DurationMessage = {
  notMaker: '只有该业务的经办人可以制作存续期报告',
  ownReport: '不能审核本人制作的存续期报告',
  finding: (label: string) => `请填写${label}`,
  findingTooLong: (label: string) => `${label}不能超过${FINDING_MAX}个字`,
  riskClass: '请选择风险分类',
  conclusion: '请选择结论',
  notFound: '存续期报告不存在',
  stale: '存续期报告已被他人修改，请刷新后重试',
  period: '统计期间格式应为YYYY-MM',
} as const;

/** The business states in which its reports move: while it repays, and after it settled (a report under way ends). */
export const DURATION_ITEM_STATES: readonly StateKey[] = [
  'REPAYING/NORMAL',
  'REPAYING/OVERDUE',
  'SETTLED/DONE',
  'SETTLED_EARLY/DONE',
];

type Values = Readonly<Record<string, string | number | null>>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The form's values checked: each finding within its length, the choices known; all of them when `complete`. */
export function durationFormProblem(values: Values, complete: boolean): string | null {
  for (const f of FINDINGS) {
    const value = text(values[f.key]);
    if ([...value].length > FINDING_MAX) return DurationMessage.findingTooLong(f.label);
    if (complete && !value) return DurationMessage.finding(f.label);
  }
  const risk = text(values.riskClass);
  if (risk ? !(risk in RISK_CLASS_LABEL) : complete) return DurationMessage.riskClass;
  const conclusion = text(values.conclusion);
  if (conclusion ? !(conclusion in CONCLUSION_LABEL) : complete) return DurationMessage.conclusion;
  return null;
}

/** The business's 经办人, or an administrator, makes its report. */
const makerGuard = (r: DurationReport, ctx: { actorId: string; roles?: ReadonlySet<string> }) =>
  r.makerId === ctx.actorId || ctx.roles?.has(ROLE.ADMIN) ? null : DurationMessage.notMaker;
/** Whoever saved or submitted the report never reviews it. */
const reviewerGuard = (r: DurationReport, ctx: { actorId: string }) =>
  r.madeBy === ctx.actorId ? DurationMessage.ownReport : null;

const SAMPLE = {
  payerCapacity: '项目公司经营正常，付款能力未见变化',
  receivableStatus: '应收账款未到期，无争议',
  collections: '监管账户按期回款',
  opinion: '未发现负面舆情及涉诉信息',
  riskClass: 'NORMAL',
  conclusion: 'MAINTAIN',
};
const MAKERS = [ROLE.OPERATOR, ROLE.ADMIN] as const;
const make = (
  action: string,
  label: string,
  op: 'edit' | 'submit',
  complete: boolean,
): Transition<DurationStatus, DurationReport, ItemFacts> => ({
  action,
  label,
  op,
  menu: DURATION_LIST_PATH,
  who: MAKERS,
  from: ['DRAFT', 'RETURNED'],
  to: complete ? 'PENDING' : (r) => r.status,
  comment: 'none',
  guard: makerGuard,
  inputs: { keys: DURATION_FORM_KEYS, sample: SAMPLE, check: (_r, values) => durationFormProblem(values, complete) },
});

/** A report's workflow: 保存 and 提交 by its 经办人, 通过 and 退回 by RISK_HEAD. */
export const DURATION_ITEMS: WorkflowTable<DurationStatus, DurationReport, ItemFacts> = {
  noun: '存续期报告',
  statusOf: (r) => r.status,
  commentMax: 500,
  transitions: [
    make('save', '保存', 'edit', false),
    make('submit', '提交', 'submit', true),
    {
      action: 'approve',
      label: '通过',
      op: 'examine',
      menu: DURATION_LIST_PATH,
      who: [ROLE.RISK_HEAD],
      from: ['PENDING'],
      to: 'APPROVED',
      comment: 'optional',
      commentLabel: '审核意见',
      guard: reviewerGuard,
    },
    {
      action: 'return',
      label: '退回',
      op: 'reject',
      menu: DURATION_LIST_PATH,
      who: [ROLE.RISK_HEAD],
      from: ['PENDING'],
      to: 'RETURNED',
      comment: 'required',
      commentLabel: '退回意见',
      tone: 'danger',
      guard: reviewerGuard,
    },
  ],
};

// ——— What is due ———

/** A repaying loan as the due reports read it. */
export interface RepayingLoan {
  loanDate: string;
  maturityDate: string;
}

export interface DueReport {
  kind: CheckKind;
  /** One report per business and key: the month (2026-12) or the final due date's check (PRE-2027-05-28). */
  periodKey: string;
  dueDate: string;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => addDays(addMonths(monthStart(day), 1), -1);

/**
 * The reports a repaying loan owes on `day` [D]: the month's check once the loan was lent before the month
 * began, due by the month's last day; and within the 30 days before the final due date the pre-maturity check,
 * due 20 days before it (or the day before it when that has passed).
 */
export function reportsDueOn(loan: RepayingLoan, day: string): DueReport[] {
  const due: DueReport[] = [];
  if (loan.loanDate < monthStart(day)) {
    due.push({ kind: 'MONTHLY', periodKey: day.slice(0, 7), dueDate: monthEnd(day) });
  }
  if (addDays(loan.maturityDate, -30) <= day && day < loan.maturityDate) {
    const by = addDays(loan.maturityDate, -20);
    due.push({
      kind: 'PRE_MATURITY',
      periodKey: `PRE-${loan.maturityDate}`,
      dueDate: by < day ? addDays(loan.maturityDate, -1) : by,
    });
  }
  return due;
}

/** The period a report is shown under: 2026年12月 月度, or 到期前30天（到期日 2027-05-28）. */
export function periodLabel(kind: CheckKind, periodKey: string): string {
  if (kind === 'PRE_MATURITY') return `${CHECK_KIND_LABEL.PRE_MATURITY}（到期日 ${periodKey.slice(4)}）`;
  const m = /^(\d{4})-(\d{2})$/.exec(periodKey);
  return m ? `${m[1]}年${Number(m[2])}月 ${CHECK_KIND_LABEL[kind]}` : `${periodKey} ${CHECK_KIND_LABEL[kind]}`;
}

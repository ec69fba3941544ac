// The financing decision (融资决议, BUSINESS.md §2 FinancingDecision; "Decisions for the lifecycle's second
// half": Decision). RISK makes it prefilled from the report's proposal and the meeting's conditions; each
// limit (effective cap, the product's rate and term range, the financing ratio, approved ≤ applied) is shown
// beside its field before submitting (financing-terms.ts) and refused with the same words at 提交; the
// decision keeps every condition the meeting set (§1.3 stage 5: "≤ meeting conditions"). It is valid 90 days,
// the day of approval counted (§3 Validity, the same count as the pre-credit's).
import { formatFen } from '../format/money-format';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import type { FinancingTerms, LimitCheck, TermsBounds } from './financing-terms';
import { termsLimits } from './financing-terms';
import { mergeConditions } from './meeting-rules';
import { validTo } from './pre-credit-rules';
import { proposalTerms, type StepContent } from './report';
import type { RepaymentMethod } from './repayment-schedule';

export const DECISION_VALID_DAYS = 90;

export interface DecisionDraft extends FinancingTerms {
  /** Of the product, four places. */
  serviceFeeRate: string | null;
  guaranteeMeasures: string;
  /** 放款条件: the meeting's first, then the report's proposal, each once; they seed the elements. */
  conditions: string[];
}

export const DecisionMessage = {
  meetingCondition: (condition: string) => `决议须包含评审会确定的条件：${condition}`,
  required: (label: string) => `请填写${label}`,
  guaranteeTooLong: `担保措施不能超过${1000}个字`,
  conditionTooLong: `每项放款条件不能超过${200}个字`,
} as const;

/** The fields 提交 needs, in the form's order, with the label the refusal names. */
const REQUIRED: readonly [keyof FinancingTerms, string][] = [
  ['amountFen', '批复金额'],
  ['annualRate', '年利率'],
  ['termDays', '期限'],
  ['financingRatio', '融资比例'],
  ['repaymentMethod', '还款方式'],
];

/** The report's 建议放款条件 text, one condition a line. */
const lines = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
    : [];

/** The decision as RISK first sees it: the report's proposal, the meeting's conditions. */
export function prefillDecision(
  proposal: StepContent | undefined,
  meetingConditions: readonly string[],
  serviceFeeRate: string | null = null,
): DecisionDraft {
  const p = proposal ?? {};
  return {
    ...proposalTerms(p),
    serviceFeeRate,
    guaranteeMeasures: typeof p.guarantees === 'string' ? p.guarantees : '',
    conditions: mergeConditions(meetingConditions, lines(p.proposedConditions)),
  };
}

/** The limits beside each field of the decision form. */
export const decisionLimits = (d: FinancingTerms, bounds: TermsBounds): LimitCheck[] => termsLimits(d, bounds, '批复');

/** SUBMIT_DECISION: every limit holds and every condition of the meeting is kept. */
export function submitDecisionProblems(
  d: DecisionDraft,
  bounds: TermsBounds,
  meetingConditions: readonly string[],
): string[] {
  const problems = REQUIRED.filter(([key]) => d[key] === null).map(([, label]) => DecisionMessage.required(label));
  problems.push(
    ...decisionLimits(d, bounds)
      .map((l) => l.message)
      .filter((m): m is string => m !== null),
  );
  if ([...d.guaranteeMeasures].length > 1000) problems.push(DecisionMessage.guaranteeTooLong);
  if (d.conditions.some((c) => [...c].length > 200)) problems.push(DecisionMessage.conditionTooLong);
  const kept = new Set(d.conditions.map((c) => c.trim()));
  for (const c of mergeConditions(meetingConditions)) {
    if (!kept.has(c)) problems.push(DecisionMessage.meetingCondition(c));
  }
  return problems;
}

/** The last day the decision may be lent on: 90 days from its approval, that day counted. */
export const decisionValidUntil = (approvedOn: string) => validTo(approvedOn, DECISION_VALID_DAYS);

/** The daily job's question: past its validity and not lent on (§3 Validity; the daily job expires it). */
export const decisionExpired = (validUntil: string, today: string) => today > validUntil;

/** Where a CONDITION item is enforced (Decisions: Elements): before the contract, before lending, or after it. */
export type ElementCheckpoint = 'BEFORE_CONTRACT' | 'BEFORE_LENDING' | 'AFTER_LENDING';

export const ELEMENT_CHECKPOINT_LABEL: Readonly<Record<ElementCheckpoint, string>> = {
  BEFORE_CONTRACT: '合同签署前',
  BEFORE_LENDING: '放款前',
  AFTER_LENDING: '放款后10日内',
};

export const ELEMENT_STATUS_LABEL = { PENDING: '未落实', DONE: '已落实', WAIVER_ASKED: '申请豁免', WAIVED: '已豁免' };

/** The standard conditions every decision carries (§2 ElementItem), each at its checkpoint (S10 for 中登). */
export const STANDARD_CONDITIONS: readonly { name: string; checkpoint: ElementCheckpoint }[] = [
  { name: '转让通知书送达并回执', checkpoint: 'BEFORE_LENDING' },
  { name: '中登转让登记', checkpoint: 'AFTER_LENDING' },
];

/** A condition's checkpoint by what it asks: 中登 after lending, a contract's signature before the contract. */
export function conditionCheckpoint(name: string): ElementCheckpoint {
  if (name.includes('中登')) return 'AFTER_LENDING';
  if (name.includes('合同')) return 'BEFORE_CONTRACT';
  return 'BEFORE_LENDING';
}

export interface ElementItemDraft {
  seq: number;
  kind: 'TERM' | 'CONDITION';
  name: string;
  requiredValue: string;
  mandatory: boolean;
  checkpoint: ElementCheckpoint | null;
}

/** What the approved decision says, in words the element items carry. */
export interface ApprovedDecision {
  amountFen: bigint;
  annualRate: string;
  termDays: number;
  repaymentMethod: RepaymentMethod;
  guaranteeMeasures: string;
  conditions: readonly string[];
}

/**
 * The element items a decision's approval creates (Decisions: Elements): TERM items from its terms (checked
 * against the contracts later), CONDITION items from the standard conditions and the decision's own (the
 * meeting's among them), each once and each naming its checkpoint.
 */
export function elementItemsOf(d: ApprovedDecision): ElementItemDraft[] {
  const terms: [string, string][] = [
    ['金额', `${formatFen(d.amountFen)}元`],
    ['利率', `年化${percentOf(d.annualRate)}`],
    ['期限', `${d.termDays}天`],
    ['还款方式', REPAYMENT_METHOD_LABEL[d.repaymentMethod]],
  ];
  if (d.guaranteeMeasures.trim()) terms.push(['担保', d.guaranteeMeasures.trim()]);
  const items: ElementItemDraft[] = terms.map(([name, value], i) => ({
    seq: i + 1,
    kind: 'TERM',
    name,
    requiredValue: value,
    mandatory: true,
    checkpoint: null,
  }));
  const names = mergeConditions(
    STANDARD_CONDITIONS.map((c) => c.name),
    d.conditions,
  );
  for (const name of names) {
    const standard = STANDARD_CONDITIONS.find((c) => c.name === name);
    items.push({
      seq: items.length + 1,
      kind: 'CONDITION',
      name,
      requiredValue: '',
      mandatory: true,
      checkpoint: standard?.checkpoint ?? conditionCheckpoint(name),
    });
  }
  return items;
}

/** '0.0650' → '6.50%'. */
function percentOf(rate: string): string {
  const [whole = '0', frac = ''] = rate.split('.');
  const units = BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, '0').slice(0, 4) || '0');
  return `${units / 100n}.${String(units % 100n).padStart(2, '0')}%`;
}

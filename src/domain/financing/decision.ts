// The financing decision (融资决议, BUSINESS.md §2 FinancingDecision; "Decisions for the lifecycle's second
// half": Decision). RISK makes it prefilled from the report's proposal and the meeting's conditions; each
// limit (effective cap, the product's rate and term range, the financing ratio, approved ≤ applied) is shown
// beside its field before submitting (financing-terms.ts) and refused with the same words at 提交; the
// decision keeps every condition the meeting set (§1.3 stage 5: "≤ meeting conditions"). It is valid 90 days,
// the day of approval counted (§3 Validity, the same count as the pre-credit's).
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

/** The name under which the decision hands its approved terms to the stages after it (the elements). */
export const DECISION_TERMS_SOURCE = 'decision.terms';

/** What an approved decision hands on: its terms, typed (money in 分), its guarantees and its conditions. */
export interface ApprovedDecision {
  amountFen: bigint;
  annualRate: string;
  termDays: number;
  repaymentMethod: RepaymentMethod;
  guaranteeMeasures: string;
  conditions: readonly string[];
}

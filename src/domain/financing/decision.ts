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
} as const;

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
  const problems = decisionLimits(d, bounds)
    .map((l) => l.message)
    .filter((m): m is string => m !== null);
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

// 失效 (EXPIRE, the daily job's move to TERMINATED/EXPIRED): one rule for the two validities that end a business
// not lent on. The pre-credit governs while it or its application is made or reviewed; the approved 融资决议
// governs from its approval until the loan is registered (Decisions: a decision not lent on within its 90 days
// expires). In between (report, meeting, decision under review) nothing lapses.
import { decisionExpired } from './decision';
import { expireProblems as preCreditExpiryProblems } from './pre-credit-rules';

/** The stages an approved decision's validity governs: after its approval, before the loan is registered. */
export const DECISION_GOVERNS: readonly string[] = ['ELEMENTS', 'CONTRACT', 'SIGNING', 'PUSH', 'LENDING'];

export const DecisionExpiryMessage = {
  noValidity: '融资决议没有有效期，不能判断是否失效',
  stillValid: (validUntil: string) => `融资决议有效期至${validUntil}，尚未到期`,
} as const;

export interface ExpiryFacts {
  stage: string;
  /** The pre-credit's last day, 'YYYY-MM-DD'. */
  preCreditValidTo: string | null;
  /** The approved decision's last day, 'YYYY-MM-DD'. */
  decisionValidUntil: string | null;
  /** Today in Asia/Shanghai, 'YYYY-MM-DD'. */
  today: string;
}

/** Why the business may not become 已失效 now; none when its governing validity has passed. */
export function expiryProblems(f: ExpiryFacts): string[] {
  if (DECISION_GOVERNS.includes(f.stage)) {
    if (f.decisionValidUntil === null) return [DecisionExpiryMessage.noValidity];
    return decisionExpired(f.decisionValidUntil, f.today)
      ? []
      : [DecisionExpiryMessage.stillValid(f.decisionValidUntil)];
  }
  return preCreditExpiryProblems({ stage: f.stage, validTo: f.preCreditValidTo, today: f.today });
}

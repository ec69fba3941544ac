import { describe, expect, it } from 'vitest';
import { approvedAmountLabel, isPreCreditAmount } from './business-list';

describe('批复金额 as the screens name it', () => {
  it('is the pre-credit’s 批复额度 until the decision is approved, then the decision’s', () => {
    for (const state of ['APPLICATION/DRAFT', 'REPORT/PENDING', 'MEETING/VOTING', 'DECISION/PENDING']) {
      expect(isPreCreditAmount(state), state).toBe(true);
      expect(approvedAmountLabel(state)).toBe('预授信批复额度');
    }
    for (const state of ['PRE_CREDIT/PENDING', 'ELEMENTS/DRAFT', 'REPAYING/NORMAL', 'TERMINATED/VETOED']) {
      expect(isPreCreditAmount(state), state).toBe(false);
      expect(approvedAmountLabel(state)).toBe('批复金额');
    }
  });
});

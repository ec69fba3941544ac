import { describe, expect, it } from 'vitest';
import { effectiveCap } from '../parameters/effective-cap';
import {
  DecisionMessage,
  decisionExpired,
  decisionLimits,
  decisionValidUntil,
  prefillDecision,
  submitDecisionProblems,
} from './decision';
import type { TermsBounds } from './financing-terms';

const proposal = {
  proposedAmount: 8_000_000_00,
  proposedRate: '0.0800',
  proposedTermDays: 180,
  proposedFinancingRatio: '0.8000',
  proposedRepaymentMethod: 'BULLET',
  guarantees: '实际控制人连带责任保证',
  proposedConditions: '开立监管账户\n 放款前签回付款确认书 \n',
  conclusion: 'CONDITIONAL',
};

const bounds: TermsBounds = {
  cap: effectiveCap({ summary: { singleMaxAmount: 10_000_000_00n, maxTermDays: 270 } }),
  product: { minRate: '0.0500', maxRate: '0.1200', termMinDays: 30, termMaxDays: 360, maxFinancingRatio: '0.8500' },
  applyAmountFen: 9_000_000_00n,
};

describe('prefillDecision', () => {
  it('takes the report’s proposal, and the meeting’s conditions before the report’s, each once', () => {
    const d = prefillDecision(proposal, ['放款前签回付款确认书', '追加担保'], '0.0050');
    expect(d).toEqual({
      amountFen: 8_000_000_00n,
      annualRate: '0.0800',
      termDays: 180,
      financingRatio: '0.8000',
      repaymentMethod: 'BULLET',
      serviceFeeRate: '0.0050',
      guaranteeMeasures: '实际控制人连带责任保证',
      conditions: ['放款前签回付款确认书', '追加担保', '开立监管账户'],
    });
  });

  it('an empty draft when there is no proposal', () => {
    const d = prefillDecision(undefined, []);
    expect(d.amountFen).toBeNull();
    expect(d.conditions).toEqual([]);
  });
});

describe('decision limits and 提交', () => {
  const draft = prefillDecision(proposal, ['追加担保']);

  it('shows each limit beside its field', () => {
    expect(decisionLimits(draft, bounds).map((l) => [l.label, l.limit, l.message])).toEqual([
      ['批复金额', '不超过申请金额9,000,000.00元、单笔上限10,000,000.00元', null],
      ['年利率', '5.00%至12.00%', null],
      ['期限', '30至270天', null],
      ['融资比例', '不超过85%', null],
      ['还款方式', '不限', null],
    ]);
  });

  it('refuses above the applied amount, past the term, and a meeting condition dropped', () => {
    expect(submitDecisionProblems(draft, bounds, ['追加担保'])).toEqual([]);
    const over = { ...draft, amountFen: 9_000_000_01n, termDays: 271, conditions: ['开立监管账户'] };
    expect(submitDecisionProblems(over, bounds, ['追加担保'])).toEqual([
      '批复金额不得超过申请金额9,000,000.00元',
      '期限须在30至270天之间',
      DecisionMessage.meetingCondition('追加担保'),
    ]);
  });
});

describe('validity', () => {
  it('90 days, the day of approval counted', () => {
    expect(decisionValidUntil('2026-01-01')).toBe('2026-03-31');
    expect(decisionValidUntil('2026-11-26')).toBe('2027-02-23');
    expect(decisionExpired('2026-03-31', '2026-03-31')).toBe(false);
    expect(decisionExpired('2026-03-31', '2026-04-01')).toBe(true);
  });
});

describe('提交 needs every term', () => {
  it('names each missing field in the form’s order, before the limits', () => {
    const empty = prefillDecision(undefined, []);
    expect(submitDecisionProblems(empty, bounds, [])).toEqual([
      DecisionMessage.required('批复金额'),
      DecisionMessage.required('年利率'),
      DecisionMessage.required('期限'),
      DecisionMessage.required('融资比例'),
      DecisionMessage.required('还款方式'),
    ]);
  });
});

// The parameter and fund definitions' rules with numbers: exact rate bounds, min ≤ max across fields,
// every sample valid under its own definition, and the summary's words for what a version changed.
import { describe, expect, it } from 'vitest';
import { FUND_PRODUCT } from '../funds/fund-product.resource';
import { firstFormError, normalizeForm, validateForm } from '../resource/resource';
import { compareRates } from './param-rules';
import { RISK_SUMMARY, describeChanges } from './risk-summary.resource';
import { SUBSIDIARY_PARAMETER } from './subsidiary-parameter.resource';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

describe('parameter and fund rules', () => {
  it('accepts each sample', () => {
    expect(
      firstFormError(FUND_PRODUCT, normalizeForm(FUND_PRODUCT, FUND_PRODUCT.sample, 'create'), 'create', TODAY),
    ).toBeNull();
    expect(firstFormError(SUBSIDIARY_PARAMETER, SUBSIDIARY_PARAMETER.sample, 'create', TODAY)).toBeNull();
    expect(firstFormError(RISK_SUMMARY, RISK_SUMMARY.sample, 'update', TODAY)).toBeNull();
  });

  it('compares rates exactly, whatever their places', () => {
    expect(compareRates('0.9', '0.9000')).toBe(0);
    expect(compareRates('0.9001', '0.9')).toBe(1);
    expect(compareRates('x', '0.9')).toBeNull();
  });

  it.each([
    [{ minRate: '0.0001', maxRate: '0.2400' }, {}],
    [{ maxRate: '0.2401' }, { maxRate: '最高年利率不能大于24%' }],
    [{ minRate: '0', maxRate: '0.0100' }, { minRate: '最低年利率须大于0' }],
    [{ minRate: '0.0500', maxRate: '0.0500' }, {}],
    [{ minRate: '0.0501', maxRate: '0.05' }, { maxRate: '最低年利率不能大于最高年利率' }],
    [{ serviceFeeRate: '0.02' }, {}],
    [{ serviceFeeRate: '0.0201' }, { serviceFeeRate: '服务费率不能大于2%' }],
    [{ maxFinancingRatio: '0.9' }, {}],
    [{ maxFinancingRatio: '0.9001' }, { maxFinancingRatio: '最高融资比例不能大于90%' }],
    [{ termMinDays: 360, termMaxDays: 360 }, {}],
    [{ termMinDays: 361, termMaxDays: 360 }, { termMinDays: '最短期限（天）不能大于360' }],
    [{ termMinDays: 90, termMaxDays: 60 }, { termMaxDays: '最短期限不能大于最长期限' }],
    [{ validFrom: '2026-02-01', validTo: '2026-01-31' }, { validTo: '生效日不能晚于到期日' }],
    [{ graceDays: 30 }, {}],
    [{ graceDays: 31 }, { graceDays: '宽限期（天）不能大于30' }],
  ])('judges a product with %j', (change, errors) => {
    expect(validateForm(FUND_PRODUCT, { ...FUND_PRODUCT.sample, ...change }, 'create', TODAY)).toEqual(errors);
  });

  it('says what a new summary version changes, and nothing for equal rates written differently', () => {
    const before = RISK_SUMMARY.sample;
    expect(describeChanges(null, before)).toBe('初始版本');
    expect(describeChanges(before, { ...before, maxFinancingRatio: '0.8' })).toBe('');
    expect(describeChanges(before, { ...before, supplierMaxExposure: 60_000_000_00, graceDays: 10 })).toBe(
      '单一供应商余额上限：50,000,000.00元 → 60,000,000.00元；宽限期（天）：15 → 10',
    );
  });
});

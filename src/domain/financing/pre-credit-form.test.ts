import { describe, expect, it } from 'vitest';
import { PreCreditFormMessage, choiceSummary, readPreCreditForm, visibleSelection, yuanText } from './pre-credit-form';
import { PreCreditMessage } from './pre-credit-rules';

const texts = { supplierId: 's1', projectCompanyId: '', amount: '1,000.50', validDays: '90' };

describe('the 申请预授信 form', () => {
  it('reads 元 into exact 分 and the chosen orders', () => {
    expect(readPreCreditForm(texts, ['a', 'b'])).toEqual({
      form: { supplierId: 's1', projectCompanyId: null, applyAmount: 100050, basisOrderIds: ['a', 'b'], validDays: 90 },
      errors: {},
    });
  });
  it('names every field that is wrong', () => {
    const { form, errors } = readPreCreditForm(
      { supplierId: '', projectCompanyId: '', amount: '1.234', validDays: '0' },
      [],
    );
    expect(form).toBeNull();
    expect(errors).toEqual({
      supplierId: PreCreditFormMessage.supplier,
      amount: PreCreditFormMessage.amountFormat,
      validDays: PreCreditFormMessage.validDays,
    });
    expect(readPreCreditForm({ ...texts, amount: '0' }, []).errors.amount).toBe(PreCreditFormMessage.amountPositive);
    expect(readPreCreditForm({ ...texts, amount: ' ' }, []).errors.amount).toBe(PreCreditFormMessage.amount);
    expect(readPreCreditForm({ ...texts, validDays: '366' }, []).errors.validDays).toBe(PreCreditFormMessage.validDays);
  });
  it('sums the chosen orders and rounds the ceiling down', () => {
    const orders = [
      { keyId: 'a', eligibleAmount: 333 },
      { keyId: 'b', eligibleAmount: 100 },
      { keyId: 'c', eligibleAmount: 7 },
    ];
    expect(choiceSummary(orders, ['a', 'b'], '0.8000')).toEqual({
      count: 2,
      eligibleSum: 433n,
      ceiling: 346n,
      ratioText: '80%',
    });
    expect(choiceSummary(orders, [], '0.8000')).toEqual({ count: 0, eligibleSum: 0n, ceiling: 0n, ratioText: '80%' });
  });
  it("holds each order to its own company's ratio, not the filter's", () => {
    const orders = [
      { keyId: 'sz', eligibleAmount: 100_00, ratio: '0.7500' },
      { keyId: 'nj', eligibleAmount: 100_00, ratio: '0.8500' },
    ];
    expect(choiceSummary(orders, ['sz', 'nj'], '0.8500').ceiling).toBe(160_00n);
    expect(choiceSummary(orders, ['sz'], '0.8500').ceiling).toBe(75_00n);
  });
  it('names the ratio the ceiling was taken at, never the filter’s', () => {
    // 全部项目公司 answers the group's 85 %, but 苏州's orders are held to 75 %: the page says 75 %, as the
    // refusal of an amount above it does.
    const sz = [
      { keyId: 'a', eligibleAmount: 100_00, ratio: '0.7500' },
      { keyId: 'b', eligibleAmount: 100_00, ratio: '0.75' },
    ];
    expect(choiceSummary(sz, ['a', 'b'], '0.8500').ratioText).toBe('75%');
    expect(choiceSummary(sz, [], '0.8500').ratioText).toBe('75%');
    expect(PreCreditMessage.overCeiling(150_00n, ['0.7500', '0.7500'])).toContain('可融资余额×75%');
    const mixed = [...sz, { keyId: 'c', eligibleAmount: 100_00, ratio: '0.8000' }];
    expect(choiceSummary(mixed, ['a', 'c'], '0.8500').ratioText).toBe('各付款单项目公司的融资比例');
    expect(choiceSummary(mixed, ['a'], '0.8500').ratioText).toBe('75%');
    // Orders without a company's ratio fall back to BUSINESS.md's default 80 %.
    expect(choiceSummary([], [], '').ratioText).toBe('80%');
  });
  it('drops a chosen order the changed filter hides', () => {
    expect(visibleSelection(['sz', 'nj'], [{ keyId: 'nj' }, { keyId: 'x' }])).toEqual(['nj']);
    expect(visibleSelection([], [{ keyId: 'nj' }])).toEqual([]);
  });
});

describe('an amount shown back', () => {
  it('is 元 with two decimals that reads back to the same 分', () => {
    expect(yuanText(100050)).toBe('1000.50');
    expect(yuanText(5)).toBe('0.05');
    expect(readPreCreditForm({ ...texts, amount: yuanText(123456789) }, []).form?.applyAmount).toBe(123456789);
  });
});

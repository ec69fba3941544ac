// The kit's `multiple` enum (one or more options as comma-joined codes): the checks, the labels and the
// order in which the codes are written; a plain enum is judged as before.
import { describe, expect, it } from 'vitest';
import { type FieldDef, chosenOptions, joinOptions, optionLabel, validateField } from './resource';
import { displayOf } from './resource-form';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

const methods: FieldDef = {
  key: 'repaymentMethods',
  label: '还款方式',
  type: 'enum',
  multiple: true,
  options: { BULLET: '到期一次还本付息', INTEREST_FIRST: '先息后本', EQUAL_PRINCIPAL: '等额本金' },
};
const single: FieldDef = { ...methods, multiple: undefined };

describe('a multiple enum', () => {
  it.each([
    ['BULLET', null],
    ['BULLET,EQUAL_PRINCIPAL', null],
    ['EQUAL_PRINCIPAL, BULLET', null],
    ['', '请选择还款方式'],
    ['BULLET,WEEKLY', '还款方式不正确'],
    ['BULLET,BULLET', '还款方式不正确'],
    ['BULLET,', '还款方式不正确'],
  ])('judges %j', (value, message) => {
    expect(validateField(methods, { repaymentMethods: value }, TODAY)).toBe(message);
  });

  it('is refused a list as a plain enum', () => {
    expect(validateField(single, { repaymentMethods: 'BULLET,EQUAL_PRINCIPAL' }, TODAY)).toBe('还款方式不正确');
    expect(validateField(single, { repaymentMethods: 'BULLET' }, TODAY)).toBeNull();
  });

  it('reads as its labels, and writes its codes in the options order', () => {
    expect(displayOf(methods, 'BULLET,EQUAL_PRINCIPAL')).toBe('到期一次还本付息、等额本金');
    expect(optionLabel(single, 'INTEREST_FIRST')).toBe('先息后本');
    expect(joinOptions(methods, ['EQUAL_PRINCIPAL', 'BULLET'])).toBe('BULLET,EQUAL_PRINCIPAL');
    expect(chosenOptions(methods, 'INTEREST_FIRST,BULLET')).toEqual(['INTEREST_FIRST', 'BULLET']);
    expect(chosenOptions(methods, 'NOPE')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { TermMessage } from '../../../domain/stage/term-factors';
import { problemOf, requestOf, valuesOf } from './form-fields';
import { termFields } from './term-fields';

describe('a document’s terms as a form’s fields', () => {
  it('prefills from the business’s terms, 分 shown as 元, and sends them as the gateway reads them', () => {
    const fields = termFields(
      '合同',
      { amountFen: 800_000_050, annualRate: '0.0650', termDays: 180, repaymentMethod: 'BULLET' },
      true,
    );
    const values = valuesOf(fields);
    expect(values).toEqual({
      amountFen: '8000000.50',
      annualRate: '0.0650',
      termDays: '180',
      repaymentMethod: 'BULLET',
    });
    expect(problemOf(fields, values)).toBeNull();
    expect(requestOf(fields, { ...values, annualRate: ' 0.065 ' })).toEqual({
      amountFen: 800_000_050,
      annualRate: '0.065',
      termDays: 180,
      repaymentMethod: 'BULLET',
    });
  });

  it('starts empty without a prefill, and leaves the method out unless the document states one', () => {
    const fields = termFields('补充协议');
    expect(fields.map((f) => f.key)).toEqual(['amountFen', 'annualRate', 'termDays']);
    expect(valuesOf(fields)).toEqual({ amountFen: '', annualRate: '', termDays: '' });
    expect(fields.every((f) => f.required)).toBe(true);
  });

  it('says before sending what the gateway would refuse, in its words, in the fields’ order', () => {
    const fields = termFields('补充协议', {}, true);
    const good = { amountFen: '100', annualRate: '0.07', termDays: '90', repaymentMethod: 'BULLET' };
    expect(problemOf(fields, good)).toBeNull();
    expect(problemOf(fields, { ...good, amountFen: '0', annualRate: 'x' })).toBe('请输入正确的补充协议金额');
    expect(problemOf(fields, { ...good, amountFen: '1.005' })).toBe('请输入正确的补充协议金额');
    expect(problemOf(fields, { ...good, annualRate: '0.07001' })).toBe(TermMessage.rate);
    expect(problemOf(fields, { ...good, annualRate: '7%' })).toBe(TermMessage.rate);
    expect(problemOf(fields, { ...good, termDays: '3661' })).toBe(TermMessage.term);
    expect(problemOf(fields, { ...good, termDays: '90.5' })).toBe(TermMessage.term);
    expect(problemOf(fields, { ...good, repaymentMethod: '' })).toBe(TermMessage.method);
    expect(problemOf(fields, { ...good, repaymentMethod: 'toString' })).toBe(TermMessage.method);
  });
});

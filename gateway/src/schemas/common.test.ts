// The shapes the stages share, on their own: a code of a table of labels (a contract's type, a letter's, a signer's
// role) takes exactly those codes; a form's amount, rate and term take whole 分 a JSON number holds exactly, a rate
// as text of at most 12 characters and 1 to 3660 days, the amount described as whose it is.
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { CodeOf, TermFields } from './common';

describe('the schemas the stages share', () => {
  it('takes exactly the codes a table of labels names', () => {
    const Kind = CodeOf<'A' | 'B'>({ A: '甲', B: '乙' });
    expect(Value.Check(Kind, 'A')).toBe(true);
    expect(Value.Check(Kind, 'B')).toBe(true);
    expect(Value.Check(Kind, 'C')).toBe(false);
    expect(Value.Check(Kind, 1)).toBe(false);
  });

  it('holds a form’s amount, rate and term to their bounds', () => {
    const fields = TermFields('合同');
    const Form = Type.Object(fields, { additionalProperties: false });
    const ok = { amountFen: 1, annualRate: '0.0650', termDays: 3660 };
    expect(Value.Check(Form, ok)).toBe(true);
    expect(Value.Check(Form, { ...ok, amountFen: 0 })).toBe(false);
    expect(Value.Check(Form, { ...ok, amountFen: 1.5 })).toBe(false);
    expect(Value.Check(Form, { ...ok, amountFen: Number.MAX_SAFE_INTEGER + 2 })).toBe(false);
    expect(Value.Check(Form, { ...ok, annualRate: '0.06500000000' })).toBe(false);
    expect(Value.Check(Form, { ...ok, termDays: 0 })).toBe(false);
    expect(Value.Check(Form, { ...ok, termDays: 3661 })).toBe(false);
    expect(fields.amountFen).toMatchObject({ description: '合同金额（分）' });
  });
});

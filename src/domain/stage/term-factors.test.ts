import { describe, expect, it } from 'vitest';
import { type TermElement, type TermFactors, compareFactors, fourPlaces, rateUnits } from './term-factors';
import { TermMessage, requiredTerms, termDraftProblem, termsOfDraft } from './term-factors';

const TERMS: TermElement[] = [
  { name: '金额', required: { type: 'AMOUNT', fen: 800_000_000n } },
  { name: '利率', required: { type: 'RATE', rate: '0.0650' } },
  { name: '期限', required: { type: 'DAYS', days: 180 } },
  { name: '还款方式', required: { type: 'METHOD', method: 'BULLET' } },
  { name: '担保', required: { type: 'TEXT', text: '实际控制人连带责任保证' } },
];
const FACTORS: TermFactors = { amountFen: 800_000_000n, annualRate: '0.065', termDays: 180, repaymentMethod: 'BULLET' };

describe('a document’s terms beside the TERM elements', () => {
  it('finds the terms equal when they are, whatever the rate’s written places', () => {
    const rows = compareFactors(FACTORS, TERMS);
    expect(rows.map((r) => [r.label, r.equal])).toEqual([
      ['金额', true],
      ['年利率', true],
      ['期限', true],
      ['还款方式', true],
    ]);
    expect(rows[0]).toMatchObject({ contract: '8,000,000.00元', element: '8,000,000.00元' });
    expect(rows[1]).toMatchObject({ contract: '年化6.50%', element: '年化6.50%' });
  });

  it('marks each term that differs, by one 分, one basis point, one day or the method', () => {
    const f = { ...FACTORS, amountFen: 800_000_001n, annualRate: '0.0651' };
    expect(
      compareFactors(f, TERMS)
        .filter((r) => !r.equal)
        .map((r) => r.key),
    ).toEqual(['amount', 'rate']);
    const g = { ...FACTORS, termDays: 181, repaymentMethod: 'EQUAL_INSTALLMENT' as const };
    expect(
      compareFactors(g, TERMS)
        .filter((r) => !r.equal)
        .map((r) => r.key),
    ).toEqual(['term', 'method']);
  });

  it('compares only the terms the document states and whose element the business has', () => {
    expect(compareFactors(FACTORS, TERMS.slice(0, 1)).map((r) => r.key)).toEqual(['amount']);
    const supplement = { amountFen: 800_000_000n, annualRate: '0.07', termDays: 180 };
    expect(compareFactors(supplement, TERMS).map((r) => [r.key, r.equal])).toEqual([
      ['amount', true],
      ['rate', false],
      ['term', true],
    ]);
    expect(compareFactors({}, TERMS)).toEqual([]);
  });

  it('reads an annual rate in ten-thousandths, and nothing that is not one', () => {
    expect(rateUnits('0.065')).toBe(650n);
    expect(rateUnits('0.0650')).toBe(650n);
    expect(rateUnits('1')).toBe(10_000n);
    expect(rateUnits('0.06501')).toBeNull();
    expect(rateUnits('abc')).toBeNull();
  });

  it('writes a rate as four places, and nothing at or above 100 %', () => {
    expect(fourPlaces('0.065')).toBe('0.0650');
    expect(fourPlaces(' 0.1 ')).toBe('0.1000');
    expect(fourPlaces('0')).toBe('0.0000');
    expect(fourPlaces('0.9999')).toBe('0.9999');
    expect(fourPlaces('1')).toBeNull();
    expect(fourPlaces('0.06501')).toBeNull();
    expect(fourPlaces('-0.01')).toBeNull();
  });

  it('checks typed terms in the fields’ order, the method only where the document states one', () => {
    const draft = { amountFen: 800_000_000, annualRate: '0.065', termDays: 180 };
    expect(termDraftProblem(draft, '补充协议')).toBeNull();
    expect(termsOfDraft(draft)).toEqual({ amountFen: 800_000_000n, annualRate: '0.0650', termDays: 180 });
    expect(termDraftProblem({ ...draft, amountFen: 0, annualRate: 'x' }, '补充协议')).toBe(
      '补充协议金额须为大于0的整数（分）',
    );
    expect(termDraftProblem({ ...draft, amountFen: 2 ** 53 }, '合同')).toBe(TermMessage.amount('合同'));
    expect(termDraftProblem({ ...draft, annualRate: '1.0', termDays: 0 }, '合同')).toBe(TermMessage.rate);
    expect(termDraftProblem({ ...draft, termDays: 3661 }, '合同')).toBe(TermMessage.term);
    expect(termDraftProblem({ ...draft, termDays: 1.5 }, '合同')).toBe(TermMessage.term);
    expect(termDraftProblem({ ...draft, termDays: 3660, repaymentMethod: 'BULLET' }, '合同')).toBeNull();
    expect(termDraftProblem({ ...draft, repaymentMethod: '' }, '合同')).toBe(TermMessage.method);
    expect(termDraftProblem({ ...draft, repaymentMethod: 'constructor' }, '合同')).toBe(TermMessage.method);
  });

  it('reads the terms the TERM elements require, as a document states them; an element of another kind is none', () => {
    expect(requiredTerms(TERMS)).toEqual({
      amountFen: 800_000_000n,
      annualRate: '0.0650',
      termDays: 180,
      repaymentMethod: 'BULLET',
    });
    const odd: TermElement[] = [
      { name: '金额', required: { type: 'TEXT', text: '八百万' } },
      { name: '期限', required: { type: 'DAYS', days: 90 } },
      { name: '利率', required: null },
    ];
    expect(requiredTerms(odd)).toEqual({ termDays: 90 });
    expect(requiredTerms([])).toEqual({});
  });
});

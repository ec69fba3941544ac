import { describe, expect, it } from 'vitest';
import { type TermElement, type TermFactors, compareFactors, rateUnits } from './term-factors';

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
});

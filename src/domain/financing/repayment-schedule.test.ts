import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, buildRepaymentSchedule, daysBetween, roundHalfUp } from './repayment-schedule';

const YUAN = 100n;

describe('repayment schedules (BUSINESS.md §3 test vectors)', () => {
  it('到期一次还本付息: 1,000,000.00 at 6 % for 180 days', () => {
    const at = (basis: 360 | 365) =>
      buildRepaymentSchedule({
        principalFen: 1_000_000n * YUAN,
        annualRate: '0.0600',
        method: 'BULLET',
        loanDate: '2026-01-01',
        dueDate: '2026-06-30',
        dayCountBasis: basis,
      });
    expect(daysBetween('2026-01-01', '2026-06-30')).toBe(180);
    expect(at(360).totalInterestFen).toBe(3_000_000n);
    expect(at(365).totalInterestFen).toBe(2_958_904n);
    expect(at(360).installments).toEqual([
      {
        periodNo: 1,
        startDate: '2026-01-01',
        dueDate: '2026-06-30',
        principalFen: 100_000_000n,
        interestFen: 3_000_000n,
        totalFen: 103_000_000n,
      },
    ]);
  });

  it('等额本息: 120,000.00 at 6 % over 12 months', () => {
    const { installments, totalInterestFen } = buildRepaymentSchedule({
      principalFen: 120_000n * YUAN,
      annualRate: '0.0600',
      method: 'EQUAL_INSTALLMENT',
      loanDate: '2026-01-15',
      periods: 12,
      dayCountBasis: 360,
    });
    expect(installments[0]).toMatchObject({ totalFen: 1_032_797n, interestFen: 60_000n, principalFen: 972_797n });
    expect(installments[1]!.interestFen).toBe(55_136n);
    expect(installments[11]!.totalFen).toBe(1_032_799n);
    expect(totalInterestFen).toBe(393_566n);
    expect(installments.reduce((s, i) => s + i.principalFen, 0n)).toBe(12_000_000n);
  });

  it('等额本金: the same inputs', () => {
    const { installments, totalInterestFen } = buildRepaymentSchedule({
      principalFen: 120_000n * YUAN,
      annualRate: '0.0600',
      method: 'EQUAL_PRINCIPAL',
      loanDate: '2026-01-15',
      periods: 12,
      dayCountBasis: 360,
    });
    expect(installments[0]!.totalFen).toBe(1_060_000n);
    expect(installments[11]!.totalFen).toBe(1_005_000n);
    expect(totalInterestFen).toBe(390_000n);
  });

  it('先息后本: interest on actual days each month, the principal with the last', () => {
    const { installments } = buildRepaymentSchedule({
      principalFen: 360_000n * YUAN,
      annualRate: '0.0600',
      method: 'INTEREST_FIRST',
      loanDate: '2026-01-31',
      periods: 3,
      dayCountBasis: 360,
    });
    expect(installments.map((i) => i.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(installments[0]!.interestFen).toBe(roundHalfUp(36_000_000n * 6n * 28n, 100n * 360n));
    expect(installments.map((i) => i.principalFen)).toEqual([0n, 0n, 36_000_000n]);
  });

  it("clamps a due date past a month's end to it", () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('always repays exactly the principal, with no negative component (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.integer({ min: 0, max: 2400 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('EQUAL_INSTALLMENT', 'EQUAL_PRINCIPAL', 'INTEREST_FIRST') as fc.Arbitrary<'EQUAL_INSTALLMENT'>,
        (principalFen, bp, periods, method) => {
          const annualRate = `0.${String(bp).padStart(4, '0')}`;
          const { installments } = buildRepaymentSchedule({
            principalFen,
            annualRate,
            method,
            loanDate: '2026-03-31',
            periods,
            dayCountBasis: 365,
          });
          expect(installments.reduce((s, i) => s + i.principalFen, 0n)).toBe(principalFen);
          for (const i of installments) expect(i.principalFen >= 0n && i.interestFen >= 0n).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

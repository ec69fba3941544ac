// 放款's pure rules: the registration's limits (amount ≤ capital-approved ≤ approved, loan date not after today and
// inside the decision's validity, 实际到账 positive, the receipt), the schedule's input from the approved terms (its
// principal the loan to the 分, as a property), the 中登 deadline, and an installment as a plan shows it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LendingMessage,
  type LoanBounds,
  type LoanRegistration,
  loanProblems,
  netAmountFen,
  periodsOf,
  scheduleInputOf,
  scheduleOf,
  zhongdengDueDate,
  zhongdengProblem,
} from './lending';
import { installmentView, installmentsOf } from './repayment-plan';

const bounds: LoanBounds = {
  approvedFen: 800_000_00n,
  capitalApprovedFen: 750_000_00n,
  today: '2026-11-28',
  validFrom: '2026-11-01',
  validUntil: '2027-01-30',
};
const loan: LoanRegistration = {
  amount: 750_000_00n,
  loanDate: '2026-11-28',
  upfrontInterest: 1_000_00n,
  serviceFee: 500_00n,
  receiptFileId: 'k1',
};

describe('loanProblems', () => {
  it('holds for a loan at the capital side’s approved amount, lent today', () => {
    expect(loanProblems(loan, bounds)).toEqual([]);
  });

  it('refuses an amount above the capital-approved one, and a capital approval above the decision', () => {
    expect(loanProblems({ ...loan, amount: 750_000_01n }, bounds)).toEqual([LendingMessage.overCapital(750_000_00n)]);
    expect(loanProblems(loan, { ...bounds, capitalApprovedFen: 800_000_01n })).toEqual([
      LendingMessage.overApproved(800_000_00n),
    ]);
    expect(loanProblems({ ...loan, amount: 0n }, bounds)[0]).toBe(LendingMessage.amount);
  });

  it('refuses a loan date after today, before the decision, or past its validity', () => {
    expect(loanProblems({ ...loan, loanDate: '2026-11-29' }, bounds)).toEqual([LendingMessage.future]);
    expect(loanProblems({ ...loan, loanDate: '2026-10-31' }, bounds)).toEqual([LendingMessage.beforeDecision]);
    expect(loanProblems({ ...loan, loanDate: '2026-11-28' }, { ...bounds, validUntil: '2026-11-27' })).toEqual([
      LendingMessage.lapsed('2026-11-27'),
    ]);
  });

  it('needs 实际到账 above 0, deductions not negative, and the receipt', () => {
    expect(loanProblems({ ...loan, upfrontInterest: 749_000_00n, serviceFee: 1_000_00n }, bounds)).toEqual([
      LendingMessage.net,
    ]);
    expect(loanProblems({ ...loan, serviceFee: -1n }, bounds)).toEqual([LendingMessage.deductions]);
    expect(loanProblems({ ...loan, receiptFileId: '' }, bounds)).toEqual([LendingMessage.receipt]);
    expect(netAmountFen(750_000_00n, 1_000_00n, 500_00n)).toBe(748_500_00n);
  });
});

describe('the schedule from the approved terms', () => {
  const terms = {
    amountFen: 120_000_00n,
    annualRate: '0.0600',
    method: 'EQUAL_INSTALLMENT' as const,
    loanDate: '2026-01-31',
    termDays: 360,
    dayCountBasis: 360 as const,
  };

  it('lends BULLET to the term’s last day and the others in monthly periods', () => {
    expect(scheduleInputOf({ ...terms, method: 'BULLET', termDays: 180 })).toMatchObject({ dueDate: '2026-07-30' });
    expect(scheduleInputOf(terms)).toMatchObject({ periods: 12 });
    expect([periodsOf(10), periodsOf(45), periodsOf(90)]).toEqual([1, 2, 3]);
  });

  it('gives BUSINESS.md §3’s 等额本息 vector', () => {
    const { installments, totalInterestFen } = scheduleOf(terms);
    expect(installments[0]).toMatchObject({ interestFen: 600_00n, principalFen: 9_727_97n });
    expect(installments[11]?.totalFen).toBe(10_327_99n);
    expect(totalInterestFen).toBe(3_935_66n);
  });

  it('sums its principal to the loan to the 分, whatever the figures', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.integer({ min: 0, max: 2400 }),
        fc.constantFrom('BULLET', 'INTEREST_FIRST', 'EQUAL_INSTALLMENT', 'EQUAL_PRINCIPAL'),
        fc.integer({ min: 1, max: 360 }),
        (amountFen, bp, method, termDays) => {
          const rate = `0.${String(bp).padStart(4, '0')}`;
          const { installments } = scheduleOf({ ...terms, amountFen, annualRate: rate, method, termDays });
          expect(installments.reduce((s, i) => s + i.principalFen, 0n)).toBe(amountFen);
          expect(installments.every((i) => i.principalFen >= 0n && i.interestFen >= 0n)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('中登', () => {
  it('is due 10 days after the loan, not after today and not before the loan', () => {
    expect(zhongdengDueDate('2026-11-25')).toBe('2026-12-05');
    expect(zhongdengProblem('ZD001', '2026-11-28', '2026-11-25', '2026-11-28')).toBeNull();
    expect(zhongdengProblem('ZD001', '2026-12-06', '2026-11-25', '2026-12-10')).toBe(
      LendingMessage.regDate('2026-12-05'),
    );
    expect(zhongdengProblem('ZD001', '2026-11-24', '2026-11-25', '2026-11-28')).not.toBeNull();
    expect(zhongdengProblem('ZD001', '2026-11-29', '2026-11-25', '2026-11-28')).not.toBeNull();
    expect(zhongdengProblem(' ', '2026-11-28', '2026-11-25', '2026-11-28')).toBe(LendingMessage.regNo);
  });
});

describe('an installment as the plan shows it', () => {
  const [first] = installmentsOf(scheduleOf({ ...loanTerms(), method: 'BULLET' }).installments);

  it('owes every component while nothing is paid, 未到期', () => {
    const view = installmentView(first as NonNullable<typeof first>);
    expect(view).toMatchObject({ paidTotal: 0, statusLabel: '未到期', overdueDays: 0, days: 90 });
    expect(view.owedTotal).toBe(view.principalDue + view.interestDue);
  });

  it('is 部分还款 when something but not all is paid, and 逾期 when that part is late', () => {
    const i = first as NonNullable<typeof first>;
    const partPaid = { ...i, interestPaid: i.interestDue };
    expect(installmentView({ ...partPaid, status: 'DUE' })).toMatchObject({ statusLabel: '部分还款', owedInterest: 0 });
    const late = installmentView({ ...partPaid, status: 'OVERDUE', overdueDays: 3 });
    expect(late).toMatchObject({ statusLabel: '逾期', owedInterest: 0, overdueDays: 3 });
    expect(
      installmentView({ ...i, principalPaid: i.principalDue, interestPaid: i.interestDue, status: 'SETTLED' }),
    ).toMatchObject({
      statusLabel: '已结清',
      owedTotal: 0,
    });
  });
});

function loanTerms() {
  return {
    amountFen: 1_000_000_00n,
    annualRate: '0.0600',
    loanDate: '2026-11-28',
    termDays: 90,
    dayCountBasis: 360 as const,
  };
}

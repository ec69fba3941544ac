// The close of business for one installment and one day: status, overdue days (with the grace of a due date
// on a holiday), the penalty posted each day adding up to penaltyFen, the risk classes at their edges and the
// reminders.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeLoanThrough,
  INSTALLMENT_STATUS_LABEL,
  type OpenInstallment,
  installmentStatus,
  overdueDays,
  penaltyToPostFen,
  REMINDER_LABEL,
  RISK_CLASS_LABEL,
  reminderLabel,
  reminderOn,
  riskClass,
} from './close-of-business';
import { penaltyFen } from './penalty';
import { addDays } from './repayment-schedule';

const weekday = { dueDate: '2026-06-10', owedFen: 1n }; // a Wednesday
const holiday = { dueDate: '2026-10-03', owedFen: 1n }; // National Day; the next business day is 10-08
const weekend = { dueDate: '2026-11-28', owedFen: 1n }; // a Saturday; the next business day is 11-30

describe('installmentStatus and overdueDays', () => {
  it('is 未到期 before the due date, 已到期 on it, 逾期 after it', () => {
    expect(installmentStatus(weekday, '2026-06-09')).toBe('NOT_DUE');
    expect(installmentStatus(weekday, '2026-06-10')).toBe('DUE');
    expect(installmentStatus(weekday, '2026-06-11')).toBe('OVERDUE');
    expect([
      overdueDays(weekday, '2026-06-09'),
      overdueDays(weekday, '2026-06-10'),
      overdueDays(weekday, '2026-06-11'),
    ]).toEqual([0, 0, 1]);
    expect(overdueDays(weekday, '2026-09-08')).toBe(90);
  });

  it('is 已结清 once nothing is owed, whatever the day', () => {
    for (const day of ['2026-06-01', '2026-06-10', '2027-01-01'])
      expect(installmentStatus({ ...weekday, owedFen: 0n }, day)).toBe('SETTLED');
    expect(overdueDays({ ...weekday, owedFen: 0n }, '2026-07-01')).toBe(0);
  });

  it('waits for the next business day when the due date is a holiday, then counts from the due date', () => {
    expect(installmentStatus(holiday, '2026-10-02')).toBe('NOT_DUE');
    expect(installmentStatus(holiday, '2026-10-03')).toBe('DUE');
    expect(installmentStatus(holiday, '2026-10-08')).toBe('DUE');
    expect(overdueDays(holiday, '2026-10-08')).toBe(0);
    expect(installmentStatus(holiday, '2026-10-09')).toBe('OVERDUE');
    expect(overdueDays(holiday, '2026-10-09')).toBe(6);
    expect(installmentStatus(weekend, '2026-11-30')).toBe('DUE');
    expect(overdueDays(weekend, '2026-12-01')).toBe(3);
  });

  it('names every status in Chinese', () => {
    expect(INSTALLMENT_STATUS_LABEL).toEqual({ NOT_DUE: '未到期', DUE: '已到期', OVERDUE: '逾期', SETTLED: '已结清' });
  });
});

const terms = { overdueFen: 1_000_000_00n, annualRate: '0.0600', markup: '0.5', dayCountBasis: 360 as const };

describe('penaltyToPostFen', () => {
  it('posts 250.00 a day on 1,000,000.00 overdue, 2,500.00 over ten days', () => {
    const input = { ...terms, dueDate: weekday.dueDate };
    expect(penaltyToPostFen(input, '2026-06-10')).toBe(0n);
    expect(penaltyToPostFen(input, '2026-06-11')).toBe(250_00n);
    let posted = 0n;
    for (let d = 1; d <= 10; d++) posted += penaltyToPostFen(input, addDays('2026-06-10', d));
    expect(posted).toBe(2_500_00n);
  });

  it('posts nothing in a holiday grace, then every day since the due date on the first overdue day', () => {
    const input = { ...terms, dueDate: holiday.dueDate };
    expect(penaltyToPostFen(input, '2026-10-08')).toBe(0n);
    expect(penaltyToPostFen(input, '2026-10-09')).toBe(1_500_00n);
    expect(penaltyToPostFen(input, '2026-10-10')).toBe(250_00n);
  });

  it('posts nothing when nothing is overdue', () => {
    expect(penaltyToPostFen({ ...terms, overdueFen: 0n, dueDate: weekday.dueDate }, '2026-06-20')).toBe(0n);
  });

  it('adds up, day by day, to penaltyFen over the span, each post ≥ 0 (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        fc.integer({ min: 0, max: 2400 }).map((bp) => (bp / 10_000).toFixed(4)),
        fc.constantFrom(360 as const, 365 as const),
        fc.integer({ min: 0, max: 365 }).map((n) => addDays('2026-01-01', n)),
        fc.integer({ min: 0, max: 60 }),
        (overdueFen, annualRate, dayCountBasis, dueDate, span) => {
          const input = { overdueFen, annualRate, markup: '0.5', dayCountBasis, dueDate };
          let posted = 0n;
          for (let d = 0; d <= span; d++) {
            const post = penaltyToPostFen(input, addDays(dueDate, d));
            expect(post >= 0n).toBe(true);
            posted += post;
          }
          const end = addDays(dueDate, span);
          const owed = { dueDate, owedFen: overdueFen };
          expect(posted).toBe(
            installmentStatus(owed, end) === 'OVERDUE' ? penaltyFen({ ...input, valueDate: end }) : 0n,
          );
        },
      ),
    );
  });
});

describe('riskClass', () => {
  it('is 正常 at 0, 关注 from 1 to 90, 次级 past 90, and for write-off review past 180', () => {
    const at = (d: number) => riskClass(d);
    expect(at(0)).toEqual({ riskClass: 'NORMAL', writeOffReview: false });
    expect(at(1)).toEqual({ riskClass: 'SPECIAL_MENTION', writeOffReview: false });
    expect(at(30).riskClass).toBe('SPECIAL_MENTION');
    expect(at(31).riskClass).toBe('SPECIAL_MENTION');
    expect(at(90)).toEqual({ riskClass: 'SPECIAL_MENTION', writeOffReview: false });
    expect(at(91)).toEqual({ riskClass: 'SUBSTANDARD', writeOffReview: false });
    expect(at(180)).toEqual({ riskClass: 'SUBSTANDARD', writeOffReview: false });
    expect(at(181)).toEqual({ riskClass: 'SUBSTANDARD', writeOffReview: true });
    expect(RISK_CLASS_LABEL).toEqual({ NORMAL: '正常', SPECIAL_MENTION: '关注', SUBSTANDARD: '次级' });
  });
});

describe('reminderOn', () => {
  it('reminds 7, 3 and 1 days before the due date, and every day while overdue', () => {
    const on = (offset: number) => reminderOn(weekday, addDays(weekday.dueDate, offset));
    expect([-8, -7, -6, -4, -3, -2, -1, 0].map(on)).toEqual([
      null,
      'DUE_IN_7',
      null,
      null,
      'DUE_IN_3',
      null,
      'DUE_IN_1',
      null,
    ]);
    expect([1, 2, 45].map(on)).toEqual(['OVERDUE', 'OVERDUE', 'OVERDUE']);
  });

  it('does not remind in a holiday grace, nor of what is paid', () => {
    expect(reminderOn(holiday, '2026-10-08')).toBe(null);
    expect(reminderOn(holiday, '2026-10-09')).toBe('OVERDUE');
    expect(reminderOn({ ...weekday, owedFen: 0n }, '2026-06-09')).toBe(null);
    expect(reminderOn({ ...weekday, owedFen: 0n }, '2026-06-20')).toBe(null);
    expect(REMINDER_LABEL.OVERDUE).toBe('已逾期');
  });

  it('names the reminder by its period, or the 中登 registration for period 0', () => {
    expect(reminderLabel(2, 'OVERDUE', 5)).toBe('第2期已逾期5天');
    expect(reminderLabel(1, 'DUE_IN_3', 0)).toBe('第1期3天后到期');
    expect(reminderLabel(0, 'DUE_IN_1', 0)).toBe('中登明天到期');
    expect(reminderLabel(0, 'OVERDUE', 2)).toBe('中登已逾期2天');
  });
});

describe('closeLoanThrough', () => {
  const terms = { annualRate: '0.0600', markup: '0.5', dayCountBasis: 360 as const };
  const open = (dueDate: string, baseFen: bigint, periodNo = 1): OpenInstallment => ({
    periodNo,
    dueDate,
    overdueBaseFen: baseFen,
    owedFen: baseFen,
    status: 'NOT_DUE',
    overdueDays: 0,
    penaltyThrough: null,
  });
  type Loan = Parameters<typeof closeLoanThrough>[0];
  /** The loan as the gateway stores the close's answer: penalty accrued, status, days, the day closed. */
  const stored = (loan: Loan, closed: ReturnType<typeof closeLoanThrough>, day: string): Loan => ({
    ...loan,
    closedThrough: closed.days.length ? day : loan.closedThrough,
    installments: loan.installments.map((i, k) => {
      const c = closed.installments[k]!;
      return {
        ...i,
        owedFen: i.owedFen + c.penaltyPostFen,
        status: c.status,
        overdueDays: c.overdueDays,
        penaltyThrough: c.penaltyThrough,
      };
    }),
  });
  const loanOf = (dueDates: string[], baseFen: bigint): Loan => ({
    loanDate: '2026-03-02',
    closedThrough: '2026-03-02',
    installments: dueDates.map((d, k) => open(d, baseFen, k + 1)),
    terms,
    zhongdeng: { dueDate: '2026-03-12', registered: false, loanFen: 100_000_000n },
  });

  it('posts 250.00 a day on 1,000,000.00 overdue, turns the loan 逾期 and 关注, and reminds of it', () => {
    const loan = loanOf(['2026-06-10'], 100_000_000n);
    const before = closeLoanThrough({ ...loan, closedThrough: '2026-06-09' }, '2026-06-10');
    expect(before).toMatchObject({ days: ['2026-06-10'], overdue: false, overdueDays: 0, riskClass: 'NORMAL' });
    expect(before.installments[0]).toMatchObject({ status: 'DUE', penaltyPostFen: 0n, changed: true });
    const day = closeLoanThrough({ ...loan, closedThrough: '2026-06-10' }, '2026-06-11');
    expect(day).toMatchObject({ overdue: true, overdueDays: 1, riskClass: 'SPECIAL_MENTION', writeOffReview: false });
    expect(day.installments[0]).toMatchObject({
      status: 'OVERDUE',
      penaltyPostFen: 25_000n,
      penaltyThrough: '2026-06-11',
    });
    expect(day.reminders).toEqual([
      {
        day: '2026-06-11',
        periodNo: 0,
        kind: 'OVERDUE',
        dueDate: '2026-03-12',
        amountFen: 100_000_000n,
        overdueDays: 91,
      },
      {
        day: '2026-06-11',
        periodNo: 1,
        kind: 'OVERDUE',
        dueDate: '2026-06-10',
        amountFen: 100_025_000n,
        overdueDays: 1,
      },
    ]);
  });

  it('closes a day already closed as nothing: no day, no post, no reminder, nothing changed', () => {
    const loan = loanOf(['2026-06-10'], 100_000_000n);
    const once = closeLoanThrough({ ...loan, closedThrough: '2026-06-10' }, '2026-06-11');
    const again = closeLoanThrough(stored({ ...loan, closedThrough: '2026-06-10' }, once, '2026-06-11'), '2026-06-11');
    expect(again.days).toEqual([]);
    expect(again.reminders).toEqual([]);
    expect(again.installments.map((i) => [i.penaltyPostFen, i.changed])).toEqual([[0n, false]]);
    expect(again).toMatchObject({ overdue: true, overdueDays: 1 });
  });

  it('reminds of the 中登 deadline until it is registered', () => {
    const loan = { ...loanOf([], 1n), closedThrough: null };
    const reminded = closeLoanThrough(loan, '2026-03-13').reminders.map((r) => `${r.day} ${r.kind}`);
    expect(reminded).toEqual([
      '2026-03-05 DUE_IN_7',
      '2026-03-09 DUE_IN_3',
      '2026-03-11 DUE_IN_1',
      '2026-03-13 OVERDUE',
    ]);
    expect(
      closeLoanThrough({ ...loan, zhongdeng: { dueDate: '2026-03-12', registered: true, loanFen: 1n } }, '2026-03-13')
        .reminders,
    ).toEqual([]);
    expect(closeLoanThrough({ ...loan, zhongdeng: null }, '2026-03-13').reminders).toEqual([]);
  });

  it('judges the loan 逾期 when any installment is, and changes nothing of one far from due', () => {
    const loan = { ...loanOf(['2026-06-10', '2026-09-10'], 100_000_000n), closedThrough: '2026-06-10' };
    const closed = closeLoanThrough(loan, '2026-06-11');
    expect(closed.overdue).toBe(true);
    expect(closed.installments[1]).toEqual({
      periodNo: 2,
      status: 'NOT_DUE',
      overdueDays: 0,
      penaltyPostFen: 0n,
      penaltyThrough: null,
      changed: false,
    });
    // Due on the day itself: 已到期, nothing posted, no penalty day recorded, no reminder of it.
    const onDue = closeLoanThrough({ ...loan, closedThrough: '2026-06-09' }, '2026-06-10');
    expect(onDue.installments[0]).toMatchObject({ status: 'DUE', penaltyPostFen: 0n, penaltyThrough: null });
    expect(onDue.reminders.map((r) => r.periodNo)).toEqual([0]);
  });

  it('posts no day twice: a penalty posted through a later day than the loan was closed is not posted again', () => {
    const loan = loanOf(['2026-06-10'], 100_000_000n);
    const ahead = {
      ...loan,
      closedThrough: '2026-06-10',
      installments: [{ ...loan.installments[0]!, status: 'OVERDUE' as const, penaltyThrough: '2026-06-12' }],
    };
    expect(closeLoanThrough(ahead, '2026-06-13').installments[0]).toMatchObject({
      penaltyPostFen: 25_000n,
      penaltyThrough: '2026-06-13',
    });
  });

  it('judges nothing again on a day closed already, whatever is stored', () => {
    const loan = { ...loanOf(['2026-06-10'], 100_000_000n), closedThrough: '2026-06-20' };
    expect(closeLoanThrough(loan, '2026-06-20').installments[0]).toMatchObject({ status: 'NOT_DUE', changed: false });
  });

  it('lists a day’s reminders by period, the 中登 registration first', () => {
    const loan = loanOf(['2026-06-10', '2026-06-10'], 1_000n);
    const reversed = { ...loan, closedThrough: '2026-06-11', installments: [...loan.installments].reverse() };
    expect(closeLoanThrough(reversed, '2026-06-12').reminders.map((r) => r.periodNo)).toEqual([0, 1, 2]);
  });

  it('is 次级 past 90 days and for write-off review past 180, by its most overdue installment', () => {
    const loan = {
      ...loanOf(['2026-01-05', '2026-04-06'], 1_000n),
      loanDate: '2025-12-01',
      closedThrough: '2026-07-06',
    };
    expect(closeLoanThrough(loan, '2026-07-07')).toMatchObject({
      overdueDays: 183,
      riskClass: 'SUBSTANDARD',
      writeOffReview: true,
    });
  });

  const arbitraryLoan = fc
    .record({
      due: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 4 }),
      base: fc.bigInt({ min: 0n, max: 10n ** 10n }),
      rate: fc.integer({ min: 1, max: 2400 }).map((bp) => (bp / 10_000).toFixed(4)),
      basis: fc.constantFrom(360 as const, 365 as const),
      from: fc.integer({ min: 0, max: 150 }),
      span: fc.integer({ min: 1, max: 10 }),
    })
    .map(({ due, base, rate, basis, from, span }) => {
      const loan: Loan = {
        loanDate: '2026-01-05',
        closedThrough: addDays('2026-01-05', from),
        installments: due.map((d, k) => open(addDays('2026-01-05', d), base, k + 1)),
        terms: { annualRate: rate, markup: '0.5', dayCountBasis: basis },
        zhongdeng: { dueDate: '2026-01-15', registered: false, loanFen: 1n },
      };
      return { loan, days: Array.from({ length: span }, (_, k) => addDays('2026-01-05', from + k + 1)) };
    });

  it('changes nothing when a day is closed again (property)', () => {
    fc.assert(
      fc.property(arbitraryLoan, ({ loan, days }) => {
        const last = days.at(-1)!;
        const after = stored(loan, closeLoanThrough(loan, last), last);
        const again = closeLoanThrough(after, last);
        expect(again.days).toEqual([]);
        expect(stored(after, again, last)).toEqual(after);
        expect(again.reminders).toEqual([]);
      }),
    );
  });

  it('posts the same, day by day, as closing the missed days at once (property)', () => {
    fc.assert(
      fc.property(arbitraryLoan, ({ loan, days }) => {
        const last = days.at(-1)!;
        const atOnce = closeLoanThrough(loan, last);
        let daily = loan;
        const reminders: unknown[] = [];
        for (const d of days) {
          const closed = closeLoanThrough(daily, d);
          expect(closed.days).toEqual([d]);
          reminders.push(...closed.reminders);
          daily = stored(daily, closed, d);
        }
        expect(daily).toEqual(stored(loan, atOnce, last));
        expect(reminders.map((r) => ({ ...(r as object), amountFen: 0n }))).toEqual(
          atOnce.reminders.map((r) => ({ ...r, amountFen: 0n })),
        );
        for (const i of atOnce.installments) expect(i.penaltyPostFen >= 0n).toBe(true);
      }),
    );
  });
});

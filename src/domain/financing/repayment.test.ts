// 还款登记's pure part: what a registration is refused for, the second pair of eyes on its confirmation, and a
// confirmation applied to a stored schedule — overdue installments first (罚息 as stored), the rest prepaying
// principal with interest to the value date and the early fee, settlement early or on time — with the rules as
// properties over random loans and runs of payments: Σ of every part + unapplied = each payment, no component
// negative nor paid above its due, the principal due still the loan's, the dates never moved.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REPAYMENT_ITEMS,
  type Repayment,
  RepaymentMessage,
  registrationProblems,
  repaymentStanding,
} from './repayment';
import { type AppliedRepayment, type LoanTerms, applyRepayment, appliedFen } from './repayment-apply';
import { reviewAfter } from '../workflow/reviewed-items';
import { type StoredInstallment, installmentsOf } from './repayment-plan';
import { earlyRepayment } from './early-repayment';
import {
  type RepaymentMethod,
  addDays,
  buildRepaymentSchedule,
  interestForDays,
  rateFraction,
  roundHalfUp,
} from './repayment-schedule';
import { applyTransition } from '../workflow/workflow';
import { ReviewMessage, type ReviewState } from './review';

const draft = { payer: '华东建材', amountFen: 100n, valueDate: '2026-03-01', flowNo: 'LS1', receiptFileId: 'f1' };

describe('registrationProblems', () => {
  it('accepts a payment on or before today and not before the loan', () => {
    expect(registrationProblems(draft, '2026-03-01', '2026-01-01')).toEqual([]);
    expect(registrationProblems({ ...draft, valueDate: '2026-01-01' }, '2026-03-01', '2026-01-01')).toEqual([]);
  });
  it('refuses a future value date, one before the loan, no amount, payer, flow number or receipt', () => {
    expect(registrationProblems(draft, '2026-02-28', '2026-01-01')).toEqual([RepaymentMessage.future]);
    expect(registrationProblems(draft, '2026-03-01', '2026-03-02')).toEqual([RepaymentMessage.beforeLoan]);
    expect(
      registrationProblems(
        { payer: ' ', amountFen: 0n, valueDate: '2026-02-30', flowNo: '', receiptFileId: '' },
        '2026-03-01',
        '2026-01-01',
      ),
    ).toEqual([
      RepaymentMessage.payer,
      RepaymentMessage.amount,
      RepaymentMessage.date,
      RepaymentMessage.flowNo,
      RepaymentMessage.receipt,
    ]);
    expect(registrationProblems({ ...draft, payer: '付'.repeat(61) }, '2026-03-01', '2026-01-01')).toEqual([
      RepaymentMessage.payer,
    ]);
  });
  it('counts characters, not bytes, at the edges: 60 for the payer, 40 for the flow number, blanks as nothing', () => {
    const at = (d: Partial<typeof draft>) => registrationProblems({ ...draft, ...d }, '2026-03-01', '2026-01-01');
    expect(at({ payer: '付'.repeat(60), flowNo: 'L'.repeat(40) })).toEqual([]);
    expect(at({ flowNo: 'L'.repeat(41) })).toEqual([RepaymentMessage.flowNo]);
    expect(at({ flowNo: '   ' })).toEqual([RepaymentMessage.flowNo]);
    expect(at({ flowNo: ` ${'L'.repeat(40)} ` })).toEqual([]);
    expect(at({ amountFen: 1n })).toEqual([]);
  });
});

describe('the repayment items’ workflow', () => {
  const item: Repayment = {
    ...{ itemId: 'r1', businessId: 'b1', seq: 1, name: 'HK1', status: 'PENDING', version: 1 },
    ...{ payer: 'p', amountFen: 1n, valueDate: '2026-03-01', flowNo: 'x', receiptFileId: 'f', registrarId: 'u1' },
    review: null,
  };
  const ctx = (actorId: string, roles = ['FINANCE']) => ({
    actorId,
    grants: new Set(['/business/paymentRegistration:examine', '/business/paymentRegistration:reject']),
    roles: new Set(roles),
    now: new Date(),
    facts: { parentState: 'REPAYING/NORMAL' },
  });
  it('lets another finance user confirm or reject (with a comment), never the registrar', () => {
    expect(applyTransition(REPAYMENT_ITEMS, item, 'confirm', ctx('u2'))).toMatchObject({ ok: true, to: 'CONFIRMED' });
    expect(applyTransition(REPAYMENT_ITEMS, item, 'confirm', ctx('u1'))).toMatchObject({
      ok: false,
      message: RepaymentMessage.own,
    });
    expect(applyTransition(REPAYMENT_ITEMS, item, 'reject', ctx('u2'))).toMatchObject({ ok: false, reason: 'comment' });
    expect(applyTransition(REPAYMENT_ITEMS, item, 'reject', ctx('u2'), { comment: '不符' })).toMatchObject({
      ok: true,
      to: 'REJECTED',
    });
    expect(applyTransition(REPAYMENT_ITEMS, item, 'confirm', ctx('u2', ['LOAN_OPS']))).toMatchObject({
      ok: false,
      message: ReviewMessage.notReviewer,
    });
    expect(
      applyTransition(REPAYMENT_ITEMS, { ...item, status: 'CONFIRMED' }, 'reject', ctx('u2'), { comment: 'x' }),
    ).toMatchObject({ ok: false, reason: 'state' });
  });

  it('follows the review configured at registration: its reviewers, level by level, the registrar never', () => {
    const level = (reviewerIds: string[]) => ({
      ...{ roles: [], userIds: reviewerIds, reviewerIds },
      ...{ approveMethod: 'ANY' as const, rejectHandler: 'RETURN_TO_MAKER' as const },
    });
    const review: ReviewState = {
      snapshot: { type: 'REPAYMENT', makerId: 'u1', levels: [level(['u3']), level(['u2', 'u4'])] },
      level: 1,
      opinions: [],
    };
    const two = { ...item, review };
    // A finance user the configuration does not name at this level may not; the one it names may, and passes it on.
    expect(applyTransition(REPAYMENT_ITEMS, two, 'confirm', ctx('u2'))).toMatchObject({
      ok: false,
      message: ReviewMessage.notReviewer,
    });
    expect(applyTransition(REPAYMENT_ITEMS, two, 'confirm', ctx('u3', ['RISK_HEAD']))).toMatchObject({
      ok: true,
      to: 'PENDING',
    });
    const second = { ...two, review: reviewAfter(review, 'u3', 'confirm') };
    expect(second.review.level).toBe(2);
    // Where it stands is read from its review: level 1 passed it on, level 2 has it.
    expect(repaymentStanding(two)).toBe('待确认');
    expect(repaymentStanding(second)).toBe('第1级已确认，待第2级确认');
    expect(repaymentStanding({ ...second, status: 'CONFIRMED' })).toBe('已确认');
    expect(applyTransition(REPAYMENT_ITEMS, second, 'confirm', ctx('u3'))).toMatchObject({ ok: false });
    expect(applyTransition(REPAYMENT_ITEMS, second, 'confirm', ctx('u4'))).toMatchObject({ ok: true, to: 'CONFIRMED' });
    expect(applyTransition(REPAYMENT_ITEMS, second, 'confirm', ctx('u1'))).toMatchObject({
      ok: false,
      message: RepaymentMessage.own,
    });
    expect(reviewAfter(second.review, 'u4', 'reject').opinions.at(-1)).toEqual({
      level: 2,
      actorId: 'u4',
      result: 'REJECT',
    });
  });
});

const TERMS: LoanTerms = {
  method: 'EQUAL_INSTALLMENT',
  annualRate: '0.0600',
  dayCountBasis: 360 as const,
  earlyRepayFeeRate: '0.0050',
  loanDate: '2026-01-15',
};
const plan = (terms = TERMS, principalFen = 120_000_00n, periods = 12, dueDate?: string) =>
  installmentsOf(
    buildRepaymentSchedule({
      principalFen,
      annualRate: terms.annualRate,
      method: terms.method,
      loanDate: terms.loanDate,
      dayCountBasis: terms.dayCountBasis,
      periods,
      ...(dueDate ? { dueDate } : {}),
    }).installments,
  );
const ok = (r: AppliedRepayment | { refusal: string }) => {
  if ('refusal' in r) throw new Error(r.refusal);
  return r;
};
const owedOf = (i: StoredInstallment) =>
  i.principalDue -
  i.principalPaid +
  i.interestDue -
  i.interestPaid +
  i.feeDue -
  i.feePaid +
  i.penaltyAccrued -
  i.penaltyPaid;

describe('applyRepayment', () => {
  it('pays the overdue installment first — 罚息 as stored, 利息, 本金 — and prepays nothing when it is used up', () => {
    const book = plan();
    book[0] = { ...book[0]!, penaltyAccrued: 120_00n, status: 'OVERDUE', overdueDays: 5 };
    const done = ok(
      applyRepayment(TERMS, book, { amountFen: 10_000_00n, valueDate: '2026-02-20', state: 'REPAYING/OVERDUE' }),
    );
    expect(done.lines).toEqual([
      { periodNo: 1, feeFen: 0n, penaltyFen: 120_00n, interestFen: 600_00n, principalFen: 9_280_00n, kind: 'DUE' },
    ]);
    expect(done).toMatchObject({ unappliedFen: 0n, principalFen: 9_280_00n, outcome: 'SAME' });
    expect(appliedFen(done.lines)).toBe(10_000_00n);
    expect(done.installments.slice(1)).toEqual(book.slice(1));
  });

  it('brings an overdue loan back to normal once nothing overdue is owed, and prepays the rest', () => {
    const book = plan();
    book[0] = { ...book[0]!, status: 'OVERDUE', overdueDays: 3 };
    const done = ok(
      applyRepayment(TERMS, book, { amountFen: 30_000_00n, valueDate: '2026-02-20', state: 'REPAYING/OVERDUE' }),
    );
    expect(done.outcome).toBe('NORMAL');
    expect(done.installments[0]).toMatchObject({ status: 'SETTLED' });
    const early = done.lines.find((l) => l.kind === 'EARLY');
    // 110,272.03 left after period 1; 5 days of interest from 02-15, the fee at 0.5 %.
    expect(early).toMatchObject({ periodNo: 2, interestFen: 91_89n, feeFen: 551_36n });
    expect(appliedFen(done.lines) + done.unappliedFen).toBe(30_000_00n);
    expect(done.installments.map((i) => i.dueDate)).toEqual(book.map((i) => i.dueDate));
  });

  it('settles early before the last due date and on time on it, refunding what was too much', () => {
    const bullet: LoanTerms = { ...TERMS, method: 'BULLET' };
    const book = plan(bullet, 1_000_000_00n, 0, '2026-07-14');
    const early = ok(
      applyRepayment(bullet, book, { amountFen: 2_000_000_00n, valueDate: '2026-04-15', state: 'REPAYING/NORMAL' }),
    );
    // 90 days at 6 % / 360 = 15,000.00; the fee 0.5 % = 5,000.00.
    expect(early.lines).toEqual([
      {
        periodNo: 1,
        feeFen: 5_000_00n,
        penaltyFen: 0n,
        interestFen: 15_000_00n,
        principalFen: 1_000_000_00n,
        kind: 'EARLY',
      },
    ]);
    expect(early).toMatchObject({ unappliedFen: 980_000_00n, outcome: 'SETTLED_EARLY' });
    expect(early.installments[0]).toMatchObject({ status: 'SETTLED', interestDue: 15_000_00n, feeDue: 5_000_00n });
    const onTime = ok(
      applyRepayment(bullet, book, { amountFen: 1_030_000_00n, valueDate: '2026-07-14', state: 'REPAYING/NORMAL' }),
    );
    expect(onTime).toMatchObject({ unappliedFen: 0n, outcome: 'SETTLED' });
  });

  it('pays what is left of partly paid 费用 and 罚息, settling the installment, whatever order the rows come in', () => {
    const book = plan();
    book[0] = { ...book[0]!, feeDue: 10_00n, feePaid: 5_00n, penaltyAccrued: 120_00n, penaltyPaid: 50_00n };
    book[0] = { ...book[0], interestPaid: 100_00n, status: 'OVERDUE' };
    const rest = 5_00n + 70_00n + 500_00n + 9_727_97n;
    const done = ok(
      applyRepayment(TERMS, [...book].reverse(), {
        amountFen: rest,
        valueDate: '2026-02-20',
        state: 'REPAYING/NORMAL',
      }),
    );
    expect(done.lines).toEqual([
      { periodNo: 1, feeFen: 5_00n, penaltyFen: 70_00n, interestFen: 500_00n, principalFen: 9_727_97n, kind: 'DUE' },
    ]);
    expect(done.installments.map((i) => i.periodNo)).toEqual(book.map((i) => i.periodNo));
    expect(done.installments[0]).toMatchObject({ status: 'SETTLED', feePaid: 10_00n, penaltyPaid: 120_00n });
    expect(done.installments.slice(1).every((i) => i.status === 'NOT_DUE')).toBe(true);
    expect(done).toMatchObject({ unappliedFen: 0n, outcome: 'SAME' });
  });

  it('prepays twice in one period, the second time with interest from the first, and settles to the 分', () => {
    const book = plan();
    // 10 days in: interest 120,000.00 × 6 % × 10 / 360 = 200.00, the fee 600.00, principal 19,200.00.
    const first = ok(
      applyRepayment(TERMS, book, { amountFen: 20_000_00n, valueDate: '2026-01-25', state: 'REPAYING/NORMAL' }),
    );
    expect(first.lines).toEqual([
      { periodNo: 1, feeFen: 600_00n, penaltyFen: 0n, interestFen: 200_00n, principalFen: 19_200_00n, kind: 'EARLY' },
    ]);
    const again = earlyRepayment({
      ...TERMS,
      remaining: book.map((i) => ({ ...i, principalFen: i.principalDue, interestFen: i.interestDue, totalFen: 0n })),
      valueDate: '2026-01-25',
      amountFen: 20_000_00n,
    }).installments;
    expect(first.installments.map((i) => i.interestDue - i.interestPaid)).toEqual(again.map((i) => i.interestFen));
    expect(first.installments.map((i) => i.principalDue - i.principalPaid)).toEqual(again.map((i) => i.principalFen));
    expect(first.installments[0]).toMatchObject({ interestPaid: 200_00n, feeDue: 600_00n, principalPaid: 19_200_00n });
    // 10 days later: interest on 100,800.00 from the first prepayment, 168.00, the fee 504.00.
    const second = ok(
      applyRepayment(TERMS, first.installments, {
        ...{ amountFen: 100_800_00n + 168_00n + 504_00n, valueDate: '2026-02-04', state: 'REPAYING/NORMAL' },
        interestFrom: '2026-01-25',
      }),
    );
    expect(second.lines).toEqual([
      { periodNo: 1, feeFen: 504_00n, penaltyFen: 0n, interestFen: 168_00n, principalFen: 100_800_00n, kind: 'EARLY' },
    ]);
    expect(second).toMatchObject({ unappliedFen: 0n, principalFen: 100_800_00n, outcome: 'SETTLED_EARLY' });
    expect(second.installments.every((i) => owedOf(i) === 0n && i.status === 'SETTLED')).toBe(true);
    expect(second.installments.reduce((s, i) => s + i.principalPaid, 0n)).toBe(120_000_00n);
  });

  it('prepays nothing and charges nothing when the rest does not cover the interest and the fee', () => {
    const book = plan();
    // 10 days in: interest 200.00 and the fee 600.00 ask 800.00; 799.99 is left to refund.
    const done = ok(
      applyRepayment(TERMS, book, { amountFen: 799_99n, valueDate: '2026-01-25', state: 'REPAYING/NORMAL' }),
    );
    expect(done).toMatchObject({ lines: [], unappliedFen: 799_99n, principalFen: 0n, installments: book });
  });

  it('runs interest from the current period’s start when the last prepayment was in an earlier period', () => {
    const first = ok(
      applyRepayment(TERMS, plan(), { amountFen: 20_000_00n, valueDate: '2026-01-25', state: 'REPAYING/NORMAL' }),
    ).installments;
    const [p1, p2] = first;
    const balance = first.slice(2).reduce((s, i) => s + i.principalDue - i.principalPaid, 0n);
    const amountFen = owedOf(p1!) + owedOf(p2!) + 10_000_00n;
    const done = ok(
      applyRepayment(TERMS, first, {
        ...{ amountFen, valueDate: '2026-03-20', state: 'REPAYING/NORMAL', interestFrom: '2026-01-25' },
      }),
    );
    // Period 3 began on 03-15: five days on the balance, not the 54 since the first prepayment.
    const interestFen = interestForDays(balance, rateFraction(TERMS.annualRate), 5, 360);
    const feeFen = roundHalfUp(balance * 5n, 1000n);
    expect(done.lines.map((l) => l.kind)).toEqual(['DUE', 'DUE', 'EARLY']);
    expect(done.lines[2]).toEqual({
      ...{ periodNo: 3, feeFen, penaltyFen: 0n, interestFen, principalFen: 10_000_00n - interestFen - feeFen },
      kind: 'EARLY',
    });
    expect(done.installments.slice(0, 2).every((i) => i.status === 'SETTLED')).toBe(true);
  });

  it('refuses a value date before the last prepayment, and a loan with nothing owed', () => {
    const book = plan();
    const from = { amountFen: 1n, valueDate: '2026-02-01', state: 'REPAYING/NORMAL', interestFrom: '2026-02-02' };
    expect(applyRepayment(TERMS, book, from)).toEqual({ refusal: RepaymentMessage.backdated('2026-02-02') });
    const paid = book.map((i) => ({ ...i, principalPaid: i.principalDue, interestPaid: i.interestDue }));
    expect(applyRepayment(TERMS, paid, { ...from, interestFrom: null })).toEqual({
      refusal: RepaymentMessage.nothingOwed,
    });
  });
});

describe('applyRepayment, as properties', () => {
  const METHODS: RepaymentMethod[] = ['BULLET', 'INTEREST_FIRST', 'EQUAL_INSTALLMENT', 'EQUAL_PRINCIPAL'];
  it('shares every payment exactly, keeps every component within its due, the principal and the dates', () => {
    fc.assert(
      fc.property(
        fc.record({
          method: fc.constantFrom(...METHODS),
          principalFen: fc.bigInt({ min: 1_00n, max: 10n ** 10n }),
          bp: fc.integer({ min: 0, max: 2400 }),
          feeBp: fc.integer({ min: 0, max: 300 }),
          periods: fc.integer({ min: 1, max: 12 }),
          basis: fc.constantFrom(360 as const, 365 as const),
          payments: fc.array(
            fc.record({ gap: fc.integer({ min: 0, max: 60 }), amount: fc.bigInt({ min: 1n, max: 2n * 10n ** 10n }) }),
            { minLength: 1, maxLength: 5 },
          ),
        }),
        (c) => {
          const rate = (bp: number) => `0.${String(bp).padStart(4, '0')}`;
          const terms: LoanTerms = {
            ...{ method: c.method, annualRate: rate(c.bp), dayCountBasis: c.basis },
            ...{ earlyRepayFeeRate: rate(c.feeBp), loanDate: '2026-01-31' },
          };
          let book = plan(terms, c.principalFen, c.periods, addDays(terms.loanDate, 30 * c.periods));
          const dates = book.map((i) => i.dueDate);
          let day = terms.loanDate;
          let interestFrom: string | null = null;
          for (const p of c.payments) {
            day = addDays(day, p.gap);
            const done = applyRepayment(terms, book, {
              amountFen: p.amount,
              valueDate: day,
              state: 'REPAYING/NORMAL',
              interestFrom,
            });
            if ('refusal' in done) {
              expect(done.refusal).toBe(RepaymentMessage.nothingOwed);
              expect(book.every((i) => owedOf(i) === 0n)).toBe(true);
              break;
            }
            expect(appliedFen(done.lines) + done.unappliedFen).toBe(p.amount);
            expect(done.unappliedFen >= 0n).toBe(true);
            for (const l of done.lines) {
              for (const v of [l.feeFen, l.penaltyFen, l.interestFen, l.principalFen]) expect(v >= 0n).toBe(true);
            }
            for (const i of done.installments) {
              for (const [due, paid] of [
                [i.principalDue, i.principalPaid],
                [i.interestDue, i.interestPaid],
                [i.feeDue, i.feePaid],
                [i.penaltyAccrued, i.penaltyPaid],
              ] as const) {
                expect(paid >= 0n && paid <= due).toBe(true);
              }
              expect(i.status === 'SETTLED').toBe(owedOf(i) === 0n);
            }
            expect(done.installments.reduce((s, i) => s + i.principalDue, 0n)).toBe(c.principalFen);
            expect(done.installments.map((i) => i.dueDate)).toEqual(dates);
            if (done.lines.some((l) => l.kind === 'EARLY')) interestFrom = day;
            book = done.installments;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

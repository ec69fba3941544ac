// How a repayment is shared out: the vector of BUSINESS.md, the order between installments and inside one,
// what is left over, what is refused, and the rules as properties over random books and payments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AllocationLine, allocatePayment, type OutstandingInstallment } from './repayment-allocation';

const owed = (
  periodNo: number,
  dueDate: string,
  parts: Partial<OutstandingInstallment> = {},
): OutstandingInstallment => ({
  periodNo,
  dueDate,
  feeFen: 0n,
  penaltyFen: 0n,
  interestFen: 0n,
  principalFen: 0n,
  ...parts,
});

describe('allocatePayment', () => {
  it('pays 10,000.00 into the first of two installments: 罚息, 利息, then 本金 (the vector)', () => {
    const book = [
      owed(1, '2026-02-15', { penaltyFen: 120_00n, interestFen: 600_00n, principalFen: 9_727_97n }),
      owed(2, '2026-03-15', { interestFen: 551_36n, principalFen: 9_776_61n }),
    ];
    expect(allocatePayment(book, 10_000_00n)).toEqual({
      lines: [{ periodNo: 1, feeFen: 0n, penaltyFen: 120_00n, interestFen: 600_00n, principalFen: 9_280_00n }],
      unappliedFen: 0n,
    });
  });

  it('pays 费用 before 罚息 before 利息 before 本金', () => {
    const book = [owed(1, '2026-02-15', { feeFen: 5n, penaltyFen: 7n, interestFen: 11n, principalFen: 13n })];
    const line = (paid: bigint) => allocatePayment(book, paid).lines[0];
    expect(line(3n)).toEqual({ periodNo: 1, feeFen: 3n, penaltyFen: 0n, interestFen: 0n, principalFen: 0n });
    expect(line(10n)).toEqual({ periodNo: 1, feeFen: 5n, penaltyFen: 5n, interestFen: 0n, principalFen: 0n });
    expect(line(20n)).toEqual({ periodNo: 1, feeFen: 5n, penaltyFen: 7n, interestFen: 8n, principalFen: 0n });
    expect(line(30n)).toEqual({ periodNo: 1, feeFen: 5n, penaltyFen: 7n, interestFen: 11n, principalFen: 7n });
  });

  it('pays the earliest due date first whatever the order given, then the lowest period', () => {
    const book = [
      owed(3, '2026-04-15', { principalFen: 100n }),
      owed(2, '2026-03-15', { principalFen: 100n }),
      owed(5, '2026-03-15', { principalFen: 100n }),
      owed(4, '2026-03-15', { principalFen: 100n }),
    ];
    expect(allocatePayment(book, 250n).lines.map((l) => [l.periodNo, l.principalFen])).toEqual([
      [2, 100n],
      [4, 100n],
      [5, 50n],
    ]);
  });

  it('leaves unapplied only what is more than everything owed, and writes no line for nothing', () => {
    const book = [
      owed(1, '2026-02-15', { interestFen: 10n }),
      owed(2, '2026-03-15'),
      owed(3, '2026-04-15', { principalFen: 5n }),
    ];
    const all = allocatePayment(book, 40n);
    expect(all.unappliedFen).toBe(25n);
    expect(all.lines.map((l) => l.periodNo)).toEqual([1, 3]);
    expect(allocatePayment(book, 0n)).toEqual({ lines: [], unappliedFen: 0n });
    expect(allocatePayment([], 9n)).toEqual({ lines: [], unappliedFen: 9n });
  });

  it('does not change what it is given', () => {
    const book = [owed(2, '2026-03-15', { principalFen: 1n }), owed(1, '2026-02-15', { principalFen: 1n })];
    allocatePayment(book, 1n);
    expect(book.map((b) => b.periodNo)).toEqual([2, 1]);
  });

  it('refuses a negative payment and a negative amount owed', () => {
    expect(() => allocatePayment([], -1n)).toThrow('还款金额不能为负');
    for (const part of ['feeFen', 'penaltyFen', 'interestFen', 'principalFen'] as const)
      expect(() => allocatePayment([owed(1, '2026-02-15', { [part]: -1n })], 0n), part).toThrow('欠款金额不能为负');
  });
});

const component = fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10n ** 10n }));
const book = fc.array(
  fc.record({
    periodNo: fc.integer({ min: 1, max: 36 }),
    dueDate: fc.integer({ min: 1, max: 28 }).map((d) => `2026-0${1 + (d % 9)}-${String(d).padStart(2, '0')}`),
    feeFen: component,
    penaltyFen: component,
    interestFen: component,
    principalFen: component,
  }),
  { maxLength: 8 },
);
const sum = (l: AllocationLine | OutstandingInstallment) => l.feeFen + l.penaltyFen + l.interestFen + l.principalFen;
const PARTS = ['feeFen', 'penaltyFen', 'interestFen', 'principalFen'] as const;

describe('allocatePayment, as properties', () => {
  const payment = fc.bigInt({ min: 0n, max: 10n ** 11n });

  it('Σ allocated + unapplied = paid; no component negative or above what was owed', () => {
    fc.assert(
      fc.property(book, payment, (b, paid) => {
        const { lines, unappliedFen } = allocatePayment(b, paid);
        expect(lines.reduce((s, l) => s + sum(l), 0n) + unappliedFen).toBe(paid);
        expect(unappliedFen >= 0n).toBe(true);
        const queue = [...b].sort((x, y) =>
          x.dueDate === y.dueDate ? x.periodNo - y.periodNo : x.dueDate < y.dueDate ? -1 : 1,
        );
        let at = 0;
        for (const line of lines) {
          // Each line belongs to the next installment in order that was owed anything.
          while (sum(queue[at] as OutstandingInstallment) === 0n) at++;
          const o = queue[at++] as OutstandingInstallment;
          expect(line.periodNo).toBe(o.periodNo);
          for (const part of PARTS) expect(line[part] >= 0n && line[part] <= o[part]).toBe(true);
          expect(sum(line) > 0n).toBe(true);
        }
      }),
    );
  });

  it('reaches a later installment, or a later component, only when the earlier is paid in full', () => {
    fc.assert(
      fc.property(book, payment, (b, paid) => {
        const { lines, unappliedFen } = allocatePayment(b, paid);
        const queue = [...b]
          .sort((x, y) => (x.dueDate === y.dueDate ? x.periodNo - y.periodNo : x.dueDate < y.dueDate ? -1 : 1))
          .filter((o) => sum(o) > 0n);
        lines.forEach((line, i) => {
          const o = queue[i] as OutstandingInstallment;
          if (i < lines.length - 1) expect(sum(line)).toBe(sum(o));
          PARTS.forEach((part, k) => {
            if (k > 0 && line[part] > 0n)
              expect(line[PARTS[k - 1] as (typeof PARTS)[number]]).toBe(o[PARTS[k - 1] as (typeof PARTS)[number]]);
          });
        });
        const owedAll = b.reduce((s, o) => s + sum(o), 0n);
        expect(unappliedFen > 0n).toBe(paid > owedAll);
        if (unappliedFen > 0n) expect(unappliedFen).toBe(paid - owedAll);
      }),
    );
  });
});

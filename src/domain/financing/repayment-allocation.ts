// How a confirmed repayment is shared out (BUSINESS.md "Contracts" and §3): the installment with the earliest
// due date first (then the lowest period number), and inside one installment 费用 → 罚息 → 利息 → 本金, so what
// costs the borrower most while unpaid is cleared first. What is left once everything owed is paid is returned
// as unapplied: the repayment's confirmation prepays principal with it (early-repayment.ts).

/** What one installment still owes, 分. */
export interface OutstandingInstallment {
  periodNo: number;
  dueDate: string;
  feeFen: bigint;
  penaltyFen: bigint;
  interestFen: bigint;
  principalFen: bigint;
}

/** What one installment received from a payment, 分. */
export interface AllocationLine {
  periodNo: number;
  feeFen: bigint;
  penaltyFen: bigint;
  interestFen: bigint;
  principalFen: bigint;
}

/** 费用 → 罚息 → 利息 → 本金. */
const ORDER = ['feeFen', 'penaltyFen', 'interestFen', 'principalFen'] as const;

export function allocatePayment(
  outstanding: OutstandingInstallment[],
  amountFen: bigint,
): { lines: AllocationLine[]; unappliedFen: bigint } {
  if (amountFen < 0n) throw new Error('还款金额不能为负');
  const queue = [...outstanding].sort((a, b) =>
    a.dueDate === b.dueDate ? a.periodNo - b.periodNo : a.dueDate < b.dueDate ? -1 : 1,
  );
  const lines: AllocationLine[] = [];
  let left = amountFen;
  for (const owed of queue) {
    const line: AllocationLine = {
      periodNo: owed.periodNo,
      feeFen: 0n,
      penaltyFen: 0n,
      interestFen: 0n,
      principalFen: 0n,
    };
    for (const part of ORDER) {
      if (owed[part] < 0n) throw new Error('欠款金额不能为负');
      const paid = owed[part] < left ? owed[part] : left;
      line[part] = paid;
      left -= paid;
    }
    if (line.feeFen + line.penaltyFen + line.interestFen + line.principalFen > 0n) lines.push(line);
  }
  return { lines, unappliedFen: left };
}

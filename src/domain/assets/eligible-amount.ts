// The amount of a payment order that a new financing may still rest on (BUSINESS.md §3 "Eligible amount per
// order"): what the project company confirmed, less what it already paid, what applications in flight reserve
// and what is already financed — never below zero. One function, so the list's column, the footer's sum and
// any later application form agree. Amounts are bigint 分, as the columns hold them.
export interface EligibleInput {
  confirmedAmount: bigint | null;
  paidAmount: bigint | null;
  reservedAmount: bigint | null;
  financedAmount: bigint | null;
}

export function eligibleAmount(order: EligibleInput): bigint {
  const left =
    (order.confirmedAmount ?? 0n) -
    (order.paidAmount ?? 0n) -
    (order.reservedAmount ?? 0n) -
    (order.financedAmount ?? 0n);
  return left > 0n ? left : 0n;
}

/** The most a confirmation may confirm: the receivable not yet paid (BUSINESS.md §2 "paid ≤ receivable"). */
export function confirmableAmount(order: { receivableAmount: number | null; paidAmount: number | null }): number {
  const left = (order.receivableAmount ?? 0) - (order.paidAmount ?? 0);
  return left > 0 ? left : 0;
}

// 供应商锁定 and 合同锁定 as the lifecycle's guards read them (BUSINESS.md §2 Risk, "Who may act": the facts
// the gateway loads for a transition include the locks). A lock counts while it is 锁定中: an unlocked one
// no longer counts, and neither does a supplier lock past its 到期 date. 全部 covers both new applications
// and lending. Pure: the caller passes the locks it loaded and the time.

export type SupplierLockScope = 'NEW_APPLICATION' | 'LENDING' | 'ALL';
export type LockStatus = 'LOCKED' | 'UNLOCKED';

export const SUPPLIER_LOCK_SCOPE_LABEL: Readonly<Record<SupplierLockScope, string>> = {
  NEW_APPLICATION: '禁止新申请',
  LENDING: '禁止放款',
  ALL: '全部',
};

export interface SupplierLockFact {
  supplierId: string;
  scope: SupplierLockScope;
  status: LockStatus | string;
  /** 'YYYY-MM-DD': the last day the lock holds (Asia/Shanghai); null holds until unlocked. */
  expiresAt: string | null;
}

export interface ContractLockFact {
  contractNo: string | null;
  paymentOrderId: string | null;
  status: LockStatus | string;
}

/** The instant a lock expiring on `date` stops counting: the next midnight in Asia/Shanghai (UTC+8). */
export function lockEndsAt(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1) - 8 * 3600_000);
}

const live = (status: string) => status === 'LOCKED';

/** Whether the supplier may not do `scope` now: a live lock of that scope or of 全部. */
export function isSupplierLocked(
  locks: readonly SupplierLockFact[],
  supplierId: string,
  scope: Exclude<SupplierLockScope, 'ALL'>,
  now: Date,
): boolean {
  return locks.some(
    (l) =>
      l.supplierId === supplierId &&
      live(l.status) &&
      (l.scope === 'ALL' || l.scope === scope) &&
      (!l.expiresAt || now.getTime() < lockEndsAt(l.expiresAt).getTime()),
  );
}

/** Whether a live lock names this contract number or this payment order. */
export function isContractLocked(
  locks: readonly ContractLockFact[],
  target: { contractNo?: string; paymentOrderId?: string },
  // Contract locks have no expiry today; the time is taken so the guards call both queries alike.
  _now: Date,
): boolean {
  return locks.some(
    (l) =>
      live(l.status) &&
      ((!!target.contractNo && l.contractNo === target.contractNo) ||
        (!!target.paymentOrderId && l.paymentOrderId === target.paymentOrderId)),
  );
}

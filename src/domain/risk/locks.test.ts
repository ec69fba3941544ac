import { describe, expect, it } from 'vitest';
import { type ContractLockFact, type SupplierLockFact, isContractLocked, isSupplierLocked, lockEndsAt } from './locks';

const now = new Date('2026-06-10T04:00:00Z'); // 12:00 in Shanghai
const lock = (over: Partial<SupplierLockFact> = {}): SupplierLockFact => ({
  supplierId: 's1',
  scope: 'NEW_APPLICATION',
  status: 'LOCKED',
  expiresAt: null,
  ...over,
});

describe('isSupplierLocked', () => {
  it('holds for its own scope and supplier only', () => {
    expect(isSupplierLocked([lock()], 's1', 'NEW_APPLICATION', now)).toBe(true);
    expect(isSupplierLocked([lock()], 's1', 'LENDING', now)).toBe(false);
    expect(isSupplierLocked([lock()], 's2', 'NEW_APPLICATION', now)).toBe(false);
    expect(isSupplierLocked([], 's1', 'NEW_APPLICATION', now)).toBe(false);
  });

  it('全部 covers new applications and lending', () => {
    expect(isSupplierLocked([lock({ scope: 'ALL' })], 's1', 'NEW_APPLICATION', now)).toBe(true);
    expect(isSupplierLocked([lock({ scope: 'ALL' })], 's1', 'LENDING', now)).toBe(true);
  });

  it('an unlocked lock does not count', () => {
    expect(isSupplierLocked([lock({ scope: 'ALL', status: 'UNLOCKED' })], 's1', 'LENDING', now)).toBe(false);
  });

  it('holds through its expiry day in Shanghai and not after', () => {
    expect(isSupplierLocked([lock({ expiresAt: '2026-06-10' })], 's1', 'NEW_APPLICATION', now)).toBe(true);
    expect(isSupplierLocked([lock({ expiresAt: '2026-06-09' })], 's1', 'NEW_APPLICATION', now)).toBe(false);
    const lastMoment = new Date('2026-06-10T15:59:59Z');
    const nextDay = new Date('2026-06-10T16:00:00Z');
    expect(isSupplierLocked([lock({ expiresAt: '2026-06-10' })], 's1', 'NEW_APPLICATION', lastMoment)).toBe(true);
    expect(isSupplierLocked([lock({ expiresAt: '2026-06-10' })], 's1', 'NEW_APPLICATION', nextDay)).toBe(false);
    expect(lockEndsAt('2026-12-31').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('one live lock among expired and unlocked ones is enough', () => {
    const locks = [
      lock({ status: 'UNLOCKED', scope: 'ALL' }),
      lock({ expiresAt: '2026-01-01', scope: 'ALL' }),
      lock({ scope: 'LENDING' }),
    ];
    expect(isSupplierLocked(locks, 's1', 'LENDING', now)).toBe(true);
    expect(isSupplierLocked(locks, 's1', 'NEW_APPLICATION', now)).toBe(false);
  });
});

describe('isContractLocked', () => {
  const c = (over: Partial<ContractLockFact> = {}): ContractLockFact => ({
    contractNo: 'HT-1',
    paymentOrderId: null,
    status: 'LOCKED',
    ...over,
  });

  it('matches by contract number or by payment order', () => {
    expect(isContractLocked([c()], { contractNo: 'HT-1' }, now)).toBe(true);
    expect(isContractLocked([c()], { contractNo: 'HT-2' }, now)).toBe(false);
    expect(isContractLocked([c({ contractNo: null, paymentOrderId: 'PO-9' })], { paymentOrderId: 'PO-9' }, now)).toBe(
      true,
    );
    expect(
      isContractLocked(
        [c({ contractNo: null, paymentOrderId: 'PO-9' })],
        { contractNo: 'HT-1', paymentOrderId: 'PO-8' },
        now,
      ),
    ).toBe(false);
  });

  it('an empty target matches nothing, and an unlocked lock does not count', () => {
    expect(isContractLocked([c({ contractNo: null })], {}, now)).toBe(false);
    expect(isContractLocked([c({ status: 'UNLOCKED' })], { contractNo: 'HT-1' }, now)).toBe(false);
  });
});

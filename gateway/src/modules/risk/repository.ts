// The live locks the lifecycle's guards load before a transition (BUSINESS.md "Who may act": the facts the
// gateway loads beforehand), as the pure queries of src/domain/risk/locks.ts read them. Only 锁定中 rows
// are read; expiry is the domain's to judge, with the time of the transition.
import type { Database } from '../../db/database';
import { type Kysely, sql } from 'kysely';
import type { ContractLockFact, SupplierLockFact, SupplierLockScope } from '../../../../src/domain/risk/locks';

const dateText = (value: unknown) => {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
};

/** The supplier's locks that are 锁定中 in the tenant. */
export async function liveSupplierLocks(
  db: Kysely<Database>,
  tenantId: string,
  supplierId: string,
): Promise<SupplierLockFact[]> {
  const rows = await db
    .selectFrom('supplier_lock')
    .select(['supplier_id', 'scope', 'status', dateColumn('expires_at')])
    .where('tenant_id', '=', tenantId)
    .where('supplier_id', '=', supplierId)
    .where('status', '=', 'LOCKED')
    .execute();
  return rows.map((r) => ({
    supplierId: String(r.supplier_id),
    scope: r.scope as SupplierLockScope,
    status: String(r.status),
    expiresAt: dateText(r.expires_at),
  }));
}

/** The locks that are 锁定中 on this contract number or this payment order (its number) in the tenant. */
export const liveContractLocks = (
  db: Kysely<Database>,
  tenantId: string,
  target: { contractNo?: string; paymentOrderId?: string },
): Promise<ContractLockFact[]> =>
  liveLocksOn(
    db,
    tenantId,
    target.contractNo ? [target.contractNo] : [],
    target.paymentOrderId ? [target.paymentOrderId] : [],
  );

/** The locks that are 锁定中 on any of these contract numbers or payment orders (their numbers) in the tenant. */
export async function liveLocksOn(
  db: Kysely<Database>,
  tenantId: string,
  contractNos: readonly string[],
  orderNos: readonly string[],
): Promise<ContractLockFact[]> {
  if (contractNos.length === 0 && orderNos.length === 0) return [];
  const rows = await db
    .selectFrom('contract_lock')
    .select(['contract_no', 'payment_order_no', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'LOCKED')
    .where((eb) =>
      eb.or([
        ...(contractNos.length ? [eb('contract_no', 'in', [...contractNos])] : []),
        ...(orderNos.length ? [eb('payment_order_no', 'in', [...orderNos])] : []),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    contractNo: r.contract_no == null ? null : String(r.contract_no),
    paymentOrderId: r.payment_order_no == null ? null : String(r.payment_order_no),
    status: String(r.status),
  }));
}

// A calendar date, whether PGlite or PostgreSQL hands back a Date or text.
function dateColumn(column: string) {
  return sql<string>`${sql.ref(column)}::date::text`.as(column);
}

// Confirmed payment orders with a due date far enough ahead for an application (BUSINESS.md §3: at least 30
// days of remaining life), for the demo seed and the tests: the assets seed's orders fall due within 2026,
// so most of them are already too short-lived to finance. Each is confirmed in full, unpaid, unreserved.
import type { Database } from '../../db/database';
import type { Kysely } from 'kysely';
import { newId } from '../../ids';

export interface NewConfirmedOrder {
  tenantId: string;
  supplierId: string;
  orderNo: string;
  /** 分. */
  amount: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  now: Date;
}

/** Inserts the order on the tenant's first project; answers its id. */
export async function addConfirmedOrder(db: Kysely<Database>, o: NewConfirmedOrder): Promise<string> {
  const project = await db
    .selectFrom('project')
    .select(['project_id', 'project_company_id'])
    .where('tenant_id', '=', o.tenantId)
    .orderBy('project_id')
    .executeTakeFirstOrThrow();
  const id = newId(o.now);
  await db
    .insertInto('payment_order')
    .values({
      order_id: id,
      tenant_id: o.tenantId,
      status: 'CONFIRMED',
      version: 1,
      created_at: o.now,
      updated_at: o.now,
      order_no: o.orderNo,
      project_id: project.project_id,
      project_company_id: project.project_company_id,
      supplier_id: o.supplierId,
      contract_no: `HT-${o.orderNo}`,
      contract_type: 'ENGINEERING',
      receivable_amount: o.amount,
      paid_amount: 0,
      due_date: o.dueDate,
      confirm_evidence: 'CONFIRMATION_LETTER',
      confirmed_amount: o.amount,
      confirmed_at: o.now,
      reserved_amount: 0,
      financed_amount: 0,
      eligible_amount: o.amount,
      financing_status: 'NONE',
      locked: 'NO',
      invoices: '[]',
    })
    .execute();
  return id;
}

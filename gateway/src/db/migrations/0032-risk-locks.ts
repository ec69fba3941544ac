// 供应商锁定 and 合同锁定 (BUSINESS.md §2 Risk): a lock is made with a reason and stays 锁定中 until unlocked
// with a reason; who and when on both sides. The guards read the live locks of one supplier or one
// contract, hence the partial indexes. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('supplier_lock')
    .addColumn('lock_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'date')
    .addColumn('unlock_reason', 'text')
    .addColumn('unlocked_by', 'text')
    .addColumn('unlocked_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index supplier_lock_page_idx on supplier_lock
    (tenant_id, created_at desc, lock_id desc)`.execute(db);
  await sql`create index supplier_lock_live_idx on supplier_lock
    (tenant_id, supplier_id) where status = 'LOCKED'`.execute(db);

  await db.schema
    .createTable('contract_lock')
    .addColumn('lock_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('contract_no', 'text')
    .addColumn('payment_order_no', 'text')
    .addColumn('project_company_id', 'text', (c) => c.references('organization.org_id'))
    .addColumn('supplier_id', 'text', (c) => c.references('organization.org_id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('unlock_reason', 'text')
    .addColumn('unlocked_by', 'text')
    .addColumn('unlocked_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index contract_lock_page_idx on contract_lock
    (tenant_id, created_at desc, lock_id desc)`.execute(db);
  await sql`create index contract_lock_live_contract_idx on contract_lock
    (tenant_id, contract_no) where status = 'LOCKED'`.execute(db);
  await sql`create index contract_lock_live_order_idx on contract_lock
    (tenant_id, payment_order_no) where status = 'LOCKED'`.execute(db);
}

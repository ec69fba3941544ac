// A maker does not choose who reviews its items (BUSINESS.md §1.5): the demo seed used to give the business
// operator and supplier roles every code of their areas, 审核类型配置's 编辑 included. The seed no longer does;
// this takes that grant away once from databases seeded before, by the roles' codes (any tenant), and leaves
// whatever an administrator grants later alone. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from role_menu_operation
    where operation_code = 'edit'
      and menu_id in (select menu_id from menu where path = '/business/auditTypeList')
      and role_id in (select role_id from role where role_code in ('BUSINESS_OPERATOR', 'SUPPLIER_USER'))`.execute(db);
}

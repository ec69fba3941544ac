import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export function listDictItems(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('dict_item')
    .select(['dict_type_code', 'dict_type_name', 'dict_code', 'dict_name', 'sort_no'])
    .where('tenant_id', '=', tenantId)
    .orderBy('dict_type_code')
    .orderBy('sort_no')
    .execute();
}

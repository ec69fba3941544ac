// Attaching uploads to a record, for every module that does (the file save route here; the stage kit's
// records too): the rule is src/domain/upload/file-binding.ts, this reads the files under a row lock and binds
// them, so two records saved at once cannot both take one upload. Call it inside the write's transaction.
import type { Kysely } from 'kysely';
import {
  type BindingTarget,
  FILE_BINDING_MESSAGE,
  fileBindingRefusal,
  isFileKeyId,
} from '../../../../src/domain/upload/file-binding';
import type { Database } from '../../db/database';
import { invalidInput } from '../../plugins/envelope';
import type { StoredFile } from './repository';

/**
 * Binds the files to `target` when each is the caller's own unbound upload (or bound to `target` already);
 * otherwise throws 160300400 with FILE_BINDING_MESSAGE and binds nothing. Answers the rows, in the order asked.
 */
export async function bindOwnFiles(
  trx: Kysely<Database>,
  caller: { tenantId: string; userId: string },
  keyIds: readonly string[],
  target: BindingTarget,
): Promise<StoredFile[]> {
  const ids = [...new Set(keyIds)];
  if (ids.length === 0) return [];
  if (!ids.every(isFileKeyId)) throw invalidInput(FILE_BINDING_MESSAGE);
  const rows = await trx
    .selectFrom('stored_file')
    .selectAll()
    .where('tenant_id', '=', caller.tenantId)
    .where('key_id', 'in', ids)
    .forUpdate()
    .execute();
  const facts = rows.map((r) => ({
    keyId: r.key_id,
    createdBy: r.created_by,
    businessType: r.business_type,
    businessId: r.business_id,
  }));
  const refusal = fileBindingRefusal(ids, facts, caller.userId, target);
  if (refusal) throw invalidInput(refusal);
  const bound = await trx
    .updateTable('stored_file')
    .set({ business_type: target.type, business_id: target.id })
    .where('tenant_id', '=', caller.tenantId)
    .where('key_id', 'in', ids)
    .returningAll()
    .execute();
  const byId = new Map(bound.map((r) => [r.key_id, r]));
  return keyIds.flatMap((id) => byId.get(id) ?? []);
}

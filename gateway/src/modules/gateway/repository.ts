import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { newEncryptKey } from './param-cipher';

/** The parameter key: made by whichever gateway process starts first, then read by all. */
export async function ensureEncryptKey(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('setting')
    .values({ key: 'encrypt_key', value: newEncryptKey() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('setting').select('value').where('key', '=', 'encrypt_key').executeTakeFirstOrThrow();
  return row.value;
}

// Sign-in lookups and session tokens. A token is 32 random bytes (base64url) handed to the client once;
// only its sha-256 is stored, so a copy of the table signs nobody in.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export function newRawToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

export function findEnabledUserByName(db: Kysely<Database>, userName: string) {
  return (
    db
      .selectFrom('app_user')
      .select(['user_id', 'tenant_id', 'nick_name', 'password_hash'])
      // One name whatever its case (migration 0010's unique index on lower(user_name)).
      .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
      .where('status', '=', 'ENABLED')
      .executeTakeFirst()
  );
}

export async function insertToken(
  db: Kysely<Database>,
  token: { tokenHash: string; userId: string; tenantId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('session_token')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      tenant_id: token.tenantId,
      created_at: token.now,
      last_seen_at: token.now,
      expires_at: token.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The unrevoked token with that hash, if its user is still enabled. */
export function findLiveToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('session_token as t')
    .innerJoin('app_user as u', (j) => j.onRef('u.user_id', '=', 't.user_id').onRef('u.tenant_id', '=', 't.tenant_id'))
    .select(['t.user_id', 't.tenant_id', 't.last_seen_at', 't.expires_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('u.status', '=', 'ENABLED')
    .executeTakeFirst();
}

export async function touchToken(db: Kysely<Database>, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('session_token').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeToken(db: Kysely<Database>, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserTokens(
  db: Kysely<Database>,
  userId: string,
  tenantId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .execute();
}

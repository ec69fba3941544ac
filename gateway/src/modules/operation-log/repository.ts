// The operation log: every write says who, when, what, and the record before and after. Written
// inside the write's own transaction, so a write and its log line stand or fall together.
import type { Kysely } from 'kysely';
import { fenToWire } from '../../../../src/domain/decimal/wire-fen';
import type { Database } from '../../db/database';
import { newId } from '../../ids';

export interface LoggedWrite {
  tenantId: string;
  userId: string;
  now: Date;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

// Secrets never reach the log, whatever record a caller hands in. A bigint is 分 (the only bigints a record
// holds), written as the wire writes it — the log shows an amount as the call that made it did.
const SECRET_KEYS = new Set(['password_hash', 'password', 'passwordHash']);
const json = (value: unknown): string | null =>
  value === undefined || value === null
    ? null
    : JSON.stringify(value, (k, v) => (SECRET_KEYS.has(k) ? undefined : typeof v === 'bigint' ? fenToWire(v) : v));

// Ids are made in ../../ids.ts; named here too for the callers that still import them from the log.

export async function logOperation(db: Kysely<Database>, write: LoggedWrite): Promise<void> {
  const actor = await db
    .selectFrom('app_user')
    .select('user_name')
    .where('user_id', '=', write.userId)
    .executeTakeFirst();
  await db
    .insertInto('operation_log')
    .values({
      log_id: newId(write.now),
      tenant_id: write.tenantId,
      user_id: write.userId,
      user_name: actor?.user_name ?? '',
      occurred_at: write.now,
      action: write.action,
      target_type: write.targetType,
      target_id: write.targetId,
      before_data: json(write.before),
      after_data: json(write.after),
    })
    .execute();
}

export async function pageOperationLog(
  db: Kysely<Database>,
  filter: { tenantId: string; targetId?: string; action?: string; offset: number; limit: number },
) {
  let query = db.selectFrom('operation_log').where('tenant_id', '=', filter.tenantId);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.action) query = query.where('action', '=', filter.action);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('occurred_at', 'desc')
      .orderBy('log_id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The names of the logged records, so the log reads '张三 (zhangsan)' rather than a snowflake id: users and
 * personnel by the account, roles and organisations by their name — this tenant's only. A record gone since
 * is named from the snapshot the log stored, else left unnamed.
 */
export async function targetNames(
  db: Kysely<Database>,
  tenantId: string,
  targets: ReadonlyArray<{ type: string; id: string }>,
): Promise<Map<string, string>> {
  const ids = (types: string[]) => [...new Set(targets.filter((t) => types.includes(t.type)).map((t) => t.id))];
  const names = new Map<string, string>();
  const users = ids(['user', 'personnel']);
  const roles = ids(['role']);
  const orgs = ids(['organization']);
  const [userRows, roleRows, orgRows] = await Promise.all([
    users.length
      ? db
          .selectFrom('app_user')
          .select(['user_id', 'user_name', 'nick_name'])
          .where('tenant_id', '=', tenantId)
          .where('user_id', 'in', users)
          .execute()
      : [],
    roles.length
      ? db
          .selectFrom('role')
          .select(['role_id', 'role_name'])
          .where('tenant_id', '=', tenantId)
          .where('role_id', 'in', roles)
          .execute()
      : [],
    orgs.length
      ? db
          .selectFrom('organization')
          .select(['org_id', 'org_name'])
          .where('tenant_id', '=', tenantId)
          .where('org_id', 'in', orgs)
          .execute()
      : [],
  ]);
  for (const u of userRows) {
    names.set(`user:${u.user_id}`, `${u.nick_name}（${u.user_name}）`);
    names.set(`personnel:${u.user_id}`, `${u.nick_name}（${u.user_name}）`);
  }
  for (const r of roleRows) names.set(`role:${r.role_id}`, r.role_name);
  for (const o of orgRows) names.set(`organization:${o.org_id}`, o.org_name);
  return names;
}

const STORED_NAME_KEYS = ['nick_name', 'user_name', 'org_name', 'role_name', 'roleName', 'enterpriseName', 'name'];

/** A name the log's own snapshot holds, for a record that no longer exists. */
export function storedName(before: string | null, after: string | null): string {
  for (const text of [after, before]) {
    if (!text) continue;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      for (const key of STORED_NAME_KEYS) if (typeof value[key] === 'string' && value[key]) return value[key] as string;
    } catch {
      // Not JSON: nothing to name it by.
    }
  }
  return '';
}

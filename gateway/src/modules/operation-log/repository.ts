// The operation log (issue 5): every write says who, when, what, and the record before and after. Written
// inside the write's own transaction, so a write and its log line stand or fall together.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

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

// Secrets never reach the log, whatever record a caller hands in.
const SECRET_KEYS = new Set(['password_hash', 'password', 'passwordHash']);
const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value, (k, v) => (SECRET_KEYS.has(k) ? undefined : v));

export function newId(): string {
  // Time-ordered, 19 digits like the seeded ids: milliseconds then random digits.
  return `${Date.now()}${String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0')}`;
}

export async function logOperation(db: Kysely<Database>, write: LoggedWrite): Promise<void> {
  const actor = await db.selectFrom('app_user').select('user_name').where('user_id', '=', write.userId).executeTakeFirst();
  await db.insertInto('operation_log').values({
    log_id: newId(),
    tenant_id: write.tenantId,
    user_id: write.userId,
    user_name: actor?.user_name ?? '',
    occurred_at: write.now,
    action: write.action,
    target_type: write.targetType,
    target_id: write.targetId,
    before_data: json(write.before),
    after_data: json(write.after),
  }).execute();
}

export async function pageOperationLog(
  db: Kysely<Database>,
  filter: { tenantId: string; targetId?: string; action?: string; offset: number; limit: number },
) {
  let query = db.selectFrom('operation_log').where('tenant_id', '=', filter.tenantId);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.action) query = query.where('action', '=', filter.action);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('occurred_at', 'desc').orderBy('log_id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

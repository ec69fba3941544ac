// 用户管理 over Kysely. Every statement names the tenant; a record of another tenant is simply not found.
import type { Kysely } from 'kysely';
import { changeSourceOf, type Database, type UserStatus } from '../../db/database';
import { bookmarks, countOnce, flightKey, pageByDeferredJoin, type Bookmarks, type CountCache } from '../../db/paging';

export interface UserFilter {
  tenantId: string;
  userName?: string;
  nickName?: string;
  mobile?: string;
  organizationId?: string;
  status?: UserStatus;
  offset: number;
  limit: number;
}

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const userColumns = [
  'u.user_id',
  'u.user_name',
  'u.nick_name',
  'u.organization_id',
  'u.mobile',
  'u.oa_account',
  'u.status',
  'u.user_type',
  'u.is_auth_data',
  'u.version',
  'u.created_at',
  'p.email',
  'p.id_number',
  'p.name',
] as const;

function usersOf(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('personnel as p', (j) => j.onRef('p.user_id', '=', 'u.user_id').onRef('p.tenant_id', '=', 'u.tenant_id'))
    .where('u.tenant_id', '=', tenantId);
}

// At 100,000 users the total is the costly part of a page: it is kept per database, tenant and filter, one
// count at a time (db/paging.ts), and forgotten at once when this gateway writes a user of that tenant and
// whenever the database notifies a change of users (migration 0093, heard through the access cache's feed).
// On PGlite that notification reaches this process before the writer's statement returns, so a total is
// kept until the users change: exact, and counted again only then — on PGlite's one thread a recount every
// few seconds stalled every request queued behind it. On PostgreSQL the notification arrives a moment after
// the commit, so a total is also kept no longer than COUNT_TTL_MS; the rows themselves are always read fresh.
const COUNT_TTL_MS = 5_000;
const caches = new WeakMap<object, { counts: CountCache; marks: Bookmarks }>();

function cachesOf(db: Kysely<Database>) {
  let kept = caches.get(db);
  if (!kept) {
    const ttl = changeSourceOf(db)?.kind === 'pglite' ? Number.POSITIVE_INFINITY : COUNT_TTL_MS;
    kept = { counts: countOnce(ttl), marks: bookmarks(COUNT_TTL_MS) };
    caches.set(db, kept);
  }
  return kept;
}

/** This gateway wrote a user of the tenant: its totals and bookmarks are forgotten. */
export function forgetUserCounts(db: Kysely<Database>, tenantId: string): void {
  const { counts, marks } = cachesOf(db);
  counts.forget(`${tenantId}|`);
  marks.forget(`${tenantId}|`);
}

/** The database notified a change of users (any tenant, any writer). */
export function forgetAllUserCounts(db: Kysely<Database>): void {
  const { counts, marks } = cachesOf(db);
  counts.forget('');
  marks.forget('');
}

const listKey = (f: Omit<UserFilter, 'offset' | 'limit'>) =>
  `${f.tenantId}|${JSON.stringify([f.userName, f.nickName, f.mobile, f.organizationId, f.status])}`;

function filtered(db: Kysely<Database>, filter: Omit<UserFilter, 'offset' | 'limit'>) {
  let query = db.selectFrom('app_user as u').where('u.tenant_id', '=', filter.tenantId);
  if (filter.userName) query = query.where('u.user_name', 'like', like(filter.userName));
  if (filter.nickName) query = query.where('u.nick_name', 'like', like(filter.nickName));
  if (filter.mobile) query = query.where('u.mobile', 'like', like(filter.mobile));
  if (filter.organizationId) query = query.where('u.organization_id', '=', filter.organizationId);
  if (filter.status) query = query.where('u.status', '=', filter.status);
  return query;
}

function countUsers(db: Kysely<Database>, filter: Omit<UserFilter, 'offset' | 'limit'>, list: string): Promise<number> {
  return cachesOf(db).counts.get(list, async () => {
    const row = await filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  });
}

export async function pageUsers(db: Kysely<Database>, filter: UserFilter) {
  // The page's ids over the (tenant_id, created_at, user_id) index alone (0008), then their rows and
  // personnel records, so a deep page skips index entries rather than joined rows; from a bookmark when a
  // page at or above it was read in the last seconds.
  const { marks } = cachesOf(db);
  const list = listKey(filter);
  // Callers of one page at once share one read (db/paging.ts); joining it before the two queries are built
  // and ordered spares each of them most of its own work (a CPU profile of page 1 at 50 concurrent requests
  // on PostgreSQL spent a tenth of the gateway's time building them).
  const shared = marks.inFlight.get(flightKey(list, filter.offset, filter.limit)) as Promise<UserRow[]> | undefined;
  const [rows, total] = await Promise.all([
    shared ??
      pageByDeferredJoin({
        keys: filtered(db, filter).select('u.user_id'),
        rows: usersOf(db, filter.tenantId).select(userColumns),
        key: 'u.user_id',
        orderBy: [
          ['u.created_at', 'desc'],
          ['u.user_id', 'desc'],
        ],
        offset: filter.offset,
        limit: filter.limit,
        seek: { bookmarks: marks, list },
      }),
    countUsers(db, filter, list),
  ]);
  return { rows, total };
}

export function findUser(db: Kysely<Database>, tenantId: string, userId: string) {
  return usersOf(db, tenantId).select(userColumns).where('u.user_id', '=', userId).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** User names are unique across tenants (sign-in names no tenant), so this one check is global. */
export async function userNameTaken(
  db: Kysely<Database>,
  userName: string,
  excludeId?: string,
  tenantId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('app_user')
    .select('user_id')
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.trim().toLowerCase()));
  if (excludeId) query = query.where('user_id', '<>', excludeId);
  // What a tenant may ask about: only its own names (the write itself is still refused by the global index).
  if (tenantId) query = query.where('tenant_id', '=', tenantId);
  return !!(await query.executeTakeFirst());
}

export async function oaAccountTaken(
  db: Kysely<Database>,
  tenantId: string,
  oaAccount: string,
  excludeId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('app_user')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('oa_account', '=', oaAccount.trim());
  if (excludeId) query = query.where('user_id', '<>', excludeId);
  return !!(await query.executeTakeFirst());
}

export function findByPhone(db: Kysely<Database>, tenantId: string, mobile: string, excludeId?: string) {
  let query = db
    .selectFrom('app_user')
    .select(['user_id', 'user_name', 'nick_name'])
    .where('tenant_id', '=', tenantId)
    .where('mobile', '=', mobile.trim());
  if (excludeId) query = query.where('user_id', '<>', excludeId);
  return query.orderBy('user_id').executeTakeFirst();
}

export async function organizationInTenant(db: Kysely<Database>, tenantId: string, orgId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('organization')
    .select('org_id')
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .executeTakeFirst());
}

export function listCompanies(db: Kysely<Database>, tenantId: string, keyIds: string[]) {
  if (keyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('organization')
    .select(['org_id', 'org_name'])
    .where('tenant_id', '=', tenantId)
    .where('org_id', 'in', keyIds)
    .orderBy('sort_no')
    .execute();
}

export function rolesOfTenant(db: Kysely<Database>, tenantId: string) {
  // A deleted role is gone for users too (its grants already count for nothing).
  return db
    .selectFrom('role')
    .select(['role_id', 'role_code', 'role_name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '<>', 'DELETED')
    .orderBy('role_id')
    .execute();
}

export function rolesOfUser(db: Kysely<Database>, tenantId: string, userId: string) {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .select(['r.role_id', 'r.role_code', 'r.role_name'])
    .where('ur.user_id', '=', userId)
    .where('r.tenant_id', '=', tenantId)
    .orderBy('r.role_id')
    .execute();
}

export function findPersonnel(db: Kysely<Database>, tenantId: string, userId: string) {
  return db
    .selectFrom('personnel')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listOrganizations(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('organization')
    .select(['org_id', 'org_name', 'org_type', 'parent_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('sort_no')
    .orderBy('org_id')
    .execute();
}

/** Which unique index of app_user refused a write, if one did. */
export function userUniqueViolation(error: unknown): 'userName' | 'oaAccount' | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('oa')) return 'oaAccount';
  if (where.includes('name')) return 'userName';
  return null;
}

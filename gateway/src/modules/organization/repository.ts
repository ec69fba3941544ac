// Organisations over Kysely (组织管理, 项目公司管理, 供应商管理 and the lookups). Every statement names the
// tenant; another tenant's organisation is simply not found. Writes take the transaction's handle only
// (our PGlite dialect lends its one session to one holder at a time).
import type { Kysely } from 'kysely';
import type { Database, OrgStatus, OrgType } from '../../db/database';
import { DOCUMENT_PREFIX } from '../../../../src/domain/document-numbers';

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const orgColumns = [
  'o.org_id',
  'o.org_type',
  'o.parent_id',
  'p.org_name as parent_name',
  'o.org_name',
  'o.credit_code',
  'o.contact_name',
  'o.contact_mobile',
  'o.email',
  'o.address',
  'o.status',
  'o.gys_id',
  'o.version',
  'o.created_at',
  'o.sort_no',
] as const;

function orgsOf(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('organization as o')
    .leftJoin('organization as p', (j) =>
      j.onRef('p.org_id', '=', 'o.parent_id').onRef('p.tenant_id', '=', 'o.tenant_id'),
    )
    .where('o.tenant_id', '=', tenantId);
}

export interface OrgFilter {
  tenantId: string;
  type: OrgType;
  enterpriseName?: string;
  creditCode?: string;
  gysId?: string;
  status?: OrgStatus;
  offset: number;
  limit: number;
}

export async function pageOrganizations(db: Kysely<Database>, filter: OrgFilter) {
  let query = orgsOf(db, filter.tenantId).where('o.org_type', '=', filter.type);
  if (filter.enterpriseName) query = query.where('o.org_name', 'like', like(filter.enterpriseName));
  if (filter.creditCode) query = query.where('o.credit_code', 'like', like(filter.creditCode.toUpperCase()));
  if (filter.gysId) query = query.where('o.gys_id', 'like', like(filter.gysId));
  if (filter.status) query = query.where('o.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .select(orgColumns)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.sort_no')
      .orderBy('o.org_id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function listAllOrganizations(db: Kysely<Database>, tenantId: string) {
  return orgsOf(db, tenantId).select(orgColumns).orderBy('o.sort_no').orderBy('o.org_id').execute();
}

export function findOrganization(db: Kysely<Database>, tenantId: string, orgId: string) {
  return orgsOf(db, tenantId).select(orgColumns).where('o.org_id', '=', orgId).executeTakeFirst();
}

export type OrgRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

/** Sub-systems of each organisation, by organisation id. */
export async function appIdsOf(db: Kysely<Database>, orgIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(orgIds.map((id) => [id, []]));
  if (orgIds.length === 0) return out;
  const rows = await db
    .selectFrom('organization_app as oa')
    .innerJoin('app as a', 'a.app_id', 'oa.app_id')
    .select(['oa.org_id', 'oa.app_id'])
    .where('oa.org_id', 'in', [...orgIds])
    .orderBy('a.sort_no')
    .execute();
  for (const r of rows) out.get(r.org_id)?.push(r.app_id);
  return out;
}

export async function tenantAppIds(db: Kysely<Database>, tenantId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('app').select('app_id').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.app_id));
}

export async function creditCodeTaken(
  db: Kysely<Database>,
  tenantId: string,
  creditCode: string,
  excludeId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('organization')
    .select('org_id')
    .where('tenant_id', '=', tenantId)
    .where('credit_code', '=', creditCode);
  if (excludeId) query = query.where('org_id', '<>', excludeId);
  return !!(await query.executeTakeFirst());
}

export async function nameTaken(
  db: Kysely<Database>,
  tenantId: string,
  type: OrgType,
  name: string,
  excludeId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('organization')
    .select('org_id')
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', type)
    .where('org_name', '=', name);
  if (excludeId) query = query.where('org_id', '<>', excludeId);
  return !!(await query.executeTakeFirst());
}

/** The next supplier number of the year: GYS, the year, five digits. Supplier numbers are unique across tenants. */
export async function nextGysId(db: Kysely<Database>, year: number): Promise<string> {
  const prefix = `${DOCUMENT_PREFIX.supplier}${year}`;
  const row = await db
    .selectFrom('organization')
    .select((eb) => eb.fn.max('gys_id').as('max'))
    .where('gys_id', 'like', `${prefix}_____`)
    .executeTakeFirst();
  const last = row?.max ? Number(String(row.max).slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(5, '0')}`;
}

export async function nextSortNo(db: Kysely<Database>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('organization')
    .select((eb) => eb.fn.max('sort_no').as('max'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function replaceApps(db: Kysely<Database>, orgId: string, appIds: readonly string[]): Promise<void> {
  await db.deleteFrom('organization_app').where('org_id', '=', orgId).execute();
  if (appIds.length)
    await db
      .insertInto('organization_app')
      .values(appIds.map((appId) => ({ org_id: orgId, app_id: appId })))
      .execute();
}

export async function pageAccounts(
  db: Kysely<Database>,
  filter: { tenantId: string; orgId: string; offset: number; limit: number },
) {
  const query = db
    .selectFrom('app_user')
    .where('tenant_id', '=', filter.tenantId)
    .where('organization_id', '=', filter.orgId);
  const [rows, count] = await Promise.all([
    query
      .select(['user_id', 'user_name', 'nick_name', 'mobile', 'status', 'user_type'])
      .orderBy('user_name')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function userOrganization(db: Kysely<Database>, tenantId: string, userId: string) {
  return db
    .selectFrom('app_user')
    .select('organization_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function enabledOrganizationsOfType(
  db: Kysely<Database>,
  tenantId: string,
  type: OrgType,
  nameLike?: string,
  limit = 200,
) {
  let query = db
    .selectFrom('organization')
    .select(['org_id', 'org_name', 'org_type', 'parent_id', 'gys_id', 'credit_code'])
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', type)
    .where('status', '=', 'ENABLED');
  if (nameLike) query = query.where('org_name', 'like', like(nameLike));
  return query.orderBy('sort_no').orderBy('org_id').limit(limit).execute();
}

// 企业信息 (/CRM/enterpriseInformation): the tenant's suppliers, project companies and capital sides — the
// organisation rows — each with its profile from the side table enterprise_profile, which is made on the first
// save (BUSINESS.md "Decisions": one record per company, not a second copy). Written by hand because the kit's
// statements read one table; the routes keep the kit's verbs, schemas (built from the definition), checks,
// optimistic version, operation log and export, so the kit's screen and adapter serve it unchanged.
// A company without a profile reads version 1; the first save writes version 2.
import type { FastifyPluginAsync } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import {
  ENTERPRISE_INFORMATION as DEF,
  ENTERPRISE_ROLE_LABEL,
} from '../../../../src/domain/crm/enterprise-information';
import {
  type ResourceForm,
  type ResourceRecord,
  ResourceMessage,
  columnOf,
  firstFormError,
  formFields,
  normalizeForm,
} from '../../../../src/domain/resource/resource';
import type { GatewayDeps } from '../../deps';
import { contentDisposition } from '../file/file-names';
import { logOperation } from '../operation-log/repository';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, invalidInput, notFound, ok } from '../../plugins/envelope';
import { EXPORT_MAX_ROWS, exportWorkbook } from '../../resource/resource-routes';
import { toRecord } from '../../resource/resource-repository';
import { resourceSchemas } from '../../resource/resource-schemas';
import { pageRequest } from '../../schemas/common';

// biome-ignore lint/suspicious/noExplicitAny: the side table has no Kysely table type
type AnyDb = Kysely<any>;
type Query = Record<string, string | undefined>;

const ROLES = Object.keys(ENTERPRISE_ROLE_LABEL);
const PROFILE_FIELDS = formFields(DEF, 'update');
const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: AnyDb, tenantId: string, q: Query) {
  let query = db
    .selectFrom('organization as o')
    .leftJoin('enterprise_profile as p', (j) =>
      j.onRef('p.org_id', '=', 'o.org_id').onRef('p.tenant_id', '=', 'o.tenant_id'),
    )
    .where('o.tenant_id', '=', tenantId)
    .where('o.org_type', 'in', ROLES);
  if (q.enterpriseName?.trim()) query = query.where('o.org_name', 'ilike', like(q.enterpriseName.trim()));
  if (q.creditCode?.trim()) query = query.where('o.credit_code', 'ilike', like(q.creditCode.trim()));
  if (q.role) query = query.where('o.org_type', '=', q.role);
  for (const key of ['scale', 'rating', 'whitelist']) {
    if (q[key]) query = query.where(`p.${key}`, '=', q[key]);
  }
  if (q.status === 'PROFILED') query = query.where('p.org_id', 'is not', null);
  if (q.status === 'UNPROFILED') query = query.where('p.org_id', 'is', null);
  return query;
}

function selectRecord(db: AnyDb, tenantId: string, q: Query = {}) {
  return filtered(db, tenantId, q).select([
    'o.org_id as keyId',
    'o.org_name as enterpriseName',
    'o.credit_code as creditCode',
    'o.org_type as role',
    sql<string>`case when p.org_id is null then 'UNPROFILED' else 'PROFILED' end`.as('status'),
    sql<number>`coalesce(p.version, 1)`.as('version'),
    ...PROFILE_FIELDS.map((f) =>
      f.type === 'date'
        ? sql<string>`${sql.ref(`p.${columnOf(f)}`)}::date::text`.as(f.key)
        : sql.ref(`p.${columnOf(f)}`).as(f.key),
    ),
  ]);
}

async function pageEnterprises(db: AnyDb, tenantId: string, q: Query, page: { offset: number; size: number }) {
  // Deferred join (BUSINESS.md "Paging"): the page's ids in name order first, then only those rows.
  const [ids, count] = await Promise.all([
    filtered(db, tenantId, q)
      .select('o.org_id as id')
      .orderBy('o.org_name')
      .orderBy('o.org_id')
      .offset(page.offset)
      .limit(page.size)
      .execute(),
    filtered(db, tenantId, q)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const wanted = ids.map((r) => String(r.id));
  if (wanted.length === 0) return { records: [] as ResourceRecord[], total: Number(count.total) };
  const rows = await selectRecord(db, tenantId).where('o.org_id', 'in', wanted).execute();
  const byId = new Map(rows.map((r) => [String(r.keyId), toRecord(DEF, r)]));
  const records = wanted.map((w) => byId.get(w)).filter((r): r is ResourceRecord => !!r);
  return { records, total: Number(count.total) };
}

async function findEnterprise(db: AnyDb, tenantId: string, id: string): Promise<ResourceRecord | null> {
  const row = await selectRecord(db, tenantId).where('o.org_id', '=', id).executeTakeFirst();
  return row ? toRecord(DEF, row) : null;
}

export const enterpriseRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db as unknown as AnyDb;
  const menu = DEF.menuPath;
  const schemas = resourceSchemas(DEF);
  const load = async (tenantId: string, id: string) => {
    const record = await findEnterprise(db, tenantId, id);
    if (!record) throw notFound(ResourceMessage.notFound);
    return record;
  };

  app.get(`${DEF.api}/page`, { config: { access: { menu } }, schema: schemas.page }, async (request) => {
    const q = request.query as Query;
    const page = pageRequest(q);
    const { records, total } = await pageEnterprises(db, sessionOf(request).tenantId, q, page);
    return ok({ records, total, current: page.current, size: page.size });
  });

  const exportAccess = { access: { menu, op: 'export' as const } };
  app.get(`${DEF.api}/export`, { config: exportAccess, schema: schemas.export }, async (request, reply) => {
    const all = { offset: 0, size: EXPORT_MAX_ROWS };
    const { records } = await pageEnterprises(db, sessionOf(request).tenantId, request.query as Query, all);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', `${DEF.title}.xlsx`))
      .send(await exportWorkbook(DEF, records));
  });

  app.get(`${DEF.api}/:id`, { config: { access: { menu } }, schema: schemas.get }, async (request) =>
    ok(await load(sessionOf(request).tenantId, (request.params as { id: string }).id)),
  );

  app.put(`${DEF.api}/:id`, { config: { access: { menu, op: 'edit' } }, schema: schemas.update }, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const id = (request.params as { id: string }).id;
    const { version, ...body } = request.body as ResourceForm & { version: number };
    // Another tenant's organisation, or one that is not an enterprise, is simply not found.
    const before = await load(tenantId, id);
    const stale = () => new AppError(ResultCode.staleVersion, ResourceMessage.stale);
    if (before.version !== version) throw stale();
    const now = deps.now();
    const form = normalizeForm(DEF, body, 'update');
    const refusal = firstFormError(DEF, form, 'update', now);
    if (refusal) throw invalidInput(refusal);
    const stored = (key: string) => (form[key] === '' ? null : (form[key] ?? null));
    const columns = Object.fromEntries(PROFILE_FIELDS.map((f) => [columnOf(f), stored(f.key)]));
    await deps.db.transaction().execute(async (trx) => {
      const t = trx as unknown as AnyDb;
      if (before.status === 'UNPROFILED') {
        // The first save makes the profile; a second writer at the same time meets the primary key.
        const made = await t
          .insertInto('enterprise_profile')
          .values({ org_id: id, tenant_id: tenantId, ...columns, version: 2, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('org_id').doNothing())
          .executeTakeFirst();
        if (Number(made.numInsertedOrUpdatedRows ?? 0) !== 1) throw stale();
      } else {
        const result = await t
          .updateTable('enterprise_profile')
          .where('tenant_id', '=', tenantId)
          .where('org_id', '=', id)
          .where('version', '=', version)
          .set((eb) => ({ ...columns, updated_at: now, version: eb('version', '+', 1) }))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw stale();
      }
      await logOperation(trx, {
        tenantId,
        userId,
        now,
        action: `${DEF.name}.update`,
        targetType: DEF.name,
        targetId: id,
        before,
        after: await findEnterprise(t, tenantId, id),
      });
    });
    return ok(await load(tenantId, id));
  });
};

// 组织管理 (/basicDataManagement/orgMain), 项目公司管理 and 供应商管理 (with their hidden add pages), and the
// organisation lookups of SPEC §7.2. One organisation table serves all three screens: the two lists are
// views of one type each, the tree is all of them. Every route states its menu and operation code (the add
// pages' menus grant `add`, the lists `edit` and `delete` — disabling is the delete, a status change that
// keeps the record users and businesses name); every statement carries the caller's tenant, so another
// tenant's organisation answers 160300404 and changes nothing. Writes go to the operation log in their own
// transaction, with the record before and after. The lookups other screens need (supplier drop-down,
// capital sides, organisations by type, the caller's group) ask only for a session: they are read-only and
// tenant-scoped, and business screens of every role use them.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { businessYear } from '../../../../src/domain/calendar/calendar-date';
import {
  ADD_PROJECT_COMPANY_PATH,
  ADD_SUPPLIER_PATH,
  ALLOWED_PARENT_TYPES,
  firstOrganizationFormError,
  OrgFormMessage,
  ORG_MAIN_PATH,
  PROJECT_COMPANY_PATH,
  SUPPLIER_PATH,
  type OrganizationForm,
} from '../../../../src/domain/organization/organization';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { normalizeCreditCode } from '../../../../src/domain/patterns/social-credit-code';
import type { OrgType } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, invalidInput, notFound, ok } from '../../plugins/envelope';
import { logOperation } from '../operation-log/repository';
import { newId } from '../../ids';
import {
  appIdsOf,
  creditCodeTaken,
  enabledOrganizationsOfType,
  findOrganization,
  listAllOrganizations,
  nameTaken,
  nextGysId,
  nextSortNo,
  pageAccounts,
  pageOrganizations,
  replaceApps,
  tenantAppIds,
  userOrganization,
  type OrgRow,
} from './repository';
import type {
  AccountPageQuery,
  ListByLabelQuery,
  OrgBody,
  OrgPageQuery,
  StatusBody,
  SupplierDropQuery,
} from './schemas';
import {
  accountPageSchema,
  capitalSideListSchema,
  listByLabelSchema,
  orgCreateSchema,
  orgDetailSchema,
  orgPageSchema,
  orgStatusSchema,
  orgTreeSchema,
  orgUpdateSchema,
  supplierDropSchema,
  userTopSchema,
} from './schemas';

const ORG_NOT_FOUND = '组织不存在';
const stale = () => new AppError(ResultCode.staleVersion, '数据已被他人修改，请刷新后重试');

function toRecord(r: OrgRow, appIds: string[]) {
  return {
    keyId: r.org_id,
    orgType: r.org_type,
    parentId: r.parent_id ?? '0',
    parentName: r.parent_name ?? '',
    enterpriseName: r.org_name,
    creditCode: r.credit_code ?? '',
    contactName: r.contact_name ?? '',
    contactMobile: r.contact_mobile ?? '',
    email: r.email ?? '',
    address: r.address ?? '',
    status: r.status,
    gysId: r.gys_id ?? '',
    appIds,
    version: r.version,
    createTime: r.created_at.toISOString(),
  };
}

type Db = GatewayDeps['db'];

async function recordsOf(db: Db, rows: OrgRow[]) {
  const apps = await appIdsOf(
    db,
    rows.filter((r) => r.org_type === 'SUPPLIER').map((r) => r.org_id),
  );
  return rows.map((r) => toRecord(r, apps.get(r.org_id) ?? []));
}

async function snapshot(db: Db, tenantId: string, orgId: string) {
  const row = await findOrganization(db, tenantId, orgId);
  return row ? (await recordsOf(db, [row]))[0]! : null;
}

/** The body checked against the domain's form rules and the tenant's data; what the write stores. */
async function checkedValues(db: Db, tenantId: string, type: OrgType, body: OrgBody, editing?: OrgRow) {
  const form: OrganizationForm = {
    enterpriseName: body.enterpriseName.trim(),
    parentId: body.parentId?.trim() ?? '',
    creditCode: normalizeCreditCode(body.creditCode ?? ''),
    contactName: body.contactName?.trim() ?? '',
    contactMobile: body.contactMobile?.trim() ?? '',
    email: body.email?.trim() ?? '',
    address: body.address?.trim() ?? '',
    appIds: type === 'SUPPLIER' ? (body.appIds ?? []) : [],
  };
  const refusal = firstOrganizationFormError(form, type);
  if (refusal) throw invalidInput(refusal);
  if (type === 'GROUP') {
    if (form.parentId && form.parentId !== '0') throw invalidInput(OrgFormMessage.groupFixed);
  } else {
    const parent = await findOrganization(db, tenantId, form.parentId);
    if (!parent || parent.status !== 'ENABLED' || !ALLOWED_PARENT_TYPES[type].includes(parent.org_type))
      throw invalidInput(OrgFormMessage.parentInvalid);
    if (editing) {
      // Not under itself or anything below it: walk up from the new parent.
      const all = new Map((await listAllOrganizations(db, tenantId)).map((o) => [o.org_id, o.parent_id]));
      for (let at: string | null | undefined = form.parentId; at; at = all.get(at)) {
        if (at === editing.org_id) throw invalidInput(OrgFormMessage.parentInvalid);
      }
    }
  }
  if (await nameTaken(db, tenantId, type, form.enterpriseName, editing?.org_id))
    throw invalidInput(OrgFormMessage.nameTaken);
  if (form.creditCode && (await creditCodeTaken(db, tenantId, form.creditCode, editing?.org_id)))
    throw invalidInput(OrgFormMessage.creditCodeTaken);
  if (form.appIds.length) {
    const known = await tenantAppIds(db, tenantId);
    if (form.appIds.some((a) => !known.has(a))) throw invalidInput(OrgFormMessage.appInvalid);
  }
  return {
    values: {
      org_name: form.enterpriseName,
      parent_id: type === 'GROUP' ? null : form.parentId,
      credit_code: form.creditCode || null,
      contact_name: form.contactName || null,
      contact_mobile: form.contactMobile || null,
      email: form.email || null,
      address: form.address || null,
    },
    appIds: form.appIds,
  };
}

interface Facade {
  /** The resource path of SPEC §7.2's generic helper, e.g. /api/company/supplier. */
  base: string;
  type: OrgType;
  listMenu: string;
  addMenu: string;
  label: string;
}

/** A unique index refused the write: which one, if it is ours to explain. */
function uniqueViolation(error: unknown): 'gysId' | 'creditCode' | 'name' | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('gys_id')) return 'gysId';
  if (where.includes('credit_code')) return 'creditCode';
  if (where.includes('organization_tenant_type_name_uq')) return 'name';
  return null;
}

/** What a unique index refused, in the form's words (the loser of two saves at once, SPEC §3). */
function formRefusal(violated: ReturnType<typeof uniqueViolation>): AppError | null {
  if (violated === 'creditCode') return invalidInput(OrgFormMessage.creditCodeTaken);
  if (violated === 'name') return invalidInput(OrgFormMessage.nameTaken);
  return null;
}

async function createOrganization(deps: GatewayDeps, tenantId: string, actor: string, type: OrgType, body: OrgBody) {
  const { values, appIds } = await checkedValues(deps.db, tenantId, type, body);
  // Two suppliers created at once on PostgreSQL may draw the same next number: the loser draws again. A
  // credit code taken meanwhile is the form's refusal, not a server fault.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertOrganization(deps, tenantId, actor, type, values, appIds);
    } catch (error) {
      const violated = uniqueViolation(error);
      const refusal = formRefusal(violated);
      if (refusal) throw refusal;
      if (violated !== 'gysId' || attempt >= 5) throw error;
    }
  }
}

async function insertOrganization(
  deps: GatewayDeps,
  tenantId: string,
  actor: string,
  type: OrgType,
  values: Awaited<ReturnType<typeof checkedValues>>['values'],
  appIds: string[],
) {
  const now = deps.now();
  const orgId = newId(now);
  return deps.db.transaction().execute(async (trx) => {
    const gysId = type === 'SUPPLIER' ? await nextGysId(trx, businessYear(now)) : null;
    await trx
      .insertInto('organization')
      .values({
        org_id: orgId,
        tenant_id: tenantId,
        org_type: type,
        gys_id: gysId,
        data_auth_state: type === 'SUPPLIER' ? 'PENDING' : null,
        sort_no: await nextSortNo(trx, tenantId),
        ...values,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (appIds.length) await replaceApps(trx, orgId, appIds);
    await logOperation(trx, {
      tenantId,
      userId: actor,
      now,
      action: 'organization.create',
      targetType: 'organization',
      targetId: orgId,
      after: await snapshot(trx, tenantId, orgId),
    });
    return { keyId: orgId, gysId: gysId ?? '' };
  });
}

async function updateOrganization(
  deps: GatewayDeps,
  tenantId: string,
  actor: string,
  orgId: string,
  body: OrgBody & { version: number },
  type?: OrgType,
) {
  const before = await findOrganization(deps.db, tenantId, orgId);
  if (!before || (type && before.org_type !== type)) throw notFound(ORG_NOT_FOUND);
  if (before.version !== body.version) throw stale();
  const { values, appIds } = await checkedValues(deps.db, tenantId, before.org_type, body, before);
  const now = deps.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const beforeRecord = await snapshot(trx, tenantId, orgId);
      const result = await trx
        .updateTable('organization')
        .set((eb) => ({ ...values, updated_at: now, version: eb('version', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('org_id', '=', orgId)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw stale();
      if (before.org_type === 'SUPPLIER') await replaceApps(trx, orgId, appIds);
      await logOperation(trx, {
        tenantId,
        userId: actor,
        now,
        action: 'organization.update',
        targetType: 'organization',
        targetId: orgId,
        before: beforeRecord,
        after: await snapshot(trx, tenantId, orgId),
      });
    });
  } catch (error) {
    // A credit code taken meanwhile (PostgreSQL, two editors at once) is the form's refusal.
    throw formRefusal(uniqueViolation(error)) ?? error;
  }
}

async function setStatus(
  deps: GatewayDeps,
  tenantId: string,
  actor: string,
  orgId: string,
  body: StatusBody,
  type?: OrgType,
) {
  const before = await findOrganization(deps.db, tenantId, orgId);
  if (!before || (type && before.org_type !== type)) throw notFound(ORG_NOT_FOUND);
  if (before.version !== body.version) throw stale();
  if (before.org_type === 'GROUP' && body.status === 'DISABLED') throw invalidInput('集团不能停用');
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('organization')
      .set((eb) => ({ status: body.status, updated_at: now, version: eb('version', '+', 1) }))
      .where('tenant_id', '=', tenantId)
      .where('org_id', '=', orgId)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw stale();
    await logOperation(trx, {
      tenantId,
      userId: actor,
      now,
      action: body.status === 'DISABLED' ? 'organization.disable' : 'organization.enable',
      targetType: 'organization',
      targetId: orgId,
      before: { status: before.status, version: before.version },
      after: { status: body.status, version: before.version + 1 },
    });
  });
}

function registerFacade(app: FastifyInstance, deps: GatewayDeps, f: Facade) {
  const isSupplier = f.type === 'SUPPLIER';
  app.get<{ Querystring: OrgPageQuery }>(
    `${f.base}/page`,
    {
      config: { access: { menu: f.listMenu } },
      schema: orgPageSchema(
        `${f.label}分页查询（名称、信用代码${isSupplier ? '、供应商编号' : ''}模糊匹配；状态精确匹配）`,
        isSupplier,
      ),
    },
    async (request) => {
      const current = Number(request.query.current ?? '1');
      const size = Number(request.query.size ?? '10');
      const q = request.query;
      const { rows, total } = await pageOrganizations(deps.db, {
        tenantId: sessionOf(request).tenantId,
        type: f.type,
        enterpriseName: q.enterpriseName?.trim() || undefined,
        creditCode: q.creditCode?.trim() || undefined,
        gysId: q.gysId?.trim() || undefined,
        status: q.status,
        offset: (current - 1) * size,
        limit: size,
      });
      return ok({ records: await recordsOf(deps.db, rows), total, current, size });
    },
  );

  app.get<{ Params: { id: string } }>(
    `${f.base}/:id`,
    { config: { access: { menu: f.listMenu } }, schema: orgDetailSchema(`${f.label}详情`) },
    async (request) => {
      const row = await findOrganization(deps.db, sessionOf(request).tenantId, request.params.id);
      if (!row || row.org_type !== f.type) throw notFound(ORG_NOT_FOUND);
      return ok((await recordsOf(deps.db, [row]))[0]);
    },
  );

  app.post<{ Body: OrgBody }>(
    `${f.base}`,
    { config: { access: { menu: f.addMenu, op: 'add' } }, schema: orgCreateSchema(`新增${f.label}`, false) },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      return ok(await createOrganization(deps, tenantId, userId, f.type, request.body));
    },
  );

  app.put<{ Params: { id: string }; Body: OrgBody & { version: number } }>(
    `${f.base}/:id`,
    {
      config: { access: { menu: f.listMenu, op: 'edit' } },
      schema: orgUpdateSchema(`修改${f.label}（version 为读到的版本，过期时 160300409）`),
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      await updateOrganization(deps, tenantId, userId, request.params.id, request.body, f.type);
      return ok(null);
    },
  );

  app.put<{ Params: { id: string }; Body: StatusBody }>(
    `${f.base}/status/:id`,
    {
      config: { access: { menu: f.listMenu, op: 'delete' } },
      schema: orgStatusSchema(`启用或停用${f.label}（停用即删除：记录保留）`),
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      await setStatus(deps, tenantId, userId, request.params.id, request.body, f.type);
      return ok(null);
    },
  );
}

export const organizationRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerFacade(app, deps, {
    base: '/api/company/supplier',
    type: 'SUPPLIER',
    listMenu: SUPPLIER_PATH,
    addMenu: ADD_SUPPLIER_PATH,
    label: '供应商',
  });
  registerFacade(app, deps, {
    base: '/api/company/projectCompany',
    type: 'PROJECT_COMPANY',
    listMenu: PROJECT_COMPANY_PATH,
    addMenu: ADD_PROJECT_COMPANY_PATH,
    label: '项目公司',
  });

  // ---- 组织管理: the whole tree ----
  app.get(
    '/api/authcenter/org/tree',
    { config: { access: { menu: ORG_MAIN_PATH } }, schema: orgTreeSchema },
    async (request) => {
      const rows = await listAllOrganizations(deps.db, sessionOf(request).tenantId);
      return ok(await recordsOf(deps.db, rows));
    },
  );

  app.post<{ Body: OrgBody }>(
    '/api/authcenter/org',
    {
      config: { access: { menu: ORG_MAIN_PATH, op: 'add' } },
      schema: orgCreateSchema('新增组织（子公司、项目公司、供应商、资金方）', true),
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      return ok(await createOrganization(deps, tenantId, userId, request.body.orgType!, request.body));
    },
  );

  app.put<{ Params: { id: string }; Body: OrgBody & { version: number } }>(
    '/api/authcenter/org/:id',
    {
      config: { access: { menu: ORG_MAIN_PATH, op: 'edit' } },
      schema: orgUpdateSchema('修改组织（类型不变；version 过期时 160300409）'),
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      await updateOrganization(deps, tenantId, userId, request.params.id, request.body);
      return ok(null);
    },
  );

  app.put<{ Params: { id: string }; Body: StatusBody }>(
    '/api/authcenter/org/status/:id',
    {
      config: { access: { menu: ORG_MAIN_PATH, op: 'delete' } },
      schema: orgStatusSchema('启用或停用组织（集团不能停用）'),
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      await setStatus(deps, tenantId, userId, request.params.id, request.body);
      return ok(null);
    },
  );

  // ---- lookups ----
  app.get<{ Querystring: AccountPageQuery }>(
    '/api/authcenter/org/account/page',
    { config: { access: { menu: ORG_MAIN_PATH } }, schema: accountPageSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const current = Number(request.query.current ?? '1');
      const size = Number(request.query.size ?? '10');
      if (!(await findOrganization(deps.db, tenantId, request.query.orgId))) throw notFound(ORG_NOT_FOUND);
      const { rows, total } = await pageAccounts(deps.db, {
        tenantId,
        orgId: request.query.orgId,
        offset: (current - 1) * size,
        limit: size,
      });
      return ok({
        records: rows.map((r) => ({
          userId: r.user_id,
          userName: r.user_name,
          nickName: r.nick_name,
          mobile: r.mobile ?? '',
          status: r.status,
          userType: r.user_type,
        })),
        total,
        current,
        size,
      });
    },
  );

  app.get('/api/authcenter/org/user/top', { config: { access: 'session' }, schema: userTopSchema }, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const user = await userOrganization(deps.db, tenantId, userId);
    if (!user) return ok(null);
    const all = new Map((await listAllOrganizations(deps.db, tenantId)).map((o) => [o.org_id, o]));
    let top = all.get(user.organization_id);
    const seen = new Set<string>();
    while (top?.parent_id && all.has(top.parent_id) && !seen.has(top.org_id)) {
      seen.add(top.org_id);
      top = all.get(top.parent_id);
    }
    return ok(top ? { keyId: top.org_id, enterpriseName: top.org_name, orgType: top.org_type } : null);
  });

  app.get<{ Querystring: SupplierDropQuery }>(
    '/api/company/supplier/drop',
    { config: { access: 'session' }, schema: supplierDropSchema },
    async (request) => {
      const rows = await enabledOrganizationsOfType(
        deps.db,
        sessionOf(request).tenantId,
        'SUPPLIER',
        request.query.enterpriseName?.trim() || undefined,
        50,
      );
      return ok(rows.map((r) => ({ keyId: r.org_id, gysId: r.gys_id ?? '', enterpriseName: r.org_name })));
    },
  );

  app.get(
    '/api/capital/side/list',
    { config: { access: 'session' }, schema: capitalSideListSchema },
    async (request) => {
      const rows = await enabledOrganizationsOfType(deps.db, sessionOf(request).tenantId, 'CAPITAL_SIDE');
      return ok(rows.map((r) => ({ keyId: r.org_id, capitalSideCode: r.org_id, capitalSideName: r.org_name })));
    },
  );

  app.get<{ Querystring: ListByLabelQuery }>(
    '/api/company/supplier/listbylabel',
    { config: { access: 'session' }, schema: listByLabelSchema },
    async (request) => {
      const rows = await enabledOrganizationsOfType(deps.db, sessionOf(request).tenantId, request.query.orgType);
      return ok(
        rows.map((r) => ({
          keyId: r.org_id,
          enterpriseName: r.org_name,
          orgType: r.org_type,
          parentId: r.parent_id ?? '0',
        })),
      );
    },
  );
};

export default organizationRoutes;

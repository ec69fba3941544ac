// 预授信 (BUSINESS.md §4 /business/preCreditApplicationManage and /business/applyForRufs; wire API in the
// lifecycle plan). The list, export and detail read the definition's view through the kit's statements,
// within the caller's scope. 新增 creates the business at PRE_CREDIT/DRAFT through B's aggregate with its
// pre-credit; 编辑 (草稿 / 已退回) and 删除 (草稿 never submitted) write both under the business's version.
// 提交 and 撤回 are the LIFECYCLE's, taken through B's `transitionBusiness` (the same as the business
// transition endpoint), whose SUBMIT_PRE_CREDIT rule is registered in store.ts.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { sql } from 'kysely';
import { type BusinessRecord, REVIEW_STAGES } from '../../../../src/domain/financing/lifecycle';
import { PRE_CREDIT, PRE_CREDIT_LIST_PATH, PRE_CREDIT_MAKE_PATH } from '../../../../src/domain/financing/pre-credit';
import {
  PRE_CREDIT_VALID_DAYS,
  PRE_CREDIT_VALID_DAYS_MAX,
  financingRatio,
  validTo,
} from '../../../../src/domain/financing/pre-credit-rules';
import {
  type ResourceForm,
  type ResourceRecord,
  firstFormError,
  normalizeForm,
} from '../../../../src/domain/resource/resource';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, invalidInput, ok } from '../../plugins/envelope';
import { type ResourceQuery, foreignOrgField, listResources, pageResources } from '../../resource/resource-repository';
import { EXPORT_MAX_ROWS, exportWorkbook } from '../../resource/resource-routes';
import { querySchema } from '../../resource/resource-schemas';
import { Id, IdParams, Version, pageOf, pageRequest } from '../../schemas/common';
import { type Actor, createBusiness, toBusinessRow, transitionBusiness } from '../business/aggregate';
import { loadFacts, offeredFor } from '../business/facts';
import {
  anyDb,
  callerOf,
  fixedScopeOf,
  rowSchema,
  scopedOrgOptions,
  scopedRecord,
  staleError,
  supplierFor,
} from '../demand/scope';
import { contentDisposition } from '../file/file-names';
import { logOperation } from '../operation-log/repository';
import { bindingCap, createPreCreditDraft, eligibleOrders, loadPreCredit, ordersByIds, shanghaiDate } from './store';

const DEF = PRE_CREDIT;
const LIST = PRE_CREDIT_LIST_PATH;
const MAKE = PRE_CREDIT_MAKE_PATH;
export const PreCreditMessage = {
  notFound: '预授信不存在',
  stale: '预授信已被他人修改，请刷新后重试',
  notEditable: '只有草稿或已退回的预授信可以编辑',
  notRemovable: '只有未提交过的草稿可以删除',
  supplierRequired: '请选择供应商',
  validDays: `有效期须在1至${PRE_CREDIT_VALID_DAYS_MAX}天之间`,
  tooManyOrders: '依据付款单至多100张',
  notPreCreditAction: '不支持的操作',
} as const;

/** The pre-credit actions this list's rows take (the rest happen on the review pages). */
const STAGE = REVIEW_STAGES.find((s) => s.stage === 'PRE_CREDIT')!;
const ACTIONS = new Set(['submit', 'withdraw']);

const OrderSchema = Type.Object(
  {
    keyId: Type.String(),
    orderNo: Type.String(),
    projectCompanyId: Type.Union([Type.String(), Type.Null()]),
    projectCompanyName: Type.Union([Type.String(), Type.Null()]),
    dueDate: Type.String(),
    receivableAmount: Type.Integer(),
    confirmedAmount: Type.Union([Type.Integer(), Type.Null()]),
    eligibleAmount: Type.Integer({ description: '可融资余额（分）' }),
    confirmStatus: Type.String(),
    locked: Type.Boolean(),
  },
  { additionalProperties: false },
);

const BodyFields = {
  projectCompanyId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  applyAmount: Type.Integer({ description: '申请额度（分）' }),
  basisOrderIds: Type.Array(Id, { maxItems: 100, description: '依据付款单' }),
  validDays: Type.Optional(Type.Integer({ description: `有效期天数，默认${PRE_CREDIT_VALID_DAYS}` })),
};
const CreateBody = Type.Object(
  { supplierId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])), ...BodyFields },
  { additionalProperties: false },
);
const UpdateBody = Type.Object({ ...BodyFields, version: Version }, { additionalProperties: false });
const TransitionBody = Type.Object(
  {
    action: Type.String({ maxLength: 40, description: 'submit 提交 | withdraw 撤回' }),
    version: Version,
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
const VersionQuery = Type.Object(
  { version: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) },
  { additionalProperties: false },
);
const OrdersQuery = Type.Object(
  {
    supplierId: Type.Optional(Type.String({ maxLength: 64 })),
    projectCompanyId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

interface WriteBody {
  supplierId?: string | null;
  projectCompanyId?: string | null;
  applyAmount: number;
  basisOrderIds: string[];
  validDays?: number;
  version?: number;
}

export const preCreditRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = anyDb(deps.db);
  const row = rowSchema(DEF);
  const detail = Type.Object(
    {
      ...row.properties,
      basisOrderIds: Type.Array(Type.String()),
      basisOrders: Type.Array(OrderSchema),
      ratio: Type.String({ description: '融资比例' }),
    },
    { additionalProperties: false },
  );
  const tags = ['business'];

  /** The stored businesses of these rows, as the table reads them. */
  const businessesOf = async (tenantId: string, ids: string[]) => {
    if (ids.length === 0) return new Map<string, ReturnType<typeof toBusinessRow>>();
    const rows = await deps.db
      .selectFrom('financing_business')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('business_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.business_id, toBusinessRow(r)]));
  };
  const withActions = async (tenantId: string, actor: Actor, records: ResourceRecord[]) => {
    const byId = await businessesOf(
      tenantId,
      records.map((r) => r.keyId),
    );
    const known = records.filter((r) => byId.has(r.keyId));
    const offered = await offeredFor(
      deps.db,
      tenantId,
      known.map((r) => byId.get(r.keyId) as BusinessRecord),
      actor,
      deps.now(),
    );
    const actions = new Map(known.map((r, i) => [r.keyId, offered[i] ?? []]));
    return records.map((r) => ({ ...r, actions: (actions.get(r.keyId) ?? []).filter((a) => ACTIONS.has(a)) }));
  };
  const load = (tenantId: string, id: string, actor: Actor) =>
    scopedRecord(deps.db, DEF, tenantId, id, actor, PreCreditMessage.notFound);

  /** The body's figures checked with the definition's words, then the pre-credit's own limits. */
  const checked = (body: WriteBody, supplierId: string, mode: 'create' | 'update') => {
    const validDays = body.validDays ?? PRE_CREDIT_VALID_DAYS;
    const form = normalizeForm(
      DEF,
      { supplierId, projectCompanyId: body.projectCompanyId ?? null, applyAmount: body.applyAmount, validDays },
      mode,
    );
    const problem = firstFormError(DEF, form, mode, deps.now());
    if (problem) throw invalidInput(problem);
    if (validDays < 1 || validDays > PRE_CREDIT_VALID_DAYS_MAX) throw invalidInput(PreCreditMessage.validDays);
    return {
      projectCompanyId: (form.projectCompanyId as string | null) || null,
      applyAmount: Number(form.applyAmount),
      validDays,
      basisOrderIds: [...new Set(body.basisOrderIds)],
    };
  };
  /** Every basis order must be one of the tenant's orders of this supplier. */
  const refuseForeignOrders = async (tenantId: string, supplierId: string, ids: readonly string[]) => {
    const found = await ordersByIds(db, tenantId, ids);
    const mine = new Set(found.filter((o) => o.supplierId === supplierId).map((o) => o.orderId));
    const stray = ids.find((id) => !mine.has(id));
    if (stray) throw invalidInput(`付款单${found.find((o) => o.orderId === stray)?.orderNo ?? stray}不属于该供应商`);
  };
  const refuseForeignCompany = async (tenantId: string, projectCompanyId: unknown) => {
    if (!projectCompanyId) return;
    const foreign = await foreignOrgField(
      db,
      {
        ...DEF,
        fields: [{ key: 'projectCompanyId', label: '项目公司', type: 'text', org: { types: ['PROJECT_COMPANY'] } }],
      },
      tenantId,
      { projectCompanyId: String(projectCompanyId) },
    );
    if (foreign) throw invalidInput('项目公司不正确');
  };
  const detailOf = async (tenantId: string, actor: Actor, id: string) => {
    const record = await load(tenantId, id, actor);
    const cap = await bindingCap(
      deps.db,
      tenantId,
      { projectCompanyId: (record.projectCompanyId as string | null) ?? null },
      deps.now(),
    );
    const [withAct] = await withActions(tenantId, actor, [record]);
    const stored = await loadPreCredit(db, tenantId, id);
    const ids = stored?.basisOrderIds ?? [];
    const orders = await ordersByIds(db, tenantId, ids);
    const byId = new Map(orders.map((o) => [o.orderId, o]));
    return {
      ...withAct,
      basisOrderIds: ids,
      basisOrders: ids.flatMap((oid) => {
        const o = byId.get(oid);
        return o ? [wireOrder(o)] : [];
      }),
      ratio: financingRatio(cap.ratio),
    };
  };

  app.get(
    `${DEF.api}/page`,
    {
      config: { access: { menu: LIST } },
      schema: {
        tags,
        summary: '预授信分页',
        querystring: querySchema(DEF, true),
        response: envelopeResponses(pageOf(row)),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const q = request.query as ResourceQuery;
      const page = pageRequest(q);
      const { records, total } = await pageResources(db, DEF, tenantId, q, page, fixedScopeOf(actor));
      return ok({
        records: await withActions(tenantId, actor, records),
        total,
        current: page.current,
        size: page.size,
      });
    },
  );

  app.get(
    `${DEF.api}/export`,
    {
      config: { access: { menu: LIST, op: 'export' } },
      schema: { tags, summary: '预授信导出（当前筛选，xlsx）', querystring: querySchema(DEF, false) },
    },
    async (request, reply) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const q = request.query as ResourceQuery;
      const records = await listResources(db, DEF, tenantId, q, EXPORT_MAX_ROWS, fixedScopeOf(actor));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', `${DEF.title}.xlsx`))
        .send(await exportWorkbook(DEF, records));
    },
  );

  app.get(
    `${DEF.api}/orders`,
    {
      config: { access: { menu: MAKE } },
      schema: {
        tags,
        summary: '可作为预授信依据的付款单（已确权、未锁定、可融资余额>0）及融资比例、数据查询授权',
        querystring: OrdersQuery,
        response: envelopeResponses(
          Type.Object(
            {
              records: Type.Array(OrderSchema),
              ratio: Type.String(),
              consent: Type.Boolean({ description: '供应商已授权数据查询' }),
              locked: Type.Boolean({ description: '供应商已被锁定（新增融资）' }),
            },
            { additionalProperties: false },
          ),
        ),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const q = request.query as { supplierId?: string; projectCompanyId?: string };
      const supplierId = supplierFor(actor, q.supplierId);
      const cap = await bindingCap(deps.db, tenantId, { projectCompanyId: q.projectCompanyId || null }, deps.now());
      if (!supplierId) return ok({ records: [], ratio: financingRatio(cap.ratio), consent: false, locked: false });
      const facts = await loadFacts(
        deps.db,
        tenantId,
        { state: 'PRE_CREDIT/DRAFT', suspended: false, ownerId: null, supplierId, reconsiderCount: 0, review: null },
        actor,
        undefined,
        deps.now(),
      );
      const orders = await eligibleOrders(db, tenantId, supplierId, q.projectCompanyId || null);
      return ok({
        records: orders.map(wireOrder),
        ratio: financingRatio(cap.ratio),
        consent: !!facts.consent,
        locked: !!facts.supplierLocked?.newApplication,
      });
    },
  );

  for (const key of ['supplierId', 'projectCompanyId']) {
    app.get(
      `${DEF.api}/options/${key}`,
      {
        config: { access: { menu: MAKE } },
        schema: {
          tags,
          summary: `预授信可选${key === 'supplierId' ? '供应商' : '项目公司'}`,
          response: envelopeResponses(
            Type.Array(Type.Object({ keyId: Type.String(), name: Type.String() }, { additionalProperties: false })),
          ),
        },
      },
      async (request) => {
        const actor = await callerOf(request, deps.db);
        const orgDef = {
          ...DEF,
          fields: [
            {
              key,
              label: '',
              type: 'text' as const,
              org: { types: [key === 'supplierId' ? 'SUPPLIER' : 'PROJECT_COMPANY'] },
            },
          ],
        };
        return ok(await scopedOrgOptions(deps.db, orgDef, key, sessionOf(request).tenantId, actor));
      },
    );
  }

  app.get(
    `${DEF.api}/:id`,
    {
      config: { access: { menu: LIST } },
      schema: { tags, summary: '预授信详情（含依据付款单）', params: IdParams, response: envelopeResponses(detail) },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      return ok(await detailOf(tenantId, actor, (request.params as IdParams).id));
    },
  );

  app.post(
    DEF.api,
    {
      config: { access: { menu: LIST, op: 'add' } },
      schema: {
        tags,
        summary: '申请预授信（新建业务于预授信·草稿）',
        body: CreateBody,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const body = request.body as WriteBody;
      const supplierId = supplierFor(actor, body.supplierId);
      if (!supplierId) throw invalidInput(PreCreditMessage.supplierRequired);
      const form = checked(body, supplierId, 'create');
      const foreign = await foreignOrgField(
        db,
        { ...DEF, fields: [{ key: 'supplierId', label: '供应商', type: 'text', org: { types: ['SUPPLIER'] } }] },
        tenantId,
        { supplierId },
      );
      if (foreign) throw invalidInput('供应商不正确');
      await refuseForeignCompany(tenantId, form.projectCompanyId);
      await refuseForeignOrders(tenantId, supplierId, form.basisOrderIds);
      const now = deps.now();
      const id = await deps.db.transaction().execute(async (trx) => {
        const business = await createBusiness(trx, {
          tenantId,
          supplierId,
          projectCompanyId: form.projectCompanyId,
          ownerId: userId,
          applyAmount: form.applyAmount,
          actor,
          now,
        });
        await createPreCreditDraft(trx, {
          tenantId,
          businessId: business.keyId,
          applyAmount: form.applyAmount,
          basisOrderIds: form.basisOrderIds,
          validDays: form.validDays,
          userId,
          now,
        });
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: `${DEF.name}.create`,
          targetType: DEF.name,
          targetId: business.keyId,
          after: { ...form },
        });
        return business.keyId;
      });
      return ok(await detailOf(tenantId, actor, id));
    },
  );

  app.put(
    `${DEF.api}/:id`,
    {
      config: { access: { menu: LIST, op: 'edit' } },
      schema: {
        tags,
        summary: '编辑预授信（草稿、已退回）',
        params: IdParams,
        body: UpdateBody,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const id = (request.params as IdParams).id;
      const body = request.body as WriteBody;
      const before = await load(tenantId, id, actor);
      if (before.version !== body.version) throw staleError(PreCreditMessage.stale);
      if (!['DRAFT', 'RETURNED'].includes(before.status)) throw invalidInput(PreCreditMessage.notEditable);
      const supplierId = String(before.supplierId);
      const form = checked(body, supplierId, 'update');
      await refuseForeignCompany(tenantId, form.projectCompanyId);
      await refuseForeignOrders(tenantId, supplierId, form.basisOrderIds);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('financing_business')
          .set({
            apply_amount: form.applyAmount,
            project_company_id: form.projectCompanyId,
            updated_by: userId,
            updated_at: now,
            version: sql<number>`version + 1`,
          })
          .where('tenant_id', '=', tenantId)
          .where('business_id', '=', id)
          .where('version', '=', Number(body.version))
          .where('state', 'in', [STAGE.draft, STAGE.returned])
          .where('deleted', '=', false)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw staleError(PreCreditMessage.stale);
        const from = shanghaiDate(now);
        await trx
          .updateTable('pre_credit')
          .set({
            apply_amount: form.applyAmount,
            valid_days: form.validDays,
            valid_from: from,
            valid_to: validTo(from, form.validDays),
            basis_order_ids: JSON.stringify(form.basisOrderIds),
            updated_at: now,
          })
          .where('tenant_id', '=', tenantId)
          .where('business_id', '=', id)
          .execute();
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: `${DEF.name}.update`,
          targetType: DEF.name,
          targetId: id,
          before,
          after: { ...form },
        });
      });
      return ok(await detailOf(tenantId, actor, id));
    },
  );

  app.delete(
    `${DEF.api}/:id`,
    {
      config: { access: { menu: LIST, op: 'delete' } },
      schema: { tags, summary: '删除预授信（未提交过的草稿）', params: IdParams, querystring: VersionQuery },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const id = (request.params as IdParams).id;
      const version = Number((request.query as { version: string }).version);
      const before = await load(tenantId, id, actor);
      if (before.version !== version) throw staleError(PreCreditMessage.stale);
      const submitted = await deps.db
        .selectFrom('business_event')
        .select('event_id')
        .where('tenant_id', '=', tenantId)
        .where('business_id', '=', id)
        .where('action', '=', 'submit')
        .limit(1)
        .executeTakeFirst();
      if (before.status !== 'DRAFT' || submitted) throw invalidInput(PreCreditMessage.notRemovable);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('financing_business')
          .set({ deleted: true, updated_by: userId, updated_at: now, version: sql<number>`version + 1` })
          .where('tenant_id', '=', tenantId)
          .where('business_id', '=', id)
          .where('version', '=', version)
          .where('state', '=', STAGE.draft)
          .where('deleted', '=', false)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw staleError(PreCreditMessage.stale);
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: `${DEF.name}.delete`,
          targetType: DEF.name,
          targetId: id,
          before,
        });
      });
      return ok(null);
    },
  );

  app.post(
    `${DEF.api}/:id/transition`,
    {
      config: { access: { menu: LIST } },
      schema: {
        tags,
        summary: '提交 / 撤回预授信（业务的生命周期转换）',
        params: IdParams,
        body: TransitionBody,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const id = (request.params as IdParams).id;
      const body = request.body as { action: string; version: number; comment?: string };
      await load(tenantId, id, actor);
      // Only the pre-credit's own moves here; the business's others have their own pages.
      if (!ACTIONS.has(body.action)) throw invalidInput(PreCreditMessage.notPreCreditAction);
      await transitionBusiness(deps.db, {
        tenantId,
        businessId: id,
        actor,
        action: body.action,
        version: body.version,
        comment: body.comment,
        now: deps.now(),
      });
      return ok(await detailOf(tenantId, actor, id));
    },
  );
};

function wireOrder(o: Awaited<ReturnType<typeof ordersByIds>>[number]) {
  return {
    keyId: o.orderId,
    orderNo: o.orderNo,
    projectCompanyId: o.projectCompanyId,
    projectCompanyName: o.projectCompanyName,
    dueDate: o.dueDate,
    receivableAmount: o.receivableAmount,
    confirmedAmount: o.confirmedAmount,
    eligibleAmount: o.eligibleAmount,
    confirmStatus: o.confirmStatus,
    locked: o.locked,
  };
}

export default preCreditRoutes;

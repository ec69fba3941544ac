// 融资需求 (BUSINESS.md §4 /financingDemandManagement/financingDemandManagement; wire API in the lifecycle
// plan): page, export, detail and 新增 read and write the definition's fields through the resource kit's
// statements, within the caller's scope; 受理 and 关闭 are the LIFECYCLE's transitions out of DEMAND/NEW, asked
// of the table on the demand's own record with the facts B's aggregate loads (locks, consent, the
// ACCEPT_DEMAND rule registered here). 受理 creates the business at PRE_CREDIT/DRAFT through the aggregate,
// with its pre-credit draft, in the same transaction as the demand's change.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { sql } from 'kysely';
import {
  DEMAND_PATH,
  type DemandSource,
  type DemandStatus,
  FINANCING_DEMAND,
} from '../../../../src/domain/financing/financing-demand';
import { type BusinessRecord, LIFECYCLE, type StateKey } from '../../../../src/domain/financing/lifecycle';
import { acceptDemandProblems } from '../../../../src/domain/financing/pre-credit-rules';
import {
  type ResourceForm,
  type ResourceRecord,
  ResourceMessage,
  firstFormError,
  normalizeForm,
} from '../../../../src/domain/resource/resource';
import { applyTransition } from '../../../../src/domain/workflow/workflow';
import type { GatewayDeps } from '../../deps';
import { envelopeResponses, invalidInput, ok } from '../../plugins/envelope';
import { sessionOf } from '../../plugins/auth-guard';
import { type ResourceQuery, foreignOrgField, listResources, pageResources } from '../../resource/resource-repository';
import { EXPORT_MAX_ROWS, exportWorkbook } from '../../resource/resource-routes';
import { querySchema } from '../../resource/resource-schemas';
import { IdParams, Version, pageOf, pageRequest } from '../../schemas/common';
import { type Actor, createBusiness, nextDocumentNo } from '../business/aggregate';
import { checkpointOf, loadFacts, offeredFor, registerCheckpoint } from '../business/facts';
import { contentDisposition } from '../file/file-names';
import { logOperation, newId } from '../operation-log/repository';
import { createPreCreditDraft } from '../pre-credit/store';
import {
  anyDb,
  callerOf,
  fixedScopeOf,
  refusal,
  rowSchema,
  scopedOrgOptions,
  scopedRecord,
  staleError,
  supplierFor,
} from './scope';
import './tables';

const DEF = FINANCING_DEMAND;
const MENU = DEMAND_PATH;
export const DemandMessage = {
  notFound: '融资需求不存在',
  stale: '融资需求已被他人处理，请刷新后重试',
  supplierRequired: '请选择供应商',
} as const;

/** The demand as the lifecycle table reads it: the business at stage 0, its own record until accepted. */
export const demandRecord = (d: ResourceRecord): BusinessRecord & { demandId: string } => ({
  state: `DEMAND/${d.status}` as StateKey,
  suspended: false,
  ownerId: null,
  supplierId: String(d.supplierId),
  reconsiderCount: 0,
  review: null,
  demandId: d.keyId,
});

// ACCEPT_DEMAND (BUSINESS.md §1.3 stage 0): the supplier is a live supplier of the tenant and the demand's
// figures are within §2's limits; locks and consent are the table's own guards.
registerCheckpoint('ACCEPT_DEMAND', async (db, tenantId, record) => {
  const demandId = (record as BusinessRecord & { demandId?: string }).demandId;
  const demand = demandId
    ? await db
        .selectFrom('financing_demand')
        .select(['expected_amount', 'expected_term_days'])
        .where('tenant_id', '=', tenantId)
        .where('demand_id', '=', demandId)
        .executeTakeFirst()
    : undefined;
  if (!demand) return [DemandMessage.notFound];
  const supplier = await db
    .selectFrom('organization')
    .select(['org_id'])
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', record.supplierId)
    .where('org_type', '=', 'SUPPLIER')
    .where('status', '=', 'ENABLED')
    .executeTakeFirst();
  return acceptDemandProblems({
    supplierEnabled: !!supplier,
    expectedAmount: Number(demand.expected_amount),
    expectedTermDays: Number(demand.expected_term_days),
  });
});

const TransitionBody = Type.Object(
  {
    action: Type.String({ maxLength: 40, description: 'accept 受理 | close 关闭' }),
    version: Version,
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false, required: ['action', 'version'] },
);

export const demandRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = anyDb(deps.db);
  const row = rowSchema(DEF);
  const tags = ['business'];

  /** Each record with what the caller may do on it now (the table's display answer). */
  const withActions = async (tenantId: string, actor: Actor, records: ResourceRecord[]) => {
    const offered = await offeredFor(deps.db, tenantId, records.map(demandRecord), actor, deps.now());
    return records.map((r, i) => ({ ...r, actions: offered[i] ?? [] }));
  };
  const load = (tenantId: string, id: string, actor: Actor) =>
    scopedRecord(deps.db, DEF, tenantId, id, actor, DemandMessage.notFound);

  app.get(
    `${DEF.api}/page`,
    {
      config: { access: { menu: MENU } },
      schema: {
        tags,
        summary: '融资需求分页',
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
      config: { access: { menu: MENU, op: 'export' } },
      schema: { tags, summary: '融资需求导出（当前筛选，xlsx）', querystring: querySchema(DEF, false) },
    },
    async (request, reply) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const records = await listResources(
        db,
        DEF,
        tenantId,
        request.query as ResourceQuery,
        EXPORT_MAX_ROWS,
        fixedScopeOf(actor),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', `${DEF.title}.xlsx`))
        .send(await exportWorkbook(DEF, records));
    },
  );

  for (const key of ['supplierId', 'projectCompanyId']) {
    app.get(
      `${DEF.api}/options/${key}`,
      {
        config: { access: { menu: MENU } },
        schema: {
          tags,
          summary: `融资需求可选${key === 'supplierId' ? '供应商' : '项目公司'}`,
          response: envelopeResponses(
            Type.Array(Type.Object({ keyId: Type.String(), name: Type.String() }, { additionalProperties: false })),
          ),
        },
      },
      async (request) => {
        const actor = await callerOf(request, deps.db);
        return ok(await scopedOrgOptions(deps.db, DEF, key, sessionOf(request).tenantId, actor));
      },
    );
  }

  app.get(
    `${DEF.api}/:id`,
    {
      config: { access: { menu: MENU } },
      schema: { tags, summary: '融资需求详情', params: IdParams, response: envelopeResponses(row) },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const record = await load(tenantId, (request.params as IdParams).id, actor);
      return ok((await withActions(tenantId, actor, [record]))[0]);
    },
  );

  app.post(
    DEF.api,
    {
      config: { access: { menu: MENU, op: 'add' } },
      schema: {
        tags,
        summary: '新增融资需求（供应商为本企业提交；经办代录）',
        body: Type.Object(
          {
            supplierId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
            projectCompanyId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
            expectedAmount: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
            expectedTermDays: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
            purpose: Type.Optional(Type.Union([Type.String({ maxLength: 220 }), Type.Null()])),
            contactName: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
            contactPhone: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        response: envelopeResponses(row),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const now = deps.now();
      const body = (request.body ?? {}) as ResourceForm;
      const supplierId = supplierFor(actor, body.supplierId);
      const form = normalizeForm(DEF, { ...body, supplierId }, 'create');
      const problem = firstFormError(DEF, form, 'create', now);
      if (problem) throw invalidInput(problem);
      const foreign = await foreignOrgField(db, DEF, tenantId, form);
      if (foreign) throw invalidInput(ResourceMessage.optionInvalid(foreign));
      const source: DemandSource = actor.supplierId ? 'SUPPLIER' : 'OPERATOR';
      const id = newId();
      await deps.db.transaction().execute(async (trx) => {
        const demandNo = await nextDocumentNo(trx, tenantId, 'XQ', now);
        await trx
          .insertInto('financing_demand')
          .values({
            demand_id: id,
            tenant_id: tenantId,
            demand_no: demandNo,
            supplier_id: String(form.supplierId),
            project_company_id: (form.projectCompanyId as string | null) || null,
            expected_amount: Number(form.expectedAmount),
            expected_term_days: Number(form.expectedTermDays),
            purpose: String(form.purpose),
            contact_name: String(form.contactName),
            contact_phone: String(form.contactPhone),
            source,
            status: 'NEW' satisfies DemandStatus,
            created_by: userId,
            created_at: now,
            updated_by: userId,
            updated_at: now,
            version: 1,
          })
          .execute();
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: `${DEF.name}.create`,
          targetType: DEF.name,
          targetId: id,
          after: { ...form, demandNo, source },
        });
      });
      const record = await load(tenantId, id, actor);
      return ok((await withActions(tenantId, actor, [record]))[0]);
    },
  );

  app.post(
    `${DEF.api}/:id/transition`,
    {
      config: { access: { menu: MENU } },
      schema: {
        tags,
        summary: '受理 / 关闭融资需求（生命周期表 DEMAND/NEW 的转换）',
        params: IdParams,
        body: TransitionBody,
        response: envelopeResponses(row),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const id = (request.params as IdParams).id;
      const body = request.body as { action: string; version: number; comment?: string };
      const now = deps.now();
      const before = await load(tenantId, id, actor);
      const record = demandRecord(before);
      const facts = await loadFacts(deps.db, tenantId, record, actor, checkpointOf(record.state, body.action), now);
      const verdict = applyTransition(
        LIFECYCLE,
        record,
        body.action,
        { actorId: userId, grants: actor.grants, roles: actor.roles, now, facts },
        { comment: body.comment },
      );
      if (!verdict.ok) throw refusal(verdict);
      if (before.version !== body.version) throw staleError(DemandMessage.stale);
      const accepted = body.action === 'accept';
      await deps.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('financing_demand')
          .set({
            status: (accepted ? 'ACCEPTED' : 'CLOSED') satisfies DemandStatus,
            close_reason: accepted ? null : verdict.comment,
            updated_by: userId,
            updated_at: now,
            version: sql<number>`version + 1`,
          })
          .where('tenant_id', '=', tenantId)
          .where('demand_id', '=', id)
          .where('version', '=', body.version)
          .where('status', '=', 'NEW')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw staleError(DemandMessage.stale);
        if (accepted) {
          const business = await createBusiness(trx, {
            tenantId,
            supplierId: String(before.supplierId),
            projectCompanyId: (before.projectCompanyId as string | null) ?? null,
            ownerId: userId,
            applyAmount: Number(before.expectedAmount),
            demandId: id,
            actor,
            now,
            comment: verdict.comment,
          });
          await createPreCreditDraft(trx, {
            tenantId,
            businessId: business.keyId,
            applyAmount: Number(before.expectedAmount),
            basisOrderIds: [],
            userId,
            now,
          });
          await trx
            .updateTable('financing_demand')
            .set({ business_id: business.keyId })
            .where('tenant_id', '=', tenantId)
            .where('demand_id', '=', id)
            .execute();
        }
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: `${DEF.name}.${body.action}`,
          targetType: DEF.name,
          targetId: id,
          before,
          after: { status: accepted ? 'ACCEPTED' : 'CLOSED', comment: verdict.comment },
        });
      });
      const after = await load(tenantId, id, actor);
      return ok((await withActions(tenantId, actor, [after]))[0]);
    },
  );
};

export default demandRoutes;

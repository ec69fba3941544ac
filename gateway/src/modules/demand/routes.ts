// 融资需求 (BUSINESS.md §4 /financingDemandManagement/financingDemandManagement; wire API in the lifecycle
// plan): page, export, the org options and detail are the stage kit's (gateway/src/stage), the rows being the
// demands' own records; 新增 writes the definition's fields within the caller's scope; 受理 and 关闭 are the LIFECYCLE's transitions out of DEMAND/NEW, asked
// of the table on the demand's own record with the facts B's aggregate loads (locks, consent, the
// ACCEPT_DEMAND rule registered here). 受理 creates the business at PRE_CREDIT/DRAFT through the aggregate,
// with its pre-credit draft (the pre-credit stage's hand-off, through the kit), in the same transaction as the
// demand's change.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { sql } from 'kysely';
import {
  DEMAND_PATH,
  DEMAND_STAGE,
  type DemandSource,
  type DemandStatus,
} from '../../../../src/domain/financing/financing-demand';
import { type BusinessRecord, LIFECYCLE, type StateKey } from '../../../../src/domain/financing/lifecycle';
import { acceptDemandProblems } from '../../../../src/domain/financing/pre-credit-rules';
import {
  type ResourceForm,
  type ResourceRecord,
  ResourceMessage,
  firstFormError,
  normalizeForm,
  refFormFields,
} from '../../../../src/domain/resource/resource';
import { applyTransition } from '../../../../src/domain/workflow/workflow';
import type { GatewayDeps } from '../../deps';
import { invalidInput } from '../../plugins/envelope';
import { strayRef } from '../../resource/resource-repository';
import { IdParams } from '../../schemas/common';
import { registerStage, transitionBody } from '../../stage/stage-routes';
import { refusal, staleError, supplierFor } from '../../stage/stage-scope';
import { createBusiness } from '../business/aggregate';
import { checkpointOf, loadFacts, registerCheckpoint } from '../business/facts';
import { newId } from '../../ids';
import { demandBasis, demandOrderIds } from './demand-orders';
import './tables';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf, wireFen } from '../../stage/stage-money';
import { fenFromWire } from '../../../../src/domain/decimal/wire-fen';
import { tenantRows } from '../../db/tenant-rows';
import { handOff } from '../../stage/stage-handoffs';
import { insertNumbered } from '../../stage/stage-numbered';
import { PRE_CREDIT_DRAFT_HANDOFF, type PreCreditDraft } from '../../../../src/domain/financing/pre-credit';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('demand/routes');

const DEF = DEMAND_STAGE.resource;
export const DemandMessage = { ...DEMAND_STAGE.messages, supplierRequired: '请选择供应商' } as const;
/** A demand's row, numbered XQ+yyyyMMdd+seq. */
const DEMAND_ROW = { table: 'financing_demand', kind: 'demand', no: 'demand_no' } as const;

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
extend(registerCheckpoint, 'ACCEPT_DEMAND', async (db, tenantId, record) => {
  const demandId = (record as BusinessRecord & { demandId?: string }).demandId;
  const demand = demandId
    ? await tenantRows(db, 'financing_demand', tenantId, { demand_id: demandId })
        .select(['expected_amount', 'expected_term_days'])
        .executeTakeFirst()
    : undefined;
  if (!demand) return [DemandMessage.notFound];
  const supplier = await tenantRows(db, 'organization', tenantId, {
    org_id: record.supplierId,
    org_type: 'SUPPLIER',
    status: 'ENABLED',
  })
    .select(['org_id'])
    .executeTakeFirst();
  return acceptDemandProblems({
    supplierEnabled: !!supplier,
    expectedAmount: wireFen(fenOf(demand.expected_amount)),
    expectedTermDays: Number(demand.expected_term_days),
  });
});

export const demandRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;
  // Page, export, the org options and detail are the kit's; the demand's rows are its own records.
  const kit = registerStage(app, deps, DEMAND_STAGE, {
    recordOf: demandRecord,
    options: {
      menu: DEMAND_PATH,
      fields: refFormFields(DEF),
    },
  });

  kit.route(
    {
      method: 'POST',
      path: '',
      op: 'add',
      summary: '新增融资需求（供应商为本企业提交；经办代录）',
      body: Type.Object(
        {
          supplierId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
          projectCompanyId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
          expectedAmount: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
          expectedTermDays: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
          purpose: Type.Optional(Type.Union([Type.String({ maxLength: 220 }), Type.Null()])),
          paymentOrderNos: Type.Optional(
            Type.Union([Type.String({ maxLength: 220, description: '拟融资付款单：付款单号，逗号分隔' }), Type.Null()]),
          ),
          contactName: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
          contactPhone: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
      response: kit.row,
    },
    async (ctx, request) => {
      const { tenantId, userId, actor, now } = ctx;
      const body = (request.body ?? {}) as ResourceForm;
      const supplierId = supplierFor(actor, body.supplierId);
      const form = normalizeForm(DEF, { ...body, supplierId }, 'create');
      const problem = firstFormError(DEF, form, 'create', now);
      if (problem) throw invalidInput(problem);
      const foreign = await strayRef(db, DEF.fields, tenantId, form);
      if (foreign) throw invalidInput(ResourceMessage.optionInvalid(foreign));
      const orderIds = await demandOrderIds(deps.db, tenantId, String(form.supplierId), form.paymentOrderNos);
      const source: DemandSource = actor.supplierId ? 'SUPPLIER' : 'OPERATOR';
      const id = newId(now);
      await deps.db.transaction().execute(async (trx) => {
        const demandNo = await insertNumbered(trx, DEMAND_ROW, ctx, {
          demand_id: id,
          supplier_id: String(form.supplierId),
          project_company_id: (form.projectCompanyId as string | null) || null,
          // A money field the form check passed is a whole number of 分.
          expected_amount: fenFromWire(form.expectedAmount as number),
          expected_term_days: Number(form.expectedTermDays),
          purpose: String(form.purpose),
          contact_name: String(form.contactName),
          contact_phone: String(form.contactPhone),
          payment_order_ids: JSON.stringify(orderIds),
          source,
          status: 'NEW' satisfies DemandStatus,
          created_by: userId,
          updated_by: userId,
          version: 1,
        });
        await kit.log(trx, ctx, 'create', id, { after: { ...form, demandNo, source } });
      });
      return kit.detailOf(ctx, id);
    },
  );

  kit.route(
    {
      method: 'POST',
      path: '/:id/transition',
      summary: '受理 / 关闭融资需求（生命周期表 DEMAND/NEW 的转换）',
      params: IdParams,
      body: transitionBody(DEMAND_STAGE),
      response: kit.row,
    },
    async (ctx, request) => {
      const { tenantId, userId, actor, now } = ctx;
      const id = (request.params as IdParams).id;
      const body = request.body as { action: string; version: number; comment?: string };
      const before = await kit.load(ctx, id);
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
            applyAmount: fenFromWire(before.expectedAmount as number),
            demandId: id,
            actor,
            now,
            comment: verdict.comment,
          });
          await handOff<PreCreditDraft>(PRE_CREDIT_DRAFT_HANDOFF, trx, {
            tenantId,
            businessId: business.keyId,
            applyAmount: fenFromWire(before.expectedAmount as number),
            // The demand's 拟融资付款单 become the pre-credit's basis, to be checked when it is submitted.
            basisOrderIds: await demandBasis(trx, tenantId, id),
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
        const after = { status: accepted ? 'ACCEPTED' : 'CLOSED', comment: verdict.comment };
        await kit.log(trx, ctx, body.action, id, { before, after });
      });
      return kit.detailOf(ctx, id);
    },
  );
};

export default demandRoutes;

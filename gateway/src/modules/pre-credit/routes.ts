// 预授信 (BUSINESS.md §4 /business/preCreditApplicationManage and /business/applyForRufs) on the stage kit:
// page, export, detail, 编辑 (草稿 / 已退回), 删除 (a draft never submitted, with its business) and 提交 / 撤回
// are the kit's (gateway/src/stage). What is the pre-credit's own: its form (amount, validity, basis orders,
// checked against the supplier's own orders and the definition's limits), its detail (the basis orders and
// the financing ratio), 新增 — which creates the business at PRE_CREDIT/DRAFT through the aggregate — and the
// make page's order list. Its SUBMIT_PRE_CREDIT rule is registered in store.ts.
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { PRE_CREDIT_STAGE } from '../../../../src/domain/financing/pre-credit';
import {
  PRE_CREDIT_VALID_DAYS,
  PRE_CREDIT_VALID_DAYS_MAX,
  PreCreditMessage as RuleMessage,
  financingRatio,
  validTo,
} from '../../../../src/domain/financing/pre-credit-rules';
import {
  ResourceMessage,
  firstFormError,
  normalizeForm,
  refFormFields,
} from '../../../../src/domain/resource/resource';
import type { GatewayDeps } from '../../deps';
import { invalidInput } from '../../plugins/envelope';
import { strayRef } from '../../resource/resource-repository';
import { type StageContext, registerStage } from '../../stage/stage-routes';
import { BodyFields, type Checked, OrderSchema, OrdersQuery, type WriteBody, wireOrder } from './schemas';
import { NullableSchema as Nullable } from '../../stage/stage-money';
import { bindingCap, withOrderCaps } from '../../stage/stage-orders';
import { supplierFor } from '../../stage/stage-scope';
import { createBusiness } from '../business/aggregate';
import { fenFromWire } from '../../../../src/domain/decimal/wire-fen';
import { loadFacts } from '../business/facts';
import { expiryStep } from '../business/expire';
import { createPreCreditDraft, eligibleOrders, lapsedPreCredits, loadPreCredit, ordersByIds } from './store';

const STAGE = PRE_CREDIT_STAGE;
const DEF = STAGE.resource;
export const PreCreditMessage = {
  ...STAGE.messages,
  supplierRequired: '请选择供应商',
  validDays: `有效期须在1至${PRE_CREDIT_VALID_DAYS_MAX}天之间`,
} as const;

export const preCreditRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db as unknown as Parameters<typeof ordersByIds>[0];

  // The daily job's first step: a business whose pre-credit lapsed while it or its application was being made
  // or reviewed becomes 已失效.
  deps.dailyJob.register(expiryStep('expire-pre-credits', 10, lapsedPreCredits));

  /** The body's figures checked with the definition's words, then the pre-credit's own limits and references. */
  const checked = async (ctx: StageContext, body: WriteBody, supplierId: string, mode: 'create' | 'update') => {
    const { tenantId } = ctx;
    const validDays = body.validDays ?? PRE_CREDIT_VALID_DAYS;
    const raw = {
      supplierId,
      projectCompanyId: body.projectCompanyId ?? null,
      applyAmount: body.applyAmount,
      validDays,
    };
    const form = normalizeForm(DEF, raw, mode);
    const problem = firstFormError(DEF, form, mode, ctx.now);
    if (problem) throw invalidInput(problem);
    if (validDays < 1 || validDays > PRE_CREDIT_VALID_DAYS_MAX) throw invalidInput(PreCreditMessage.validDays);
    const out: Checked = {
      projectCompanyId: (form.projectCompanyId as string | null) || null,
      applyAmount: fenFromWire(form.applyAmount as number),
      validDays,
      basisOrderIds: [...new Set(body.basisOrderIds)],
    };
    // The supplier is fixed once created; the project company may change with every edit.
    const named = { supplierId: mode === 'create' ? supplierId : null, projectCompanyId: out.projectCompanyId };
    const unknown = await strayRef(db, DEF.fields, tenantId, named);
    if (unknown) throw invalidInput(ResourceMessage.optionInvalid(unknown));
    // Every basis order must be one of the tenant's orders of this supplier.
    const found = await ordersByIds(db, tenantId, out.basisOrderIds);
    const mine = new Set(found.filter((o) => o.supplierId === supplierId).map((o) => o.orderId));
    const stray = out.basisOrderIds.find((id) => !mine.has(id));
    // Another supplier's order is answered as one that does not exist: nothing of it is told.
    if (stray) throw invalidInput(RuleMessage.orderGone(stray));
    return out;
  };

  const kit = registerStage<WriteBody, Checked>(app, deps, STAGE, {
    detail: {
      summary: '预授信详情（含依据付款单）',
      properties: {
        basisOrderIds: Type.Array(Type.String()),
        basisOrders: Type.Array(OrderSchema),
        ratio: Type.String({ description: '融资比例' }),
      },
      async load(ctx, row) {
        const projectCompanyId = (row.projectCompanyId as string | null) ?? null;
        const cap = await bindingCap(deps.db, ctx.tenantId, { projectCompanyId }, ctx.now);
        const ids = (await loadPreCredit(db, ctx.tenantId, row.keyId))?.basisOrderIds ?? [];
        const found = await withOrderCaps(
          deps.db,
          ctx.tenantId,
          await ordersByIds(db, ctx.tenantId, ids),
          null,
          ctx.now,
        );
        const byId = new Map(found.orders.map((o) => [o.orderId, o]));
        const basisOrders = ids.flatMap((oid) => {
          const o = byId.get(oid);
          return o && o.supplierId === row.supplierId ? [wireOrder(o)] : [];
        });
        return { basisOrderIds: ids, basisOrders, ratio: financingRatio(cap.ratio) };
      },
    },
    options: {
      menu: STAGE.makePath as string,
      fields: refFormFields(DEF),
    },
    edit: {
      summary: '编辑预授信（草稿、已退回）',
      body: BodyFields,
      check: (ctx, before, body) => checked(ctx, body, String(before.supplierId), 'update'),
      async write(trx, ctx, id, form) {
        const from = businessDay(ctx.now);
        await trx
          .updateTable('pre_credit')
          .set({
            apply_amount: form.applyAmount,
            valid_days: form.validDays,
            valid_from: from,
            valid_to: validTo(from, form.validDays),
            basis_order_ids: JSON.stringify(form.basisOrderIds),
            updated_at: ctx.now,
          })
          .where('tenant_id', '=', ctx.tenantId)
          .where('business_id', '=', id)
          .execute();
        const business = { applyAmount: form.applyAmount, projectCompanyId: form.projectCompanyId };
        return { business, after: form };
      },
    },
    remove: { summary: '删除预授信（未提交过的草稿）', discardsBusiness: true },
    transition: { summary: '提交 / 撤回预授信（业务的生命周期转换）' },
  });

  kit.route(
    {
      method: 'GET',
      path: '/orders',
      menu: STAGE.makePath as string,
      summary:
        '可作为预授信依据的付款单（已确权、未锁定、可融资余额>0、剩余期限不少于30天，各带其项目公司的融资比例）及融资比例、数据查询授权',
      querystring: OrdersQuery,
      response: Type.Object(
        {
          records: Type.Array(OrderSchema),
          ratio: Type.String(),
          consent: Type.Boolean({ description: '供应商已授权数据查询' }),
          locked: Type.Boolean({ description: '供应商已被锁定（新增融资）' }),
        },
        { additionalProperties: false },
      ),
    },
    async (ctx, request) => {
      const q = request.query as { supplierId?: string; projectCompanyId?: string };
      const supplierId = supplierFor(ctx.actor, q.supplierId);
      const cap = await bindingCap(deps.db, ctx.tenantId, { projectCompanyId: q.projectCompanyId || null }, ctx.now);
      const ratio = financingRatio(cap.ratio);
      if (!supplierId) return { records: [], ratio, consent: false, locked: false };
      const record = { state: 'PRE_CREDIT/DRAFT', suspended: false, ownerId: null, reconsiderCount: 0, review: null };
      const facts = await loadFacts(
        deps.db,
        ctx.tenantId,
        { ...record, supplierId } as never,
        ctx.actor,
        undefined,
        ctx.now,
      );
      const offered = await eligibleOrders(
        db,
        ctx.tenantId,
        supplierId,
        q.projectCompanyId || null,
        businessDay(ctx.now),
      );
      const { orders } = await withOrderCaps(deps.db, ctx.tenantId, offered, null, ctx.now);
      const { consent, supplierLocked } = facts;
      return { records: orders.map(wireOrder), ratio, consent: !!consent, locked: !!supplierLocked?.newApplication };
    },
  );

  kit.route(
    {
      method: 'POST',
      path: '',
      op: 'add',
      summary: '申请预授信（新建业务于预授信·草稿）',
      body: Type.Object(
        { supplierId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))), ...BodyFields },
        { additionalProperties: false },
      ),
      response: kit.detail,
    },
    async (ctx, request) => {
      const body = request.body as WriteBody;
      const supplierId = supplierFor(ctx.actor, body.supplierId);
      if (!supplierId) throw invalidInput(PreCreditMessage.supplierRequired);
      const checkedForm = await checked(ctx, body, supplierId, 'create');
      const { tenantId, userId, actor, now } = ctx;
      const id = await deps.db.transaction().execute(async (trx) => {
        const business = await createBusiness(trx, {
          ...{ tenantId, supplierId, projectCompanyId: checkedForm.projectCompanyId, ownerId: userId },
          ...{ applyAmount: checkedForm.applyAmount, actor, now },
        });
        await createPreCreditDraft(trx, {
          ...{ tenantId, businessId: business.keyId, ...checkedForm, userId, now },
        });
        await kit.log(trx, ctx, 'create', business.keyId, { after: { ...checkedForm } });
        return business.keyId;
      });
      return kit.detailOf(ctx, id);
    },
  );
};

export default preCreditRoutes;

// 融资申请 (BUSINESS.md §4 /business/financingApplicationManagement, /business/accessDocumentsMake, and the
// review pages' read of it). The list and export read the definition's view through the kit's statements,
// within the caller's scope. 新增 makes the draft application of a business at APPLICATION/DRAFT that has
// none; 保存 writes the lines, term, payee and checklist of a draft or returned one under the business's
// version; 删除 removes a draft never submitted (the business stays at APPLICATION/DRAFT). 提交 and 撤回 are
// the LIFECYCLE's, taken through B's `transitionBusiness`, whose SUBMIT_APPLICATION rule and reservation
// effect are registered in store.ts.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import {
  ACCESS_DOC_TYPES,
  ACCOUNT_NO_PATTERN,
  type ApplicationDoc,
  type ApplicationLine,
  MIN_REMAINING_DAYS,
  REPAYMENT_SOURCES,
  daysBetween,
  lineCap,
  totalOf,
} from '../../../../src/domain/financing/application-rules';
import {
  APPLICATION_EXAMINE_INFO_PATH,
  APPLICATION_LIST_PATH,
  APPLICATION_MAKE_PATH,
  FINANCING_APPLICATION,
} from '../../../../src/domain/financing/financing-application';
import { type BusinessRecord, REVIEW_STAGES, stateLabel } from '../../../../src/domain/financing/lifecycle';
import type { ResourceRecord } from '../../../../src/domain/resource/resource';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, invalidInput, notFound, ok } from '../../plugins/envelope';
import { type ResourceQuery, listResources, pageResources } from '../../resource/resource-repository';
import { EXPORT_MAX_ROWS, exportWorkbook } from '../../resource/resource-routes';
import { querySchema } from '../../resource/resource-schemas';
import { Id, IdParams, Version, pageOf, pageRequest } from '../../schemas/common';
import { type Actor, type BusinessRow, inScope, loadBusiness, transitionBusiness } from '../business/aggregate';
import { offeredFor } from '../business/facts';
import { anyDb, callerOf, fixedScopeOf, rowSchema, scopedRecord, staleError } from '../demand/scope';
import { contentDisposition } from '../file/file-names';
import { logOperation } from '../operation-log/repository';
import {
  applicationOrders,
  applicationProblems,
  createApplicationDraft,
  limitsOf,
  loadApplication,
  shanghaiDate,
} from './store';

const DEF = FINANCING_APPLICATION;
const LIST = APPLICATION_LIST_PATH;
const MAKE = APPLICATION_MAKE_PATH;
const STAGE = REVIEW_STAGES.find((s) => s.stage === 'APPLICATION')!;
/** The application actions this list's rows take (the rest happen on the review pages). */
const ACTIONS = new Set(['submit', 'withdraw']);
const FILE_BUSINESS_TYPE = 'financingApplication';

export const ApplicationRouteMessage = {
  notFound: '融资申请不存在',
  stale: '融资申请已被他人修改，请刷新后重试',
  businessNotReady: '该业务不在融资申请草稿阶段，不能新增融资申请',
  exists: '该业务已有融资申请',
  notEditable: '只有草稿或已退回的融资申请可以编辑',
  notRemovable: '只有未提交过的草稿可以删除',
  notApplicationAction: '不支持的操作',
  unknownDocType: (t: string) => `资料类型不正确：${t}`,
  unknownFile: '资料文件不存在，请重新上传',
  unknownOrder: (id: string) => `付款单${id}不属于该供应商`,
  repaymentSource: '还款来源不正确',
  payeeAccount: '收款账号须为8至30位数字',
  validTo: '有效期至须为日期（YYYY-MM-DD）',
} as const;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateText = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

const LineSchema = Type.Object(
  { orderId: Id, financeAmount: Type.Integer({ minimum: 0, maximum: 100_000_000_000, description: '融资金额（分）' }) },
  { additionalProperties: false },
);
const DocBody = Type.Object(
  {
    docType: Type.String({ maxLength: 40 }),
    fileIds: Type.Array(Id, { maxItems: 20 }),
    validTo: Nullable(DateText),
  },
  { additionalProperties: false },
);
const SaveBody = Type.Object(
  {
    termDays: Nullable(Type.Integer({ minimum: 1, maximum: 3650, description: '融资期限（天）' })),
    repaymentSource: Nullable(Type.String({ maxLength: 40 })),
    payeeBank: Nullable(Type.String({ maxLength: 100, description: '开户行' })),
    payeeAccount: Nullable(Type.String({ maxLength: 30, description: '账号' })),
    lines: Type.Array(LineSchema, { maxItems: 100 }),
    docs: Type.Array(DocBody, { maxItems: 30 }),
    version: Version,
  },
  { additionalProperties: false },
);
type SaveBody = {
  termDays: number | null;
  repaymentSource: string | null;
  payeeBank: string | null;
  payeeAccount: string | null;
  lines: ApplicationLine[];
  docs: ApplicationDoc[];
  version: number;
};
const CreateBody = Type.Object({ businessId: Id }, { additionalProperties: false });
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

const OrderSchema = Type.Object(
  {
    keyId: Type.String(),
    orderNo: Type.String(),
    contractNo: Type.String(),
    projectCompanyName: Nullable(Type.String()),
    dueDate: Type.String(),
    receivableAmount: Type.Integer(),
    confirmedAmount: Nullable(Type.Integer()),
    eligibleAmount: Type.Integer({ description: '可融资余额（分，含本申请已占用）' }),
    maxFinanceAmount: Type.Integer({ description: '本单融资上限 = 可融资余额 × 融资比例（分）' }),
    confirmStatus: Type.String(),
    locked: Type.Boolean(),
  },
  { additionalProperties: false },
);
const FileSchema = Type.Object({ keyId: Type.String(), name: Type.String() }, { additionalProperties: false });
const DocSchema = Type.Object(
  {
    docType: Type.String(),
    label: Type.String(),
    required: Type.Boolean(),
    files: Type.Array(FileSchema),
    validTo: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
const CandidateSchema = Type.Object(
  {
    keyId: Type.String(),
    businessNo: Type.String(),
    supplierName: Type.String(),
    applyAmount: Type.Integer(),
    version: Type.Integer(),
  },
  { additionalProperties: false },
);

export const applicationRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = anyDb(deps.db);
  const row = rowSchema(DEF);
  const detail = Type.Object(
    {
      ...row.properties,
      businessId: Type.String(),
      businessNo: Type.String(),
      supplierId: Type.String(),
      supplierName: Type.String({ description: '户名 = 供应商名称' }),
      stateLabel: Type.String(),
      repaymentSource: Nullable(Type.String()),
      payeeBank: Nullable(Type.String()),
      payeeAccount: Nullable(Type.String()),
      termDays: Nullable(Type.Integer()),
      lines: Type.Array(Type.Object({ orderId: Type.String(), financeAmount: Type.Integer() })),
      orders: Type.Array(OrderSchema, { description: '明细所选付款单' }),
      docs: Type.Array(DocSchema),
      ratio: Type.String({ description: '融资比例' }),
      singleMax: Nullable(Type.Integer({ description: '单笔上限（分）' })),
      maxTermDays: Nullable(Type.Integer()),
      preCreditAvailable: Nullable(Type.Integer({ description: '预授信可用额度（分）' })),
      problems: Type.Array(Type.String(), { description: '提交校验（SUBMIT_APPLICATION）当前未通过的规则' }),
      today: Type.String(),
    },
    { additionalProperties: false },
  );
  const tags = ['business'];

  const businessesOf = async (tenantId: string, ids: string[]) => {
    if (ids.length === 0) return new Map<string, BusinessRow>();
    const rows = await Promise.all(ids.map((id) => loadBusiness(deps.db, tenantId, id).catch(() => null)));
    return new Map(rows.filter((r): r is BusinessRow => !!r).map((r) => [r.keyId, r]));
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
    scopedRecord(deps.db, DEF, tenantId, id, actor, ApplicationRouteMessage.notFound);

  const filesOf = async (tenantId: string, ids: string[]) => {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await deps.db
      .selectFrom('stored_file')
      .select(['key_id', 'file_name'])
      .where('tenant_id', '=', tenantId)
      .where('key_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.key_id, r.file_name]));
  };

  const detailOf = async (tenantId: string, actor: Actor, id: string) => {
    const record = await load(tenantId, id, actor);
    const [withAct] = await withActions(tenantId, actor, [record]);
    const business = await loadBusiness(deps.db, tenantId, id);
    const stored = await loadApplication(db, tenantId, id);
    if (!stored) throw notFound(ApplicationRouteMessage.notFound);
    const now = deps.now();
    const [limits, orders, supplier, problems] = await Promise.all([
      limitsOf(deps.db, tenantId, business, now),
      applicationOrders(db, tenantId, stored.reserved, { ids: stored.lines.map((l) => l.orderId) }, now),
      deps.db
        .selectFrom('organization')
        .select('org_name')
        .where('tenant_id', '=', tenantId)
        .where('org_id', '=', business.supplierId)
        .executeTakeFirst(),
      applicationProblems(db, tenantId, business, now),
    ]);
    const files = await filesOf(
      tenantId,
      stored.docs.flatMap((d) => d.fileIds),
    );
    const byType = new Map(stored.docs.map((d) => [d.docType, d]));
    return {
      ...withAct,
      businessId: business.keyId,
      businessNo: business.businessNo,
      supplierId: business.supplierId,
      supplierName: supplier?.org_name ?? '',
      stateLabel: stateLabel(business.state),
      repaymentSource: stored.repaymentSource,
      payeeBank: stored.payeeBank,
      payeeAccount: stored.payeeAccount,
      termDays: stored.termDays,
      lines: stored.lines,
      orders: orders.map((o) => wireOrder(o, limits.ratio)),
      docs: ACCESS_DOC_TYPES.map((t) => {
        const d = byType.get(t.code);
        return {
          docType: t.code,
          label: t.label,
          required: t.required,
          files: (d?.fileIds ?? []).flatMap((f) => (files.has(f) ? [{ keyId: f, name: files.get(f) as string }] : [])),
          validTo: d?.validTo ?? null,
        };
      }),
      ratio: limits.ratio,
      singleMax: limits.singleMax,
      maxTermDays: limits.maxTermDays,
      preCreditAvailable: limits.preCreditAvailable,
      problems,
      today: shanghaiDate(now),
    };
  };

  app.get(
    `${DEF.api}/page`,
    {
      config: { access: { menu: LIST } },
      schema: {
        tags,
        summary: '融资申请分页',
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
      schema: { tags, summary: '融资申请导出（当前筛选，xlsx）', querystring: querySchema(DEF, false) },
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

  app.get(
    `${DEF.api}/candidates`,
    {
      config: { access: { menu: LIST, op: 'add' } },
      schema: {
        tags,
        summary: '可新增融资申请的业务（融资申请·草稿，尚无融资申请）',
        response: envelopeResponses(Type.Array(CandidateSchema)),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      let q = deps.db
        .selectFrom('financing_business as b')
        .leftJoin('financing_application as a', 'a.application_id', 'b.business_id')
        .leftJoin('organization as s', (j) =>
          j.onRef('s.org_id', '=', 'b.supplier_id').onRef('s.tenant_id', '=', 'b.tenant_id'),
        )
        .select([
          'b.business_id',
          'b.business_no',
          's.org_name',
          'b.apply_amount',
          'b.version',
          'b.supplier_id',
          'b.project_company_id',
        ])
        .where('b.tenant_id', '=', tenantId)
        .where('b.state', '=', STAGE.draft)
        .where('b.deleted', '=', false)
        .where('a.application_id', 'is', null);
      if (actor.supplierId) q = q.where('b.supplier_id', '=', actor.supplierId);
      const rows = await q.orderBy('b.updated_at', 'desc').limit(200).execute();
      return ok(
        rows
          .filter((r) => inScope(actor, { supplierId: r.supplier_id, projectCompanyId: r.project_company_id }))
          .map((r) => ({
            keyId: r.business_id,
            businessNo: r.business_no,
            supplierName: r.org_name ?? '',
            applyAmount: Number(r.apply_amount),
            version: Number(r.version),
          })),
      );
    },
  );

  app.post(
    DEF.api,
    {
      config: { access: { menu: LIST, op: 'add' } },
      schema: {
        tags,
        summary: '新增融资申请（为融资申请·草稿的业务）',
        body: CreateBody,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const { businessId } = request.body as { businessId: string };
      const business = await loadBusiness(deps.db, tenantId, businessId);
      if (!inScope(actor, business)) throw notFound(ApplicationRouteMessage.notFound);
      if (business.state !== STAGE.draft) throw invalidInput(ApplicationRouteMessage.businessNotReady);
      if (await loadApplication(db, tenantId, businessId)) throw invalidInput(ApplicationRouteMessage.exists);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        const no = await createApplicationDraft(trx, { tenantId, businessId, userId, now });
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: `${DEF.name}.create`,
          targetType: DEF.name,
          targetId: businessId,
          after: { applicationNo: no },
        });
      });
      return ok(await detailOf(tenantId, actor, businessId));
    },
  );

  app.get(
    `${DEF.api}/:id`,
    {
      config: { access: { menu: LIST } },
      schema: {
        tags,
        summary: '融资申请详情（明细、准入资料、规则校验结果）',
        params: IdParams,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      return ok(await detailOf(tenantId, actor, (request.params as IdParams).id));
    },
  );

  app.get(
    `${DEF.api}/:id/review`,
    {
      config: { access: { menu: APPLICATION_EXAMINE_INFO_PATH } },
      schema: {
        tags,
        summary: '融资申请审核详情（审核人阅读：明细、准入资料、规则校验结果）',
        params: IdParams,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      return ok(await detailOf(tenantId, actor, (request.params as IdParams).id));
    },
  );

  app.get(
    `${DEF.api}/:id/orders`,
    {
      config: { access: { menu: MAKE } },
      schema: {
        tags,
        summary:
          '可选付款单：该供应商已确权、未锁定、未被其他申请占满、剩余期限不少于30天的付款单（可融资余额实时计算）',
        params: IdParams,
        response: envelopeResponses(
          Type.Object({ records: Type.Array(OrderSchema), ratio: Type.String() }, { additionalProperties: false }),
        ),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const id = (request.params as IdParams).id;
      await load(tenantId, id, actor);
      const business = await loadBusiness(deps.db, tenantId, id);
      const stored = await loadApplication(db, tenantId, id);
      const now = deps.now();
      const limits = await limitsOf(deps.db, tenantId, business, now);
      const orders = await applicationOrders(
        db,
        tenantId,
        stored?.reserved ?? {},
        { supplierId: business.supplierId },
        now,
      );
      const chosen = new Set(stored?.lines.map((l) => l.orderId) ?? []);
      return ok({
        records: orders
          .filter(
            (o) =>
              chosen.has(o.orderId) ||
              (o.confirmStatus === 'CONFIRMED' &&
                !o.locked &&
                o.eligibleAmount > 0 &&
                daysBetween(shanghaiDate(now), o.dueDate) >= MIN_REMAINING_DAYS),
          )
          .map((o) => wireOrder(o, limits.ratio)),
        ratio: limits.ratio,
      });
    },
  );

  app.put(
    `${DEF.api}/:id`,
    {
      config: { access: { menu: MAKE, op: 'edit' } },
      schema: {
        tags,
        summary: '保存融资申请（草稿、已退回）',
        params: IdParams,
        body: SaveBody,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const id = (request.params as IdParams).id;
      const body = request.body as SaveBody;
      const before = await load(tenantId, id, actor);
      if (before.version !== body.version) throw staleError(ApplicationRouteMessage.stale);
      if (!['DRAFT', 'RETURNED'].includes(before.status)) throw invalidInput(ApplicationRouteMessage.notEditable);
      const supplierId = String(before.supplierId);
      // Only the shapes here: the figures' limits are the submission's rule (a draft may be saved unfinished).
      if (body.repaymentSource && !REPAYMENT_SOURCES.some((s) => s.code === body.repaymentSource)) {
        throw invalidInput(ApplicationRouteMessage.repaymentSource);
      }
      if (body.payeeAccount && !ACCOUNT_NO_PATTERN.test(body.payeeAccount)) {
        throw invalidInput(ApplicationRouteMessage.payeeAccount);
      }
      const unknownType = body.docs.find((d) => !ACCESS_DOC_TYPES.some((t) => t.code === d.docType));
      if (unknownType) throw invalidInput(ApplicationRouteMessage.unknownDocType(unknownType.docType));
      const fileIds = [...new Set(body.docs.flatMap((d) => d.fileIds))];
      const known = await filesOf(tenantId, fileIds);
      if (fileIds.some((f) => !known.has(f))) throw invalidInput(ApplicationRouteMessage.unknownFile);
      const orderIds = [...new Set(body.lines.map((l) => l.orderId))];
      if (orderIds.length) {
        const mine = await db
          .selectFrom('payment_order')
          .select('order_id')
          .where('tenant_id', '=', tenantId)
          .where('supplier_id', '=', supplierId)
          .where('order_id', 'in', orderIds)
          .execute();
        const have = new Set(mine.map((m: { order_id: string }) => m.order_id));
        const stray = orderIds.find((o) => !have.has(o));
        if (stray) throw invalidInput(ApplicationRouteMessage.unknownOrder(stray));
      }
      const docs = body.docs
        .filter((d) => d.fileIds.length > 0 || d.validTo)
        .map((d) => ({ docType: d.docType, fileIds: [...new Set(d.fileIds)], validTo: d.validTo }));
      const total = Number(totalOf(body.lines));
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('financing_business')
          .set({ apply_amount: total, updated_by: userId, updated_at: now, version: sql<number>`version + 1` })
          .where('tenant_id', '=', tenantId)
          .where('business_id', '=', id)
          .where('version', '=', body.version)
          .where('state', 'in', [STAGE.draft, STAGE.returned])
          .where('deleted', '=', false)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw staleError(ApplicationRouteMessage.stale);
        await trx
          .updateTable('financing_application')
          .set({
            term_days: body.termDays,
            repayment_source: body.repaymentSource || null,
            payee_bank: body.payeeBank?.trim() || null,
            payee_account: body.payeeAccount || null,
            lines: JSON.stringify(body.lines.map((l) => ({ orderId: l.orderId, financeAmount: l.financeAmount }))),
            docs: JSON.stringify(docs),
            total_amount: total,
            updated_at: now,
          })
          .where('tenant_id', '=', tenantId)
          .where('application_id', '=', id)
          .execute();
        if (fileIds.length) {
          // The files belong to this application from now on (the file service's business binding).
          await trx
            .updateTable('stored_file')
            .set({ business_type: FILE_BUSINESS_TYPE, business_id: id })
            .where('tenant_id', '=', tenantId)
            .where('key_id', 'in', fileIds)
            .execute();
        }
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: `${DEF.name}.update`,
          targetType: DEF.name,
          targetId: id,
          before,
          after: { total, lines: body.lines.length, docs: docs.length },
        });
      });
      return ok(await detailOf(tenantId, actor, id));
    },
  );

  app.delete(
    `${DEF.api}/:id`,
    {
      config: { access: { menu: LIST, op: 'delete' } },
      schema: {
        tags,
        summary: '删除融资申请（未提交过的草稿；业务仍在融资申请·草稿）',
        params: IdParams,
        querystring: VersionQuery,
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const id = (request.params as IdParams).id;
      const version = Number((request.query as { version: string }).version);
      const before = await load(tenantId, id, actor);
      if (before.version !== version) throw staleError(ApplicationRouteMessage.stale);
      const stored = await loadApplication(db, tenantId, id);
      if (before.status !== 'DRAFT' || stored?.submittedAt) throw invalidInput(ApplicationRouteMessage.notRemovable);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        // The business's version moves, so a page still holding the application cannot save into nothing.
        const changed = await trx
          .updateTable('financing_business')
          .set({ updated_by: userId, updated_at: now, version: sql<number>`version + 1` })
          .where('tenant_id', '=', tenantId)
          .where('business_id', '=', id)
          .where('version', '=', version)
          .where('state', '=', STAGE.draft)
          .where('deleted', '=', false)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw staleError(ApplicationRouteMessage.stale);
        await trx
          .deleteFrom('financing_application')
          .where('tenant_id', '=', tenantId)
          .where('application_id', '=', id)
          .where('submitted_at', 'is', null)
          .execute();
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
        summary: '提交 / 撤回融资申请（业务的生命周期转换）',
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
      if (!ACTIONS.has(body.action)) throw invalidInput(ApplicationRouteMessage.notApplicationAction);
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

function wireOrder(o: Awaited<ReturnType<typeof applicationOrders>>[number], ratio: string) {
  return {
    keyId: o.orderId,
    orderNo: o.orderNo,
    contractNo: o.contractNo,
    projectCompanyName: o.projectCompanyName,
    dueDate: o.dueDate,
    receivableAmount: o.receivableAmount,
    confirmedAmount: o.confirmedAmount,
    eligibleAmount: o.eligibleAmount,
    maxFinanceAmount: Number(lineCap(o.eligibleAmount, ratio)),
    confirmStatus: o.confirmStatus,
    locked: o.locked,
  };
}

export default applicationRoutes;

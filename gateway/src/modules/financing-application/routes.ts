// 融资申请 (BUSINESS.md §4 /business/financingApplicationManagement, /business/accessDocumentsMake, and the
// review pages' read of it) on the stage kit: page, export, detail, 保存 (草稿 / 已退回), 删除 (a draft never
// submitted; the business stays at APPLICATION/DRAFT) and 提交 / 撤回 are the kit's (gateway/src/stage). What
// is the application's own: its form (lines, term, payee, the document checklist — shapes only, the figures'
// limits are the submission's rule), its detail (orders, documents, limits, rule results), 新增 for a
// business at APPLICATION/DRAFT that has none, the reviewer's read and the make page's order list. Its
// SUBMIT_APPLICATION rule and reservation effect are registered in store.ts.
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import type { FastifyPluginAsync } from 'fastify';
import { isCalendarDate } from '../../../../src/domain/calendar/calendar-date';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  ACCESS_DOC_TYPES,
  ACCOUNT_NO_PATTERN,
  REPAYMENT_SOURCES,
  totalOf,
} from '../../../../src/domain/financing/financing-application-rules';
import {
  FINANCING_APPLICATION_EXAMINE_INFO_PATH,
  FINANCING_APPLICATION_MAKE_PATH,
  FINANCING_APPLICATION_STAGE,
} from '../../../../src/domain/financing/financing-application';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { hasFinanceableLife } from '../../../../src/domain/financing/pre-credit-rules';
import { removableState } from '../../../../src/domain/stage/stage';
import type { Database } from '../../db/database';
import { tenantRows, tenantRowsIn } from '../../db/tenant-rows';
import { orgNameOf } from '../../stage/stage-records';
import type { GatewayDeps } from '../../deps';
import { invalidInput, notFound } from '../../plugins/envelope';
import { Id, IdParams } from '../../schemas/common';
import { type StageContext, registerStage } from '../../stage/stage-routes';
import { fenOf, wireFen } from '../../stage/stage-money';
import {
  CandidateSchema,
  type Checked,
  DetailFields,
  OrderSchema,
  type SaveBody,
  SaveFields,
  linesFromWire,
  linesToWire,
  StartSchema,
  wireOrder,
} from './schemas';
import { inScope, loadBusiness } from '../business/aggregate';
import { bindOwnFiles } from '../file/file-binding';
import { candidateWarnings, capitalOffer, carryCapital, checkCapitalChoice } from './capital-choice';
import {
  FINANCING_APPLICATION_FILE_TYPE,
  applicationOrders,
  applicationProblems,
  createFinancingApplicationDraft,
  limitsOf,
  loadFinancingApplication,
} from './store';

export const FinancingApplicationRouteMessage = {
  ...FINANCING_APPLICATION_STAGE.messages,
  businessNotReady: '该业务不在融资申请草稿阶段，不能新增融资申请',
  exists: '该业务已有融资申请',
  unknownDocType: (t: string) => `资料类型不正确：${t}`,
  unknownOrder: (id: string) => `付款单${id}不属于该供应商`,
  repaymentSource: '还款来源不正确',
  payeeAccount: '收款账号须为8至30位数字',
  validTo: '有效期至须为日期（YYYY-MM-DD）',
} as const;

export const financingApplicationRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db as unknown as Parameters<typeof loadFinancingApplication>[0];

  /** The checklist's files as the make page shows them after a reload: name, real size and type. */
  const filesOf = async (tenantId: string, ids: string[]) => {
    type Shown = { keyId: string; name: string; size: number; contentType: string; extension: string };
    if (ids.length === 0) return new Map<string, Shown>();
    const rows = await tenantRowsIn(deps.db, 'stored_file', tenantId, 'key_id', ids)
      .select(['key_id', 'file_name', 'size', 'content_type', 'extension'])
      .execute();
    return new Map(
      rows.map((r): [string, Shown] => [
        r.key_id,
        {
          keyId: r.key_id,
          name: r.file_name,
          size: Number(r.size),
          contentType: r.content_type,
          extension: r.extension,
        },
      ]),
    );
  };

  /** The detail's own part: the business's facts, the limits, the orders, the checklist, the rule's results. */
  const partsOf = async (
    { tenantId, now }: { tenantId: string; now: Date },
    business: Awaited<ReturnType<typeof loadBusiness>>,
    stored: Awaited<ReturnType<typeof loadFinancingApplication>>,
  ) => {
    const lines = stored?.lines ?? [];
    const choice = { capitalSideId: business.capitalSideId ?? null, productId: business.productId ?? null };
    const [limits, orders, supplierName, problems, capital] = await Promise.all([
      limitsOf(deps.db, tenantId, business, now),
      applicationOrders(
        db,
        tenantId,
        stored?.reserved ?? {},
        { ids: lines.map((l) => l.orderId) },
        now,
        business.productId ?? null,
      ),
      orgNameOf(deps.db, tenantId, business.supplierId),
      stored ? applicationProblems(db, tenantId, business, now) : Promise.resolve([]),
      capitalOffer(deps.db, tenantId, business.supplierId, choice, now),
    ]);
    const docsStored = stored?.docs ?? [];
    const files = await filesOf(
      tenantId,
      docsStored.flatMap((d) => d.fileIds),
    );
    const byType = new Map(docsStored.map((d) => [d.docType, d]));
    return {
      businessId: business.keyId,
      businessNo: business.businessNo,
      supplierId: business.supplierId,
      supplierName,
      stateLabel: stateLabel(business.state),
      ...choice,
      capitalSideName: capital.capitalSides.find((c) => c.keyId === choice.capitalSideId)?.name ?? null,
      productName: capital.products.find((p) => p.keyId === choice.productId)?.name ?? null,
      ...capital,
      repaymentSource: stored?.repaymentSource ?? null,
      payeeBank: stored?.payeeBank ?? null,
      payeeAccount: stored?.payeeAccount ?? null,
      termDays: stored?.termDays ?? null,
      lines: linesToWire(lines),
      orders: orders.map((o) => wireOrder(o, limits.ratio)),
      docs: ACCESS_DOC_TYPES.map((t) => {
        const fileIds = byType.get(t.code)?.fileIds ?? [];
        return {
          docType: t.code,
          label: t.label,
          required: t.required,
          files: fileIds.flatMap((f) => {
            const file = files.get(f);
            return file ? [file] : [];
          }),
          validTo: byType.get(t.code)?.validTo ?? null,
        };
      }),
      ratio: limits.ratio,
      singleMax: limits.singleMax === null ? null : wireFen(limits.singleMax),
      maxTermDays: limits.maxTermDays,
      preCreditAvailable: limits.preCreditAvailable === null ? null : wireFen(limits.preCreditAvailable),
      problems,
      today: businessDay(now),
    };
  };

  /** The make form's shapes only: the figures' limits are the submission's rule (a draft may be saved unfinished). */
  const checkSave = async (
    tenantId: string,
    business: { supplierId: string; capitalSideId?: string | null; productId?: string | null },
    body: SaveBody,
    now: Date,
  ): Promise<Checked> => {
    const supplierId = business.supplierId;
    const capital = {
      capitalSideId: body.capitalSideId === undefined ? (business.capitalSideId ?? null) : body.capitalSideId || null,
      productId: body.productId === undefined ? (business.productId ?? null) : body.productId || null,
    };
    // What the make page warned of before anything was typed is refused here with the same words.
    await checkCapitalChoice(deps.db, tenantId, supplierId, capital, now);
    if (body.repaymentSource && !REPAYMENT_SOURCES.some((s) => s.code === body.repaymentSource)) {
      throw invalidInput(FinancingApplicationRouteMessage.repaymentSource);
    }
    if (body.payeeAccount && !ACCOUNT_NO_PATTERN.test(body.payeeAccount)) {
      throw invalidInput(FinancingApplicationRouteMessage.payeeAccount);
    }
    const unknownType = body.docs.find((d) => !ACCESS_DOC_TYPES.some((t) => t.code === d.docType));
    if (unknownType) throw invalidInput(FinancingApplicationRouteMessage.unknownDocType(unknownType.docType));
    // 有效期至 is a day of the calendar (2026-02-30 is none), which the schema's pattern alone does not say.
    if (body.docs.some((d) => d.validTo !== null && !isCalendarDate(d.validTo))) {
      throw invalidInput(FinancingApplicationRouteMessage.validTo);
    }
    const fileIds = [...new Set(body.docs.flatMap((d) => d.fileIds))];
    const orderIds = [...new Set(body.lines.map((l) => l.orderId))];
    if (orderIds.length) {
      const mine: { order_id: string }[] = await tenantRows(db, 'payment_order', tenantId, { supplier_id: supplierId })
        .select('order_id')
        .where('order_id', 'in', orderIds)
        .execute();
      const have = new Set(mine.map((m) => m.order_id));
      const stray = orderIds.find((o) => !have.has(o));
      if (stray) throw invalidInput(FinancingApplicationRouteMessage.unknownOrder(stray));
    }
    const docs = body.docs
      .filter((d) => d.fileIds.length > 0 || d.validTo)
      .map((d) => ({ docType: d.docType, fileIds: [...new Set(d.fileIds)], validTo: d.validTo }));
    const lines = linesFromWire(body.lines);
    return { ...body, lines, docs, fileIds, total: totalOf(lines), capital };
  };

  /** Stores the form on the application; the business's figures are not the draft's to write. */
  const writeSave = async (
    trx: Kysely<Database>,
    { tenantId, userId, now }: { tenantId: string; userId: string; now: Date },
    id: string,
    form: Checked,
  ) => {
    await trx
      .updateTable('financing_application')
      .set({
        term_days: form.termDays,
        repayment_source: form.repaymentSource || null,
        payee_bank: form.payeeBank?.trim() || null,
        payee_account: form.payeeAccount || null,
        lines: JSON.stringify(linesToWire(form.lines)),
        docs: JSON.stringify(form.docs),
        total_amount: form.total,
        updated_at: now,
      })
      .where('tenant_id', '=', tenantId)
      .where('application_id', '=', id)
      .execute();
    // The documents are the maker's own uploads, bound to this application from now on (DESIGN.md §2).
    await bindOwnFiles(trx, { tenantId, userId }, form.fileIds, { type: FINANCING_APPLICATION_FILE_TYPE, id });
    // The operation log keeps the total as the wire writes it.
    return { total: wireFen(form.total), lines: form.lines.length, docs: form.docs.length };
  };

  const kit = registerStage<SaveBody, Checked>(app, deps, FINANCING_APPLICATION_STAGE, {
    detail: {
      summary: '融资申请详情（明细、准入资料、规则校验结果）',
      properties: DetailFields,
      async load(ctx, row, business) {
        const stored = await loadFinancingApplication(db, ctx.tenantId, row.keyId);
        if (!stored) throw notFound(FinancingApplicationRouteMessage.notFound);
        return partsOf(ctx, business, stored);
      },
    },
    edit: {
      menu: FINANCING_APPLICATION_MAKE_PATH,
      summary: '保存融资申请（草稿、已退回）',
      body: SaveFields,
      check: async ({ tenantId, now }, before, body) =>
        checkSave(tenantId, await loadBusiness(deps.db, tenantId, before.keyId), body, now),
      // What a draft holds never overwrites the business's figures (申请金额 stays the business's own); the
      // capital side and product are the application's choice, carried on the business.
      write: async (trx, ctx, id, form) => ({ business: form.capital, after: await writeSave(trx, ctx, id, form) }),
    },
    remove: {
      summary: '删除融资申请（未提交过的草稿；业务仍在融资申请·草稿）',
      // The business's version moves (the kit), so a page still holding the application cannot save into nothing.
      discardsBusiness: false,
      async write(trx, { tenantId }, id) {
        await trx
          .deleteFrom('financing_application')
          .where('tenant_id', '=', tenantId)
          .where('application_id', '=', id)
          .where('submitted_at', 'is', null)
          .execute();
      },
    },
    transition: { summary: '提交 / 撤回融资申请（业务的生命周期转换）' },
    review: {
      menu: FINANCING_APPLICATION_EXAMINE_INFO_PATH,
      summary: '融资申请审核详情（审核人阅读：明细、准入资料、规则校验结果）',
    },
  });

  kit.route(
    {
      method: 'GET',
      path: '/candidates',
      op: 'add',
      summary: '可新增融资申请的业务（融资申请·草稿，尚无融资申请）',
      response: Type.Array(CandidateSchema),
    },
    async ({ tenantId, actor }) => {
      let q = deps.db
        .selectFrom('financing_business as b')
        .leftJoin('financing_application as a', 'a.application_id', 'b.business_id')
        .leftJoin('organization as s', (j) =>
          j.onRef('s.org_id', '=', 'b.supplier_id').onRef('s.tenant_id', '=', 'b.tenant_id'),
        )
        .leftJoin('organization as c', (j) =>
          j.onRef('c.org_id', '=', 'b.capital_side_id').onRef('c.tenant_id', '=', 'b.tenant_id'),
        )
        .select(['b.business_id', 'b.business_no', 's.org_name', 'b.apply_amount', 'b.version'])
        .select(['b.supplier_id', 'b.project_company_id', 'b.capital_side_id', 'c.org_name as capital_side_name'])
        .where('b.tenant_id', '=', tenantId)
        .where('b.state', '=', removableState(FINANCING_APPLICATION_STAGE.stage))
        .where('b.deleted', '=', false)
        .where('a.application_id', 'is', null);
      if (actor.supplierId) q = q.where('b.supplier_id', '=', actor.supplierId);
      const rows = (await q.orderBy('b.updated_at', 'desc').limit(200).execute()).filter((r) =>
        inScope(actor, { supplierId: r.supplier_id, projectCompanyId: r.project_company_id }),
      );
      const warnings = await candidateWarnings(deps.db, tenantId, rows, deps.now());
      return rows.map((r, i) => ({
        warnings: warnings[i] ?? [],
        keyId: r.business_id,
        businessNo: r.business_no,
        supplierName: r.org_name ?? '',
        applyAmount: wireFen(fenOf(r.apply_amount)),
        version: Number(r.version),
      }));
    },
  );

  /**
   * The business a new application is for: in the caller's scope, at 融资申请·草稿, without one yet. In a
   * transaction its row is locked, so that of creates at once one makes the draft and the others are told it
   * exists (the application's key is the business's).
   */
  const startable = async (ctx: StageContext, businessId: string, trx?: Kysely<Database>) => {
    const business = await kit.business(ctx, businessId, trx);
    if (business.state !== removableState(FINANCING_APPLICATION_STAGE.stage))
      throw invalidInput(FinancingApplicationRouteMessage.businessNotReady);
    if (await loadFinancingApplication((trx ?? deps.db) as unknown as typeof db, ctx.tenantId, businessId)) {
      throw invalidInput(FinancingApplicationRouteMessage.exists);
    }
    return business;
  };

  // Opening 制作融资申请 writes nothing: the page starts from this, and the first 保存 creates the draft.
  kit.route(
    {
      method: 'GET',
      path: '/:id/start',
      op: 'add',
      summary: '新融资申请的起点（不写入任何记录；首次保存时新增）',
      params: IdParams,
      response: StartSchema,
    },
    async (ctx, request) => {
      const business = await startable(ctx, (request.params as IdParams).id);
      const { keyId, state, version } = business;
      return { keyId, applicationNo: '', status: 'DRAFT', state, version, ...(await partsOf(ctx, business, null)) };
    },
  );

  kit.route(
    {
      method: 'POST',
      path: '',
      op: 'add',
      summary: '新增融资申请（为融资申请·草稿的业务；可同时保存表单）',
      body: Type.Object(
        { businessId: Id, ...Object.fromEntries(Object.entries(SaveFields).map(([k, v]) => [k, Type.Optional(v)])) },
        { additionalProperties: false },
      ),
      response: kit.detail,
    },
    async (ctx, request) => {
      const { tenantId, userId, now } = ctx;
      const { businessId, ...fields } = request.body as { businessId: string } & Partial<SaveBody>;
      const business = await startable(ctx, businessId);
      const form = fields.lines
        ? await checkSave(
            tenantId,
            business,
            {
              termDays: fields.termDays ?? null,
              repaymentSource: fields.repaymentSource ?? null,
              payeeBank: fields.payeeBank ?? null,
              payeeAccount: fields.payeeAccount ?? null,
              lines: fields.lines,
              docs: fields.docs ?? [],
              capitalSideId: fields.capitalSideId,
              productId: fields.productId,
            },
            now,
          )
        : null;
      await deps.db.transaction().execute(async (trx) => {
        await startable(ctx, businessId, trx);
        const no = await createFinancingApplicationDraft(trx, { tenantId, businessId, userId, now });
        const saved = form ? await writeSave(trx, ctx, businessId, form) : {};
        if (form) await carryCapital(trx, ctx, business, form.capital);
        await kit.log(trx, ctx, 'create', businessId, { after: { applicationNo: no, ...saved } });
      });
      return kit.detailOf(ctx, businessId);
    },
  );

  kit.route(
    {
      method: 'GET',
      path: '/:id/orders',
      menu: FINANCING_APPLICATION_MAKE_PATH,
      summary: '可选付款单：该供应商已确权、未锁定、未被其他申请占满、剩余期限不少于30天的付款单（可融资余额实时计算）',
      params: IdParams,
      response: Type.Object(
        { records: Type.Array(OrderSchema), ratio: Type.String() },
        { additionalProperties: false },
      ),
    },
    async (ctx, request) => {
      const { tenantId, now } = ctx;
      const id = (request.params as IdParams).id;
      // Also before the first 保存 (no application yet): the business must be the caller's to see.
      const business = await kit.business(ctx, id);
      const stored = await loadFinancingApplication(db, tenantId, id);
      const limits = await limitsOf(deps.db, tenantId, business, now);
      const supplierId = business.supplierId;
      const orders = await applicationOrders(
        db,
        tenantId,
        stored?.reserved ?? {},
        { supplierId },
        now,
        business.productId ?? null,
      );
      const chosen = new Set(stored?.lines.map((l) => l.orderId) ?? []);
      const pickable = (o: (typeof orders)[number]) =>
        chosen.has(o.orderId) ||
        (o.confirmStatus === 'CONFIRMED' &&
          !o.locked &&
          o.eligibleAmount > 0 &&
          hasFinanceableLife(o.dueDate, businessDay(now)));
      return { records: orders.filter(pickable).map((o) => wireOrder(o, limits.ratio)), ratio: limits.ratio };
    },
  );
};

export default financingApplicationRoutes;

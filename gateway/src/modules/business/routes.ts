// 融资业务 on the wire (BUSINESS.md §4 `/business/financingBusinessManage`, `/business/newDetails`): the list
// with its tabs, filters and export, one business, its timeline, and the one verb that moves it —
// `POST {id}/transition`, which hands everything to the aggregate and so to the lifecycle table. Each row
// carries the actions the table offers the caller now; the screens show those and nothing else.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { loadExcel } from '../../lazy-libraries';
import { type TSchema, Type } from 'typebox';
import { BUSINESS_TABS, type BusinessListItem, type BusinessTab } from '../../../../src/domain/financing/business-list';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, forbidden, invalidInput, notFound, ok } from '../../plugins/envelope';
import { MONEY_FORMAT, shanghaiDateTime, yuanNumber } from '../../xlsx/export-cells';
import { CalendarDateOrEmpty, IdParams, PageQueryFields, Version, pageOf, pageRequest } from '../../schemas/common';
import { contentDisposition } from '../file/file-names';
import { BusinessMessage, actorOf, transitionBusiness } from './aggregate';
import { detailSections } from './detail-sections';
import { MeetingSectionSchema, PreCreditSectionSchema } from './section-schemas';
import { BUSINESS_DETAIL, BUSINESS_MANAGE, readsBusinesses } from './visibility';
import { businessAttachments } from './attachments';
import { zipOf } from '../file/zip-files';
import { AttachmentMessage, attachmentPath, attachmentsZipName } from '../../../../src/domain/financing/attachments';
import {
  type BusinessFilter,
  EXPORT_MAX_ROWS,
  businessDetail,
  businessEvents,
  listBusinesses,
  pageBusinesses,
} from './repository';
import { STAGES, STAGE_LABEL } from '../../../../src/domain/financing/stages';
// Its documents are found by number from the header's search (stage-search.ts).
import './search';

// The base of the verbs below, not a route itself (hence not a quoted path).
export const BUSINESS_API = `/api/business/business`;

const nullable = (s: TSchema) => Type.Union([s, Type.Null()]);
const Str = Type.String();

const itemProperties = {
  keyId: Str,
  businessNo: Str,
  supplierId: Str,
  supplierName: nullable(Str),
  projectCompanyId: nullable(Str),
  projectCompanyName: nullable(Str),
  capitalSideName: nullable(Str),
  productName: nullable(Str),
  applyAmount: Type.Integer({ description: '申请金额（分）' }),
  approvedAmount: nullable(Type.Integer({ description: '批复金额（分）' })),
  stage: Str,
  state: Str,
  stateLabel: Str,
  reviewLevel: nullable(Type.Integer()),
  reviewLevels: nullable(Type.Integer()),
  suspended: Type.Boolean(),
  ownerId: nullable(Str),
  ownerName: nullable(Str),
  updatedAt: Str,
  version: Type.Integer(),
  actions: Type.Array(Str, { description: '当前用户此刻可执行的操作' }),
};
const ListItem = Type.Object(itemProperties, { additionalProperties: false });

const AttachmentView = Type.Object(
  {
    keyId: Str,
    name: Str,
    size: Type.Integer({ description: '字节数' }),
    contentType: Str,
    extension: Str,
    stage: Str,
    group: Type.String({ description: '所在资料或操作：营业执照、退回…' }),
    uploaderName: nullable(Str),
    uploadedAt: Str,
    missing: Type.Boolean({ description: '文件内容缺失（无法预览或下载）' }),
  },
  { additionalProperties: false },
);

const ReviewView = Type.Object({
  type: Str,
  typeLabel: Str,
  level: Type.Integer(),
  levels: Type.Array(Type.Object({ level: Type.Integer(), approveMethod: Str, reviewerNames: Type.Array(Str) })),
  opinions: Type.Array(Type.Object({ level: Type.Integer(), actorId: Str, actorName: Str, result: Str })),
});

const Detail = Type.Object(
  {
    ...itemProperties,
    capitalSideId: nullable(Str),
    review: nullable(ReviewView),
    demandId: nullable(Str),
    terminateReason: nullable(Str),
    suspendReason: nullable(Str),
    reconsiderCount: Type.Integer(),
    reviewArrivedAt: nullable(Str),
    createdAt: Str,
    sections: Type.Object(
      {
        preCredit: Type.Optional(PreCreditSectionSchema),
        application: Type.Optional(
          Type.Object({
            applicationNo: Str,
            totalAmount: Type.Integer(),
            termDays: nullable(Type.Integer()),
            repaymentSource: nullable(Str),
            submittedAt: nullable(Str),
            lines: Type.Array(Type.Object({ orderNo: Str, financeAmount: Type.Integer() })),
            docs: Type.Array(
              Type.Object({
                label: Str,
                required: Type.Boolean(),
                fileCount: Type.Integer(),
                files: Type.Array(Type.Object({ keyId: Str, name: Str })),
                validTo: nullable(Str),
              }),
            ),
          }),
        ),
        meeting: Type.Optional(MeetingSectionSchema),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const EventView = Type.Object({
  keyId: Str,
  stage: Str,
  fromState: nullable(Str),
  toState: Str,
  fromLabel: nullable(Str),
  toLabel: Str,
  action: Str,
  actionLabel: Str,
  level: nullable(Type.Integer()),
  actorId: Str,
  actorName: Str,
  actorRole: Str,
  comment: Str,
  fileIds: Type.Array(Str),
  at: Str,
});

const AMOUNT = '^\\d{1,15}$';
const filterProperties = {
  tab: Type.Optional(Type.String({ enum: [...BUSINESS_TABS, ''] })),
  businessNo: Type.Optional(Type.String({ maxLength: 30 })),
  supplierId: Type.Optional(Type.String({ maxLength: 64 })),
  stage: Type.Optional(Type.String({ enum: [...STAGES, ''] })),
  state: Type.Optional(Type.String({ maxLength: 60 })),
  amountFrom: Type.Optional(Type.String({ pattern: `${AMOUNT}|^$`, description: '申请金额下限（分）' })),
  amountTo: Type.Optional(Type.String({ pattern: `${AMOUNT}|^$`, description: '申请金额上限（分）' })),
  updatedFrom: Type.Optional(CalendarDateOrEmpty),
  updatedTo: Type.Optional(CalendarDateOrEmpty),
  menuId: Type.Optional(Type.String({ maxLength: 200 })),
};
const PageQuery = Type.Object({ ...PageQueryFields, ...filterProperties }, { additionalProperties: false });
const ExportQuery = Type.Object(filterProperties, { additionalProperties: false });

const TransitionBody = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 40 }),
    version: Version,
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
    values: Type.Optional(
      Type.Record(
        Type.String({ maxLength: 40 }),
        Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()]),
        {
          maxProperties: 20,
        },
      ),
    ),
    fileIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
type TransitionBody = {
  action: string;
  version: number;
  comment?: string;
  values?: Record<string, string | number | null>;
  fileIds?: string[];
};

type Query = Record<string, string | undefined>;

function filterOf(q: Query): BusinessFilter {
  // 分 as typed digits, compared as bigint: a bound past 2^53 is taken exactly, not rounded.
  const amount = (v: string | undefined) => (v ? BigInt(v) : undefined);
  const f: BusinessFilter = {};
  if (q.tab) f.tab = q.tab as BusinessTab;
  if (q.businessNo?.trim()) f.businessNo = q.businessNo.trim();
  if (q.supplierId) f.supplierId = q.supplierId;
  if (q.stage) f.stage = q.stage;
  if (q.state) f.state = q.state;
  const from = amount(q.amountFrom);
  const to = amount(q.amountTo);
  if (from !== undefined) f.amountFrom = from;
  if (to !== undefined) f.amountTo = to;
  if (q.updatedFrom) f.updatedFrom = q.updatedFrom;
  if (q.updatedTo) f.updatedTo = q.updatedTo;
  return f;
}

/** SPEC §7.2: a menu-scoped read names its menu; the list answers for its own page only. */
function checkMenu(q: Query) {
  if (q.menuId !== undefined && q.menuId !== '' && normalizeMenuPath(q.menuId) !== normalizeMenuPath(BUSINESS_MANAGE)) {
    throw invalidInput('菜单与接口不匹配');
  }
}

async function exportWorkbook(rows: readonly BusinessListItem[]): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'wsf-gateway';
  const sheet = workbook.addWorksheet('融资业务');
  const columns: [string, (r: BusinessListItem) => string | number][] = [
    ['业务编号', (r) => r.businessNo],
    ['供应商', (r) => r.supplierName ?? ''],
    ['项目公司', (r) => r.projectCompanyName ?? ''],
    ['资金方', (r) => r.capitalSideName ?? ''],
    ['申请金额（元）', (r) => yuanNumber(r.applyAmount)],
    ['批复金额（元）', (r) => (r.approvedAmount === null ? '' : yuanNumber(r.approvedAmount))],
    ['阶段', (r) => STAGE_LABEL[r.stage] ?? r.stage],
    ['状态', (r) => r.stateLabel],
    ['暂停', (r) => (r.suspended ? '是' : '否')],
    ['经办人', (r) => r.ownerName ?? ''],
    ['更新时间', (r) => shanghaiDateTime(r.updatedAt)],
  ];
  // Amounts are number cells Excel can sum, shown as SPEC §9 writes them; times read as the screen does.
  sheet.columns = columns.map(([header]) => ({
    header,
    width: 20,
    ...(header.endsWith('（元）') ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(columns.map(([, value]) => value(r)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const businessRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const actor = (request: FastifyRequest) => actorOf(request, deps.db);
  /** Reading one business needs one of the pages it is read from. */
  const mayRead = async (request: FastifyRequest) => {
    if (!readsBusinesses(await sessionOf(request).grants())) throw forbidden();
  };

  app.get(
    `${BUSINESS_API}/page`,
    {
      config: { access: { menu: BUSINESS_MANAGE } },
      schema: { querystring: PageQuery, response: envelopeResponses(pageOf(ListItem)) },
    },
    async (request) => {
      const q = request.query as Query;
      checkMenu(q);
      const page = pageRequest(q);
      const { tenantId } = sessionOf(request);
      const result = await pageBusinesses(deps.db, tenantId, await actor(request), filterOf(q), page, deps.now());
      return ok({ ...result, current: page.current, size: page.size });
    },
  );

  app.get(
    `${BUSINESS_API}/export`,
    { config: { access: { menu: BUSINESS_MANAGE, op: 'export' } }, schema: { querystring: ExportQuery } },
    async (request, reply) => {
      const q = request.query as Query;
      checkMenu(q);
      const rows = await listBusinesses(
        deps.db,
        sessionOf(request).tenantId,
        await actor(request),
        filterOf(q),
        EXPORT_MAX_ROWS,
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', '融资业务.xlsx'))
        .send(await exportWorkbook(rows));
    },
  );

  app.get(
    `${BUSINESS_API}/options/supplier`,
    {
      config: { access: { menu: BUSINESS_MANAGE } },
      schema: { response: envelopeResponses(Type.Array(Type.Object({ keyId: Str, name: Str }))) },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const who = await actor(request);
      let q = deps.db
        .selectFrom('organization')
        .select(['org_id as keyId', 'org_name as name'])
        .where('tenant_id', '=', tenantId)
        .where('org_type', '=', 'SUPPLIER');
      if (who.supplierId) q = q.where('org_id', '=', who.supplierId);
      return ok(await q.orderBy('sort_no').orderBy('org_id').execute());
    },
  );

  app.get(
    `${BUSINESS_API}/:id`,
    { config: { access: 'session' }, schema: { params: IdParams, response: envelopeResponses(Detail) } },
    async (request) => {
      await mayRead(request);
      const { id } = request.params as IdParams;
      const { tenantId } = sessionOf(request);
      const who = await actor(request);
      const detail = await businessDetail(deps.db, tenantId, who, id, deps.now());
      if (!detail) throw notFound(BusinessMessage.notFound);
      return ok({ ...detail, sections: await detailSections(deps.db, tenantId, id, deps.now(), who) });
    },
  );

  app.get(
    `${BUSINESS_API}/:id/events`,
    { config: { access: 'session' }, schema: { params: IdParams, response: envelopeResponses(Type.Array(EventView)) } },
    async (request) => {
      await mayRead(request);
      const { id } = request.params as IdParams;
      const { tenantId } = sessionOf(request);
      // The business must be one the caller may read (tenant, and a supplier user's own supplier).
      const detail = await businessDetail(deps.db, tenantId, await actor(request), id, deps.now());
      if (!detail) throw notFound(BusinessMessage.notFound);
      return ok(await businessEvents(deps.db, tenantId, id));
    },
  );

  /** The business, when the caller may see it (tenant, a page it is read from, scope); else 业务不存在. */
  const visible = async (request: FastifyRequest, id: string) => {
    await mayRead(request);
    const detail = await businessDetail(deps.db, sessionOf(request).tenantId, await actor(request), id, deps.now());
    if (!detail) throw notFound(BusinessMessage.notFound);
    return detail;
  };

  app.get(
    `${BUSINESS_API}/:id/attachments`,
    {
      config: { access: 'session' },
      schema: {
        summary: '业务的全部附件（按阶段与资料分组）',
        params: IdParams,
        response: envelopeResponses(Type.Array(AttachmentView)),
      },
    },
    async (request) => {
      const { id } = request.params as IdParams;
      await visible(request, id);
      const list = await businessAttachments(deps.db, deps.filesDir, sessionOf(request).tenantId, id);
      return ok(list.map(({ sha256: _s, createdAt: _c, ...a }) => a));
    },
  );

  // 下载全部附件 (BUSINESS.md §4: `export` on 业务详情): one zip, a folder per stage and field.
  app.get(
    `${BUSINESS_API}/:id/attachments/zip`,
    {
      config: { access: { menu: BUSINESS_DETAIL, op: 'export' } },
      schema: { summary: '下载全部附件（ZIP）', params: IdParams },
    },
    async (request, reply) => {
      const { id } = request.params as IdParams;
      const detail = await visible(request, id);
      const list = await businessAttachments(deps.db, deps.filesDir, sessionOf(request).tenantId, id);
      if (list.length === 0) throw notFound(AttachmentMessage.none);
      const missing = list.filter((a) => a.missing);
      if (missing.length > 0) throw notFound(AttachmentMessage.missing(missing.map((a) => a.name)));
      const zip = zipOf(
        deps.filesDir,
        list.map((a) => ({ sha256: a.sha256, name: attachmentPath(a), mtime: a.createdAt })),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', attachmentsZipName(detail.businessNo)))
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );

  // The route needs a session only: which page and code an action needs is the table's to say.
  app.post(
    `${BUSINESS_API}/:id/transition`,
    {
      config: { access: 'session' },
      schema: { params: IdParams, body: TransitionBody, response: envelopeResponses(Detail) },
    },
    async (request) => {
      const { id } = request.params as IdParams;
      const body = request.body as TransitionBody;
      const { tenantId } = sessionOf(request);
      const who = await actor(request);
      const now = deps.now();
      await transitionBusiness(deps.db, {
        tenantId,
        businessId: id,
        actor: who,
        action: body.action,
        version: body.version,
        ...(body.comment !== undefined ? { comment: body.comment } : {}),
        ...(body.values ? { values: body.values } : {}),
        ...(body.fileIds ? { fileIds: body.fileIds } : {}),
        now,
      });
      const detail = await businessDetail(deps.db, tenantId, who, id, now);
      if (!detail) throw notFound(BusinessMessage.notFound);
      return ok({ ...detail, sections: await detailSections(deps.db, tenantId, id, deps.now(), who) });
    },
  );
};

export default businessRoutes;

// 推送制作 and 正式函件管理's routes (BUSINESS.md §4 /business/pushProduction, /business/formalLetterManagement) on the
// stage kit. 推送: page, export, detail and the stage's moves are the kit's; its own are 推送 (the package ZIP — the
// summary with its 大写 amount, the business's stored documents and attachments — stored through the file service
// with its sha-256, the push written and 提交 made in one transaction, PUSH judging the row just written), 登记反馈
// (the table's 资金方反馈 by hand) and the stored package read back. The channel's callback and the built-in
// capital side's desk are the inbound kit's route and channel.ts. 函件: the letters are the kit's stage items and
// documents; what is theirs is 生成 (the template rendered once, stored as the letter's evidence).
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import {
  CHANNEL_LABEL,
  LETTER_API,
  LETTER_ITEM_STATES,
  LETTER_LIST_PATH,
  LETTER_TYPE_LABEL,
  LetterMessage,
  type LetterType,
  PUSH_API,
  PUSH_LIST_PATH,
  PUSH_STAGE,
  PushMessage,
  type PushChannel,
} from '../../../../src/domain/financing/push';
import type { GatewayDeps } from '../../deps';
import { contentDisposition } from '../file/file-names';
import { envelopeResponses, invalidInput, notFound, ok } from '../../plugins/envelope';
import { IdParams, Version } from '../../schemas/common';
import { documentBytes, registerDocumentRoutes } from '../../stage/stage-documents';
import { registerItems } from '../../stage/stage-items';
import { FenSchema, NullableSchema } from '../../stage/stage-money';
import { type StageContext, type StageRow, registerStage } from '../../stage/stage-routes';
import { type AnyDb, fixedScopeOf } from '../../stage/stage-scope';
import { withinScope } from '../../resource/resource-repository';
import { staleError } from '../../stage/stage-scope';
import { type BusinessRow, recordOf, transitionBusiness } from '../business/aggregate';
import { loadFacts } from '../business/facts';
import { BUILTIN_CHANNEL, capitalProvider, channelList, registerDesk } from './channel';
import { makeLetter, makePush } from './make';
import {
  LETTER_FILE_TYPE,
  LETTERS,
  LetterSchema,
  PushSchema,
  letterOf,
  letterWireOf,
  lettersOf,
  pushWireOf,
  pushesOf,
  quotaOf,
} from './store';

const Nullable = NullableSchema;
const Str = Type.String();

const PushDetail = {
  stateLabel: Str,
  pushes: Type.Array(PushSchema),
  letters: Type.Array(LetterSchema),
  quotaLeft: Nullable(FenSchema('资金产品剩余可用额度（分）')),
  channels: Type.Array(Type.Object({ code: Str, name: Str }, { additionalProperties: false })),
  deskPath: Nullable(Type.String({ description: '内置资金方通道的一次性反馈地址（资金方使用）' })),
  logs: Type.Array(
    Type.Object(
      { at: Str, direction: Str, provider: Str, message: Str, resultCode: Type.Integer(), httpStatus: Type.Integer() },
      { additionalProperties: false },
    ),
  ),
  problems: Type.Array(Str, { description: '推送提交时将被拒绝的原因' }),
};

const PushBody = Type.Object(
  {
    version: Version,
    channel: Type.Union([Type.Literal('API'), Type.Literal('OFFLINE')]),
    zhongdengQueryNo: Type.String({ maxLength: 50, description: '中登查询编号' }),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
type PushBody = { version: number; channel: PushChannel; zhongdengQueryNo: string; comment?: string };

const FeedbackBody = Type.Object(
  {
    version: Version,
    result: Type.Union([Type.Literal('APPROVED'), Type.Literal('RETURNED')]),
    capitalRefNo: Type.Optional(Type.String({ maxLength: 50 })),
    capitalApprovedAmount: Type.Optional(FenSchema('资金方批复额（分）')),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
type FeedbackBody = {
  version: number;
  result: string;
  capitalRefNo?: string;
  capitalApprovedAmount?: number;
  comment?: string;
};

const GenerateBody = Type.Object(
  { letterType: Type.Unsafe<LetterType>({ type: 'string', enum: Object.keys(LETTER_TYPE_LABEL) }) },
  { additionalProperties: false },
);
const BusinessParams = Type.Object({ businessId: IdParams.properties.id }, { additionalProperties: false });

const iso = (v: unknown) => new Date(v as string | Date).toISOString();

export const pushRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db as unknown as AnyDb;
  app.callbackProviders.add(capitalProvider(BUILTIN_CHANNEL));
  registerDesk(app, deps);

  // ---- 推送 ----

  const pushDetail = async (ctx: StageContext, row: StageRow, business: BusinessRow) => {
    const [pushes, letters, quota, logs] = await Promise.all([
      pushesOf(db, ctx.tenantId, row.keyId),
      lettersOf(db, ctx.tenantId, row.keyId),
      quotaOf(db, ctx.tenantId, row.keyId),
      db
        .selectFrom('interface_log')
        .select(['at', 'direction', 'provider', 'message', 'result_code', 'http_status'])
        .where('tenant_id', '=', ctx.tenantId)
        .where('business_id', '=', row.keyId)
        .orderBy('at', 'desc')
        .limit(50)
        .execute(),
    ]);
    const latest = pushes[0];
    const awaiting = latest?.result === 'ACCEPTED' && business.state === 'PUSH/PUSHED' && latest.desk_token;
    return {
      stateLabel: stateLabel(business.state),
      pushes: pushes.map(pushWireOf),
      letters: letters.map((l) => letterWireOf(l)),
      quotaLeft: quota.left === null ? null : Number(quota.left < 0n ? 0n : quota.left),
      channels: channelList(),
      deskPath: awaiting ? `/api/capital-channel/desk/${latest.desk_token}` : null,
      logs: logs.map((l) => ({
        ...{ at: iso(l.at), direction: String(l.direction), provider: String(l.provider) },
        ...{ message: String(l.message), resultCode: Number(l.result_code), httpStatus: Number(l.http_status) },
      })),
      // What 推送 would refuse besides the 中登 query the push form itself carries.
      problems: row.actions.includes('submit')
        ? (
            (await loadFacts(deps.db, ctx.tenantId, recordOf(business), ctx.actor, 'PUSH', ctx.now)).problems?.PUSH ??
            []
          ).filter((p) => p !== PushMessage.noZhongdeng)
        : [],
    };
  };

  const kit = registerStage(app, deps, PUSH_STAGE, {
    detail: {
      summary: '推送详情（推送记录、函件、额度、接口日志、提交校验）',
      properties: PushDetail,
      load: pushDetail,
    },
    transition: { summary: '推送流转（推送审核退回后再次推送等本页操作）' },
  });

  kit.route(
    {
      method: 'POST',
      path: '/:id/push',
      op: 'submit',
      summary: '推送：生成资料包（ZIP：摘要、合同、函件、附件），提交推送审核；通过后经渠道送达资金方',
      params: IdParams,
      body: PushBody,
      response: kit.detail,
    },
    async (ctx, request) => {
      const id = (request.params as IdParams).id;
      const body = request.body as PushBody;
      if (!(body.channel in CHANNEL_LABEL)) throw invalidInput(PushMessage.channel);
      await kit.load(ctx, id);
      await deps.db.transaction().execute(async (trx) => {
        const business = await kit.business(ctx, id, trx);
        if (business.version !== body.version) throw staleError(PUSH_STAGE.messages.stale);
        const made = await makePush(trx, deps, ctx, business, body);
        await kit.log(trx, ctx, 'push', id, { after: { ...made, channel: body.channel } });
      });
      return kit.detailOf(ctx, id);
    },
  );

  kit.route(
    {
      method: 'POST',
      path: '/:id/feedback',
      op: 'edit',
      summary: '登记反馈：资金方通过（业务号、批复额，占用产品额度）或退回',
      params: IdParams,
      body: FeedbackBody,
      response: kit.detail,
    },
    async (ctx, request) => {
      const id = (request.params as IdParams).id;
      const body = request.body as FeedbackBody;
      await kit.load(ctx, id);
      await transitionBusiness(deps.db, {
        ...{ tenantId: ctx.tenantId, businessId: id, actor: ctx.actor, action: 'capitalFeedback' },
        ...{ version: body.version, now: ctx.now, ...(body.comment ? { comment: body.comment } : {}) },
        values: {
          result: body.result,
          capitalRefNo: body.capitalRefNo ?? null,
          capitalApprovedAmount: body.capitalApprovedAmount ?? null,
          feedbackComment: body.comment ?? null,
        },
      });
      return kit.detailOf(ctx, id);
    },
  );

  app.get(
    `${PUSH_API}/:id/package/:pushId`,
    {
      config: { access: { menu: PUSH_LIST_PATH, op: 'export' } },
      schema: {
        tags: kit.tags,
        summary: '下载推送资料包（ZIP，校验SHA-256）',
        params: Type.Object({ id: IdParams.properties.id, pushId: IdParams.properties.id }),
      },
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const { id, pushId } = request.params as { id: string; pushId: string };
      await kit.load(ctx, id);
      const push = (await pushesOf(db, ctx.tenantId, id)).find((p) => p.push_id === pushId);
      if (!push) throw notFound(PushMessage.packageMissing);
      const evidence = { fileId: String(push.package_file_id), sha256: String(push.package_sha256) };
      const { pdf, fileName } = await documentBytes(deps.db, deps.filesDir, ctx.tenantId, evidence);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // ---- 正式函件 ----

  registerItems(app, deps, LETTERS);
  registerDocumentRoutes(app, deps, {
    api: LETTER_API,
    table: 'formal_letter',
    fileType: LETTER_FILE_TYPE,
    list: LETTER_LIST_PATH,
    pdf: [{ path: '/:id/pdf', menu: LETTER_LIST_PATH }],
    notFound: LetterMessage.notFound,
    search: { letterNo: 'd.letter_no', businessNo: 'b.business_no' },
    row: { schema: LetterSchema, of: (r) => letterWireOf(letterOf(r)) },
  });

  const Makeable = Type.Object(
    { keyId: Str, businessNo: Str, supplierName: Str, state: Str },
    { additionalProperties: false },
  );
  app.get(
    `${LETTER_API}/makeable`,
    {
      config: { access: { menu: LETTER_LIST_PATH } },
      schema: {
        tags: kit.tags,
        summary: '可生成函件的业务（签约至放款前，数据授权范围内，至多50笔）',
        response: envelopeResponses(Type.Array(Makeable)),
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const rows = await withinScope(
        db
          .selectFrom('financing_business as b')
          .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
          .select(['b.business_id', 'b.business_no', 'b.state', 's.org_name'])
          .where('b.tenant_id', '=', ctx.tenantId)
          .where('b.deleted', '=', false)
          .where('b.state', 'in', [...LETTER_ITEM_STATES]),
        'b',
        fixedScopeOf(ctx.actor),
      )
        .orderBy('b.updated_at', 'desc')
        .limit(50)
        .execute();
      return ok(
        rows.map((r) => ({
          keyId: r.business_id,
          businessNo: r.business_no,
          supplierName: r.org_name ?? '',
          state: r.state,
        })),
      );
    },
  );

  app.post(
    `${LETTER_API}/:businessId`,
    {
      config: { access: { menu: LETTER_LIST_PATH, op: 'add' } },
      schema: {
        tags: ['business'],
        summary: '生成函件：按模板生成PDF（含大写金额），存档并登记',
        params: BusinessParams,
        body: GenerateBody,
        response: envelopeResponses(LetterSchema),
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { businessId } = request.params as { businessId: string };
      const { letterType } = request.body as { letterType: LetterType };
      const made = await deps.db.transaction().execute(async (trx) => {
        const business = await kit.business(ctx, businessId, trx);
        const letter = await makeLetter(trx, deps, ctx, business, letterType);
        await kit.log(trx, ctx, 'letter', letter.itemId, { after: { letterNo: letter.letterNo, letterType } });
        return letterWireOf(letter);
      });
      return ok(made);
    },
  );
};

export default pushRoutes;

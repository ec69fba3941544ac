// 推送制作's routes (BUSINESS.md §4 /business/pushProduction) on the stage kit: page, export, detail and the stage's
// moves are the kit's; its own are 推送 (the package ZIP — the summary with its 大写 amount, the business's stored
// documents and attachments — stored through the file service with its sha-256, the push written and 提交 made in
// one transaction, PUSH judging the row just written), 登记反馈 (the table's 资金方反馈 by hand) and the stored
// package read back. The channel's callback and the built-in capital side's desk are the inbound kit's route and
// channel.ts. The detail lists the business's letters as the letters stage shapes them, read by name.
import type { FastifyPluginAsync } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import { LETTER_SOURCES } from '../../../../src/domain/financing/letters';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { PUSH_STAGE, PushMessage } from '../../../../src/domain/financing/push';
import { InterfaceLogSchema, interfaceLogOf } from '../../inbound/interface-log';
import type { GatewayDeps } from '../../deps';
import { notFound } from '../../plugins/envelope';
import { IdParams, Version } from '../../schemas/common';
import { FenSchema, NullableSchema, wireFen } from '../../stage/stage-money';
import { type StageContext, registerStage } from '../../stage/stage-routes';
import { readStageSource, stageSourceSchema } from '../../stage/stage-sources';
import { type BusinessRow, recordOf } from '../business/aggregate';
import { loadFacts } from '../business/facts';
import { BUILTIN_CHANNEL, capitalProvider, channelList, registerDesk } from './channel';
import { type PushForm, makePush } from './make';
import { PushSchema, pushWireOf, pushesOf, quotaOf } from './store';

const Nullable = NullableSchema;
const Str = Type.String();

/** The detail's properties; its letters are shaped by the letters stage, whose schema the kit's registry holds. */
const pushDetail = (letters: TSchema) => ({
  stateLabel: Str,
  pushes: Type.Array(PushSchema),
  letters,
  quotaLeft: Nullable(FenSchema('资金产品剩余可用额度（分）')),
  channels: Type.Array(Type.Object({ code: Str, name: Str }, { additionalProperties: false })),
  deskPath: Nullable(Type.String({ description: '内置资金方通道的一次性反馈地址（资金方使用）' })),
  logs: Type.Array(InterfaceLogSchema),
  problems: Type.Array(Str, { description: '推送提交时将被拒绝的原因' }),
});

const PushBody = Type.Object(
  {
    version: Version,
    channel: Type.Union([Type.Literal('API'), Type.Literal('OFFLINE')]),
    zhongdengQueryNo: Type.String({ maxLength: 50, description: '中登查询编号' }),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

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
type FeedbackBody = Static<typeof FeedbackBody>;

export const pushRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;
  app.callbackProviders.add(capitalProvider(BUILTIN_CHANNEL));
  registerDesk(app, deps);

  // ---- 推送 ----

  /** What 推送 would refuse besides the 中登 query the push form itself carries. */
  const pushRefusals = async (ctx: StageContext, business: BusinessRow) => {
    const facts = await loadFacts(db, ctx.tenantId, recordOf(business), ctx.actor, 'PUSH', ctx.now);
    return (facts.problems?.PUSH ?? []).filter((p) => p !== PushMessage.noZhongdeng);
  };

  const kit = registerStage(app, deps, PUSH_STAGE, {
    transition: { summary: '推送流转（推送审核退回后再次推送等本页操作）' },
    detail: {
      summary: '推送详情（推送记录、函件、额度、接口日志、提交校验）',
      properties: pushDetail(stageSourceSchema(deps.extensions, LETTER_SOURCES.letters) ?? Type.Array(Type.Unknown())),
      async load(ctx, row, business) {
        const [pushes, letters, quota, logs] = await Promise.all([
          pushesOf(db, ctx.tenantId, row.keyId),
          readStageSource<object[]>(LETTER_SOURCES.letters, db, ctx.tenantId, row.keyId),
          quotaOf(db, ctx.tenantId, row.keyId),
          interfaceLogOf(db, ctx.tenantId, row.keyId),
        ]);
        const latest = pushes[0];
        // The desk's one-time link is the capital side's capability: in the demo it is handed to whoever may act for
        // the built-in channel's answer here (登记反馈 offered), never to a reader of the push such as its reviewer.
        const awaiting = latest?.result === 'ACCEPTED' && row.actions.includes('capitalFeedback') && latest.desk_token;
        return {
          stateLabel: stateLabel(business.state),
          pushes: pushes.map(pushWireOf),
          letters: letters ?? [],
          quotaLeft: quota.left === null ? null : wireFen(quota.left < 0n ? 0n : quota.left),
          channels: channelList(db),
          deskPath: awaiting ? `/api/capital-channel/desk/${latest.desk_token}` : null,
          logs,
          problems: row.actions.includes('submit') ? await pushRefusals(ctx, business) : [],
        };
      },
    },
  });

  kit.move<FeedbackBody>(
    {
      ...{ path: '/:id/feedback', op: 'edit', body: FeedbackBody },
      summary: '登记反馈：资金方通过（业务号、批复额，占用产品额度）或退回',
    },
    'capitalFeedback',
    (body) => ({
      ...{ result: body.result, capitalRefNo: body.capitalRefNo ?? null },
      ...{ capitalApprovedAmount: body.capitalApprovedAmount ?? null, feedbackComment: body.comment ?? null },
    }),
  );

  kit.file(
    {
      ...{ path: '/:id/package/:pushId', op: 'export', contentType: 'application/zip' },
      summary: '下载推送资料包（ZIP，校验SHA-256）',
      params: Type.Object({ id: IdParams.properties.id, pushId: IdParams.properties.id }),
    },
    async (ctx, request) => {
      const { id, pushId } = request.params as { id: string; pushId: string };
      await kit.load(ctx, id);
      const push = (await pushesOf(db, ctx.tenantId, id)).find((p) => p.push_id === pushId);
      if (!push) throw notFound(PushMessage.packageMissing);
      return { fileId: push.package_file_id, sha256: push.package_sha256 };
    },
  );

  kit.act<PushForm>(
    {
      ...{ path: '/:id/push', op: 'submit', body: PushBody },
      summary: '推送：生成资料包（ZIP：摘要、合同、函件、附件），提交推送审核；通过后经渠道送达资金方',
    },
    (ctx, id, body) => makePush(deps.db, deps, ctx, id, body),
  );
};

export default pushRoutes;

// 签约's routes (BUSINESS.md §4) on the stage kit: a business's signings are the kit's items (催签 their move);
// 发起线上签约, 线下签约 and 撤销 are the business's moves, made with what they carry. The built-in provider
// (gateway/src/esign) signs and tells every change through its HMAC-verified callback: no route sets a signing
// status. The supplier's signer signs here with a one-time code; the other parties at the provider's page.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import * as D from '../../../../src/domain/financing/signing';
import { termDraftProblem, termsOfDraft } from '../../../../src/domain/stage/term-factors';
import type { GatewayDeps } from '../../deps';
import { flowNotices, mountBuiltinProvider } from '../../esign/builtin-app';
import { BUILTIN_PROVIDER } from '../../esign/builtin-provider';
import { SignedFilesSchema, signedFilesOf } from '../../esign/signed-files';
import { AppError, invalidInput, notFound } from '../../plugins/envelope';
import { BusinessParams, IdParams, SignerParty, Strict, TermFields, Version } from '../../schemas/common';
import { itemActionsOf, registerItems } from '../../stage/stage-items';
import { registerOfferedTodo } from '../../stage/stage-offered-todos';
import { type StageContext, stageOwnRoutes } from '../../stage/stage-own-routes';
import { listedOf, listedSchema, registerRecordPage, registerWaitingRoute } from '../../stage/stage-record-routes';
import { recordInScope } from '../../stage/stage-records';
import { termElementsOf } from '../../stage/stage-terms';
import { registerTurnTodo } from '../../stage/stage-turn-todos';
import { recordOf, transitionBusiness } from '../business/aggregate';
import { offeredFor } from '../business/facts';
import * as store from './store';
import { SIGNINGS, SigningSchema, addSignedRecord, fromRow, wireOf } from './store';

const Str = (max: number) => Type.String({ maxLength: max });

const OnlineBody = Strict({
  version: Version,
  deadlineDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, description: '签署期限（天），默认7天' })),
  signers: Type.Array(Strict({ ...SignerParty, name: Str(20), mobile: Str(11) }), {
    minItems: 2,
    maxItems: D.MAX_SIGNERS,
  }),
});
type Signers = { order: number; role: D.SignerRole; name: string; mobile: string }[];
const Files = Type.Array(Str(64), { minItems: 1, maxItems: 20 });
const OfflineBody = Strict({
  version: Version,
  scanFileIds: Files,
  originalsReceivedOn: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '原件收回日期' }),
});
const SupplementBody = Strict({ reason: Str(200), ...TermFields('补充协议'), fileIds: Files });
const S = Type.String();
const Detail = Strict({
  record: listedSchema(SigningSchema.properties),
  /** The provider's notices of the flow: the demo's notice log (links, codes, 催签). */
  notices: Type.Array(Type.Object({ at: S, kind: S, mobile: S, text: S })),
  /** Whether the caller is the supplier's signer whose turn it is (签署 offered). */
  mySignerOrder: Type.Union([Type.Integer(), Type.Null()]),
  /** The business's version and what the table offers the caller on it now (撤销). */
  business: Type.Object({ version: Type.Integer(), actions: Type.Array(S) }),
  /** What the caller may do on the record now (催签). */
  actions: Type.Array(S),
});
const idOf = (request: { params: unknown }) => (request.params as IdParams).id;
const businessIdOf = (request: { params: unknown }) => (request.params as { businessId: string }).businessId;
const onBusiness = { method: 'POST', op: 'submit', params: BusinessParams, response: SigningSchema } as const;
const onRecord = { method: 'POST', params: IdParams, response: Type.Null() } as const;

export const signingRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;
  const { provider, deliver } = await mountBuiltinProvider(app, deps);
  app.callbackProviders.add(store.signingCallbacks(BUILTIN_PROVIDER, provider.documents, deps.filesDir));
  // 催签 goes to this app's provider, which reminds the signer whose turn it is.
  const after: NonNullable<typeof SIGNINGS.after> = async (trx, { row }, { now }) => {
    if (row.provider_flow_id) await provider.remind(trx, row.provider_flow_id, now);
  };
  registerItems(app, deps, { ...SIGNINGS, after });
  const own = stageOwnRoutes(app, deps, D.SIGNING_API, D.SIGN_MANAGE_PATH, D.SigningMessage.notFound);

  // 我的待办 (待制作): the businesses the table lets the person start or retry signing on; and for the supplier's
  // signer the signings whose turn is theirs.
  const offered = (name: string, state: 'WAIT_SIGN' | 'FAILED', action: string, label: string, link: string) =>
    registerOfferedTodo(deps.extensions, {
      ...{ name, tab: 'MAKE', stage: 'SIGNING', states: [`SIGNING/${state}`], action, label },
      link: (id) => (state === 'FAILED' ? link : `${link}?businessId=${id}`),
    });
  offered('signing-start', 'WAIT_SIGN', 'startOnline', '合同待签约', D.APPLY_ONLINE_PATH);
  offered('signing-retry', 'FAILED', 'retrySigning', '签约失败待处理', D.SIGN_MANAGE_PATH);
  registerTurnTodo(deps.extensions, {
    ...{ name: 'signing-signer', tab: 'MAKE', stage: 'SIGNING', states: ['SIGNING/SIGNING'], label: '合同待您签署' },
    may: (actor) => !!actor.supplierId,
    async turn(database, tenantId, b, actor) {
      if (b.supplierId !== actor.supplierId) return null;
      const online = (await store.signingsOf(database, tenantId, b.keyId)).filter((x) => x.kind === 'ONLINE').at(-1);
      const mine = online?.signers.find((x) => x.channel === 'BACK_OFFICE');
      if (!online || !mine || D.signOrderRefusal(online.signers, mine.order) !== null) return null;
      return `${D.SIGNING_DETAILS_PATH}?id=${online.itemId}`;
    },
  });

  /** A signing record within the caller's scope, with its business. */
  const load = async (ctx: StageContext, id: string) => {
    const source = { table: 'signing_record', id: 'item_id', notFound: D.SigningMessage.notFound } as const;
    const { row, business } = await recordInScope(db, source, ctx.tenantId, ctx.actor, id);
    return { item: fromRow(row), business };
  };
  const answer = async (ctx: StageContext, id: string) => wireOf((await load(ctx, id)).item);

  registerRecordPage(own, db, {
    ...{ table: 'signing_record', id: 'item_id' },
    summary: '签约管理：数据授权范围内的签约记录（kind=ONLINE 为在线签约）',
    row: { properties: SigningSchema.properties, of: (r) => wireOf(fromRow(r)) },
    filter: { name: 'kind', column: 'kind', values: ['ONLINE', 'OFFLINE', 'SUPPLEMENT'] },
  });
  registerWaitingRoute(own, db, {
    states: ['SIGNING/WAIT_SIGN', 'SIGNING/FAILED'],
    summary: '待签约的业务（待签约或签约失败，数据授权范围内，至多50笔）',
    actions: '当前用户此刻可执行的操作（发起线上签约、重新签约）',
  });

  own.route(
    {
      ...{ method: 'GET', path: '/record/:id', menu: D.SIGNING_DETAILS_PATH, params: IdParams, response: Detail },
      summary: '签约详情：签署方时间线、签署服务状态与通知记录',
    },
    async (ctx, request) => {
      const { tenantId, actor, now } = ctx;
      const { item, business } = await load(ctx, idOf(request));
      const flowId = item.row.provider_flow_id;
      const ownSupplier = actor.supplierId === business.supplierId;
      const mine =
        ownSupplier && item.status === 'SIGNING' ? item.signers.find((s) => s.channel === 'BACK_OFFICE') : null;
      const offers = (await offeredFor(db, tenantId, [recordOf(business)], actor, now))[0] ?? [];
      return {
        record: await listedOf(db, tenantId, wireOf(item), business),
        notices: flowId ? await flowNotices(db, tenantId, flowId, ownSupplier) : [],
        mySignerOrder: mine?.status === 0 ? mine.order : null,
        business: { version: business.version, actions: offers },
        actions: itemActionsOf(SIGNINGS, actor, now, business, [item])[0] ?? [],
      };
    },
  );

  own.route(
    {
      ...{ ...onBusiness, path: '/:businessId/online', menu: D.APPLY_ONLINE_PATH, body: OnlineBody },
      summary: '发起线上签约：以审核通过的合同发起签署流程（签署方、顺序、截止），业务进入签约中',
    },
    async (ctx, request) => {
      const body = request.body as { version: number; deadlineDays?: number; signers: Signers };
      const deadlineDays = body.deadlineDays ?? D.DEFAULT_DEADLINE_DAYS;
      const problem = D.signersProblem(body.signers) ?? D.deadlineProblem(deadlineDays);
      if (problem) throw invalidInput(problem);
      const businessId = businessIdOf(request);
      const made = await db.transaction().execute(async (trx) => {
        await own.business(ctx, businessId, trx);
        // The parties and order 合同签章 set on the live contracts, when set; chosen freely otherwise.
        const set = (await store.liveContractsOf(trx, ctx.tenantId, businessId)).map((c) => c.signatories ?? []);
        const differs = D.signersAsSetProblem(set, body.signers);
        if (differs) throw invalidInput(differs);
        const input = { ...ctx, businessId, version: body.version, signers: body.signers, deadlineDays };
        return store.startOnlineSigning(trx, provider, deps.filesDir, input);
      });
      await deliver(request.log);
      return answer(ctx, made);
    },
  );

  own.route(
    {
      ...{ ...onBusiness, path: '/:businessId/offline', menu: D.APPLY_OFFLINE_PATH, body: OfflineBody },
      summary: '线下签约：上传签署扫描件并确认原件已收回（含日期），业务签约完成',
    },
    async (ctx, request) => {
      const body = request.body as { version: number; scanFileIds: string[]; originalsReceivedOn: string };
      const on = body.originalsReceivedOn;
      if (Number.isNaN(Date.parse(on)) || on > businessDay(ctx.now)) throw invalidInput(D.SigningMessage.originalsDate);
      const businessId = businessIdOf(request);
      const id = await db.transaction().execute(async (trx) => {
        await own.business(ctx, businessId, trx);
        const columns = { kind: 'OFFLINE', originals_received_on: on } as const;
        const text = `${ctx.actor.userName}登记线下签约，原件于${on}收回`;
        const made = await addSignedRecord(trx, ctx, businessId, body.scanFileIds, columns, text);
        await transitionBusiness(trx, { ...ctx, businessId, action: 'signOffline', version: body.version });
        return made;
      });
      return answer(ctx, id);
    },
  );

  /** The supplier's signer whose turn it is, acting in the back office: a user of the business's own supplier. */
  const backOfficeSigner = async (ctx: StageContext, id: string) => {
    const { item, business } = await load(ctx, id);
    if (ctx.actor.supplierId !== business.supplierId)
      throw new AppError(ResultCode.forbidden, D.SigningMessage.backOfficeSupplier);
    const me = item.signers.find((s) => s.channel === 'BACK_OFFICE');
    const flowId = item.row.provider_flow_id;
    if (!me || !flowId) throw invalidInput(D.SigningMessage.notSigner);
    return { flowId, order: me.order };
  };
  own.route(
    {
      ...{ ...onRecord, path: '/record/:id/code', menu: D.SIGNING_DETAILS_PATH },
      summary: '签署验证码：供应商签署人获取一次性验证码（演示环境见通知记录）',
    },
    async (ctx, request) => {
      const { flowId, order } = await backOfficeSigner(ctx, idOf(request));
      await provider.sendCode(db, flowId, order, ctx.now);
      return null;
    },
  );
  own.route(
    {
      ...{ ...onRecord, path: '/record/:id/sign', menu: D.SIGNING_DETAILS_PATH },
      summary: '签署：供应商签署人以一次性验证码确认签署（按签署顺序）',
      body: Strict({ code: Type.String({ pattern: '^\\d{6}$' }) }),
    },
    async (ctx, request) => {
      const { flowId, order } = await backOfficeSigner(ctx, idOf(request));
      await provider.signWithCode(db, flowId, order, (request.body as { code: string }).code, ctx.now);
      return null;
    },
  );

  own.route(
    {
      ...{ ...onRecord, path: '/record/:id/revoke', menu: D.ONLINE_SIGNING_PATH, op: 'withdraw' },
      summary: '撤销签署：仅签署中的流程可撤销，业务进入签约失败',
      body: Strict({ version: Version, comment: Str(200) }),
    },
    async (ctx, request) => {
      const { item, business } = await load(ctx, idOf(request));
      const { version, comment } = request.body as { version: number; comment: string };
      const flowId = item.row.provider_flow_id;
      if (!flowId) throw invalidInput(D.SigningMessage.noOnline);
      await db.transaction().execute(async (trx) => {
        const move = { ...ctx, businessId: business.keyId, action: 'revokeSigning', version, comment };
        await transitionBusiness(trx, move);
        await provider.revoke(trx, flowId, comment.trim(), ctx.now);
      });
      await deliver(request.log);
      return null;
    },
  );

  const documentsOf = async (ctx: StageContext, id: string) => wireOf((await load(ctx, id)).item).documents;
  own.route(
    {
      ...{ method: 'GET', path: '/record/:id/signatures', menu: D.SIGN_FILE_DETAILS_PATH, params: IdParams },
      summary: '签署文件详情：每份已签署文件的各签名（签署人、时间、有效性）',
      response: SignedFilesSchema,
    },
    async (ctx, request) => signedFilesOf(db, deps.filesDir, ctx.tenantId, await documentsOf(ctx, idOf(request))),
  );

  own.file(
    {
      ...{ path: '/record/:id/file/:seq', menu: D.SIGN_FILE_DETAILS_PATH, op: 'export' },
      summary: '下载已签署的PDF（按存档SHA-256校验）',
      params: Type.Object({ id: IdParams.properties.id, seq: Type.String({ pattern: '^[1-9]\\d?$' }) }),
    },
    async (ctx, request) => {
      const { id, seq } = request.params as { id: string; seq: string };
      const doc = (await documentsOf(ctx, id)).find((d) => d.seq === Number(seq));
      if (!doc) throw notFound(D.SigningMessage.notFound);
      return doc;
    },
  );

  own.route(
    {
      ...{ ...onBusiness, path: '/:businessId/supplement', menu: D.SIGN_SUPPLEMENT_PATH, body: SupplementBody },
      summary: '补充签约：已签约至放款前，不得变更金额、利率或期限',
    },
    async (ctx, request) => {
      const body = request.body as { reason: string; amountFen: number; annualRate: string; termDays: number };
      const { fileIds } = request.body as { fileIds: string[] };
      const reason = body.reason.trim();
      if (!reason) throw invalidInput(D.SigningMessage.supplementReason);
      const typed = termDraftProblem(body, '补充协议');
      if (typed) throw invalidInput(typed);
      const businessId = businessIdOf(request);
      const id = await db.transaction().execute(async (trx) => {
        const business = await own.business(ctx, businessId, trx);
        const factors = termsOfDraft(body);
        const terms = await termElementsOf(trx, ctx.tenantId, businessId);
        const refused = D.supplementRefusal(business.state, factors, terms);
        if (refused) throw invalidInput(refused);
        const stored = JSON.stringify({ ...factors, amountFen: String(body.amountFen) });
        const columns = { kind: 'SUPPLEMENT', reason, factors: stored } as const;
        return addSignedRecord(trx, ctx, businessId, fileIds, columns, `${ctx.actor.userName}登记补充签约：${reason}`);
      });
      return answer(ctx, id);
    },
  );
};

export default signingRoutes;

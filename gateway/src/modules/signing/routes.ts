// 签约's routes (BUSINESS.md §4 /business/signManagement, onlineSigning, applyOnlineSigning, applyOfflineSigning,
// signingDetails, signFileDetails, signSupplement) on the stage kit: a business's signings are the kit's stage
// items (催签 their move); 发起线上签约, 线下签约 and 撤销 are the business's moves through the aggregate, made
// here with what they carry (the flow started with the provider in the same transaction, the scans bound). The
// built-in provider (gateway/src/esign) signs for real and tells the back office every change through its
// HMAC-verified callback (the inbound kit): no route here sets a signing status. The supplier's signer signs in
// the back office with a one-time code; the other parties at the provider's page.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { shanghaiDay } from '../../../../src/domain/document-numbers';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import {
  APPLY_OFFLINE_PATH,
  APPLY_ONLINE_PATH,
  DEFAULT_DEADLINE_DAYS,
  ONLINE_SIGNING_PATH,
  PROVIDER_SIGNING,
  SIGN_FILE_DETAILS_PATH,
  SIGN_MANAGE_PATH,
  SIGN_SUPPLEMENT_PATH,
  SIGNER_ROLE_LABEL,
  SIGNING_API,
  SIGNING_DETAILS_PATH,
  type SignerRole,
  SigningMessage,
  signOrderRefusal,
  deadlineProblem,
  signersProblem,
  supplementRefusal,
} from '../../../../src/domain/financing/signing';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { BUILTIN_PROVIDER, builtinProvider, registerSignPage } from '../../esign/builtin-provider';
import { inspectSignatures } from '../../esign/pdf-signatures';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, envelopeResponses, invalidInput, notFound, ok } from '../../plugins/envelope';
import { withinScope } from '../../resource/resource-repository';
import { IdParams, PageQuery, Version, pageOf, pageRequest } from '../../schemas/common';
import { documentBytes } from '../../stage/stage-documents';
import { itemsForActor, registerItems } from '../../stage/stage-items';
import { type TodoRow, registerTodoSource } from '../../stage/stage-todos';
import { anyDb, callerOf, fixedScopeOf } from '../../stage/stage-scope';
import { type Actor, inScope, loadBusiness, recordOf, toBusinessRow, transitionBusiness } from '../business/aggregate';
import { offeredFor, registerCheckpoint } from '../business/facts';
import { termElementsOf } from '../contract/store';
import { bindOwnFiles } from '../file/file-binding';
import {
  SIGNING_FILE_TYPE,
  SIGNINGS,
  SigningSchema,
  fromRow,
  newRecord,
  signingCallbacks,
  signingsOf,
  startOnlineSigning,
  useRemindPort,
  wireOf,
} from './store';

const ROLES = Object.keys(SIGNER_ROLE_LABEL) as SignerRole[];
const BusinessParams = Type.Object({ businessId: IdParams.properties.id }, { additionalProperties: false });
const Str = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description ? { description } : {}) });

const OnlineBody = Type.Object(
  {
    version: Version,
    deadlineDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, description: '签署期限（天），默认7天' })),
    signers: Type.Array(
      Type.Object(
        {
          order: Type.Integer({ minimum: 1, maximum: 10 }),
          role: Type.Unsafe<SignerRole>({ type: 'string', enum: ROLES }),
          name: Str(20),
          mobile: Str(11),
        },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 4 },
    ),
  },
  { additionalProperties: false },
);
type OnlineBody = {
  version: number;
  deadlineDays?: number;
  signers: { order: number; role: SignerRole; name: string; mobile: string }[];
};

const OfflineBody = Type.Object(
  {
    version: Version,
    scanFileIds: Type.Array(Str(64), { minItems: 1, maxItems: 20 }),
    originalsReceivedOn: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '原件收回日期' }),
  },
  { additionalProperties: false },
);

const SupplementBody = Type.Object(
  {
    reason: Str(200),
    amountFen: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
    annualRate: Str(12),
    termDays: Type.Integer({ minimum: 1, maximum: 3660 }),
    fileIds: Type.Array(Str(64), { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);

const RevokeBody = Type.Object({ version: Version, comment: Str(200) }, { additionalProperties: false });
const CodeBody = Type.Object({ code: Type.String({ pattern: '^\\d{6}$' }) }, { additionalProperties: false });

const ListRow = Type.Object(
  { ...SigningSchema.properties, businessNo: Type.String(), supplierName: Type.String(), businessState: Type.String() },
  { additionalProperties: false },
);
const Detail = Type.Object(
  {
    record: ListRow,
    /** The provider's notices of the flow: the demo's notice log (links, codes, 催签). */
    notices: Type.Array(
      Type.Object({ at: Type.String(), kind: Type.String(), mobile: Type.String(), text: Type.String() }),
    ),
    /** Whether the caller is the supplier's signer whose turn it is (签署 offered). */
    mySignerOrder: Type.Union([Type.Integer(), Type.Null()]),
    /** The business's version and what the table offers the caller on it now (撤销). */
    business: Type.Object({ version: Type.Integer(), actions: Type.Array(Type.String()) }),
    /** What the caller may do on the record now (催签). */
    actions: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
const Signatures = Type.Array(
  Type.Object({
    ...{ seq: Type.Integer(), name: Type.String(), sha256: Type.String() },
    signatures: Type.Array(
      Type.Object({
        ...{ index: Type.Integer(), signerName: Type.String(), subject: Type.String(), issuer: Type.String() },
        ...{
          signedAt: Type.Union([Type.String(), Type.Null()]),
          valid: Type.Boolean(),
          coversWholeFile: Type.Boolean(),
        },
      }),
    ),
  }),
);
const FileParams = Type.Object({ id: IdParams.properties.id, seq: Type.String({ pattern: '^[1-9]\\d?$' }) });

export const signingRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;
  const provider = builtinProvider(db, async (raw, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/callback/${BUILTIN_PROVIDER}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: raw,
    });
    if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  });
  useRemindPort(provider);
  app.callbackProviders.add(signingCallbacks(BUILTIN_PROVIDER, provider.documents, deps.filesDir));
  await registerSignPage(app, provider, deps.now);
  registerItems(app, deps, SIGNINGS);

  /** Tells the back office what the provider did, after it committed; a refused delivery is tried again later. */
  const deliver = async (request: FastifyRequest) => {
    try {
      await provider.deliver(db, deps.now());
    } catch (error) {
      request.log.warn({ err: error }, 'signing callback not delivered; retried by the daily job');
    }
  };

  // 撤销 only while the provider's flow is 签署中.
  registerCheckpoint('REVOKE_SIGNING', async (database, tenantId, record) => {
    const id = (record as { keyId?: string }).keyId;
    if (!id) return [];
    const online = (await signingsOf(database, tenantId, id)).filter((i) => i.kind === 'ONLINE').at(-1);
    return online?.providerStatus === PROVIDER_SIGNING ? [] : [SigningMessage.revokeOnlyWhileSigning];
  });

  // Past its deadline a flow expires at the provider (过期 5), which tells the back office; then every change not
  // yet told is told (a callback refused earlier is tried again).
  deps.dailyJob.register({
    name: 'signing-deadlines',
    order: 30,
    units: async (database, { at }) => {
      const due = await database
        .selectFrom('esign_flow')
        .select('flow_id')
        .where('status', '=', PROVIDER_SIGNING)
        .where('deadline', '<', at)
        .execute();
      return due.map((f) => ({
        key: f.flow_id,
        apply: async (trx) => void (await provider.expireDue(trx, at, f.flow_id)),
      }));
    },
  });
  deps.dailyJob.register({
    name: 'signing-callbacks',
    order: 31,
    units: async (database) => {
      await provider.deliver(database, deps.now()).catch(() => 0);
      return [];
    },
  });

  // 我的待办 (待制作) from the table: the businesses the person may start or retry signing on, and for the
  // supplier's signer the signings whose turn is theirs.
  registerTodoSource('MAKE', 'signing', async (database, tenantId, actor, now) => {
    const rows = await withinScope(
      database
        .selectFrom('financing_business as b')
        .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
        .selectAll('b')
        .select('s.org_name')
        .where('b.tenant_id', '=', tenantId)
        .where('b.deleted', '=', false)
        .where('b.state', 'in', ['SIGNING/WAIT_SIGN', 'SIGNING/FAILED', 'SIGNING/SIGNING']),
      'b',
      fixedScopeOf(actor),
    )
      .orderBy('b.updated_at')
      .limit(200)
      .execute();
    const businesses = rows.map((r) => toBusinessRow(r));
    const offered = await offeredFor(database, tenantId, businesses.map(recordOf), actor, now);
    const todos: TodoRow[] = [];
    for (const [i, b] of businesses.entries()) {
      let link: string | null = null;
      let label = '';
      const actions = offered[i] ?? [];
      if (actions.includes('startOnline') || actions.includes('retrySigning')) {
        link = b.state === 'SIGNING/FAILED' ? SIGN_MANAGE_PATH : `${APPLY_ONLINE_PATH}?businessId=${b.keyId}`;
        label = b.state === 'SIGNING/FAILED' ? '签约失败待处理' : '合同待签约';
      } else if (actor.supplierId === b.supplierId && b.state === 'SIGNING/SIGNING') {
        const online = (await signingsOf(anyDb(database), tenantId, b.keyId)).filter((x) => x.kind === 'ONLINE').at(-1);
        const mine = online?.signers.find((x) => x.channel === 'BACK_OFFICE');
        if (online && mine && signOrderRefusal(online.signers, mine.order) === null) {
          link = `${SIGNING_DETAILS_PATH}?id=${online.itemId}`;
          label = '合同待您签署';
        }
      }
      if (!link) continue;
      const arrived = b.updatedAt ? new Date(b.updatedAt) : now;
      todos.push({
        ...{ itemType: 'MAKE', itemTypeLabel: label, businessId: b.keyId, businessNo: b.businessNo },
        ...{ supplierName: rows[i]?.org_name ?? '', amount: Number(b.applyAmount ?? 0), stage: 'SIGNING' },
        ...{ state: b.state, stateLabel: stateLabel(b.state), level: null, levels: null, link, overdue: false },
        arrivedAt: arrived.toISOString(),
        waitingMinutes: Math.max(0, Math.floor((now.getTime() - arrived.getTime()) / 60_000)),
      });
    }
    return todos;
  });

  const context = async (request: FastifyRequest) => {
    const { tenantId } = sessionOf(request);
    return { tenantId, actor: await callerOf(request, db), now: deps.now() };
  };

  /** A signing record within the caller's scope, with its business. */
  const load = async (tenantId: string, actor: Actor, id: string) => {
    const row = await db
      .selectFrom('signing_record')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(SigningMessage.notFound);
    const business = await loadBusiness(db, tenantId, row.business_id);
    if (!inScope(actor, business)) throw notFound(SigningMessage.notFound);
    return { item: fromRow(row as unknown as Record<string, unknown>), business };
  };
  const businessIn = async (trx: Kysely<Database>, tenantId: string, actor: Actor, id: string, lock = false) => {
    const business = await loadBusiness(trx, tenantId, id, lock);
    if (!inScope(actor, business)) throw notFound(SigningMessage.notFound);
    return business;
  };
  /** The business's signing records with what the caller may do on each (as the kit's items page answers). */
  const itemsOf = async (
    tenantId: string,
    actor: Actor,
    business: { keyId: string; state: string; suspended: boolean },
  ) =>
    itemsForActor(SIGNINGS, await signingsOf(anyDb(db), tenantId, business.keyId), business, actor, deps.now()) as {
      keyId: string;
      actions: string[];
    }[];
  const orgName = async (tenantId: string, id: string | null) =>
    id
      ? ((
          await db
            .selectFrom('organization')
            .select('org_name')
            .where('tenant_id', '=', tenantId)
            .where('org_id', '=', id)
            .executeTakeFirst()
        )?.org_name ?? '')
      : '';

  app.get(
    SIGNING_API,
    {
      config: { access: { menu: SIGN_MANAGE_PATH } },
      schema: {
        tags: ['business'],
        summary: '签约管理：数据授权范围内的签约记录（kind=ONLINE 为在线签约）',
        querystring: Type.Object({
          ...PageQuery.properties,
          kind: Type.Optional(
            Type.Union([Type.Literal('ONLINE'), Type.Literal('OFFLINE'), Type.Literal('SUPPLEMENT')]),
          ),
        }),
        response: envelopeResponses(pageOf(ListRow)),
      },
    },
    async (request) => {
      const { tenantId, actor } = await context(request);
      const query = request.query as PageQuery & { kind?: string };
      const page = pageRequest(query);
      let base = withinScope(
        db
          .selectFrom('signing_record as r')
          .innerJoin('financing_business as b', 'b.business_id', 'r.business_id')
          .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
          .where('r.tenant_id', '=', tenantId),
        'b',
        fixedScopeOf(actor),
      );
      if (query.kind) base = base.where('r.kind', '=', query.kind as never);
      const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await base
        .selectAll('r')
        .select(['b.business_no', 'b.state', 's.org_name'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.item_id', 'desc')
        .limit(page.size)
        .offset(page.offset)
        .execute();
      const records = rows.map((r) => ({
        ...wireOf(fromRow(r as unknown as Record<string, unknown>)),
        ...{ businessNo: r.business_no, supplierName: r.org_name ?? '', businessState: r.state },
      }));
      return ok({ records, total, current: page.current, size: page.size });
    },
  );

  const Waiting = Type.Object(
    {
      ...{ keyId: Type.String(), businessNo: Type.String(), supplierName: Type.String(), state: Type.String() },
      version: Type.Integer(),
      actions: Type.Array(Type.String(), { description: '当前用户此刻可执行的操作（发起线上签约、重新签约）' }),
    },
    { additionalProperties: false },
  );
  app.get(
    `${SIGNING_API}/waiting`,
    {
      config: { access: { menu: SIGN_MANAGE_PATH } },
      schema: {
        tags: ['business'],
        summary: '待签约的业务（待签约或签约失败，数据授权范围内，至多50笔）',
        response: envelopeResponses(Type.Array(Waiting)),
      },
    },
    async (request) => {
      const { tenantId, actor, now } = await context(request);
      const rows = await withinScope(
        db
          .selectFrom('financing_business as b')
          .selectAll('b')
          .where('b.tenant_id', '=', tenantId)
          .where('b.deleted', '=', false)
          .where('b.state', 'in', ['SIGNING/WAIT_SIGN', 'SIGNING/FAILED']),
        'b',
        fixedScopeOf(actor),
      )
        .orderBy('b.updated_at', 'desc')
        .limit(50)
        .execute();
      const businesses = rows.map((r) => toBusinessRow(r));
      const offered = await offeredFor(db, tenantId, businesses.map(recordOf), actor, now);
      const out = [];
      for (const [i, b] of businesses.entries()) {
        const base = { keyId: b.keyId, businessNo: b.businessNo, state: b.state, version: b.version };
        out.push({ ...base, supplierName: await orgName(tenantId, b.supplierId), actions: offered[i] ?? [] });
      }
      return ok(out);
    },
  );

  app.get(
    `${SIGNING_API}/record/:id`,
    {
      config: { access: { menu: SIGNING_DETAILS_PATH } },
      schema: {
        tags: ['business'],
        summary: '签约详情：签署方时间线、签署服务状态与通知记录',
        params: IdParams,
        response: envelopeResponses(Detail),
      },
    },
    async (request) => {
      const { tenantId, actor } = await context(request);
      const { item, business } = await load(tenantId, actor, (request.params as IdParams).id);
      const flowId = item.row.provider_flow_id as string | null;
      const notices = flowId
        ? await db
            .selectFrom('esign_notice')
            .selectAll()
            .where('tenant_id', '=', tenantId)
            .where('flow_id', '=', flowId)
            .orderBy('at')
            .execute()
        : [];
      const mine =
        actor.supplierId === business.supplierId && item.status === 'SIGNING'
          ? (item.signers.find((s) => s.channel === 'BACK_OFFICE' && s.status === 0)?.order ?? null)
          : null;
      return ok({
        record: {
          ...wireOf(item),
          ...{
            businessNo: business.businessNo,
            supplierName: await orgName(tenantId, business.supplierId),
            businessState: business.state,
          },
        },
        notices: notices.map((n) => ({
          ...{ at: new Date(n.at).toISOString(), kind: n.kind, mobile: n.mobile },
          // The code is the supplier's signer's: others read that one was sent.
          text:
            n.kind === 'CODE' && actor.supplierId !== business.supplierId ? n.text.replace(/\d{6}/, '******') : n.text,
        })),
        mySignerOrder: mine,
        business: {
          version: business.version,
          actions: (await offeredFor(db, tenantId, [recordOf(business)], actor, deps.now()))[0] ?? [],
        },
        actions: (await itemsOf(tenantId, actor, business)).find((i) => i.keyId === item.itemId)?.actions ?? [],
      });
    },
  );

  app.post(
    `${SIGNING_API}/:businessId/online`,
    {
      config: { access: { menu: APPLY_ONLINE_PATH, op: 'submit' } },
      schema: {
        tags: ['business'],
        summary: '发起线上签约：以审核通过的合同发起签署流程（签署方、顺序、截止），业务进入签约中',
        params: BusinessParams,
        body: OnlineBody,
        response: envelopeResponses(SigningSchema),
      },
    },
    async (request) => {
      const { tenantId, actor, now } = await context(request);
      const body = request.body as OnlineBody;
      const problem = signersProblem(body.signers) ?? deadlineProblem(body.deadlineDays ?? DEFAULT_DEADLINE_DAYS);
      if (problem) throw invalidInput(problem);
      const businessId = (request.params as { businessId: string }).businessId;
      const made = await db.transaction().execute(async (trx) => {
        await businessIn(trx, tenantId, actor, businessId);
        const input = { tenantId, businessId, actor, now, version: body.version, signers: body.signers };
        return startOnlineSigning(trx, provider, deps.filesDir, {
          ...input,
          deadlineDays: body.deadlineDays ?? DEFAULT_DEADLINE_DAYS,
        });
      });
      await deliver(request);
      return ok(wireOf((await load(tenantId, actor, made)).item));
    },
  );

  app.post(
    `${SIGNING_API}/:businessId/offline`,
    {
      config: { access: { menu: APPLY_OFFLINE_PATH, op: 'submit' } },
      schema: {
        tags: ['business'],
        summary: '线下签约：上传签署扫描件并确认原件已收回（含日期），业务签约完成',
        params: BusinessParams,
        body: OfflineBody,
        response: envelopeResponses(SigningSchema),
      },
    },
    async (request) => {
      const { tenantId, actor, now } = await context(request);
      const body = request.body as { version: number; scanFileIds: string[]; originalsReceivedOn: string };
      const today = shanghaiDay(now);
      const on = body.originalsReceivedOn;
      if (Number.isNaN(Date.parse(on)) || on.replace(/-/g, '') > today)
        throw invalidInput(SigningMessage.originalsDate);
      const businessId = (request.params as { businessId: string }).businessId;
      const id = await db.transaction().execute(async (trx) => {
        await businessIn(trx, tenantId, actor, businessId, true);
        const values = await newRecord(trx, tenantId, businessId, now);
        await bindOwnFiles(trx, { tenantId, userId: actor.userId }, body.scanFileIds, {
          type: SIGNING_FILE_TYPE,
          id: values.item_id,
        });
        await trx
          .insertInto('signing_record')
          .values({
            ...values,
            ...{
              kind: 'OFFLINE',
              status: 'SIGNED',
              scan_file_ids: JSON.stringify(body.scanFileIds),
              originals_received_on: on,
            },
            timeline: JSON.stringify([
              { at: now.toISOString(), text: `${actor.userName}登记线下签约，原件于${on}收回` },
            ]),
            created_by: actor.userId,
          })
          .execute();
        await transitionBusiness(trx, {
          tenantId,
          businessId,
          actor,
          action: 'signOffline',
          version: body.version,
          now,
        });
        return values.item_id;
      });
      return ok(wireOf((await load(tenantId, actor, id)).item));
    },
  );

  /** The supplier's signer whose turn it is, acting in the back office: a user of the business's own supplier. */
  const backOfficeSigner = async (request: FastifyRequest) => {
    const { tenantId, actor, now } = await context(request);
    const { item, business } = await load(tenantId, actor, (request.params as IdParams).id);
    if (actor.supplierId !== business.supplierId)
      throw new AppError(ResultCode.forbidden, SigningMessage.backOfficeSupplier);
    const me = item.signers.find((s) => s.channel === 'BACK_OFFICE');
    const flowId = item.row.provider_flow_id as string | null;
    if (!me || !flowId) throw invalidInput(SigningMessage.notSigner);
    return { flowId, order: me.order, now };
  };

  app.post(
    `${SIGNING_API}/record/:id/code`,
    {
      config: { access: { menu: SIGNING_DETAILS_PATH } },
      schema: {
        tags: ['business'],
        summary: '签署验证码：供应商签署人获取一次性验证码（演示环境见通知记录）',
        params: IdParams,
        response: envelopeResponses(Type.Null()),
      },
    },
    async (request) => {
      const { flowId, order, now } = await backOfficeSigner(request);
      await provider.sendCode(db, flowId, order, now);
      return ok(null);
    },
  );

  app.post(
    `${SIGNING_API}/record/:id/sign`,
    {
      config: { access: { menu: SIGNING_DETAILS_PATH } },
      schema: {
        tags: ['business'],
        summary: '签署：供应商签署人以一次性验证码确认签署（按签署顺序）',
        params: IdParams,
        body: CodeBody,
        response: envelopeResponses(Type.Null()),
      },
    },
    async (request) => {
      const { flowId, order, now } = await backOfficeSigner(request);
      await provider.signWithCode(db, flowId, order, (request.body as { code: string }).code, now);
      return ok(null);
    },
  );

  app.post(
    `${SIGNING_API}/record/:id/revoke`,
    {
      config: { access: { menu: ONLINE_SIGNING_PATH, op: 'withdraw' } },
      schema: {
        tags: ['business'],
        summary: '撤销签署：仅签署中的流程可撤销，业务进入签约失败',
        params: IdParams,
        body: RevokeBody,
        response: envelopeResponses(Type.Null()),
      },
    },
    async (request) => {
      const { tenantId, actor, now } = await context(request);
      const { item, business } = await load(tenantId, actor, (request.params as IdParams).id);
      const body = request.body as { version: number; comment: string };
      const flowId = item.row.provider_flow_id as string | null;
      if (!flowId) throw invalidInput(SigningMessage.noOnline);
      await db.transaction().execute(async (trx) => {
        await transitionBusiness(trx, {
          tenantId,
          businessId: business.keyId,
          actor,
          action: 'revokeSigning',
          version: body.version,
          comment: body.comment,
          now,
        });
        await provider.revoke(trx, flowId, body.comment.trim(), now);
      });
      await deliver(request);
      return ok(null);
    },
  );

  app.get(
    `${SIGNING_API}/record/:id/signatures`,
    {
      config: { access: { menu: SIGN_FILE_DETAILS_PATH } },
      schema: {
        tags: ['business'],
        summary: '签署文件详情：每份已签署文件的各签名（签署人、时间、有效性）',
        params: IdParams,
        response: envelopeResponses(Signatures),
      },
    },
    async (request) => {
      const { tenantId, actor } = await context(request);
      const { item } = await load(tenantId, actor, (request.params as IdParams).id);
      const out = [];
      for (const d of wireOf(item).documents) {
        const { pdf } = await documentBytes(db, deps.filesDir, tenantId, d);
        out.push({ seq: d.seq, name: d.name, sha256: d.sha256, signatures: await inspectSignatures(pdf) });
      }
      return ok(out);
    },
  );

  app.get(
    `${SIGNING_API}/record/:id/file/:seq`,
    {
      config: { access: { menu: SIGN_FILE_DETAILS_PATH, op: 'export' } },
      schema: { tags: ['business'], summary: '下载已签署的PDF（按存档SHA-256校验）', params: FileParams },
    },
    async (request, reply) => {
      const { tenantId, actor } = await context(request);
      const params = request.params as { id: string; seq: string };
      const { item } = await load(tenantId, actor, params.id);
      const doc = wireOf(item).documents.find((d) => d.seq === Number(params.seq));
      if (!doc) throw notFound(SigningMessage.notFound);
      const { pdf, fileName } = await documentBytes(db, deps.filesDir, tenantId, doc);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      return reply.send(pdf);
    },
  );

  app.post(
    `${SIGNING_API}/:businessId/supplement`,
    {
      config: { access: { menu: SIGN_SUPPLEMENT_PATH, op: 'submit' } },
      schema: {
        tags: ['business'],
        summary: '补充签约：已签约至放款前，不得变更金额、利率或期限',
        params: BusinessParams,
        body: SupplementBody,
        response: envelopeResponses(SigningSchema),
      },
    },
    async (request) => {
      const { tenantId, actor, now } = await context(request);
      const body = request.body as {
        reason: string;
        amountFen: number;
        annualRate: string;
        termDays: number;
        fileIds: string[];
      };
      const reason = body.reason.trim();
      if (!reason) throw invalidInput(SigningMessage.supplementReason);
      const businessId = (request.params as { businessId: string }).businessId;
      const id = await db.transaction().execute(async (trx) => {
        const business = await businessIn(trx, tenantId, actor, businessId, true);
        const terms = await termElementsOf(anyDb(trx), tenantId, businessId);
        const factors = { amountFen: BigInt(body.amountFen), annualRate: body.annualRate, termDays: body.termDays };
        const refused = supplementRefusal(business.state, factors, terms);
        if (refused) throw invalidInput(refused);
        const values = await newRecord(trx, tenantId, businessId, now);
        await bindOwnFiles(trx, { tenantId, userId: actor.userId }, body.fileIds, {
          type: SIGNING_FILE_TYPE,
          id: values.item_id,
        });
        await trx
          .insertInto('signing_record')
          .values({
            ...values,
            ...{ kind: 'SUPPLEMENT', status: 'SIGNED', reason, scan_file_ids: JSON.stringify(body.fileIds) },
            factors: JSON.stringify({
              amountFen: String(body.amountFen),
              annualRate: body.annualRate,
              termDays: body.termDays,
            }),
            timeline: JSON.stringify([{ at: now.toISOString(), text: `${actor.userName}登记补充签约：${reason}` }]),
            created_by: actor.userId,
          })
          .execute();
        return values.item_id;
      });
      return ok(wireOf((await load(tenantId, actor, id)).item));
    },
  );
};

export default signingRoutes;

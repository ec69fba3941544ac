// The stage kit's routes (HOUSE.md "Stages"; BUSINESS.md "Every stage on one kit"): from a stage definition
// (src/domain/stage) it registers what every lifecycle stage's list and make page ask of the gateway —
// page, export, detail, 编辑 while editable, 删除 while a draft never submitted, and the transitions the
// table grants on the stage's own pages — within the tenant and the caller's scope, with the optimistic
// version, the operation log and the deferred-join page of the resource kit. The business is written only
// through the aggregate (`reviseBusiness`, `transitionBusiness`); what may be edited or deleted and which
// actions are the stage's come from the table through the definition, never from a list written here.
// What a stage adds — its make form's body and how it is stored, its detail's own part, routes of its own
// (`custom`) — it passes as hooks.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type TObject, type TProperties, Type } from 'typebox';
import { type BusinessRecord, transitionOf } from '../../../src/domain/financing/lifecycle';
import { type FieldDef, type ResourceRecord, mayReadWhole } from '../../../src/domain/resource/resource';
import {
  type StageDef,
  editableStates,
  movesOnStage,
  removableState,
  stageActions,
  stagePages,
  statesOf,
} from '../../../src/domain/stage/stage';
import type { Database } from '../db/database';
import type { DocumentTemplate } from '../documents/document-template';
import { renderDocument } from '../documents/render-document';
import type { GatewayDeps } from '../deps';
import {
  type BusinessRevision,
  type BusinessRow,
  loadBusiness,
  reviseBusiness,
  submittedIn,
  toBusinessRow,
  transitionBusiness,
} from '../modules/business/aggregate';
import { offeredFor } from '../modules/business/facts';
import { contentDisposition } from '../modules/file/file-names';
import { logOperation } from '../modules/operation-log/repository';
import { grantAllows, sessionOf } from '../plugins/auth-guard';
import { envelopeResponses, forbidden, invalidInput, ok } from '../plugins/envelope';
import { BUSINESS_DETAIL } from '../modules/business/visibility';
import { type ResourceQuery, listResources, pageResources } from '../resource/resource-repository';
import { EXPORT_MAX_ROWS, exportWorkbook, masked } from '../resource/resource-routes';
import { grantedMenus } from '../modules/menu/repository';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import { querySchema } from '../resource/resource-schemas';
import { IdParams, Version, pageOf, pageRequest } from '../schemas/common';
import { type StageContext, type StageOwnRoutes, type StageRoute, stageOwnRoutes } from './stage-own-routes';
import { fixedScopeOf, rowSchema, scopedRefOptions, scopedRecord, staleError } from './stage-scope';
import { makerRefusalOf } from './stage-maker';

export type { StageContext, StageRoute };

/** A row of the stage's list with what the caller may do on it now. */
export interface StageRow {
  keyId: string;
  status: string;
  version: number;
  actions: string[];
  [field: string]: unknown;
}

/** 编辑: the make form's body, checked before anything is written, then stored beside the business. */
export interface StageEdit<B, C> {
  /** The make page grants 编辑 where the stage has one; the list otherwise. */
  menu?: string;
  summary: string;
  /** The body's fields, `version` apart (the kit adds it). */
  body: TProperties;
  check(ctx: StageContext, before: ResourceRecord, body: B): Promise<C>;
  /** Stores the stage's own part; answers what it carries onto the business and what the log records. */
  write(
    trx: Kysely<Database>,
    ctx: StageContext,
    id: string,
    checked: C,
    before: ResourceRecord,
  ): Promise<{ business?: BusinessRevision; after: object }>;
}

export interface StageHooks<B = never, C = never> {
  /** The rows as the table reads them when they are not businesses (the demand: its own record). */
  recordOf?: (r: ResourceRecord) => BusinessRecord;
  /** The stage's own part of its detail, after the row and its actions. */
  detail?: {
    summary: string;
    properties: TProperties;
    /** `business`: the row's business, already read for its actions (absent where the rows are not businesses). */
    load(ctx: StageContext, row: StageRow, business: BusinessRow): Promise<object>;
  };
  /** The organisations the make form may name (供应商, 项目公司: fields with a `ref`), within the caller's scope. */
  options?: { menu: string; fields: readonly FieldDef[] };
  edit?: StageEdit<B, C>;
  remove?: {
    summary: string;
    /** The business was made with the draft and goes with it (预授信); otherwise it stays (融资申请). */
    discardsBusiness: boolean;
    write?(trx: Kysely<Database>, ctx: StageContext, id: string): Promise<void>;
  };
  /** The transition route's summary; absent: the stage moves by a route of its own (the demand). */
  transition?: { summary: string };
  /** The reviewers' read of the detail (`GET :id/review`), granted on the stage's review page. */
  review?: { menu: string; summary: string };
  /** The record printed (`GET :id/pdf?revision=`, 导出 on `menu`): the template's values and the file's name. */
  document?: {
    menu: string;
    summary: string;
    template: DocumentTemplate;
    values(ctx: StageContext, row: ResourceRecord, revision?: number): Promise<{ values: object; fileName: string }>;
  };
}

/** What the kit gives a stage's own routes. */
export interface StageKit {
  db: Kysely<Database>;
  row: TObject;
  detail: TObject;
  tags: string[];
  context(request: Parameters<typeof sessionOf>[0]): Promise<StageContext>;
  load(ctx: StageContext, id: string): Promise<ResourceRecord>;
  withActions(ctx: StageContext, records: ResourceRecord[]): Promise<StageRow[]>;
  detailOf(ctx: StageContext, id: string): Promise<object>;
  /**
   * The business behind a row, within the caller's scope (another subtree's is the stage's 不存在). Read in the
   * caller's transaction, its row stays locked until that ends: of two writes at once, the second sees the first.
   */
  business(ctx: Pick<StageContext, 'tenantId' | 'actor'>, id: string, trx?: Kysely<Database>): Promise<BusinessRow>;
  /** Registers a route of the stage's own: the kit's tag and access, the caller's context, the envelope. */
  route(spec: StageRoute, handle: (ctx: StageContext, request: FastifyRequest) => Promise<unknown>): void;
  /** Registers the download of a stored document of the stage's own (the evidence its handler finds, checked). */
  file: StageOwnRoutes['file'];
  /**
   * A write of the stage's own (POST, params `:id`): the record read in the caller's scope, then `write` with the
   * body (登记放款, 推送); answers the detail.
   */
  act<B>(spec: OwnWrite, write: (ctx: StageContext, id: string, body: B) => Promise<unknown>): void;
  /**
   * A route of the stage's own (POST, params `:id`) that moves the business by `action` under the body's `version`
   * and `comment`, with the values the body carries as the table reads them (登记反馈's answer); answers the detail.
   */
  move<B>(spec: OwnWrite, action: string, values: (body: B) => MoveValues): void;
  /** The stage's own write in the operation log (`<name>.<verb>`), inside the caller's transaction. */
  log(
    trx: Kysely<Database>,
    ctx: StageContext,
    verb: string,
    id: string,
    change: { before?: object; after?: object },
  ): Promise<void>;
}

type MoveValues = Readonly<Record<string, string | number | null>>;
type OwnWrite = Omit<StageRoute, 'method' | 'params' | 'response'>;

const RevisionQuery = Type.Object(
  { revision: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$' })) },
  { additionalProperties: false },
);

const VersionQuery = Type.Object(
  { version: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) },
  { additionalProperties: false },
);

export function registerStage<B, C>(
  app: FastifyInstance,
  deps: GatewayDeps,
  def: StageDef,
  hooks: StageHooks<B, C>,
): StageKit {
  const DEF = def.resource;
  const LIST = DEF.menuPath;
  const M = def.messages;
  const db = deps.db;
  const row = rowSchema(DEF);
  const detail = hooks.detail
    ? Type.Object({ ...row.properties, ...hooks.detail.properties }, { additionalProperties: false })
    : row;
  const tags = ['business'];
  const own = stageActions(def);

  const { context, route, business, file } = stageOwnRoutes(app, deps, DEF.api, LIST, M.notFound);
  const load = (ctx: StageContext, id: string) => scopedRecord(deps.db, DEF, ctx.tenantId, id, ctx.actor, M.notFound);
  const log: StageKit['log'] = (trx, ctx, verb, id, change) =>
    logOperation(trx, {
      ...{ tenantId: ctx.tenantId, userId: ctx.userId, now: ctx.now, action: `${DEF.name}.${verb}` },
      ...{ targetType: DEF.name, targetId: id, ...change },
    });

  /** The stored businesses of these rows, in one query, as the table reads them. */
  const businessesOf = async (tenantId: string, ids: string[]) => {
    if (ids.length === 0) return new Map<string, BusinessRow>();
    const rows = await deps.db
      .selectFrom('financing_business')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('business_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.business_id, toBusinessRow(r)]));
  };
  const act: StageKit['act'] = (spec, write) =>
    route({ ...spec, method: 'POST', params: IdParams, response: detail }, async (ctx, request) => {
      const id = (request.params as IdParams).id;
      await load(ctx, id);
      await write(ctx, id, request.body as Parameters<typeof write>[2]);
      return detailOf(ctx, id);
    });
  const move: StageKit['move'] = (spec, action, values) =>
    act<Parameters<typeof values>[0] & { version: number; comment?: string }>(spec, (ctx, id, body) =>
      transitionBusiness(deps.db, {
        ...{ tenantId: ctx.tenantId, businessId: id, actor: ctx.actor, action, version: body.version, now: ctx.now },
        ...(body.comment ? { comment: body.comment } : {}),
        values: values(body),
      }),
    );
  /** Each row with the stage's own actions the table offers the caller on it now, and the records read for them. */
  const offeredRows = async (ctx: StageContext, records: ResourceRecord[]) => {
    const recordOf = hooks.recordOf;
    const byId = recordOf
      ? new Map(records.map((r) => [r.keyId, recordOf(r)]))
      : await businessesOf(
          ctx.tenantId,
          records.map((r) => r.keyId),
        );
    const known = records.filter((r) => byId.has(r.keyId));
    const offered = await offeredFor(
      deps.db,
      ctx.tenantId,
      known.map((r) => byId.get(r.keyId) as BusinessRecord),
      ctx.actor,
      ctx.now,
    );
    const actions = new Map(known.map((r, i) => [r.keyId, offered[i] ?? []]));
    const rows = records.map((r): StageRow => {
      const state = byId.get(r.keyId)?.state ?? '';
      const mine = (actions.get(r.keyId) ?? []).filter((a) => own.has(a) && movesOnStage(def, state, a));
      return { ...r, actions: mine };
    });
    return { rows, byId };
  };
  const withActions = async (ctx: StageContext, records: ResourceRecord[]) => (await offeredRows(ctx, records)).rows;
  /**
   * Personal data the definition masks (a contact's mobile) is whole on the detail only for the record's own
   * supplier user and for staff who may write on the stage's list; lists and exports always mask it.
   */
  const readsWhole = async (ctx: StageContext, record: ResourceRecord) => {
    if (ctx.actor.supplierId) return record.supplierId === ctx.actor.supplierId;
    const granted = (await grantedMenus(deps.db, ctx.userId, ctx.tenantId)).get(normalizeMenuPath(LIST));
    return mayReadWhole(granted ?? new Set());
  };
  const detailOf = async (ctx: StageContext, id: string) => {
    const record = await load(ctx, id);
    const shown = (await readsWhole(ctx, record)) ? record : masked(DEF, record);
    const { rows, byId } = await offeredRows(ctx, [shown]);
    const withAct = rows[0] as StageRow;
    const business = byId.get(id) as BusinessRow;
    return hooks.detail ? { ...withAct, ...(await hooks.detail.load(ctx, withAct, business)) } : withAct;
  };

  app.get(
    `${DEF.api}/page`,
    {
      config: { access: { menu: LIST } },
      schema: {
        tags,
        summary: `${DEF.noun}分页`,
        querystring: querySchema(DEF, true),
        response: envelopeResponses(pageOf(row)),
      },
    },
    async (request) => {
      const ctx = await context(request);
      const q = request.query as ResourceQuery;
      const page = pageRequest(q);
      const { records, total } = await pageResources(db, DEF, ctx.tenantId, q, page, fixedScopeOf(ctx.actor));
      const rows = await withActions(
        ctx,
        records.map((r) => masked(DEF, r)),
      );
      return ok({ records: rows, total, current: page.current, size: page.size });
    },
  );

  app.get(
    `${DEF.api}/export`,
    {
      config: { access: { menu: LIST, op: 'export' } },
      schema: { tags, summary: `${DEF.noun}导出（当前筛选，xlsx）`, querystring: querySchema(DEF, false) },
    },
    async (request, reply) => {
      const ctx = await context(request);
      const q = request.query as ResourceQuery;
      const records = await listResources(db, DEF, ctx.tenantId, q, EXPORT_MAX_ROWS, fixedScopeOf(ctx.actor));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', `${DEF.title}.xlsx`))
        .send(
          await exportWorkbook(
            DEF,
            records.map((r) => masked(DEF, r)),
          ),
        );
    },
  );

  for (const f of hooks.options?.fields ?? []) {
    app.get(
      `${DEF.api}/options/${f.key}`,
      {
        config: { access: { menu: hooks.options?.menu ?? LIST } },
        schema: {
          tags,
          summary: `${DEF.noun}可选${f.label}`,
          response: envelopeResponses(
            Type.Array(Type.Object({ keyId: Type.String(), name: Type.String() }, { additionalProperties: false })),
          ),
        },
      },
      async (request) => {
        const ctx = await context(request);
        return ok(await scopedRefOptions(deps.db, f, ctx.tenantId, ctx.actor));
      },
    );
  }

  app.get(
    `${DEF.api}/:id`,
    {
      // The stage's list, or 业务详情 for staff: those who follow or decide on the business (the committee, the
      // approver) read each stage's record on its detail tabs, within their data scope like the business.
      config: { access: 'session' },
      schema: {
        tags,
        summary: hooks.detail?.summary ?? `${DEF.noun}详情`,
        params: IdParams,
        response: envelopeResponses(detail),
      },
    },
    async (request) => {
      const ctx = await context(request);
      const grants = await sessionOf(request).grants();
      const viaDetail = !ctx.actor.supplierId && grantAllows(grants, normalizeMenuPath(BUSINESS_DETAIL));
      if (!grantAllows(grants, normalizeMenuPath(LIST)) && !viaDetail) throw forbidden();
      return detailOf(ctx, (request.params as IdParams).id).then(ok);
    },
  );

  const edit = hooks.edit;
  if (edit) {
    app.put(
      `${DEF.api}/:id`,
      {
        config: { access: { menu: edit.menu ?? LIST, op: 'edit' } },
        schema: {
          tags,
          summary: edit.summary,
          params: IdParams,
          body: Type.Object({ ...edit.body, version: Version }, { additionalProperties: false }),
          response: envelopeResponses(detail),
        },
      },
      async (request) => {
        const ctx = await context(request);
        const id = (request.params as IdParams).id;
        const body = request.body as B & { version: number };
        const before = await load(ctx, id);
        if (before.version !== body.version) throw staleError(M.stale);
        const states = editableStates(def.stage);
        if (!states.some((s) => s.endsWith(`/${before.status}`))) throw invalidInput(M.notEditable);
        // Saving a draft is its maker's, as submitting it is (the table's rule).
        const business = hooks.recordOf ? hooks.recordOf(before) : (await businessesOf(ctx.tenantId, [id])).get(id);
        const notMaker = business && (await makerRefusalOf(deps.db, ctx, business));
        if (notMaker) throw invalidInput(notMaker);
        const checked = await edit.check(ctx, before, body);
        await deps.db.transaction().execute(async (trx) => {
          // The business row first, as every transition takes it: of saves at once only one writes (the others
          // find the version moved on), and a save crossing its 提交 waits instead of locking the other way round.
          const locked = await loadBusiness(trx, ctx.tenantId, id, true);
          if (locked.version !== body.version) throw staleError(M.stale);
          const { business, after } = await edit.write(trx, ctx, id, checked, before);
          const base = { tenantId: ctx.tenantId, businessId: id, version: body.version, actor: ctx.actor };
          if (!(await reviseBusiness(trx, { ...base, states, now: ctx.now, set: business ?? {} }))) {
            throw staleError(M.stale);
          }
          await log(trx, ctx, 'update', id, { before, after });
        });
        return ok(await detailOf(ctx, id));
      },
    );
  }

  const remove = hooks.remove;
  if (remove) {
    app.delete(
      `${DEF.api}/:id`,
      {
        config: { access: { menu: LIST, op: 'delete' } },
        schema: { tags, summary: remove.summary, params: IdParams, querystring: VersionQuery },
      },
      async (request) => {
        const ctx = await context(request);
        const id = (request.params as IdParams).id;
        const version = Number((request.query as { version: string }).version);
        const before = await load(ctx, id);
        if (before.version !== version) throw staleError(M.stale);
        const draft = removableState(def.stage);
        if (!draft.endsWith(`/${before.status}`) || (await submittedIn(deps.db, ctx.tenantId, id, def.stage))) {
          throw invalidInput(M.notRemovable);
        }
        await deps.db.transaction().execute(async (trx) => {
          const revised = await reviseBusiness(trx, {
            tenantId: ctx.tenantId,
            businessId: id,
            version,
            actor: ctx.actor,
            now: ctx.now,
            states: [draft],
            discard: remove.discardsBusiness,
          });
          if (!revised) throw staleError(M.stale);
          await remove.write?.(trx, ctx, id);
          await log(trx, ctx, 'delete', id, { before });
        });
        return ok(null);
      },
    );
  }

  if (hooks.transition) {
    app.post(
      `${DEF.api}/:id/transition`,
      {
        config: { access: { menu: LIST } },
        schema: {
          tags,
          summary: hooks.transition.summary,
          params: IdParams,
          body: transitionBody(def),
          response: envelopeResponses(detail),
        },
      },
      async (request) => {
        const ctx = await context(request);
        const id = (request.params as IdParams).id;
        const body = request.body as { action: string; version: number; comment?: string };
        await load(ctx, id);
        // Only the stage's own moves here; the business's others have their own pages.
        if (!own.has(body.action)) throw invalidInput(M.notStageAction);
        await transitionBusiness(deps.db, {
          tenantId: ctx.tenantId,
          businessId: id,
          actor: ctx.actor,
          action: body.action,
          version: body.version,
          comment: body.comment,
          now: ctx.now,
        });
        return ok(await detailOf(ctx, id));
      },
    );
  }

  if (hooks.review) {
    app.get(
      `${DEF.api}/:id/review`,
      {
        config: { access: { menu: hooks.review.menu } },
        schema: { tags, summary: hooks.review.summary, params: IdParams, response: envelopeResponses(detail) },
      },
      async (request) => detailOf(await context(request), (request.params as IdParams).id).then(ok),
    );
  }

  const doc = hooks.document;
  if (doc) {
    app.get(
      `${DEF.api}/:id/pdf`,
      {
        config: { access: { menu: doc.menu, op: 'export' } },
        schema: { tags, summary: doc.summary, params: IdParams, querystring: RevisionQuery },
      },
      async (request, reply) => {
        const ctx = await context(request);
        const asked = (request.query as { revision?: string }).revision;
        const record = await load(ctx, (request.params as IdParams).id);
        const { values, fileName } = await doc.values(ctx, record, asked ? Number(asked) : undefined);
        const pdf = await renderDocument(doc.template, values as Record<string, unknown>, {
          cjkFont: deps.cjkFont,
          fileName,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition('attachment', pdf.fileName))
          .send(pdf.pdf);
      },
    );
  }

  return { db, row, detail, tags, context, load, withActions, detailOf, business, route, file, act, move, log };
}

/** `{ action, version, comment? }`, the action described by the stage's own actions in the table's words. */
export function transitionBody(def: StageDef) {
  const pages = stagePages(def);
  const words = [...stageActions(def)].map((a) => {
    const t = transitionOfStage(def, a, pages);
    return `${a} ${t?.label ?? ''}`.trim();
  });
  return Type.Object(
    {
      action: Type.String({ maxLength: 40, description: words.join(' | ') }),
      version: Version,
      comment: Type.Optional(Type.String({ maxLength: 2000 })),
    },
    { additionalProperties: false },
  );
}

const transitionOfStage = (def: StageDef, action: string, pages: string[]) =>
  statesOf(def.stage)
    .map((s) => transitionOf(s, action))
    .find((t) => t?.menu && pages.includes(t.menu));

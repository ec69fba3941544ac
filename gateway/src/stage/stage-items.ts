// Stage items on the gateway (HOUSE.md "Many records per business are stage items"; src/domain/workflow/items.ts):
// from an item definition — its table of rows (`item_id, tenant_id, business_id, seq, status, version,
// updated_at` and its own columns), its pure workflow table and the business states that allow a move — the kit
// registers the page of a business's items (within the caller's scope, as every stage list is) and one item's
// transition: in one transaction the business read and locked (another subtree's or tenant's is not found), the
// parent's guard, the item locked on the version the caller read (160300409 when stale), the table's verdict
// (160300003 when the caller may not take the action, 160300400 with its words otherwise), the item written with
// the next version, the stage's effects, the operation log. Its checkpoint rule counts the items of the business.
// A stage whose items people add (a repayment's registration) names its `create`: the kit registers the 新增 of
// one item on its business, in the same checks (scope, the parent's guard) and transaction, with the next `seq`.
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type TObject, type TProperties, Type } from 'typebox';
import type { Checkpoint, StateKey } from '../../../src/domain/financing/lifecycle';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { menuIdForPath, normalizeMenuPath } from '../../../src/domain/menu/menu';
import { type ItemFacts, type StageItem, itemParentRefusal } from '../../../src/domain/workflow/items';
import {
  type TransitionInput,
  type WorkflowContext,
  type WorkflowTable,
  WorkflowMessage,
  allowedActions,
  applyTransition,
  grantOf,
} from '../../../src/domain/workflow/workflow';
import type { Database } from '../db/database';
import type { GatewayDeps } from '../deps';
import { type Actor, BusinessMessage, inScope, loadBusiness } from '../modules/business/aggregate';
import { registerCheckpoint } from '../modules/business/facts';
import { logOperation } from '../modules/operation-log/repository';
import { grantAllows, sessionOf } from '../plugins/auth-guard';
import { BUSINESS_DETAIL } from '../modules/business/visibility';
import { AppError, envelopeResponses, forbidden, invalidInput, notFound, ok } from '../plugins/envelope';
import { BusinessParams, IdParams, PageQuery, Version, pageOf, pageRequest } from '../schemas/common';
import type { OperationCode } from '../../../src/domain/menu/route-catalogue';
import type { BusinessRow } from '../modules/business/aggregate';
import { newId } from '../ids';
import { callerOf, staleError } from './stage-scope';
import { type TablesWith, kitDb } from './stage-tables';
import { type Extensions, extensionsOf } from './extensions';
import { businessRule } from './stage-rules';

declare module './extensions' {
  interface ExtensionPoints {
    itemsDefs: Map<string, ItemsDef<string, StageItem<string>>>;
  }
}

export type ItemValues = Readonly<Record<string, string | number | null>>;

/** The columns every stage item's row carries, as the kit reads and writes them. */
export interface ItemColumns {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  status: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The tables a stage's items may be kept in: those whose rows carry the item's columns. */
export type ItemTable = TablesWith<ItemColumns>;

/** The kit's statements on an item table, checked against the item's columns. */
const itemsDb = (db: Kysely<Database>) => kitDb<ItemColumns, ItemTable>(db);

/** Who moves an item, and what the move carried. */
export interface ItemMove<S extends string> {
  tenantId: string;
  actor: Actor;
  now: Date;
  action: string;
  to: S;
  comment: string;
  values: ItemValues;
}

/** One stage's items on the kit. */
export interface ItemsDef<S extends string, I extends StageItem<S>> {
  /** The operation log's target, e.g. elementItem. */
  name: string;
  /** The routes' prefix: `${api}/:businessId/items`, `${api}/items/:id/transition`. */
  api: string;
  /** The page that grants reading the items. */
  menu: string;
  /** The rows' table. */
  table: ItemTable;
  workflow: WorkflowTable<S, I, ItemFacts>;
  /** The business states in which the items move. */
  states: readonly StateKey[];
  messages: { notFound: string; stale: string };
  /** A stored row as the workflow reads it. */
  fromRow(row: Record<string, unknown>): I;
  /** The item on the wire (its `actions` are the kit's), and its schema. */
  wire: { schema: TObject; of(item: I): object };
  /** The columns a move writes besides the status and version (the values it carried, who acted). */
  write(item: I, move: ItemMove<S>): Record<string, unknown>;
  /** What else the move does, in its transaction (evidence bound to the item). */
  after?(trx: Kysely<Database>, item: I, move: ItemMove<S>): Promise<void>;
  /** The business checkpoint the items contribute to, and the refusals they give there. */
  checkpoint?: { at: Checkpoint; problems(items: I[]): string[] };
  /** 新增 of one item by a person, on the list's page with `op`. */
  create?: ItemCreate<S>;
}

/** How people add an item: the body, and the row's own columns (or a refusal thrown) in the transaction. */
export interface ItemCreate<S extends string> {
  summary: string;
  op: OperationCode;
  /** The role codes that may add one (anyone holding `op` when absent), as a workflow's `who`. */
  who?: readonly string[];
  /** The refusal when a unique rule of the table is broken by another writer at the same moment. */
  duplicate?: string;
  body: TProperties;
  status: S;
  columns(
    trx: Kysely<Database>,
    business: BusinessRow,
    body: Record<string, unknown>,
    who: { tenantId: string; actor: Actor; now: Date },
  ): Promise<Record<string, unknown>>;
}

const TransitionBody = Type.Object(
  {
    action: Type.String({ maxLength: 40 }),
    version: Version,
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
    values: Type.Optional(
      Type.Record(
        Type.String({ maxLength: 40 }),
        Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()]),
        { maxProperties: 20 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TransitionBody = { action: string; version: number; comment?: string; values?: ItemValues };

/** The columns every item reads alike, as the workflow reads them (a stage adds its own). */
export const itemOf = <S extends string>(r: Record<string, unknown>): StageItem<S> => ({
  ...{ itemId: String(r.item_id), businessId: String(r.business_id), seq: Number(r.seq), name: String(r.name) },
  ...{ status: r.status as S, version: Number(r.version) },
});

/** The business's items in their order. */
export async function itemRows(db: Kysely<Database>, table: ItemTable, tenantId: string, businessId: string) {
  return itemsDb(db)
    .selectFrom(table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .orderBy('seq')
    .execute() as Promise<Record<string, unknown>[]>;
}

/** The grants of the item table the actor holds: each action's code on its own page. */
const itemGrants = <S extends string, I>(actor: Actor, table: WorkflowTable<S, I, ItemFacts>) =>
  new Set(
    table.transitions
      .filter((t) => actor.grants.has(grantOf(t)) || (!!t.menu && actor.grants.has(`${menuIdForPath(t.menu)}:${t.op}`)))
      .map((t) => grantOf(t)),
  );

export function registerItems<S extends string, I extends StageItem<S>>(
  app: FastifyInstance,
  deps: GatewayDeps,
  def: ItemsDef<S, I>,
): void {
  const db = deps.db;
  const row = Type.Object(
    { ...def.wire.schema.properties, actions: Type.Array(Type.String(), { description: '当前用户此刻可执行的操作' }) },
    { additionalProperties: false },
  );
  const context = (actor: Actor, now: Date, parentState: string) => itemContext(def, actor, now, parentState);
  const parent = (tenantId: string, actor: Actor, businessId: string) =>
    itemParent(deps.db, tenantId, actor, businessId);
  const withActions = (items: I[], business: { state: string; suspended: boolean }, ctx: WorkflowContext<ItemFacts>) =>
    itemsWithActions(def, items, business, ctx);

  app.get(
    `${def.api}/:businessId/items`,
    {
      // The stage's list, or 业务详情 for staff (its stage tab shows the items), as the kit's detail is read.
      config: { access: 'session' },
      schema: {
        tags: ['business'],
        summary: `业务的${def.workflow.noun}（分页，含每项当前可执行的操作）`,
        params: BusinessParams,
        querystring: PageQuery,
        response: envelopeResponses(pageOf(row)),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const grants = await sessionOf(request).grants();
      const actor = await callerOf(request, deps.db);
      const viaDetail = !actor.supplierId && grantAllows(grants, normalizeMenuPath(BUSINESS_DETAIL));
      if (!grantAllows(grants, normalizeMenuPath(def.menu)) && !viaDetail) throw forbidden();
      const { businessId } = request.params as { businessId: string };
      const business = await parent(tenantId, actor, businessId);
      const page = pageRequest(request.query as PageQuery);
      const all = (await itemRows(db, def.table, tenantId, businessId)).map(def.fromRow);
      const records = withActions(
        all.slice(page.offset, page.offset + page.size),
        business,
        context(actor, deps.now(), business.state),
      );
      return ok({ records, total: all.length, current: page.current, size: page.size });
    },
  );

  const create = def.create;
  if (create) {
    app.post(
      `${def.api}/:businessId/items`,
      {
        config: { access: { menu: def.menu, op: create.op } },
        schema: {
          tags: ['business'],
          summary: create.summary,
          params: BusinessParams,
          body: Type.Object(create.body, { additionalProperties: false }),
          response: envelopeResponses(row),
        },
      },
      async (request) => {
        const { tenantId } = sessionOf(request);
        const actor = await callerOf(request, deps.db);
        const { businessId } = request.params as { businessId: string };
        const body = request.body as Record<string, unknown>;
        return ok(await addItem(deps.db, def, create, { tenantId, actor, now: deps.now(), businessId, body }));
      },
    );
  }

  app.post(
    `${def.api}/items/:id/transition`,
    {
      config: { access: { menu: def.menu } },
      schema: {
        tags: ['business'],
        summary: `${def.workflow.noun}流转：${def.workflow.transitions.map((t) => `${t.action} ${t.label}`).join(' | ')}`,
        params: IdParams,
        body: TransitionBody,
        response: envelopeResponses(row),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await callerOf(request, deps.db);
      const { id } = request.params as IdParams;
      return ok(
        await moveItem(deps.db, def, { tenantId, actor, now: deps.now(), id, body: request.body as TransitionBody }),
      );
    },
  );
}

/** How an item's move reads its business's guard and the caller's grants. */
function itemContext<S extends string, I>(
  def: Pick<ItemsDef<S, I & StageItem<S>>, 'workflow'>,
  actor: Actor,
  now: Date,
  parentState: string,
): WorkflowContext<ItemFacts> {
  return {
    actorId: actor.userId,
    grants: itemGrants(actor, def.workflow),
    roles: actor.roles,
    now,
    facts: { parentState },
  };
}

/** The business, in the caller's scope (another tenant's or subtree's is not found); locked inside `trx`. */
async function itemParent(db: Kysely<Database>, tenantId: string, actor: Actor, businessId: string, lock = false) {
  const business = await loadBusiness(db, tenantId, businessId, lock);
  if (!inScope(actor, business)) throw notFound(BusinessMessage.notFound);
  return business;
}

/** The items on the wire with what the caller may do on each now (nothing while the business lets none move). */
function itemsWithActions<S extends string, I extends StageItem<S>>(
  def: ItemsDef<S, I>,
  items: I[],
  business: { state: string; suspended: boolean },
  ctx: WorkflowContext<ItemFacts>,
) {
  const moves = itemParentRefusal(business, def.states, def.workflow.noun) === null;
  return items.map((i) => ({
    ...def.wire.of(i),
    actions: moves ? allowedActions(def.workflow, i, ctx).map((t) => t.action) : [],
  }));
}

/** The items as the page answers them, with what `actor` may do on each now: for a stage's own reads. */
export function itemsForActor<S extends string, I extends StageItem<S>>(
  def: ItemsDef<S, I>,
  items: I[],
  business: { state: string; suspended: boolean },
  actor: Actor,
  now: Date,
) {
  return itemsWithActions(def, items, business, itemContext(def, actor, now, business.state));
}

/**
 * One item's move by `actor`, as the route makes it for the caller and a walk (a seed, a browser test's set-up)
 * for a seeded person: the same transaction, checks, effects and log. Answers the item as the route does.
 */
export async function moveItem<S extends string, I extends StageItem<S>>(
  database: Kysely<Database>,
  def: ItemsDef<S, I>,
  { tenantId, actor, now, id, body }: { tenantId: string; actor: Actor; now: Date; id: string; body: TransitionBody },
) {
  const db = itemsDb(database);
  const userId = actor.userId;
  const parent = (t: string, a: Actor, businessId: string, trx: Kysely<Database>) =>
    itemParent(trx, t, a, businessId, true);
  const context = (a: Actor, at: Date, parentState: string) => itemContext(def, a, at, parentState);
  const withActions = (items: I[], business: { state: string; suspended: boolean }, ctx: WorkflowContext<ItemFacts>) =>
    itemsWithActions(def, items, business, ctx);
  const found = await db
    .selectFrom(def.table)
    .select('business_id')
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', id)
    .executeTakeFirst();
  if (!found) throw notFound(def.messages.notFound);
  // Inside a caller's transaction (another stage's move proving this item) the move joins it.
  const within = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    database.isTransaction ? work(database) : database.transaction().execute(work);
  const answer = await within(async (trx) => {
    const business = await parent(tenantId, actor, String(found.business_id), trx);
    const ctx = context(actor, now, business.state);
    const stored = await itemsDb(trx)
      .selectFrom(def.table)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const item = def.fromRow(stored as ItemColumns & Record<string, unknown>);
    const input: TransitionInput = {
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      values: body.values ?? {},
    };
    const verdict = applyTransition(def.workflow, item, body.action, ctx, input);
    if (!verdict.ok && verdict.reason === 'forbidden') throw new AppError(ResultCode.forbidden, verdict.message);
    const refused = itemParentRefusal(business, def.states, def.workflow.noun);
    if (refused) throw invalidInput(refused);
    if (item.version !== body.version) throw staleError(def.messages.stale);
    if (!verdict.ok) throw invalidInput(verdict.message);
    const keys = new Set(verdict.transition.inputs?.keys ?? []);
    const values = Object.fromEntries(Object.entries(body.values ?? {}).filter(([k]) => keys.has(k)));
    const move: ItemMove<S> = {
      tenantId,
      actor,
      now,
      action: body.action,
      to: verdict.to,
      comment: verdict.comment,
      values,
    };
    const written = await itemsDb(trx)
      .updateTable(def.table)
      .set({ ...def.write(item, move), status: verdict.to, version: sql`version + 1`, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw staleError(def.messages.stale);
    await def.after?.(trx, item, move);
    await logOperation(trx, {
      ...{ tenantId, userId, now, action: `${def.name}.${body.action}`, targetType: def.name, targetId: id },
      before: { status: item.status, version: item.version },
      after: { status: verdict.to, version: item.version + 1, comment: verdict.comment },
    });
    const after = await itemsDb(trx)
      .selectFrom(def.table)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    return withActions([def.fromRow(after as ItemColumns & Record<string, unknown>)], business, ctx)[0];
  });
  return answer;
}

/**
 * One item added on its business by `actor`, as the route adds it for the caller and a walk for a seeded person:
 * the business locked and in scope, its guard, the stage's columns, the next `seq`, the operation log.
 */
export async function addItem<S extends string, I extends StageItem<S>>(
  database: Kysely<Database>,
  def: ItemsDef<S, I>,
  create: ItemCreate<S>,
  who: { tenantId: string; actor: Actor; now: Date; businessId: string; body: Record<string, unknown> },
) {
  const { tenantId, actor, now, businessId } = who;
  return database.transaction().execute(async (trx) => {
    // Another tenant's or subtree's business is not found, whoever asks; then only `who` may add.
    const business = await itemParent(trx, tenantId, actor, businessId, true);
    if (create.who && !create.who.some((role) => actor.roles.has(role)))
      throw new AppError(ResultCode.forbidden, WorkflowMessage.forbidden);
    const refused = itemParentRefusal(business, def.states, def.workflow.noun);
    if (refused) throw invalidInput(refused);
    const columns = await create.columns(trx, business, who.body, { tenantId, actor, now });
    const t = itemsDb(trx);
    const last = await t
      .selectFrom(def.table)
      .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
      .where('tenant_id', '=', tenantId)
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    const id = newId(now);
    await t
      .insertInto(def.table)
      .values({
        ...columns,
        ...{ item_id: id, tenant_id: tenantId, business_id: businessId, seq: Number(last.seq) + 1 },
        ...{ status: create.status, version: 1, created_at: now, updated_at: now },
      })
      .execute()
      .catch((e: { code?: string }) => {
        // A unique rule of the stage's table (a bank flow number) broken by a writer at the same moment.
        throw e?.code === '23505' && create.duplicate ? invalidInput(create.duplicate) : e;
      });
    await logOperation(trx, {
      ...{ tenantId, userId: actor.userId, now, action: `${def.name}.add`, targetType: def.name, targetId: id },
      after: { businessId, status: create.status },
    });
    const stored = await t
      .selectFrom(def.table)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    return itemsWithActions(
      def,
      [def.fromRow(stored as ItemColumns & Record<string, unknown>)],
      business,
      itemContext(def, actor, now, business.state),
    )[0];
  });
}

/** The items' contribution to the business's checkpoint, registered where the stage's rules are. */
export function registerItemsCheckpoint<S extends string, I extends StageItem<S>>(
  x: Extensions,
  def: Pick<ItemsDef<S, I>, 'table' | 'fromRow' | 'checkpoint'>,
): void {
  const checkpoint = def.checkpoint;
  if (!checkpoint) return;
  const rule = businessRule(async (db, tenantId, businessId) =>
    checkpoint.problems((await itemRows(db, def.table, tenantId, businessId)).map(def.fromRow)),
  );
  registerCheckpoint(x, checkpoint.at, rule);
}

/**
 * The stage owning the items tells the kit about them by name (its store declares it, as it declares its checkpoint
 * rules), so that another stage moves one through the kit without importing its module.
 */
export function registerItemsDef<S extends string, I extends StageItem<S>>(x: Extensions, def: ItemsDef<S, I>): void {
  x.point('itemsDefs').set(def.name, def as unknown as ItemsDef<string, StageItem<string>>);
}

/**
 * One item of another stage moved as `moveItem` moves it (the same checks, effects and log): a record of one
 * stage that proves an item of another (a letter's receipt, an element condition). Refused when nobody registered.
 */
export async function moveNamedItem(
  database: Kysely<Database>,
  name: string,
  move: { tenantId: string; actor: Actor; now: Date; id: string; body: TransitionBody },
) {
  const def = extensionsOf(database).point('itemsDefs').get(name);
  if (!def) throw new Error(`no stage items named ${name}`);
  return moveItem(database, def, move);
}

/**
 * What the actor may do on each of a business's items now — the table's verdict within the business's guard, as
 * the items' page answers it — for what lists items apart from that page (the workbench's to-dos).
 */
export function itemActionsOf<S extends string, I extends StageItem<S>>(
  def: ItemsDef<S, I>,
  actor: Actor,
  now: Date,
  business: { state: string; suspended: boolean },
  items: I[],
): string[][] {
  return itemsWithActions(def, items, business, itemContext(def, actor, now, business.state)).map((i) => i.actions);
}

// 融资业务 as one aggregate (BUSINESS.md §1): the only way a business is created or moves. A transition is one
// transaction — the row read FOR UPDATE, the facts its guards need, the lifecycle table's verdict, what the
// action does besides the state (the review it starts or advances, the pause), the row written with the next
// version, and one event for the timeline. No rule of the table is repeated here: the table decides, and
// this file only loads what it reads and stores what it answers. The other modules (demand, pre-credit,
// review, workbench) call these functions instead of writing the tables themselves.
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import {
  type BusinessRecord,
  LIFECYCLE,
  type MoveOwner,
  REVIEW_ACTIONS,
  REVIEW_STAGES,
  type StateKey,
  LifecycleMessage,
  applyEffects,
  moveOwner,
  stageOf,
  takesOver,
  transitionOf,
} from '../../../../src/domain/financing/lifecycle';
import {
  type AuditTypeConfig,
  type ReviewLevelConfig,
  type ReviewState,
  defaultAuditType,
  snapshotReview,
  startReview,
} from '../../../../src/domain/financing/review';
import { APPROVED_AMOUNT_KEY, approvedAmountOf } from '../../../../src/domain/financing/pre-credit-rules';
import { ROLE, ROLE_NAME } from '../../../../src/domain/financing/roles';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { applyTransition, grantOf } from '../../../../src/domain/workflow/workflow';
import type { Database } from '../../db/database';
import { bindOwnFiles } from '../file/file-binding';
import { grantedMenus } from '../menu/repository';
import { logOperation } from '../operation-log/repository';
import { newId } from '../../ids';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, invalidInput, notFound } from '../../plugins/envelope';
import type { Actor } from './actor';
import { runAfterTransition } from './after-transition';
import { checkpointOf, loadFacts, writersOf } from './facts';
import type { FinancingBusinessTable } from './tables';
import { fenOf } from '../../stage/stage-money';
import type { ReviewType } from '../../../../src/domain/financing/stages';
import {
  DOCUMENT_PREFIX,
  type DocumentKind,
  dailyDocumentNo,
  shanghaiDay,
} from '../../../../src/domain/document-numbers';

export const BusinessMessage = {
  notFound: '业务不存在',
  stale: '业务已被他人更新，请刷新后重试',
} as const;

/** The business as the gateway's modules read it: money in 分 as bigint, times as ISO text. */
export interface BusinessRow {
  keyId: string;
  businessNo: string;
  supplierId: string;
  projectCompanyId: string | null;
  capitalSideId: string | null;
  productId: string | null;
  state: StateKey;
  suspended: boolean;
  suspendReason: string | null;
  ownerId: string | null;
  applyAmount: bigint;
  approvedAmount: bigint | null;
  review: ReviewState | null;
  reviewArrivedAt: string | null;
  reconsiderCount: number;
  terminateReason: string | null;
  demandId: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type { Actor } from './actor';

/** Whether the actor may see this business at all (Decisions, "Whose data"). */
export function inScope(actor: Actor, row: Pick<BusinessRow, 'supplierId' | 'projectCompanyId'>): boolean {
  if (actor.supplierId) return actor.supplierId === row.supplierId;
  if (actor.orgScope) return !!row.projectCompanyId && actor.orgScope.includes(row.projectCompanyId);
  return true;
}

/** The organisation and every organisation below it. */
async function subtreeOf(db: Kysely<Database>, tenantId: string, orgId: string): Promise<string[]> {
  const rows = await sql<{ org_id: string }>`
    with recursive sub(org_id) as (
      select org_id from organization where org_id = ${orgId} and tenant_id = ${tenantId}
      union
      select o.org_id from organization o join sub on o.parent_id = sub.org_id where o.tenant_id = ${tenantId}
    )
    select org_id from sub`.execute(db);
  return rows.rows.map((r) => r.org_id);
}

const json = <T>(value: unknown): T | null => {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
};
const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : String(d));

export function toBusinessRow(r: Selectable<FinancingBusinessTable>): BusinessRow {
  return {
    keyId: r.business_id,
    businessNo: r.business_no,
    supplierId: r.supplier_id,
    projectCompanyId: r.project_company_id,
    capitalSideId: r.capital_side_id,
    productId: r.product_id,
    state: r.state as StateKey,
    suspended: r.suspended,
    suspendReason: r.suspend_reason,
    ownerId: r.owner_id,
    applyAmount: fenOf(r.apply_amount),
    approvedAmount: r.approved_amount === null ? null : fenOf(r.approved_amount),
    review: json<ReviewState>(r.review),
    reviewArrivedAt: iso(r.review_arrived_at),
    reconsiderCount: Number(r.reconsider_count),
    terminateReason: r.terminate_reason,
    demandId: r.demand_id,
    createdAt: iso(r.created_at) as string,
    updatedAt: iso(r.updated_at) as string,
    version: Number(r.version),
  };
}

/** The business of the tenant, or the house's not-found error (another tenant's id included). */
/** The business; `lock`: its row stays locked until the caller's transaction ends. */
export async function loadBusiness(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  lock = false,
): Promise<BusinessRow> {
  const query = db
    .selectFrom('financing_business')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', id)
    .where('deleted', '=', false);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(BusinessMessage.notFound);
  return toBusinessRow(row);
}

/** Grants as the table reads them: `grantOf(t)` for each transition whose page and code the user holds. */
export function grantSet(granted: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const out = new Set<string>();
  for (const [menuId, ops] of granted) for (const op of ops) out.add(`${menuId}:${op}`);
  for (const t of LIFECYCLE.transitions) {
    if (t.menu && granted.get(menuIdForPath(t.menu))?.has(t.op)) out.add(grantOf(t));
  }
  return out;
}

const ROLE_ORDER: readonly string[] = Object.values(ROLE);

/** The user behind a request, with their enabled roles and every grant. */
export async function actorOf(request: FastifyRequest, db: Kysely<Database>): Promise<Actor> {
  const session = sessionOf(request);
  return actorWith(db, session.tenantId, session.userId, session.grants());
}

/**
 * A person of the tenant as the aggregate sees them, read from the database: for a move one module makes on
 * the businesses it holds, as the person who acts on it (the secretary's meeting moves each business heard).
 */
export async function actorById(db: Kysely<Database>, tenantId: string, userId: string): Promise<Actor> {
  return actorWith(db, tenantId, userId, grantedMenus(db, userId, tenantId));
}

async function actorWith(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  grants: Promise<ReadonlyMap<string, ReadonlySet<string>>>,
): Promise<Actor> {
  const session = { tenantId, userId };
  const [user, roles, granted] = await Promise.all([
    db
      .selectFrom('app_user')
      .select(['nick_name', 'user_type', 'organization_id', 'is_auth_data'])
      .where('user_id', '=', session.userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_role as ur')
      .innerJoin('role as r', 'r.role_id', 'ur.role_id')
      .select(['r.role_code', 'r.role_name'])
      .where('ur.user_id', '=', session.userId)
      .where('r.tenant_id', '=', session.tenantId)
      .where('r.status', '=', 'ENABLED')
      .execute(),
    grants,
  ]);
  const sorted = [...roles].sort((a, b) => rank(a.role_code) - rank(b.role_code));
  const supplier = user.user_type === 'SUPPLIER';
  return {
    userId: session.userId,
    userName: user.nick_name,
    roles: new Set(sorted.map((r) => r.role_code)),
    roleName: sorted[0]?.role_name ?? '',
    roleNames: new Map(sorted.map((r) => [r.role_code, r.role_name])),
    supplierId: supplier ? user.organization_id : null,
    grants: grantSet(granted),
    orgScope: !supplier && user.is_auth_data ? await subtreeOf(db, session.tenantId, user.organization_id) : null,
  };
}

const rank = (code: string) => {
  const i = ROLE_ORDER.indexOf(code);
  return i < 0 ? ROLE_ORDER.length : i;
};

/** The gateway itself, for what happens on its own (expiry, an overdue day, the e-sign provider's answer). */
export function systemActor(): Actor {
  const grants = new Set(LIFECYCLE.transitions.filter((t) => t.who?.includes(ROLE.SYSTEM)).map((t) => grantOf(t)));
  return {
    userId: '0',
    userName: ROLE_NAME.SYSTEM,
    roles: new Set([ROLE.SYSTEM]),
    roleName: ROLE_NAME.SYSTEM,
    roleNames: new Map([[ROLE.SYSTEM, ROLE_NAME.SYSTEM]]),
    supplierId: null,
    grants,
  };
}

/** The record the lifecycle table reads, from a stored business. */
export const recordOf = (row: BusinessRow): BusinessRecord & BusinessRow => row;

/** yyyyMMdd of the instant in Asia/Shanghai (UTC+8, no daylight saving). */

/**
 * The next document number of the day in the tenant: PREFIX + yyyyMMdd + 4 digits (BUSINESS.md §2). One
 * upsert takes it, so two writers at once draw different numbers; inside the caller's transaction, a
 * rolled-back write gives its number back.
 */
export async function nextDocumentNo(
  db: Kysely<Database>,
  tenantId: string,
  kind: DocumentKind,
  now: Date,
): Promise<string> {
  const prefix = DOCUMENT_PREFIX[kind];
  const day = shanghaiDay(now);
  const row = await db
    .insertInto('document_seq')
    .values({ tenant_id: tenantId, prefix, day, last: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'prefix', 'day']).doUpdateSet({ last: sql`document_seq.last + 1` as never }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return dailyDocumentNo(kind, now, row.last);
}

export interface CreateBusiness {
  tenantId: string;
  supplierId: string;
  projectCompanyId: string | null;
  capitalSideId?: string | null;
  ownerId: string | null;
  /** 分. */
  applyAmount: bigint;
  demandId?: string | null;
  actor: Actor;
  now: Date;
  comment?: string;
  /**
   * The id and 业务编号 a demo business keeps from one start to the next, which the demo and its tests know it
   * by; every other business takes a new id and the day's next number.
   */
  id?: string;
  businessNo?: string;
}

/**
 * A new business at PRE_CREDIT/DRAFT with its first event: 受理 from the demand when it comes from one (the
 * caller asked the table for `accept` on the demand's record first), otherwise 新建.
 */
export async function createBusiness(trx: Kysely<Database>, input: CreateBusiness): Promise<BusinessRow> {
  const id = input.id ?? newId(input.now);
  const state: StateKey = 'PRE_CREDIT/DRAFT';
  const businessNo = input.businessNo ?? (await nextDocumentNo(trx, input.tenantId, 'business', input.now));
  await trx
    .insertInto('financing_business')
    .values({
      business_id: id,
      tenant_id: input.tenantId,
      business_no: businessNo,
      supplier_id: input.supplierId,
      project_company_id: input.projectCompanyId,
      capital_side_id: input.capitalSideId ?? null,
      state,
      stage: stageOf(state),
      owner_id: input.ownerId,
      apply_amount: input.applyAmount,
      demand_id: input.demandId ?? null,
      created_by: input.actor.userId,
      created_at: input.now,
      updated_by: input.actor.userId,
      updated_at: input.now,
      version: 1,
    })
    .execute();
  const accept = input.demandId ? transitionOf('DEMAND/NEW', 'accept') : undefined;
  await insertEvent(trx, {
    tenantId: input.tenantId,
    businessId: id,
    from: accept ? 'DEMAND/NEW' : null,
    to: state,
    action: accept ? 'accept' : 'create',
    label: accept?.label ?? '新建业务',
    level: null,
    actor: input.actor,
    role: accept ? actingRole(input.actor, accept.who) : input.actor.roleName,
    comment: input.comment ?? '',
    fileIds: [],
    at: input.now,
    version: 1,
  });
  return loadBusiness(trx, input.tenantId, id);
}

interface EventWrite {
  tenantId: string;
  businessId: string;
  from: string | null;
  to: string;
  action: string;
  label: string;
  level: number | null;
  actor: Actor;
  role: string;
  comment: string;
  fileIds: readonly string[];
  at: Date;
  version: number;
}

async function insertEvent(db: Kysely<Database>, e: EventWrite): Promise<void> {
  await db
    .insertInto('business_event')
    .values({
      event_id: newId(e.at),
      tenant_id: e.tenantId,
      business_id: e.businessId,
      stage: stageOf(e.from ?? e.to),
      from_state: e.from,
      to_state: e.to,
      action: e.action,
      action_label: e.label,
      level: e.level,
      actor_id: e.actor.userId,
      actor_name: e.actor.userName,
      actor_role: e.role,
      comment: e.comment,
      file_ids: JSON.stringify(e.fileIds),
      at: e.at,
      version: e.version,
    })
    .execute();
}

/** The name of the role the actor acts in: one the transition names, else the first they hold. */
function actingRole(actor: Actor, who: readonly string[] | undefined, level?: ReviewLevelConfig): string {
  const code = who?.find((r) => actor.roles.has(r)) ?? level?.roles.find((r) => actor.roles.has(r));
  return (code ? actor.roleNames.get(code) : undefined) ?? actor.roleName;
}

/** The tenant's configuration of a review type; the default when the tenant has no row for it. */
export async function loadAuditType(
  db: Kysely<Database>,
  tenantId: string,
  code: ReviewType,
): Promise<AuditTypeConfig> {
  const row = await db
    .selectFrom('audit_type')
    .select(['code', 'name', 'enabled', 'levels'])
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return defaultAuditType(code);
  return { code, name: row.name, enabled: row.enabled, levels: json<ReviewLevelConfig[]>(row.levels) ?? [] };
}

/** role code → the enabled users of the tenant holding it now. */
async function membersOfRoles(
  db: Kysely<Database>,
  tenantId: string,
  roles: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (roles.length === 0) return out;
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .innerJoin('app_user as u', 'u.user_id', 'ur.user_id')
    .select(['r.role_code', 'u.user_id'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.status', '=', 'ENABLED')
    .where('u.status', '=', 'ENABLED')
    .where('r.role_code', 'in', [...roles])
    .orderBy('u.user_id')
    .execute();
  for (const r of rows) out.set(r.role_code, [...(out.get(r.role_code) ?? []), r.user_id]);
  return out;
}

/**
 * The review a submission starts: the stage's audit type as configured now, snapshotted with its people (an item
 * reviewed on its own, a repayment's confirmation, starts one the same way).
 */
export async function reviewOnSubmit(
  db: Kysely<Database>,
  tenantId: string,
  type: ReviewType,
  makerId: string,
  ownerId: string | null,
  writerIds: readonly string[],
): Promise<ReviewState> {
  const config = await loadAuditType(db, tenantId, type);
  const members = await membersOfRoles(
    db,
    tenantId,
    config.levels.flatMap((l) => l.roles),
  );
  const snapshot = snapshotReview(config, makerId, (role) => members.get(role) ?? [], ownerId, writerIds);
  if (!snapshot.ok) throw invalidInput(snapshot.message);
  return startReview(snapshot.snapshot);
}

export interface TransitionBusiness {
  tenantId: string;
  businessId: string;
  actor: Actor;
  action: string;
  version: number;
  comment?: string;
  values?: Readonly<Record<string, string | number | null>>;
  fileIds?: readonly string[];
  now: Date;
  /** The record making the move when another owns it (the meeting moving the businesses it hears). */
  through?: MoveOwner;
}

/** Whether the grants hold the action anywhere in the table (from some state, on some page). */
const mayEverTake = (grants: ReadonlySet<string>, action: string) =>
  LIFECYCLE.transitions.some((t) => t.action === action && grants.has(grantOf(t)));

/** The file service's binding type of a file attached to a business's move (its timeline). */
export const TIMELINE_FILE_TYPE = 'business';

const stale = () => new AppError(ResultCode.staleVersion, BusinessMessage.stale);

/**
 * One transition of one business, in one transaction. Refusals: 160300003 when the actor may not take the
 * action at all, 160300409 when the version the caller read is not the current one, 160300400 with the
 * table's words for everything else (state, guard, comment, unknown action).
 */
export async function transitionBusiness(db: Kysely<Database>, input: TransitionBusiness): Promise<BusinessRow> {
  const run = async (trx: Transaction<Database> | Kysely<Database>) => {
    const stored = await trx
      .selectFrom('financing_business')
      .selectAll()
      .where('tenant_id', '=', input.tenantId)
      .where('business_id', '=', input.businessId)
      .where('deleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!stored) throw notFound(BusinessMessage.notFound);
    const before = toBusinessRow(stored);
    // A supplier user never learns of another supplier's business, nor a scoped user of another subtree's.
    if (!inScope(input.actor, before)) throw notFound(BusinessMessage.notFound);
    // A move the meeting owns is the meeting's to make, for all it hears at once (its table, its minutes).
    const ownedBy = moveOwner(before.state, input.action);
    if (ownedBy && ownedBy !== input.through)
      throw new AppError(
        ResultCode.forbidden,
        ownedBy === 'MEETING' ? LifecycleMessage.meetingMove : LifecycleMessage.repaymentMove,
      );
    const record = recordOf(before);
    const checkpoint = checkpointOf(before.state, input.action);
    const facts = await loadFacts(trx, input.tenantId, record, input.actor, checkpoint, input.now);
    const ctx = {
      actorId: input.actor.userId,
      grants: input.actor.grants,
      roles: input.actor.roles,
      now: input.now,
      facts,
    };
    const verdict = applyTransition(LIFECYCLE, record, input.action, ctx, {
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
      ...(input.values ? { values: input.values } : {}),
    });
    if (!verdict.ok && verdict.reason === 'forbidden') {
      // A race's loser: the move was theirs on the version they read, and the winner's move took it away.
      if (before.version !== input.version && mayEverTake(input.actor.grants, input.action)) throw stale();
      throw new AppError(ResultCode.forbidden, verdict.message);
    }
    if (before.version !== input.version) throw stale();
    if (!verdict.ok) throw invalidInput(verdict.message);

    // A staff maker submitting a business the supplier applied for takes it over (the table's `takesOver`).
    const owner = input.action === 'submit' && takesOver(record, ctx) ? input.actor.userId : record.ownerId;
    const stage = REVIEW_STAGES.find((s) => s.pending === verdict.to);
    const started =
      input.action === 'submit' && stage
        ? await reviewOnSubmit(
            trx,
            input.tenantId,
            stage.type,
            input.actor.userId,
            owner,
            await writersOf(trx, input.tenantId, stage.stage, input.businessId),
          )
        : null;
    const effects = applyEffects(record, input.action, verdict.to, input.actor.userId, () => started);
    // A review is under way only while its stage waits on it: a business that leaves the pending state any
    // other way (终止, 失效, 否决) keeps no review, so no list shows it waiting at a level any more.
    const after = REVIEW_STAGES.some((s) => s.pending === verdict.to) ? effects : { ...effects, review: null };
    const levelBefore = record.review?.level ?? null;
    const arrived =
      after.review === null
        ? null
        : record.review === null || after.review.level !== levelBefore || input.action === 'return'
          ? input.now
          : stored.review_arrived_at;
    const terminated = stageOf(verdict.to) === 'TERMINATED';
    // A stage whose 通过 carries the 批复额度: the last level's becomes the business's 批复金额.
    const approvedStage = REVIEW_STAGES.find(
      (s) => s.approvesAmount && s.pending === before.state && s.next === verdict.to,
    );
    const approvedAmount =
      input.action === 'approve' && approvedStage
        ? approvedAmountOf(input.values?.[APPROVED_AMOUNT_KEY], before.applyAmount)
        : before.approvedAmount;
    const nextVersion = before.version + 1;
    const result = await trx
      .updateTable('financing_business')
      .set({
        state: verdict.to,
        stage: stageOf(verdict.to),
        suspended: after.suspended,
        suspend_reason:
          input.action === 'suspend' ? verdict.comment : input.action === 'resume' ? null : before.suspendReason,
        review: after.review === null ? null : JSON.stringify(after.review),
        review_arrived_at: arrived,
        reconsider_count: after.reconsiderCount,
        owner_id: owner,
        terminate_reason: terminated ? verdict.comment || null : before.terminateReason,
        approved_amount: approvedAmount,
        updated_by: input.actor.userId,
        updated_at: input.now,
        version: nextVersion,
      })
      .where('tenant_id', '=', input.tenantId)
      .where('business_id', '=', input.businessId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw stale();
    // The other modules' effects of this move (reservations), in this transaction: they hold or it all fails.
    await runAfterTransition(trx, {
      tenantId: input.tenantId,
      businessId: input.businessId,
      action: input.action,
      from: before.state,
      to: verdict.to,
      actor: input.actor,
      now: input.now,
      values: input.values ?? {},
    });

    // A move's attachments are the actor's own uploads, bound to this business from now on (DESIGN.md §2).
    const fileIds = input.fileIds ?? [];
    await bindOwnFiles(trx, { tenantId: input.tenantId, userId: input.actor.userId }, fileIds, {
      type: TIMELINE_FILE_TYPE,
      id: input.businessId,
    });
    const reviewLevel = record.review ? record.review.snapshot.levels[record.review.level - 1] : undefined;
    await insertEvent(trx, {
      tenantId: input.tenantId,
      businessId: input.businessId,
      from: before.state,
      to: verdict.to,
      action: input.action,
      label: verdict.transition.label,
      level: REVIEW_ACTIONS.includes(input.action) ? levelBefore : null,
      actor: input.actor,
      role: actingRole(input.actor, verdict.transition.who, reviewLevel),
      comment: verdict.comment,
      fileIds,
      at: input.now,
      version: nextVersion,
    });
    if (input.actor.userId !== systemActor().userId) {
      await logOperation(trx, {
        tenantId: input.tenantId,
        userId: input.actor.userId,
        now: input.now,
        action: `business.${input.action}`,
        targetType: 'business',
        targetId: input.businessId,
        before: { state: before.state, version: before.version },
        after: { state: verdict.to, version: nextVersion, comment: verdict.comment },
      });
    }
    return loadBusiness(trx, input.tenantId, input.businessId);
  };
  // Inside a caller's transaction (a demand's acceptance writes more) or a transaction of its own.
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** What a stage's draft may carry onto its business. */
export interface BusinessRevision {
  /** 分. */
  applyAmount?: bigint;
  projectCompanyId?: string | null;
  capitalSideId?: string | null;
  productId?: string | null;
}

export interface ReviseBusiness {
  tenantId: string;
  businessId: string;
  /** The version the caller read. */
  version: number;
  /** The states in which the stage allows this change (the table's, through the stage definition). */
  states: readonly StateKey[];
  actor: Actor;
  now: Date;
  /** What a stage's draft carries onto its business: the amount applied for, the project company, and (融资申请)
   * the capital side and product. */
  set?: BusinessRevision;
  /** The stage's draft is deleted, and the business with it (it was made with the draft). */
  discard?: boolean;
}

/**
 * A stage's edit or deletion of its draft, as a change of the business: the figures it carries, the next
 * version, only from the states the stage allows and only on the version read. Answers whether it held;
 * the stage answers a miss with its own stale message.
 */
export async function reviseBusiness(db: Kysely<Database>, input: ReviseBusiness): Promise<boolean> {
  const changed = await db
    .updateTable('financing_business')
    .set({
      ...(input.set?.applyAmount !== undefined ? { apply_amount: input.set.applyAmount } : {}),
      ...(input.set?.projectCompanyId !== undefined ? { project_company_id: input.set.projectCompanyId } : {}),
      ...(input.set?.capitalSideId !== undefined ? { capital_side_id: input.set.capitalSideId } : {}),
      ...(input.set?.productId !== undefined ? { product_id: input.set.productId } : {}),
      ...(input.discard ? { deleted: true } : {}),
      updated_by: input.actor.userId,
      updated_at: input.now,
      version: sql<number>`version + 1`,
    })
    .where('tenant_id', '=', input.tenantId)
    .where('business_id', '=', input.businessId)
    .where('version', '=', input.version)
    .where('state', 'in', [...input.states])
    .where('deleted', '=', false)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** Whether the business was ever submitted in this stage (a draft once submitted is not deleted). */
export async function submittedIn(db: Kysely<Database>, tenantId: string, businessId: string, stage: string) {
  const row = await db
    .selectFrom('business_event')
    .select('event_id')
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .where('stage', '=', stage)
    .where('action', '=', 'submit')
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The terms a financing decision approved, as the business carries them from its approval on. */
export interface ApprovedTerms {
  /** 分. */
  amount: bigint;
  /** Annual, four places. */
  annualRate: string;
  termDays: number;
  financingRatio: string;
  repaymentMethod: string;
  /** The last day the decision may be lent on, YYYY-MM-DD. */
  validUntil: string;
}

/**
 * The business's 申请金额 as its 融资申请 was submitted (the lines' total) — inside that 提交's transaction (the
 * application module's effect after the move), and only on a business that has just entered the review through
 * it: a draft never sets it, so the figure is always what a reviewer is asked to approve.
 */
export async function recordAppliedAmount(
  trx: Kysely<Database>,
  tenantId: string,
  businessId: string,
  /** 分. */
  amount: bigint,
): Promise<void> {
  const result = await trx
    .updateTable('financing_business')
    .set({ apply_amount: amount })
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .where('state', '=', 'APPLICATION/PENDING')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw stale();
}

/**
 * The approved terms on the business, written when its decision's last review level approves it — inside that
 * transition's transaction (the decision module's effect after the move), and only on a business that has just
 * left 融资决议 through it, so no other path sets them.
 */
export async function recordApprovedTerms(
  trx: Kysely<Database>,
  tenantId: string,
  businessId: string,
  terms: ApprovedTerms,
): Promise<void> {
  const result = await trx
    .updateTable('financing_business')
    .set({
      approved_amount: terms.amount,
      approved_annual_rate: terms.annualRate,
      approved_term_days: terms.termDays,
      approved_financing_ratio: terms.financingRatio,
      approved_repayment_method: terms.repaymentMethod,
      decision_valid_until: terms.validUntil,
    })
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .where('state', '=', 'ELEMENTS/DRAFT')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw stale();
}

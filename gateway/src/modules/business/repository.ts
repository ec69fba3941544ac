// Reading businesses for the screens: the list with its tabs and filters (paged by a deferred join), a
// business with the names of its parties and its review, and its timeline. Writes go through aggregate.ts.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import {
  type BusinessDetail,
  type BusinessEventView,
  type BusinessListItem,
  type BusinessTab,
  TAB_STAGES,
} from '../../../../src/domain/financing/business-list';
import { type StateKey, moveOwner, stateLabel, stageOf } from '../../../../src/domain/financing/lifecycle';
import type { ReviewState } from '../../../../src/domain/financing/review';
import type { Database } from '../../db/database';
import { pageByDeferredJoin } from '../../db/paging';
import { type Actor, type BusinessRow, inScope, toBusinessRow } from './aggregate';
import { withinScope } from '../../resource/resource-repository';
import { fixedScopeOf } from '../../stage/stage-scope';
import { wireFen } from '../../stage/stage-money';
import { offeredFor } from './facts';
import { type Stage, REVIEW_TYPE_LABEL } from '../../../../src/domain/financing/stages';

export interface BusinessFilter {
  tab?: BusinessTab;
  businessNo?: string;
  supplierId?: string;
  stage?: string;
  state?: string;
  /** 分 */
  /** 分. */
  amountFrom?: bigint;
  /** 分. */
  amountTo?: bigint;
  /** 'YYYY-MM-DD' in Asia/Shanghai, both ends included. */
  updatedFrom?: string;
  updatedTo?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The instant a Shanghai calendar day starts. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);

// biome-ignore lint/suspicious/noExplicitAny: the filter composes on the aliased table
type Filtered = SelectQueryBuilder<any, any, object>;

function filtered(db: Kysely<Database>, tenantId: string, actor: Actor, f: BusinessFilter): Filtered {
  let q = db
    .selectFrom('financing_business as b')
    .where('b.tenant_id', '=', tenantId)
    .where('b.deleted', '=', false) as Filtered;
  // The caller's data scope, as every stage's list reads it (Decisions, "Whose data").
  q = withinScope(q, 'b', fixedScopeOf(actor));
  if (f.tab) q = q.where('b.stage', 'in', [...TAB_STAGES[f.tab]]);
  if (f.businessNo) q = q.where('b.business_no', 'like', `%${escapeLike(f.businessNo)}%`);
  if (f.supplierId) q = q.where('b.supplier_id', '=', f.supplierId);
  if (f.stage) q = q.where('b.stage', '=', f.stage);
  if (f.state) q = q.where('b.state', '=', f.state);
  if (f.amountFrom !== undefined) q = q.where('b.apply_amount', '>=', f.amountFrom);
  if (f.amountTo !== undefined) q = q.where('b.apply_amount', '<=', f.amountTo);
  if (f.updatedFrom) q = q.where('b.updated_at', '>=', dayStart(f.updatedFrom));
  if (f.updatedTo) {
    q = q.where('b.updated_at', '<', new Date(dayStart(f.updatedTo).getTime() + 86_400_000));
  }
  return q;
}

/** The rows with their parties' names, in the order of `ids` when given. */
function withNames(db: Kysely<Database>) {
  return db
    .selectFrom('financing_business as b')
    .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
    .leftJoin('organization as p', 'p.org_id', 'b.project_company_id')
    .leftJoin('organization as c', 'c.org_id', 'b.capital_side_id')
    .leftJoin('app_user as o', 'o.user_id', 'b.owner_id')
    .selectAll('b')
    .select([
      's.org_name as supplier_name',
      // A pre-credit made under 全部项目公司 names no project company on the business: its basis orders do (each
      // order's own, several joined with 、), so every list, detail and review page still says whose they are.
      // (migration 0230's basis_project_companies, which the 预授信 and 融资申请 views read too).
      sql<string | null>`coalesce(p.org_name, basis_project_companies(b.tenant_id, b.business_id))`.as(
        'project_company_name',
      ),
      'c.org_name as capital_side_name',
      // 资金产品 is the funds module's resource table, read by name only.
      sql<string | null>`(select f.product_name from fund_product f where f.product_id = b.product_id)`.as(
        'product_name',
      ),
      'o.nick_name as owner_name',
    ]);
}

type NamedRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

function itemOf(r: NamedRow, actions: string[]): BusinessListItem & { row: BusinessRow } {
  const row = toBusinessRow(r);
  return {
    row,
    keyId: row.keyId,
    businessNo: row.businessNo,
    supplierId: row.supplierId,
    supplierName: r.supplier_name,
    projectCompanyId: row.projectCompanyId,
    projectCompanyName: r.project_company_name,
    capitalSideName: r.capital_side_name,
    productName: r.product_name ?? null,
    applyAmount: wireFen(row.applyAmount),
    approvedAmount: row.approvedAmount === null ? null : wireFen(row.approvedAmount),
    stage: stageOf(row.state),
    state: row.state,
    stateLabel: stateLabel(row.state),
    reviewLevel: row.review?.level ?? null,
    reviewLevels: row.review?.snapshot.levels.length ?? null,
    suspended: row.suspended,
    ownerId: row.ownerId,
    ownerName: r.owner_name,
    updatedAt: row.updatedAt,
    version: row.version,
    actions,
  };
}

const listItem = ({ row: _row, ...item }: BusinessListItem & { row: BusinessRow }): BusinessListItem => item;

export const EXPORT_MAX_ROWS = 10_000;

export async function pageBusinesses(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  f: BusinessFilter,
  page: { offset: number; size: number },
  now: Date,
): Promise<{ records: BusinessListItem[]; total: number }> {
  const base = filtered(db, tenantId, actor, f);
  const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const total = Number(count.total);
  if (total === 0 || page.offset >= total) return { records: [], total };
  const rows = await pageByDeferredJoin({
    keys: base.select('b.business_id'),
    rows: withNames(db).where('b.tenant_id', '=', tenantId),
    key: 'b.business_id',
    orderBy: [
      ['b.updated_at', 'desc'],
      ['b.business_id', 'desc'],
    ],
    offset: page.offset,
    limit: page.size,
  });
  return { records: await withActions(db, tenantId, actor, rows, now), total };
}

async function withActions(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  rows: NamedRow[],
  now: Date,
): Promise<BusinessListItem[]> {
  const items = rows.map((r) => itemOf(r, []));
  const actions = await offeredFor(
    db,
    tenantId,
    items.map((i) => i.row),
    actor,
    now,
  );
  // A move the meeting owns is offered on the meeting's pages, never as a button of the business.
  const own = (i: (typeof items)[number], a: string) => !moveOwner(i.row.state, a);
  return items.map((i, n) => listItem({ ...i, actions: (actions[n] ?? []).filter((a) => own(i, a)) }));
}

/** Every row of the filter (for the export), newest change first. */
export async function listBusinesses(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  f: BusinessFilter,
  limit: number,
): Promise<BusinessListItem[]> {
  const ids = filtered(db, tenantId, actor, f).select('b.business_id');
  const rows = await withNames(db)
    .where('b.tenant_id', '=', tenantId)
    .where('b.business_id', 'in', ids)
    .orderBy('b.updated_at', 'desc')
    .orderBy('b.business_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => listItem(itemOf(r, [])));
}

async function userNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user')
    .select(['user_id', 'nick_name'])
    .where('user_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.nick_name]));
}

async function reviewView(db: Kysely<Database>, review: ReviewState | null): Promise<BusinessDetail['review']> {
  if (!review) return null;
  const names = await userNames(db, [
    ...review.snapshot.levels.flatMap((l) => l.reviewerIds),
    ...review.opinions.map((o) => o.actorId),
  ]);
  return {
    type: review.snapshot.type,
    typeLabel: REVIEW_TYPE_LABEL[review.snapshot.type],
    level: review.level,
    levels: review.snapshot.levels.map((l, i) => ({
      level: i + 1,
      approveMethod: l.approveMethod,
      reviewerNames: l.reviewerIds.map((id) => names.get(id) ?? id),
    })),
    opinions: review.opinions.map((o) => ({ ...o, actorName: names.get(o.actorId) ?? o.actorId })),
  };
}

/** One business as its detail page shows it, with what the actor may do on it now. */
export async function businessDetail(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  id: string,
  now: Date,
): Promise<Omit<BusinessDetail, 'sections'> | null> {
  const q = withNames(db)
    .where('b.tenant_id', '=', tenantId)
    .where('b.business_id', '=', id)
    .where('b.deleted', '=', false);
  const r = await q.executeTakeFirst();
  if (!r || !inScope(actor, { supplierId: r.supplier_id, projectCompanyId: r.project_company_id })) return null;
  const [item] = await withActions(db, tenantId, actor, [r], now);
  const row = toBusinessRow(r);
  return {
    ...(item as BusinessListItem),
    capitalSideId: row.capitalSideId,
    review: await reviewView(db, row.review),
    demandId: row.demandId,
    terminateReason: row.terminateReason,
    suspendReason: row.suspendReason,
    reconsiderCount: row.reconsiderCount,
    reviewArrivedAt: row.reviewArrivedAt,
    createdAt: row.createdAt,
  };
}

/** The business's timeline, oldest first. */
export async function businessEvents(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
): Promise<BusinessEventView[]> {
  const rows = await db
    .selectFrom('business_event')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .orderBy('at')
    .orderBy('version')
    .execute();
  return rows.map((e) => ({
    keyId: e.event_id,
    stage: e.stage as Stage,
    fromState: e.from_state as StateKey | null,
    toState: e.to_state as StateKey,
    fromLabel: e.from_state ? stateLabel(e.from_state) : null,
    toLabel: stateLabel(e.to_state),
    action: e.action,
    actionLabel: e.action_label,
    level: e.level,
    actorId: e.actor_id,
    actorName: e.actor_name,
    actorRole: e.actor_role,
    comment: e.comment,
    fileIds: (typeof e.file_ids === 'string' ? JSON.parse(e.file_ids) : (e.file_ids ?? [])) as string[],
    at: e.at instanceof Date ? e.at.toISOString() : String(e.at),
  }));
}

// The items awaiting a person (BUSINESS.md §4 "Review lists show only items whose current level the user may
// act on"; the workbench's 待审核 and 待制作). The database narrows the candidates — a review state, the
// person among the current level's reviewers in the snapshot (jsonb containment), or a maker state the person
// may own — and the lifecycle table decides: `reviewRefusal` on the snapshot (four-eyes, one opinion a level,
// 依次审批's turn) and the actions `offeredFor` answers (the page's grant, the pause, the maker rule). No rule
// of the table is written here a second time.
import { type Kysely, sql } from 'kysely';
import { type BusinessRecord, type StateKey, stageOf, stateLabel } from '../../../../src/domain/financing/lifecycle';
import { type ReviewState, reviewRefusal } from '../../../../src/domain/financing/review';
import {
  BUSINESS_MAKER_STATES,
  DEPARTMENT_MAKER_STATES,
  PENDING_REVIEW_STATES,
  examineLink,
  makeLink,
  reviewTypeOfState,
  waitingMinutes,
} from '../../../../src/domain/financing/review-queue';
import { REVIEW_ACTIONS, REVIEW_STAGES, reviewStageOf } from '../../../../src/domain/financing/lifecycle';
import type { Database } from '../../db/database';
import type { Actor } from '../business/aggregate';
import { offeredFor } from '../business/facts';
import { withinScope } from '../../resource/resource-repository';
import { fixedScopeOf } from '../../stage/stage-scope';
import { type TodoRow, registerTodoSource } from '../../stage/stage-todos';
import { REVIEW_TYPE_LABEL, type ReviewType } from '../../../../src/domain/financing/stages';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf, wireFen } from '../../stage/stage-money';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('review/queue');

/** The actions that make an item part of a reviewer's queue: the table's review actions. */
const REVIEWING = new Set(REVIEW_ACTIONS);
/** The maker's action that makes an item part of 待制作. */
const MAKER_ACTION = 'submit';

export interface QueueItem {
  businessId: string;
  businessNo: string;
  type: ReviewType;
  typeLabel: string;
  supplierName: string;
  amount: number;
  level: number;
  levels: number;
  makerName: string;
  arrivedAt: string;
  waitingMinutes: number;
  /** Waiting longer than the level's 超时提醒 (a reminder only: nothing moves on its own). */
  overdue: boolean;
  state: StateKey;
  version: number;
}

/** A row of 待审核 or 待制作 (the kit's to-do row). */
export interface TodoItem extends TodoRow {
  itemType: 'REVIEW' | 'MAKE';
}

const json = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T);
const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : String(d));
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function candidateRows(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('financing_business as b')
    .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
    .select([
      'b.business_id',
      'b.business_no',
      'b.supplier_id',
      'b.capital_side_id',
      'b.state',
      'b.suspended',
      'b.owner_id',
      'b.apply_amount',
      'b.review',
      'b.review_arrived_at',
      'b.reconsider_count',
      'b.updated_at',
      'b.version',
      's.org_name as supplier_name',
    ])
    .where('b.tenant_id', '=', tenantId)
    .where('b.deleted', '=', false);
}

type Candidate = Awaited<ReturnType<ReturnType<typeof candidateRows>['execute']>>[number];

const recordOf = (c: Candidate): BusinessRecord & { capitalSideId: string | null } => ({
  state: c.state as StateKey,
  suspended: c.suspended,
  ownerId: c.owner_id,
  supplierId: c.supplier_id,
  reconsiderCount: Number(c.reconsider_count),
  review: json<ReviewState>(c.review),
  capitalSideId: c.capital_side_id,
});

async function userNames(db: Kysely<Database>, tenantId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('app_user')
    .select(['user_id', 'nick_name'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.nick_name]));
}

/**
 * Reads the ordered candidates and keeps what `confirm` keeps: all of them, or — with `limit` (the menu's
 * count, shown as 99+ past 99) — in batches until `limit` are kept or none are left, so a person with
 * thousands of drafts does not make every page load pay for all of them.
 */
async function confirmed<T, R>(
  read: (offset: number, size: number | undefined) => Promise<T[]>,
  confirm: (rows: T[]) => Promise<R[]>,
  limit?: number,
): Promise<R[]> {
  if (limit === undefined) return confirm(await read(0, undefined));
  const batch = Math.max(limit * 2, 200);
  const kept: R[] = [];
  for (let offset = 0; kept.length < limit; offset += batch) {
    const rows = await read(offset, batch);
    kept.push(...(await confirm(rows)));
    if (rows.length < batch) break;
  }
  return kept.slice(0, limit);
}

export interface QueueFilter {
  type?: ReviewType;
  businessNo?: string;
}

/**
 * Every item the actor may review now, longest waiting first. The candidates are the rows in a review state
 * whose current level lists the actor in the snapshot; the table confirms each one.
 */
export async function reviewQueue(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  filter: QueueFilter,
  now: Date,
  limit?: number,
): Promise<QueueItem[]> {
  const states = filter.type
    ? REVIEW_STAGES.filter((s) => s.type === filter.type).map((s) => s.pending)
    : [...PENDING_REVIEW_STATES];
  if (states.length === 0) return [];
  let q = candidateRows(db, tenantId)
    .where('b.state', 'in', states)
    .where('b.review', 'is not', null)
    .where(
      sql<boolean>`(b.review -> 'snapshot' -> 'levels' -> ((b.review ->> 'level')::int - 1) -> 'reviewerIds') @> ${JSON.stringify([actor.userId])}::jsonb`,
    );
  // A supplier user never reviews, but the scope rule holds for every list (Decisions, "Whose data").
  q = withinScope(q, 'b', fixedScopeOf(actor));
  if (filter.businessNo) q = q.where('b.business_no', 'like', `%${escapeLike(filter.businessNo)}%`);
  const ordered = q.orderBy('b.review_arrived_at', 'asc').orderBy('b.business_id', 'asc');
  return confirmed(
    (offset, size) => (size === undefined ? ordered.execute() : ordered.offset(offset).limit(size).execute()),
    (rows) => confirmReviews(db, tenantId, actor, rows, now),
    limit,
  );
}

async function confirmReviews(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  rows: Candidate[],
  now: Date,
): Promise<QueueItem[]> {
  const records = rows.map(recordOf);
  const mine = records.map((r) => (r.review ? reviewRefusal(r.review, actor.userId) === null : false));
  const offered = await offeredFor(
    db,
    tenantId,
    records.filter((_, i) => mine[i]),
    actor,
    now,
  );
  const kept: Array<{ row: Candidate; record: (typeof records)[number] }> = [];
  let n = 0;
  rows.forEach((row, i) => {
    if (!mine[i]) return;
    const actions = offered[n++] ?? [];
    if (actions.some((a) => REVIEWING.has(a))) kept.push({ row, record: records[i] as (typeof records)[number] });
  });
  const names = await userNames(
    db,
    tenantId,
    kept.map((k) => k.record.review?.snapshot.makerId ?? ''),
  );
  return kept.map(({ row, record }) => {
    const review = record.review as ReviewState;
    const arrived = iso(row.review_arrived_at) ?? iso(row.updated_at) ?? now.toISOString();
    const waited = waitingMinutes(arrived, now);
    const timeout = review.snapshot.levels[review.level - 1]?.timeoutHours ?? null;
    return {
      businessId: row.business_id,
      businessNo: row.business_no,
      type: review.snapshot.type,
      typeLabel: REVIEW_TYPE_LABEL[review.snapshot.type],
      supplierName: row.supplier_name ?? '',
      amount: wireFen(fenOf(row.apply_amount)),
      level: review.level,
      levels: review.snapshot.levels.length,
      makerName: names.get(review.snapshot.makerId) ?? '',
      arrivedAt: arrived,
      waitingMinutes: waited,
      overdue: timeout !== null && waited > timeout * 60,
      state: record.state,
      version: Number(row.version),
    };
  });
}

/**
 * The items the actor prepares or resubmits (待制作): a maker state of a review stage, owned by the actor (or
 * by nobody, or the actor's own supplier for a supplier user) — or of a stage a department makes (a report or a
 * decision, draft or returned, is 风控's whoever the 经办人) — where the table offers 提交.
 */
export async function makeQueue(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  now: Date,
  limit?: number,
): Promise<TodoItem[]> {
  let q = candidateRows(db, tenantId).where('b.state', 'in', [...BUSINESS_MAKER_STATES]);
  q = withinScope(q, 'b', fixedScopeOf(actor));
  if (!actor.supplierId) {
    // Staff: its own, nobody's, and those the supplier applied for (the table decides which it may take over).
    const suppliers = db
      .selectFrom('app_user')
      .select('user_id')
      .where('tenant_id', '=', tenantId)
      .where('user_type', '=', 'SUPPLIER');
    q = q.where((eb) =>
      eb.or([
        eb('b.owner_id', '=', actor.userId),
        eb('b.owner_id', 'is', null),
        eb('b.owner_id', 'in', suppliers),
        eb('b.state', 'in', [...DEPARTMENT_MAKER_STATES]),
      ]),
    );
  }
  const ordered = q.orderBy('b.updated_at', 'asc').orderBy('b.business_id', 'asc');
  return confirmed(
    (offset, size) => (size === undefined ? ordered.execute() : ordered.offset(offset).limit(size).execute()),
    (rows) => confirmMakes(db, tenantId, actor, rows, now),
    limit,
  );
}

async function confirmMakes(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  rows: Candidate[],
  now: Date,
): Promise<TodoItem[]> {
  const records = rows.map(recordOf);
  const offered = await offeredFor(db, tenantId, records, actor, now);
  const out: TodoItem[] = [];
  rows.forEach((row, i) => {
    if (!(offered[i] ?? []).includes(MAKER_ACTION)) return;
    const type = reviewTypeOfState(row.state);
    const link = makeLink(row.state, row.business_id);
    if (!type || !link) return;
    const arrived = iso(row.updated_at) ?? now.toISOString();
    const made = REVIEW_TYPE_LABEL[type].replace(/审核$|复核$|确认$/, '');
    const stage = reviewStageOf(row.state);
    const returned = !!stage && stage.returned === row.state && stage.returned !== stage.draft;
    out.push({
      itemType: 'MAKE',
      itemTypeLabel: returned ? `${made}退回待修改` : `${made}待提交`,
      businessId: row.business_id,
      businessNo: row.business_no,
      supplierName: row.supplier_name ?? '',
      amount: wireFen(fenOf(row.apply_amount)),
      stage: stageOf(row.state),
      state: row.state,
      stateLabel: stateLabel(row.state),
      level: null,
      levels: null,
      arrivedAt: arrived,
      waitingMinutes: waitingMinutes(arrived, now),
      overdue: false,
      link,
    });
  });
  return out;
}

/** A queue item as a row of 我的待办's 待审核. */
export const todoOfReview = (item: QueueItem): TodoItem => ({
  itemType: 'REVIEW',
  itemTypeLabel: item.typeLabel,
  businessId: item.businessId,
  businessNo: item.businessNo,
  supplierName: item.supplierName,
  amount: item.amount,
  stage: stageOf(item.state),
  state: item.state,
  stateLabel: stateLabel(item.state),
  level: item.level,
  levels: item.levels,
  arrivedAt: item.arrivedAt,
  waitingMinutes: item.waitingMinutes,
  overdue: item.overdue,
  link: examineLink(item.type, item.businessId),
});

// The workbench's 待审核 and 待制作, registered as to-do sources of every review stage.
extend(registerTodoSource, 'REVIEW', 'review', async (db, tenantId, actor, now, limit) =>
  (await reviewQueue(db, tenantId, actor, {}, now, limit)).map(todoOfReview),
);
extend(registerTodoSource, 'MAKE', 'make', (db, tenantId, actor, now, limit) =>
  makeQueue(db, tenantId, actor, now, limit),
);

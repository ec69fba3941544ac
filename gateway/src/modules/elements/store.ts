// 要素落实's items on the stage kit (gateway/src/stage/stage-items.ts): the rows of `element_item` as the
// workflow reads them (a TERM item's required value typed: 分 as bigint, the rate, the days, the method), what
// each move writes (the 落实值 and its evidence, bound to the item; the waiver's reason and asker), the items an
// approved decision creates — its terms handed over by the kit's named source, never read from its tables —
// and the items' part of 要素落实's 提交 (SUBMIT_ELEMENTS). The decision's detail reads them by name in turn.
import type { ColumnType, Kysely } from 'kysely';
import { Type } from 'typebox';
import { type ApprovedDecision, DECISION_TERMS_SOURCE } from '../../../../src/domain/financing/decision';
import {
  ELEMENT_ITEMS,
  ELEMENT_ITEM_STATES,
  ELEMENT_ITEMS_SOURCE,
  ELEMENT_TERMS_SOURCE,
  ELEMENTS_API,
  ELEMENTS_LIST_PATH,
  ELEMENT_STATUS_LABEL,
  type ElementItem,
  type ElementStatus,
  type ElementValue,
  conditionProblems,
  elementItemsOf,
  elementValueText,
  submitElementsProblems,
} from '../../../../src/domain/financing/elements';
import { stageOf } from '../../../../src/domain/financing/lifecycle';
import type { RepaymentMethod } from '../../../../src/domain/financing/repayment-schedule';
import type { Database } from '../../db/database';
import { type ItemsDef, itemOf, itemRows, registerItemsCheckpoint, registerItemsDef } from '../../stage/stage-items';
import { businessRule } from '../../stage/stage-rules';
import { readStageSource, registerStageSource } from '../../stage/stage-sources';
import { rateText } from '../../stage/stage-terms';
import { registerAfterTransition } from '../business/after-transition';
import { addCheckpointRule } from '../business/facts';
import { bindOwnFiles } from '../file/file-binding';
import { newId } from '../../ids';
import { moduleExtensions } from '../../stage/extensions';
import { type NullableColumn as Nullable, NullableSchema, wireFen } from '../../stage/stage-money';
import type { ItemTableColumns } from '../../stage/stage-tables';
import { wireFields } from '../../stage/stage-wire';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('elements/store');

// 要素 as Kysely sees them (migrations 0081, 0120).
export interface ElementItemTable extends ItemTableColumns {
  kind: string;
  name: string;
  value_type: Nullable<string>;
  /** 分. */
  required_fen: Nullable<string | number | bigint>;
  required_rate: Nullable<string>;
  required_days: Nullable<number>;
  required_value: ColumnType<string, string | undefined, string>;
  actual_value: Nullable<string>;
  mandatory: ColumnType<boolean, boolean | undefined, boolean>;
  checkpoint: Nullable<string>;
  evidence_file_ids: ColumnType<unknown, string | undefined, string>;
  waiver_reason: Nullable<string>;
  waiver_asked_by: Nullable<string>;
  checked_by: Nullable<string>;
  checked_at: Nullable<Date>;
}

declare module '../../db/database' {
  interface Database {
    element_item: ElementItemTable;
  }
}

/** The file service's binding type of an item's evidence. */
const EVIDENCE_TYPE = 'elementItem';

/** The evidence's file ids; an item proved by another record may have none. */
const list = (v: unknown): string[] => {
  const parsed = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string' && id !== '') : [];
};

function requiredOf(r: Record<string, unknown>): ElementValue | null {
  switch (r.value_type) {
    case 'AMOUNT':
      return { type: 'AMOUNT', fen: BigInt(String(r.required_fen)) };
    case 'RATE':
      return { type: 'RATE', rate: rateText(r.required_rate) as string };
    case 'DAYS':
      return { type: 'DAYS', days: Number(r.required_days) };
    case 'METHOD':
      return { type: 'METHOD', method: r.required_value as RepaymentMethod };
    case 'TEXT':
      return { type: 'TEXT', text: String(r.required_value) };
    default:
      return null;
  }
}

/** The columns of a required value. */
const requiredColumns = (v: ElementValue | null) => ({
  value_type: v?.type ?? null,
  required_fen: v?.type === 'AMOUNT' ? String(v.fen) : null,
  required_rate: v?.type === 'RATE' ? v.rate : null,
  required_days: v?.type === 'DAYS' ? v.days : null,
  required_value: v?.type === 'METHOD' ? v.method : v?.type === 'TEXT' ? v.text : '',
});

export const fromRow = (r: Record<string, unknown>): ElementItem => ({
  ...itemOf<ElementStatus>(r),
  kind: r.kind as ElementItem['kind'],
  required: requiredOf(r),
  mandatory: !!r.mandatory,
  checkpoint: (r.checkpoint as ElementItem['checkpoint']) ?? null,
  actualValue: (r.actual_value as string | null) ?? null,
  evidenceFileId: list(r.evidence_file_ids)[0] ?? null,
  waiverReason: (r.waiver_reason as string | null) ?? null,
  waiverAskedBy: (r.waiver_asked_by as string | null) ?? null,
});

const w = wireFields<ElementItem>();

/** An item as the screens and the decision's detail read it: money in 分 as a number on the wire. */
export const ELEMENT_WIRE = w.record({
  ...{ keyId: w.text('itemId'), businessId: w.text('businessId'), seq: w.int('seq') },
  ...{ kind: w.text('kind'), name: w.text('name') },
  valueType: w.of(
    NullableSchema(
      Type.String({ description: 'TERM 要素的要求值类型：AMOUNT 金额 / RATE 利率 / DAYS 天数 / METHOD / TEXT' }),
    ),
    (i) => i.required?.type ?? null,
  ),
  requiredFen: w.of(NullableSchema(Type.Integer({ description: '要求金额（分）' })), (i) =>
    i.required?.type === 'AMOUNT' ? wireFen(i.required.fen) : null,
  ),
  requiredRate: w.of(NullableSchema(Type.String({ description: '要求年利率，四位小数' })), (i) =>
    i.required?.type === 'RATE' ? i.required.rate : null,
  ),
  requiredDays: w.of(NullableSchema(Type.Integer({ description: '要求期限（天）' })), (i) =>
    i.required?.type === 'DAYS' ? i.required.days : null,
  ),
  requiredValue: w.of(Type.String({ description: '要求值（文字）' }), (i) => elementValueText(i.required)),
  ...{ actualValue: w.nullable(w.text('actualValue')), evidenceFileId: w.nullable(w.text('evidenceFileId')) },
  ...{ mandatory: w.bool('mandatory'), checkpoint: w.nullable(w.text('checkpoint')), status: w.text('status') },
  statusLabel: w.label('status', ELEMENT_STATUS_LABEL),
  ...{ waiverReason: w.nullable(w.text('waiverReason')), version: w.int('version') },
});
export const ElementItemSchema = ELEMENT_WIRE.schema;
export const wireOf = ELEMENT_WIRE.of;

export const ElementsMessage = {
  notFound: '要素不存在',
  stale: '要素已被他人修改，请刷新后重试',
} as const;

export const ELEMENTS: ItemsDef<ElementStatus, ElementItem> = {
  name: 'elementItem',
  api: ELEMENTS_API,
  menu: ELEMENTS_LIST_PATH,
  table: 'element_item',
  workflow: ELEMENT_ITEMS,
  states: ELEMENT_ITEM_STATES,
  messages: ElementsMessage,
  fromRow,
  wire: { schema: ElementItemSchema, of: wireOf },
  write(_item, move) {
    const who = { checked_by: move.actor.userId, checked_at: move.now };
    if (move.action === 'fulfil' || move.action === 'confirmByRecord') {
      const actual = String(move.values.actualValue ?? '').trim();
      const file = move.values.evidenceFileId;
      const evidence = typeof file === 'string' && file ? [file] : [];
      return { ...who, actual_value: actual, evidence_file_ids: JSON.stringify(evidence) };
    }
    if (move.action === 'askWaiver') return { ...who, waiver_reason: move.comment, waiver_asked_by: move.actor.userId };
    return who;
  },
  async after(trx, item, move) {
    if (move.action !== 'fulfil') return;
    const caller = { tenantId: move.tenantId, userId: move.actor.userId };
    await bindOwnFiles(trx, caller, [String(move.values.evidenceFileId)], { type: EVIDENCE_TYPE, id: item.itemId });
  },
  checkpoint: { at: 'SUBMIT_ELEMENTS', problems: submitElementsProblems },
};

extend(registerItemsCheckpoint, ELEMENTS);
extend(registerItemsDef, ELEMENTS);

/** The business's items as the workflow reads them. */
export const elementItemsFor = async (db: Parameters<typeof itemRows>[0], tenantId: string, businessId: string) =>
  (await itemRows(db, ELEMENTS.table, tenantId, businessId)).map(fromRow);

/** A condition due before the contract joins the contract's 提交, named when neither 已落实 nor 已豁免. */
const conditionRule = businessRule(async (db, tenantId, businessId) =>
  conditionProblems(await elementItemsFor(db, tenantId, businessId), 'SUBMIT_CONTRACT'),
);
extend(addCheckpointRule, 'SUBMIT_CONTRACT', 'elements', conditionRule);

/** The business's items on the wire, for a stage that shows them (the decision's detail). */
extend(registerStageSource, ELEMENT_ITEMS_SOURCE, async (db, tenantId, businessId) =>
  (await itemRows(db, ELEMENTS.table, tenantId, businessId)).map((r) => wireOf(fromRow(r))),
);

/** The TERM items typed, for the contracts compared with them. */
extend(registerStageSource, ELEMENT_TERMS_SOURCE, async (db, tenantId, businessId) =>
  (await elementItemsFor(db, tenantId, businessId))
    .filter((i) => i.kind === 'TERM')
    .map((i) => ({ name: i.name, required: i.required })),
);

/** The items the approved decision's terms make, as the business enters 要素落实 (in the approval's transaction). */
extend(registerAfterTransition, 'elements', async (trx, done) => {
  if (done.action !== 'approve' || stageOf(done.from) !== 'DECISION' || stageOf(done.to) !== 'ELEMENTS') return;
  const terms = await readStageSource<ApprovedDecision>(DECISION_TERMS_SOURCE, trx, done.tenantId, done.businessId);
  // The decision's rule at 提交 held every term; a decision approved without them is a defect upstream.
  if (!terms) throw new Error(`no approved terms for business ${done.businessId}`);
  const db = trx as unknown as Kysely<Database>;
  await db
    .insertInto('element_item')
    .values(
      elementItemsOf(terms).map((i) => ({
        item_id: newId(done.now),
        tenant_id: done.tenantId,
        business_id: done.businessId,
        seq: i.seq,
        kind: i.kind,
        name: i.name,
        ...requiredColumns(i.required),
        mandatory: i.mandatory,
        checkpoint: i.checkpoint,
        created_at: done.now,
        updated_at: done.now,
      })),
    )
    .execute();
});

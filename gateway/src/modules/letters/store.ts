// 正式函件's rows and rules (migration 0180): the letters as Kysely sees them, as the kit's stage items and documents
// (their series, evidence and maker), their receipt — the 转让通知书's — 落实ing the element condition through the
// items' own move, and what the push reads by name: the business's letters for its detail, and whether the notice
// reached the project company (推送's first hard control).
import type { ColumnType, Kysely } from 'kysely';
import { Type } from 'typebox';
import { ELEMENT_ITEMS_SOURCE } from '../../../../src/domain/financing/elements';
import {
  LETTER_API,
  LETTER_ITEM_STATES,
  LETTER_ITEMS,
  LETTER_LIST_PATH,
  LETTER_SOURCES,
  LETTER_STATUS_LABEL,
  LETTER_TYPE_LABEL,
  LetterMessage,
  type LetterItem,
  type LetterStatus,
  type LetterType,
  SEND_METHOD_LABEL,
  type SendMethod,
  TRANSFER_NOTICE_CONDITION,
  noticeSent,
} from '../../../../src/domain/financing/letters';
import type { Database } from '../../db/database';
import { type ItemMove, type ItemsDef, itemOf, itemRows, moveNamedItem } from '../../stage/stage-items';
import { type NullableColumn, NullableSchema } from '../../stage/stage-money';
import { isoColumn } from '../../stage/stage-columns';
import type { DocumentColumns } from '../../stage/stage-documents';
import { readStageSource, registerStageSource } from '../../stage/stage-sources';
import { moduleExtensions } from '../../stage/extensions';
import { systemActor } from '../business/aggregate';
import { bindOwnFiles } from '../file/file-binding';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('letters/store');

type Counter = ColumnType<number, number | undefined, number>;
type Nullable<T> = NullableColumn<T>;

/** A letter: the kit's document (its series, evidence and maker) with what the letter adds. */
export interface FormalLetterTable extends DocumentColumns {
  name: string;
  letter_no: string;
  letter_version: Counter;
  letter_type: string;
  addressee_org_id: Nullable<string>;
  addressee_name: string;
  send_method: Nullable<string>;
  sent_at: Nullable<Date>;
  receipt_file_id: Nullable<string>;
  receipt_at: Nullable<Date>;
  note: Nullable<string>;
  version: Counter;
}

declare module '../../db/database' {
  interface Database {
    formal_letter: FormalLetterTable;
  }
}

/** The file service's binding types: a letter's PDF, a letter's receipt. */
export const LETTER_FILE_TYPE = 'formalLetter';
export const RECEIPT_FILE_TYPE = 'letterReceipt';

const iso = isoColumn;

export const letterOf = (r: Record<string, unknown>): LetterItem & { row: Record<string, unknown> } => ({
  ...itemOf<LetterStatus>(r),
  letterNo: String(r.letter_no),
  letterType: r.letter_type as LetterType,
  row: r,
});

export const letterWireOf = (i: LetterItem & { row?: Record<string, unknown> }) => ({
  keyId: i.itemId,
  businessId: i.businessId,
  seq: i.seq,
  name: i.name,
  letterNo: i.letterNo,
  letterType: i.letterType,
  letterTypeLabel: LETTER_TYPE_LABEL[i.letterType],
  addresseeName: String(i.row?.addressee_name ?? ''),
  fileId: String(i.row?.file_id ?? ''),
  fileSha256: String(i.row?.file_sha256 ?? ''),
  status: i.status,
  statusLabel: LETTER_STATUS_LABEL[i.status],
  sendMethod: (i.row?.send_method as string | null) ?? null,
  sendMethodLabel: i.row?.send_method ? SEND_METHOD_LABEL[i.row.send_method as SendMethod] : null,
  sentAt: iso(i.row?.sent_at),
  receiptFileId: (i.row?.receipt_file_id as string | null) ?? null,
  receiptAt: iso(i.row?.receipt_at),
  note: (i.row?.note as string | null) ?? null,
  createdAt: iso(i.row?.created_at) ?? '',
  version: i.version,
});

const Null = NullableSchema;
const S = Type.String();
export const LetterSchema = Type.Object(
  {
    ...{ keyId: S, businessId: S, seq: Type.Integer(), name: S, letterNo: S, letterType: S, letterTypeLabel: S },
    ...{ addresseeName: S, fileId: S, fileSha256: Type.String({ description: '存档PDF的SHA-256' }) },
    ...{ status: S, statusLabel: S, sendMethod: Null(S), sendMethodLabel: Null(S), sentAt: Null(S) },
    ...{ receiptFileId: Null(S), receiptAt: Null(S), note: Null(S), createdAt: S, version: Type.Integer() },
  },
  { additionalProperties: false },
);

export const LETTERS: ItemsDef<LetterStatus, LetterItem> = {
  name: 'formalLetter',
  api: LETTER_API,
  menu: LETTER_LIST_PATH,
  table: 'formal_letter',
  workflow: LETTER_ITEMS,
  states: LETTER_ITEM_STATES,
  messages: { notFound: LetterMessage.notFound, stale: LetterMessage.stale },
  fromRow: letterOf,
  wire: { schema: LetterSchema, of: (i) => letterWireOf(i) },
  write(_item, move) {
    if (move.action === 'send') return { send_method: String(move.values.sendMethod), sent_at: move.now };
    if (move.action === 'receipt') return { receipt_file_id: String(move.values.receiptFileId), receipt_at: move.now };
    return { note: move.comment };
  },
  async after(trx, item, move) {
    if (move.action !== 'receipt') return;
    const fileId = String(move.values.receiptFileId);
    await bindOwnFiles(trx, { tenantId: move.tenantId, userId: move.actor.userId }, [fileId], {
      type: RECEIPT_FILE_TYPE,
      id: item.itemId,
    });
    if (item.letterType === 'TRANSFER_NOTICE') await noticeReceipted(trx, item, move, fileId);
  },
};

/** The 转让通知书's receipt 落实s the element condition by itself: the system's move of that item, on the kit. */
async function noticeReceipted(trx: Kysely<Database>, letter: LetterItem, move: ItemMove<string>, fileId: string) {
  const { tenantId, now } = move;
  type Wire = { keyId: string; kind: string; name: string; status: string; version: number };
  const items = (await readStageSource<Wire[]>(ELEMENT_ITEMS_SOURCE, trx, tenantId, letter.businessId)) ?? [];
  const open = items.find(
    (i) =>
      i.kind === 'CONDITION' &&
      i.name === TRANSFER_NOTICE_CONDITION &&
      (i.status === 'PENDING' || i.status === 'WAIVER_ASKED'),
  );
  if (!open) return;
  await moveNamedItem(trx, 'elementItem', {
    tenantId,
    actor: systemActor(),
    now,
    id: open.keyId,
    body: {
      ...{ action: 'confirmByRecord', version: open.version },
      values: { actualValue: `${letter.letterNo} 已回执`, evidenceFileId: fileId },
    },
  });
}

/** The business's letters, in their order. */
export const lettersOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db, LETTERS.table, tenantId, businessId)).map(letterOf);

// The push's detail lists the business's letters as this stage shapes them, and its 提交 asks whether the
// 转让通知书 reached the project company.
extend(
  registerStageSource,
  LETTER_SOURCES.letters,
  async (db, tenantId, businessId) => (await lettersOf(db, tenantId, businessId)).map((l) => letterWireOf(l)),
  Type.Array(LetterSchema),
);
extend(registerStageSource<boolean>, LETTER_SOURCES.noticeSent, async (db, tenantId, businessId) =>
  noticeSent(await lettersOf(db, tenantId, businessId)),
);

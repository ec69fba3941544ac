// A numbered document's own row (融资需求, 评审会, 预授信, 融资申请, 融资决议, 放款), written the one way: its
// number the tenant's next of its kind for the day (nextDocumentNo, drawn on the row's own handle, so inside the
// caller's transaction a row refused hands its number back), the tenant it belongs to, and made and last saved
// now. The stage names its table, the kind of number and the column that keeps it, and its own columns.
import type { InsertObject, Kysely } from 'kysely';
import type { DocumentKind } from '../../../src/domain/document-numbers';
import type { Database } from '../db/database';
import { nextDocumentNo } from '../modules/business/aggregate';
import type { TablesWith } from './stage-tables';

/** What every numbered row carries beside its number and its own columns. */
interface NumberedStamps {
  tenant_id: string;
  created_at: Date;
  updated_at: Date;
}

/** A numbered document's table, the kind of number its rows take and the column that keeps it. */
export interface NumberedRow<T extends TablesWith<NumberedStamps>, N extends keyof Database[T] & string> {
  table: T;
  kind: DocumentKind;
  no: N;
}

/** Inserts a numbered document's row in `trx` (the caller's transaction): its own columns, numbered and stamped. */
export async function insertNumbered<T extends TablesWith<NumberedStamps>, N extends keyof Database[T] & string>(
  trx: Kysely<Database>,
  row: NumberedRow<T, N>,
  who: { tenantId: string; now: Date },
  columns: Omit<InsertObject<Database, T>, N | keyof NumberedStamps>,
): Promise<string> {
  const no = await nextDocumentNo(trx, who.tenantId, row.kind, who.now);
  const filled = { tenant_id: who.tenantId, [row.no]: no, created_at: who.now, updated_at: who.now };
  // Checked where it is called: `columns` are the table's own, `filled` the columns every numbered row carries.
  await trx
    .insertInto(row.table)
    .values({ ...columns, ...filled } as never)
    .execute();
  return no;
}

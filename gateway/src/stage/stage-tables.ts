// What a stage's own record (预授信, 融资申请) keeps beside its business's columns, as Kysely sees it.
import type { ColumnType } from 'kysely';

/** Who made the record, when it was made and when it was last saved. */
export interface StageRecordStamps {
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

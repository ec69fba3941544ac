// A make whose evidence is printed (HOUSE.md "Documents are data first": a contract, a letter, a push's package):
// the record read and checked that it may move, the documents drawn and stored BEFORE any transaction — drawing
// takes seconds, and a transaction held open that long meets the database's idle-in-transaction limit — then, in
// one transaction, the record read again locked, checked again (of two makes at once the second sees the first),
// and the evidence stored and the move made. A refusal anywhere after printing removes what was printed and no row
// names (the kit's printed files).
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { type PrintedFile, withPrinted } from './stage-package';

export interface PrintedMake<R, P extends { files: readonly PrintedFile[] }, T> {
  /** The record, read plainly before printing, locked within the transaction. */
  read(db: Kysely<Database>, lock: boolean): Promise<R>;
  /** Throws the refusal when the record may not move (both times it is read). */
  check(record: R): void;
  /** Draws and stores the files, outside any transaction: what the write records, `files` among it. */
  print(record: R): Promise<P>;
  /** Within the transaction, the record locked and checked: stores the evidence and moves. */
  write(trx: Kysely<Database>, printed: P, record: R): Promise<T>;
  /**
   * The request's: aborted once its caller was answered 请求处理超时 or went away. Printing takes seconds; a make
   * whose caller will never read the answer writes nothing (its prints are removed), checked before the
   * transaction and again before it commits.
   */
  signal?: AbortSignal;
}

/** Reads, checks, prints, then checks again and writes in one transaction; answers what the write answers. */
export async function makePrinted<R, P extends { files: readonly PrintedFile[] }, T>(
  db: Kysely<Database>,
  filesDir: string,
  make: PrintedMake<R, P, T>,
): Promise<T> {
  const read = await make.read(db, false);
  make.check(read);
  const printed = await make.print(read);
  return withPrinted(db, filesDir, printed.files, () => {
    make.signal?.throwIfAborted();
    return db.transaction().execute(async (trx) => {
      const record = await make.read(trx, true);
      make.check(record);
      const made = await make.write(trx, printed, record);
      make.signal?.throwIfAborted();
      return made;
    });
  });
}

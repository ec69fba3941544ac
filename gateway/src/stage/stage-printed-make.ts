// A make whose evidence is printed (HOUSE.md "Documents are data first": a contract, a letter, a push's package):
// the record read and checked that it may move, the documents drawn and stored BEFORE any transaction — drawing
// takes seconds, and a transaction held open that long meets the database's idle-in-transaction limit — then, in
// one transaction, the record read again locked, checked again (of two makes at once the second sees the first),
// and the evidence stored and the move made. A refusal anywhere after printing removes what was printed and no row
// names (the kit's printed files). A stage's document made on a business (a contract, a letter) is such a make: the
// business in the caller's scope, printed from its template with its number, or taken from the caller's upload.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DocumentTemplate } from '../documents/document-template';
import { type BusinessRow, inScope, loadBusiness } from '../modules/business/aggregate';
import { notFound } from '../plugins/envelope';
import { type NewDocument, makeDocument, printDocument } from './stage-documents';
import { type PrintedFile, withPrinted } from './stage-package';
import type { DocumentPlace, PrintMaker } from './stage-print-values';

export interface PrintedMake<R, P extends { files: readonly PrintedFile[] }, T> {
  /** The record, read plainly before printing, locked within the transaction. */
  read(db: Kysely<Database>, lock: boolean): Promise<R>;
  /** Throws the refusal when the record may not move (both times it is read, each time on the read's `db`). */
  check(record: R, db: Kysely<Database>): void | Promise<void>;
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
  await make.check(read, db);
  const printed = await make.print(read);
  return withPrinted(db, filesDir, printed.files, () => {
    make.signal?.throwIfAborted();
    return db.transaction().execute(async (trx) => {
      const record = await make.read(trx, true);
      await make.check(record, trx);
      const made = await make.write(trx, printed, record);
      make.signal?.throwIfAborted();
      return made;
    });
  });
}

/** A stage's document on a business: where it may be made, what it is, and what it is made from. */
export interface BusinessDocumentMake<V extends object> {
  businessId: string;
  /** The stage's word for a business outside the caller's scope (another tenant's or subtree's). */
  notFound: string;
  /** Throws the refusal when the document may not be made on the business now (both times it is read, on its `db`). */
  check(business: BusinessRow, db: Kysely<Database>): void | Promise<void>;
  /** The document as the kit records it (its table, file type, number and version columns, the series it replaces). */
  document: Omit<NewDocument, 'source' | 'columns'>;
  /**
   * Its template printed with the values read of the business and its own number under `no` (its file named after
   * `name` and the number), or the caller's own upload.
   */
  from:
    | { template: DocumentTemplate; name: string; no: string; values(business: BusinessRow): Promise<V> }
    | {
        uploadedFileId: string;
      };
  /** The row's own columns, from the business and the values printed (none for an upload). */
  columns(business: BusinessRow, values: V | null): Record<string, unknown>;
}

/** Makes the document as a printed make (`makePrinted`); answers its row as stored and its business, locked. */
export async function makeBusinessDocument<V extends object>(
  db: Kysely<Database>,
  place: DocumentPlace,
  m: PrintMaker,
  make: BusinessDocumentMake<V>,
): Promise<{ row: Record<string, unknown>; business: BusinessRow }> {
  const owner = { tenantId: m.tenantId, userId: m.actor.userId, now: m.now, businessId: make.businessId };
  return makePrinted(db, place.filesDir, {
    signal: m.signal,
    read: (d, lock) => loadBusiness(d, m.tenantId, make.businessId, lock),
    async check(business, d) {
      if (!inScope(m.actor, business)) throw notFound(make.notFound);
      await make.check(business, d);
    },
    async print(business) {
      const from = make.from;
      if (!('template' in from)) return { files: [], source: from, values: null };
      const values = await from.values(business);
      const source = await printDocument(db, place, owner, make.document.kind, {
        ...{ template: from.template, name: from.name },
        values: (no) => ({ ...values, [from.no]: no }),
      });
      return { files: [source.printed], source, values };
    },
    async write(trx, { source, values }, business) {
      const columns = make.columns(business, values);
      return { row: await makeDocument(trx, place, owner, { ...make.document, source, columns }), business };
    },
  });
}

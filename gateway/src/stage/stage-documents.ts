// A document with versions on the stage kit (HOUSE.md "Documents are data first"): a stage record whose PDF is
// its evidence — a contract, later a letter — keeps the file once, through the file service, and the file's
// sha-256 on its record, so what was reviewed and signed is the bytes stored then, never a rendering made again
// on a later request. A generated PDF is committed to the content-addressed blob store and its row inserted
// under the blob's database lock (as an upload is, file-context.ts withBlobLocks), bound to its record; an
// uploaded one is the caller's own upload, bound the same way. Reading it back checks the bytes still hash to
// what the record says. The kit also serves such documents' page across businesses, the businesses waiting for
// one, and their stored PDF; and it makes a new document or the next version of a voided one's series — its
// number, its series and version, its evidence rendered from a template once or taken from the caller's upload.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ColumnType, type Kysely, sql } from 'kysely';
import { type TObject, type TProperties, type TSchema, Type } from 'typebox';
import type { Database } from '../db/database';
import type { GatewayDeps } from '../deps';
import type { StateKey } from '../../../src/domain/financing/lifecycle';
import type { Stage } from '../../../src/domain/financing/stages';
import { DOCUMENT_STATUS_LABEL, type StoredDocumentStatus, documentStatusOf } from '../../../src/domain/stage/stage';
import type { DocumentKind } from '../../../src/domain/document-numbers';
import type { DocumentTemplate } from '../documents/document-template';
import { renderDocument } from '../documents/render-document';
import { type Actor, actorById, inScope, loadBusiness, nextDocumentNo } from '../modules/business/aggregate';
import { logOperation } from '../modules/operation-log/repository';
import { loadExcel } from '../lazy-libraries';
import { BlobStore } from '../modules/file/blob-store';
import { bindOwnFiles } from '../modules/file/file-binding';
import { contentDisposition } from '../modules/file/file-names';
import { registerFileRecord } from '../modules/file/file-records';
import { newId } from '../ids';
import { sessionOf } from '../plugins/auth-guard';
import { envelopeResponses, invalidInput, notFound, ok } from '../plugins/envelope';
import { withinScope } from '../resource/resource-repository';
import { EXPORT_MAX_ROWS } from '../resource/resource-routes';
import { IdParams, PageQuery, pageOf, pageRequest } from '../schemas/common';
import { extensionsOf } from './extensions';
import { type PrintedFile, printFiles, recordPrinted } from './stage-package';
import { callerOf, fixedScopeOf } from './stage-scope';
import { type TablesWith, kitDb } from './stage-tables';

declare module './extensions' {
  interface ExtensionPoints {
    /** The stages' document tables kept as a file, with their file type (推送's package gathers them). */
    documentTables: Map<DocumentTable, string>;
  }
}

/** What a stage's record listed as a document carries (a form-only record too, as a duration report). */
export interface DocumentListColumns {
  item_id: string;
  tenant_id: string;
  business_id: string;
  /** Written by the stage's columns, or its table's default. */
  status: ColumnType<string, string | undefined, string>;
  created_at: Date;
}

/** What a document kept as a file carries besides: its series and version, its evidence, its template and maker. */
export interface DocumentColumns extends DocumentListColumns {
  seq: number;
  series_no: string | null;
  replaces_id: string | null;
  template_id: string | null;
  template_version: number | null;
  file_id: string;
  file_sha256: string;
  created_by: string;
  updated_at: Date;
}

/** The tables a stage's listed records may be kept in, and those of its documents kept as a file. */
export type DocumentListTable = TablesWith<DocumentListColumns>;
export type DocumentTable = TablesWith<DocumentColumns>;

/** The kit's statements on a stage's document tables, checked against their columns. */
const listDb = (db: Kysely<Database>) => kitDb<DocumentListColumns, DocumentListTable>(db);
const documentsDb = (db: Kysely<Database>) => kitDb<DocumentColumns, DocumentTable>(db);

export const DocumentEvidenceMessage = {
  missing: '文件不存在',
  altered: '存档文件与登记的摘要不一致，文件可能已被篡改',
  notPdf: '文件须为PDF',
} as const;

/** A stored document: its file's key and the sha-256 of its bytes. */
export interface DocumentEvidence {
  fileId: string;
  sha256: string;
}

/** The evidence a document's row keeps: its file's key and the sha-256 recorded when it was made. */
export const rowEvidence = (row: Record<string, unknown>): DocumentEvidence => ({
  fileId: String(row.file_id),
  sha256: String(row.file_sha256),
});

interface Owner {
  tenantId: string;
  userId: string;
  now: Date;
}

/** The record the file is bound to, in the file service's terms (its readers are the record's). */
export interface DocumentBinding {
  type: string;
  id: string;
}

/**
 * Stores generated PDF bytes as the record's evidence, inside the caller's transaction: the blob committed
 * under its lock, the file row bound to the record. Answers the file's key and sha-256.
 */
export async function storeGeneratedDocument(
  trx: Kysely<Database>,
  filesDir: string,
  owner: Owner,
  file: { name: string; pdf: Buffer; extension?: 'pdf' | 'zip' | 'json' },
  binding: DocumentBinding,
): Promise<DocumentEvidence> {
  const printed = await printFiles(filesDir, [
    { name: file.name, bytes: file.pdf, extension: file.extension ?? 'pdf' },
  ]);
  return (await recordPrinted(trx, filesDir, owner, printed, binding))[0] as DocumentEvidence;
}

/**
 * Takes the caller's own PDF upload as the record's evidence, inside the caller's transaction: bound to the
 * record (refused when it is not the caller's, or bound elsewhere), its sha-256 as the file service stored it.
 */
export async function bindUploadedDocument(
  trx: Kysely<Database>,
  owner: Owner,
  fileId: string,
  binding: DocumentBinding,
): Promise<DocumentEvidence> {
  const [row] = await bindOwnFiles(trx, owner, [fileId], binding);
  if (!row) throw notFound(DocumentEvidenceMessage.missing);
  if (row.extension.toLowerCase() !== 'pdf') throw invalidInput(DocumentEvidenceMessage.notPdf);
  return { fileId: row.key_id, sha256: row.sha256 };
}

/** The stored bytes of a record's document, checked against the sha-256 the record keeps. */
export async function documentBytes(
  db: Kysely<Database>,
  filesDir: string,
  tenantId: string,
  evidence: DocumentEvidence,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await db
    .selectFrom('stored_file')
    .select(['file_name', 'sha256'])
    .where('tenant_id', '=', tenantId)
    .where('key_id', '=', evidence.fileId)
    .executeTakeFirst();
  if (!row) throw notFound(DocumentEvidenceMessage.missing);
  const pdf = await readFile(new BlobStore(filesDir).pathOf(row.sha256)).catch(() => null);
  if (!pdf) throw notFound(DocumentEvidenceMessage.missing);
  const actual = createHash('sha256').update(pdf).digest('hex');
  if (actual !== evidence.sha256) throw invalidInput(DocumentEvidenceMessage.altered);
  return { pdf, fileName: row.file_name };
}

/** Each record beside its stored PDF (in their order), read checked against the sha-256 the record keeps. */
export async function withStoredPdfs<T>(
  db: Kysely<Database>,
  filesDir: string,
  tenantId: string,
  records: readonly T[],
  evidenceOf: (record: T) => DocumentEvidence,
): Promise<{ record: T; pdf: Buffer }[]> {
  const out = [];
  for (const record of records)
    out.push({ record, pdf: (await documentBytes(db, filesDir, tenantId, evidenceOf(record))).pdf });
  return out;
}

/** A record's stored document sent whole (a download, or `inline` to be shown), checked against its sha-256. */
export async function sendDocument(
  reply: FastifyReply,
  deps: Pick<GatewayDeps, 'db' | 'filesDir'>,
  tenantId: string,
  evidence: DocumentEvidence,
  contentType = 'application/pdf',
  inline = false,
) {
  const { pdf, fileName } = await documentBytes(deps.db, deps.filesDir, tenantId, evidence);
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', fileName))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The next version of a series: one after the highest (a new series starts at 1). */
export const nextVersion = (versions: readonly number[]): number => Math.max(0, ...versions) + 1;

const Null = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** What every document with versions shows on the wire besides its stage's own (its number, its factors). */
export const DocumentWireSchema = {
  ...{ keyId: Type.String(), businessId: Type.String(), seq: Type.Integer(), seriesNo: Type.String() },
  ...{ replacesId: Null(Type.String()), name: Type.String() },
  templateRef: Null(Type.String({ description: '生成文件的模板及其版本' })),
  fileId: Type.String(),
  fileSha256: Type.String({ description: '存档PDF的SHA-256' }),
  ...{ status: Type.String(), statusLabel: Type.String(), voidReason: Null(Type.String()) },
  ...{ createdBy: Type.String(), createdAt: Type.String(), version: Type.Integer() },
};

/** A document's row on the wire: its status as its business makes it (`documentStatusOf`) when that is given. */
export function documentWire(stage: Stage, r: Record<string, unknown>, businessState?: string) {
  const stored = r.status as StoredDocumentStatus;
  const status = businessState ? documentStatusOf(stage, stored, businessState) : stored;
  return {
    ...{ keyId: String(r.item_id), businessId: String(r.business_id), seq: Number(r.seq) },
    ...{ seriesNo: String(r.series_no), replacesId: (r.replaces_id as string | null) ?? null, name: String(r.name) },
    templateRef: r.template_id ? `${r.template_id} v${r.template_version}` : null,
    ...{ fileId: String(r.file_id ?? ''), fileSha256: String(r.file_sha256 ?? ''), status },
    ...{ statusLabel: DOCUMENT_STATUS_LABEL[status], voidReason: (r.void_reason as string | null) ?? null },
    createdBy: String(r.created_by),
    createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at ?? ''),
    version: Number(r.version),
  };
}

/** A document's row with its business, within the caller's scope: another tenant's or subtree's is not found. */
export async function documentInScope(
  db: Kysely<Database>,
  table: DocumentListTable,
  { tenantId, actor }: { tenantId: string; actor: Actor },
  id: string,
  missing: string,
) {
  const row = (await listDb(db)
    .selectFrom(table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', id)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw notFound(missing);
  const business = await loadBusiness(db, tenantId, String(row.business_id));
  if (!inScope(actor, business)) throw notFound(missing);
  return { row, business };
}

/** The names of organisations of the tenant, by id ('' for none). */
export async function orgNames(db: Kysely<Database>, tenantId: string, ids: readonly (string | null)[]) {
  const known = ids.filter((id): id is string => !!id);
  const rows = known.length
    ? await db
        .selectFrom('organization')
        .select(['org_id', 'org_name'])
        .where('tenant_id', '=', tenantId)
        .where('org_id', 'in', known)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.org_id, r.org_name]));
  return ids.map((id) => (id ? (byId.get(id) ?? '') : ''));
}

/** What a new document (or the next version of a voided one's series) is made from. */
export interface NewDocument {
  table: DocumentTable;
  /** The file service's binding type of its PDF. */
  fileType: string;
  /** The number's kind (its prefix in the table of document numbers), and the columns of number and version. */
  kind: DocumentKind;
  numbering: { no: string; version: string };
  /** The voided document this version replaces; refused with `replaces` unless it is VOID. */
  replacesId?: string | undefined;
  replaces: string;
  /**
   * A PDF printed from a versioned template before the transaction, with its number (`printDocument`): never
   * drawn inside it, where seconds of drawing would hold the transaction open. Or the caller's own upload.
   */
  source: PrintedDocument | { uploadedFileId: string };
  /** The row's own columns (the kit writes the id, number, series, version, evidence, maker and times). */
  columns: Record<string, unknown>;
}

/** A document drawn and stored before its transaction opens: its number, its template and its printed PDF. */
export interface PrintedDocument {
  no: string;
  template: DocumentTemplate;
  printed: PrintedFile;
}

/**
 * Draws a new document of `kind` outside any transaction (drawing takes seconds; a transaction held open as long
 * meets the database's idle limit): its number taken, its PDF rendered and put in the blob store for `makeDocument`
 * to record. A number taken for a make refused later is skipped, as a sequence's is.
 */
export async function printDocument(
  db: Kysely<Database>,
  deps: Pick<GatewayDeps, 'filesDir' | 'cjkFont'>,
  owner: Owner,
  kind: DocumentKind,
  source: { template: DocumentTemplate; values(no: string): Record<string, unknown>; name: string },
): Promise<PrintedDocument> {
  const no = await nextDocumentNo(db, owner.tenantId, kind, owner.now);
  const options = { cjkFont: deps.cjkFont, date: owner.now };
  const { pdf } = await renderDocument(source.template, source.values(no), options);
  const [printed] = await printFiles(deps.filesDir, [{ name: `${source.name}-${no}.pdf`, bytes: pdf }]);
  return { no, template: source.template, printed: printed as PrintedFile };
}

/**
 * Makes a document inside the caller's transaction (its business already read and locked): its number, its
 * series and version, its evidence stored, its row, the operation log. Answers the row as stored.
 */
export async function makeDocument(
  trx: Kysely<Database>,
  deps: Pick<GatewayDeps, 'filesDir' | 'cjkFont'>,
  owner: Owner & { businessId: string },
  doc: NewDocument,
): Promise<Record<string, unknown>> {
  const db = documentsDb(trx);
  const existing = (await db
    .selectFrom(doc.table)
    .select(['item_id', 'seq', 'series_no', 'status'])
    .where('tenant_id', '=', owner.tenantId)
    .where('business_id', '=', owner.businessId)
    .execute()) as { item_id: string; seq: number; series_no: string; status: string }[];
  let series: { no: string; version: number } | null = null;
  if (doc.replacesId) {
    const replaced = existing.find((c) => c.item_id === doc.replacesId);
    if (replaced?.status !== 'VOID') throw invalidInput(doc.replaces);
    // The version's column is the stage's own (contract_version, letter_version), named by its definition.
    const versions = await db
      .selectFrom(doc.table)
      .select(sql<number>`${sql.ref(doc.numbering.version)}`.as('v'))
      .where('tenant_id', '=', owner.tenantId)
      .where('series_no', '=', replaced.series_no)
      .execute();
    series = { no: replaced.series_no, version: nextVersion(versions.map((v) => Number(v.v))) };
  }
  const source = doc.source;
  const no = 'printed' in source ? source.no : await nextDocumentNo(trx, owner.tenantId, doc.kind, owner.now);
  const id = newId(owner.now);
  const binding = { type: doc.fileType, id };
  const evidence =
    'printed' in source
      ? ((await recordPrinted(trx, deps.filesDir, owner, [source.printed], binding))[0] as DocumentEvidence)
      : await bindUploadedDocument(trx, owner, source.uploadedFileId, binding);
  const template = 'template' in source ? source.template : null;
  const version = series?.version ?? 1;
  await db
    .insertInto(doc.table)
    .values({
      ...doc.columns,
      ...{ item_id: id, tenant_id: owner.tenantId, business_id: owner.businessId },
      ...{ seq: Math.max(0, ...existing.map((c) => Number(c.seq))) + 1, [doc.numbering.no]: no },
      ...{ series_no: series?.no ?? no, [doc.numbering.version]: version, replaces_id: doc.replacesId ?? null },
      ...{ template_id: template?.id ?? null, template_version: template?.version ?? null },
      ...{ file_id: evidence.fileId, file_sha256: evidence.sha256, created_by: owner.userId },
      ...{ created_at: owner.now, updated_at: owner.now },
    })
    .execute();
  await logOperation(trx, {
    ...{ tenantId: owner.tenantId, userId: owner.userId, now: owner.now, action: `${doc.fileType}.make` },
    ...{ targetType: doc.fileType, targetId: id, after: { no, version, sha256: evidence.sha256 } },
  });
  return db.selectFrom(doc.table).selectAll().where('item_id', '=', id).executeTakeFirstOrThrow() as Promise<
    Record<string, unknown>
  >;
}

/**
 * What the kit serves of a stage's documents (stage items whose rows keep `file_id` and `file_sha256`): the page
 * of every one in the caller's scope across businesses (its business's number, supplier and state beside it,
 * newest first, filtered by the columns named), and each one's stored PDF on the pages named — read checked
 * against the sha-256 on its row, within the caller's scope (another tenant's or subtree's is not found).
 */
export interface DocumentRoutesDef<R extends object> {
  api: string;
  /** The records' table: a document's kept as a file when the def serves PDFs or a detail with its versions. */
  table: DocumentListTable;
  /** The file service's binding type of the documents' PDFs: read by whoever may see their business. */
  fileType: string;
  /** Other files bound to the documents (a letter's receipt), read as their PDF is. */
  boundFileTypes?: readonly string[];
  /** The list page granting the page; the pages granting the PDF, each with its path after `api`. */
  list: string;
  pdf: readonly { path: string; menu: string }[];
  notFound: string;
  /** `query key → column` filtered with LIKE: the document's (`d.…`) or its business's (`b.…`). */
  search: Readonly<Record<string, `d.${string}` | `b.${string}`>>;
  /** A row on the wire (its business's state given) and its schema. */
  row: { schema: TObject; of(row: Record<string, unknown>, businessState: string): R };
  /** What the stage adds to a page's rows, read for them at once (a contract's 合同锁定), and its schema. */
  extra?: { schema: TProperties; of(db: Kysely<Database>, tenantId: string, rows: R[]): Promise<object[]> };
  /** The businesses waiting for their documents (in these states, within the caller's scope), on the list page. */
  makeable?: { states: readonly StateKey[]; summary: string };
  /**
   * One document (`GET {api}/:id`, on the list page) under `key` as a page's row, its series' versions newest
   * first, and what the stage adds (a contract's factors beside the elements) from its stored row.
   */
  detail?: {
    key: string;
    summary: string;
    schema: TProperties;
    of(db: Kysely<Database>, tenantId: string, row: Record<string, unknown>): Promise<object>;
  };
  /** `{api}/export`: the rows of the page's filter as a workbook of these columns (the list's 导出). */
  export?: { title: string; columns: readonly (readonly [string, (row: R & PageExtras) => string | number])[] };
}

/**
 * The business's stored documents of every stage (its contracts, its letters), oldest first: a voided one left
 * out. Each with its file's key, sha-256 and name.
 */
export async function storedDocumentsOf(db: Kysely<Database>, tenantId: string, businessId: string) {
  const out: { fileId: string; sha256: string; name: string; createdAt: Date }[] = [];
  // The stages' document tables, so that a later stage gathers a business's documents (推送's package).
  for (const table of extensionsOf(db).point('documentTables').keys()) {
    const rows = (await documentsDb(db)
      .selectFrom(`${table} as d`)
      .innerJoin('stored_file as f', 'f.key_id', 'd.file_id')
      .select(['d.file_id', 'd.file_sha256', 'd.status', 'f.file_name', 'd.created_at'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.business_id', '=', businessId)
      .orderBy('d.created_at')
      .execute()) as Record<string, unknown>[];
    for (const r of rows.filter((d) => d.status !== 'VOID')) {
      const createdAt = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
      out.push({ ...rowEvidence(r), name: String(r.file_name), createdAt });
    }
  }
  return out;
}

/** What the page adds to each stage row: its business's number and supplier. */
export interface PageExtras {
  businessNo: string;
  supplierName: string;
}

/** One sheet of these columns and rows, sent as the download `{title}.xlsx` (a list's or a statistic's 导出). */
export async function sendWorkbook(
  reply: FastifyReply,
  title: string,
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
) {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = headers.map((header) => ({ header, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow([...r]);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition('attachment', `${title}.xlsx`))
    .send(Buffer.from(await workbook.xlsx.writeBuffer()));
}

export function registerDocumentRoutes<R extends object>(
  app: FastifyInstance,
  deps: GatewayDeps,
  def: DocumentRoutesDef<R>,
): void {
  // Only documents kept as a file (a PDF to read) go into a later stage's package; a form-only record does not.
  // A stage serving its records' PDFs or their versions keeps them as documents (file, sha-256, series).
  const filed = def.table as DocumentTable;
  if (def.pdf.length > 0) deps.extensions.point('documentTables').set(filed, def.fileType);
  const db = listDb(deps.db);
  // A document's PDF, and any other file bound to it (a letter's receipt), is read through the file service
  // (文件预览) by whoever may see its business.
  for (const fileType of [def.fileType, ...(def.boundFileTypes ?? [])])
    registerFileRecord(deps.extensions, fileType, async (database, caller, ids) => {
      const rows = await listDb(database)
        .selectFrom(def.table)
        .select(['item_id', 'business_id'])
        .where('tenant_id', '=', caller.tenantId)
        .where('item_id', 'in', [...ids])
        .execute();
      const actor = await actorById(database, caller.tenantId, caller.userId);
      const out = new Set<string>();
      for (const r of rows) {
        const business = await loadBusiness(database, caller.tenantId, String(r.business_id)).catch(() => null);
        if (business && inScope(actor, business)) out.add(String(r.item_id));
      }
      return out;
    });
  const search = Object.fromEntries(
    Object.keys(def.search).map((k) => [k, Type.Optional(Type.String({ maxLength: 40 }))]),
  );
  const Query = Type.Object(
    { ...PageQuery.properties, ...search, businessId: Type.Optional(Type.String({ maxLength: 64 })) },
    { additionalProperties: false },
  );
  const Row = Type.Object(
    {
      ...def.row.schema.properties,
      businessNo: Type.String(),
      supplierName: Type.String(),
      ...def.extra?.schema,
    },
    { additionalProperties: false },
  );
  app.get(
    `${def.api}/page`,
    {
      config: { access: { menu: def.list } },
      schema: {
        tags: ['business'],
        summary: '文件（分页，数据授权范围内）',
        querystring: Query,
        response: envelopeResponses(pageOf(Row)),
      },
    },
    async (request) => {
      const q = request.query as Record<string, string | undefined> & PageQuery;
      const page = pageRequest(q);
      const { total, records } = await rowsOf(request, page);
      return ok({ records, total, current: page.current, size: page.size });
    },
  );

  const detail = def.detail;
  if (detail) {
    const Detail = Type.Object(
      { [detail.key]: Row, versions: Type.Array(def.row.schema), ...detail.schema },
      { additionalProperties: false },
    );
    app.get(
      `${def.api}/:id`,
      {
        config: { access: { menu: def.list } },
        schema: { tags: ['business'], summary: detail.summary, params: IdParams, response: envelopeResponses(Detail) },
      },
      async (request) => {
        const { tenantId } = sessionOf(request);
        const caller = { tenantId, actor: await callerOf(request, deps.db) };
        const id = (request.params as IdParams).id;
        const { row, business } = await documentInScope(deps.db, def.table, caller, id, def.notFound);
        const series = (await documentsDb(deps.db)
          .selectFrom(filed)
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('series_no', '=', String(row.series_no))
          .orderBy('created_at', 'desc')
          .execute()) as Record<string, unknown>[];
        const wired = def.row.of(row, business.state);
        const [supplierName = ''] = await orgNames(deps.db, tenantId, [business.supplierId]);
        const extra = def.extra ? (await def.extra.of(deps.db, tenantId, [wired]))[0] : {};
        return ok({
          [detail.key]: { ...wired, businessNo: business.businessNo, supplierName, ...extra },
          versions: series.map((r) => def.row.of(r, business.state)),
          ...(await detail.of(deps.db, tenantId, row)),
        });
      },
    );
  }

  const makeable = def.makeable;
  if (makeable) {
    const Makeable = Type.Object(
      { keyId: Type.String(), businessNo: Type.String(), supplierName: Type.String(), state: Type.String() },
      { additionalProperties: false },
    );
    app.get(
      `${def.api}/makeable`,
      {
        config: { access: { menu: def.list } },
        schema: { tags: ['business'], summary: makeable.summary, response: envelopeResponses(Type.Array(Makeable)) },
      },
      async (request) => {
        const { tenantId } = sessionOf(request);
        const actor = await callerOf(request, deps.db);
        const query = withinScope(
          db
            .selectFrom('financing_business as b')
            .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
            .select(['b.business_id', 'b.business_no', 'b.state', 's.org_name'])
            .where('b.tenant_id', '=', tenantId)
            .where('b.deleted', '=', false)
            .where('b.state', 'in', [...makeable.states]),
          'b',
          fixedScopeOf(actor),
        );
        const rows = await query.orderBy('b.updated_at', 'desc').limit(50).execute();
        return ok(
          rows.map((r) => ({
            ...{ keyId: r.business_id, businessNo: r.business_no },
            ...{ supplierName: r.org_name ?? '', state: r.state },
          })),
        );
      },
    );
  }

  /** The rows of the caller's scope and the query's filter, newest first, with their business beside them. */
  const rowsOf = async (request: FastifyRequest, page: { offset: number; size: number }) => {
    const { tenantId } = sessionOf(request);
    const actor = await callerOf(request, deps.db);
    const q = request.query as Record<string, string | undefined>;
    let query = withinScope(
      db
        .selectFrom(`${def.table} as d`)
        .innerJoin('financing_business as b', (j) =>
          j.onRef('b.business_id', '=', 'd.business_id').onRef('b.tenant_id', '=', 'd.tenant_id'),
        )
        .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
        .where('d.tenant_id', '=', tenantId)
        .where('b.deleted', '=', false),
      'b',
      fixedScopeOf(actor),
    );
    for (const [key, column] of Object.entries(def.search)) {
      if (q[key]) query = query.where(sql.ref(column), 'like', `%${q[key]}%`);
    }
    if (q.businessId) query = query.where('d.business_id', '=', q.businessId);
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rows = (await query
      .selectAll('d')
      .select(['b.business_no as b_business_no', 'b.state as b_state', 's.org_name as s_org_name'])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.item_id', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute()) as Record<string, unknown>[];
    const wired = rows.map((r) => def.row.of(r, String(r.b_state)));
    const extra = def.extra ? await def.extra.of(deps.db, tenantId, wired) : [];
    const records = wired.map((w, i) => ({
      ...w,
      businessNo: String(rows[i]?.b_business_no ?? ''),
      supplierName: String(rows[i]?.s_org_name ?? ''),
      ...extra[i],
    }));
    return { total, records };
  };

  const exported = def.export;
  if (exported) {
    const ExportQuery = Type.Object(
      { ...search, businessId: Type.Optional(Type.String({ maxLength: 64 })) },
      { additionalProperties: false },
    );
    app.get(
      `${def.api}/export`,
      {
        config: { access: { menu: def.list, op: 'export' } },
        schema: { tags: ['business'], summary: `${exported.title}导出（当前筛选，xlsx）`, querystring: ExportQuery },
      },
      async (request, reply) => {
        const { records } = await rowsOf(request, { offset: 0, size: EXPORT_MAX_ROWS });
        const rows = records.map((r) => exported.columns.map(([, cell]) => cell(r)));
        return sendWorkbook(
          reply,
          exported.title,
          exported.columns.map(([header]) => header),
          rows,
        );
      },
    );
  }

  const PdfQuery = Type.Object({ inline: Type.Optional(Type.Literal('1')) }, { additionalProperties: false });
  for (const route of def.pdf) {
    app.get(
      `${def.api}${route.path}`,
      {
        config: { access: { menu: route.menu } },
        schema: { tags: ['business'], summary: '存档PDF（校验SHA-256）', params: IdParams, querystring: PdfQuery },
      },
      async (request, reply) => {
        const { tenantId } = sessionOf(request);
        const caller = { tenantId, actor: await callerOf(request, deps.db) };
        const id = (request.params as IdParams).id;
        const { row } = await documentInScope(deps.db, def.table, caller, id, def.notFound);
        const inline = (request.query as { inline?: string }).inline === '1';
        return sendDocument(reply, deps, tenantId, rowEvidence(row), 'application/pdf', inline);
      },
    );
  }
}

// A document with versions on the stage kit (HOUSE.md "Documents are data first"): a stage record whose PDF is
// its evidence — a contract, later a letter — keeps the file once, through the file service, and the file's
// sha-256 on its record, so what was reviewed and signed is the bytes stored then, never a rendering made again
// on a later request. A generated PDF is committed to the content-addressed blob store and its row inserted
// under the blob's database lock (as an upload is, file-context.ts withBlobLocks), bound to its record; an
// uploaded one is the caller's own upload, bound the same way. Reading it back checks the bytes still hash to
// what the record says. The kit also serves such documents' page across businesses and their stored PDF.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type TObject, type TProperties, Type } from 'typebox';
import type { Database } from '../db/database';
import type { GatewayDeps } from '../deps';
import { loadExcel } from '../lazy-libraries';
import { actorById, inScope, loadBusiness } from '../modules/business/aggregate';
import { BlobStore } from '../modules/file/blob-store';
import { bindOwnFiles } from '../modules/file/file-binding';
import { contentDisposition } from '../modules/file/file-names';
import { registerFileRecord } from '../modules/file/file-records';
import { newId } from '../modules/operation-log/repository';
import { sessionOf } from '../plugins/auth-guard';
import { envelopeResponses, invalidInput, notFound, ok } from '../plugins/envelope';
import { withinScope } from '../resource/resource-repository';
import { EXPORT_MAX_ROWS } from '../resource/resource-routes';
import { IdParams, PageQuery, pageOf, pageRequest } from '../schemas/common';
import { type AnyDb, callerOf, fixedScopeOf } from './stage-scope';

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
  file: { name: string; pdf: Buffer },
  binding: DocumentBinding,
): Promise<DocumentEvidence> {
  const store = new BlobStore(filesDir);
  const received = await store.receive(Readable.from([file.pdf]));
  await sql`select pg_advisory_xact_lock(hashtextextended(${received.sha256}, 0))`.execute(trx);
  await store.commit(received);
  const fileId = newId();
  await trx
    .insertInto('stored_file')
    .values({
      key_id: fileId,
      tenant_id: owner.tenantId,
      file_name: file.name,
      extension: 'pdf',
      content_type: 'application/pdf',
      size: received.size,
      sha256: received.sha256,
      sub_sys: null,
      module: null,
      business_type: binding.type,
      business_id: binding.id,
      created_by: owner.userId,
      created_at: owner.now,
    })
    .execute();
  return { fileId, sha256: received.sha256 };
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

/** The next version of a series: one after the highest (a new series starts at 1). */
export const nextVersion = (versions: readonly number[]): number => Math.max(0, ...versions) + 1;

/**
 * What the kit serves of a stage's documents (stage items whose rows keep `file_id` and `file_sha256`): the page
 * of every one in the caller's scope across businesses (its business's number, supplier and state beside it,
 * newest first, filtered by the columns named), and each one's stored PDF on the pages named — read checked
 * against the sha-256 on its row, within the caller's scope (another tenant's or subtree's is not found).
 */
export interface DocumentRoutesDef<R extends object> {
  api: string;
  table: string;
  /** The file service's binding type of the documents' PDFs: read by whoever may see their business. */
  fileType: string;
  /** The list page granting the page; the pages granting the PDF, each with its path after `api`. */
  list: string;
  pdf: readonly { path: string; menu: string }[];
  notFound: string;
  /** `query key → column` filtered with LIKE. */
  search: Readonly<Record<string, string>>;
  /** A row on the wire (its business's state given) and its schema. */
  row: { schema: TObject; of(row: Record<string, unknown>, businessState: string): R };
  /** What the stage adds to a page's rows, read for them at once (a contract's 合同锁定), and its schema. */
  extra?: { schema: TProperties; of(db: Kysely<Database>, tenantId: string, rows: R[]): Promise<object[]> };
  /** `{api}/export`: the rows of the page's filter as a workbook of these columns (the list's 导出). */
  export?: { title: string; columns: readonly (readonly [string, (row: R & PageExtras) => string | number])[] };
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
  const db = deps.db as unknown as AnyDb;
  // A document's PDF is read through the file service (文件预览) by whoever may see its business.
  registerFileRecord(def.fileType, async (database, caller, ids) => {
    const rows = await (database as unknown as AnyDb)
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
      if (q[key]) query = query.where(column, 'like', `%${q[key]}%`);
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
        const actor = await callerOf(request, deps.db);
        const row = await db
          .selectFrom(def.table)
          .select(['business_id', 'file_id', 'file_sha256'])
          .where('tenant_id', '=', tenantId)
          .where('item_id', '=', (request.params as IdParams).id)
          .executeTakeFirst();
        if (!row) throw notFound(def.notFound);
        const business = await loadBusiness(deps.db, tenantId, String(row.business_id));
        if (!inScope(actor, business)) throw notFound(def.notFound);
        const evidence = { fileId: String(row.file_id), sha256: String(row.file_sha256) };
        const { pdf, fileName } = await documentBytes(deps.db, deps.filesDir, tenantId, evidence);
        const inline = (request.query as { inline?: string }).inline === '1';
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', fileName))
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }
}

// The kit's one way of sending a stored document (a stage's document routes, its own `file` routes, 推送's package):
// the bytes read back are checked against the sha-256 the record keeps, sent whole with their kind and name, never
// cached; bytes that no longer hash to it are refused, not sent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { BlobStore } from '../modules/file/blob-store';
import { migratedTemplate } from '../testing/pglite-template';
import { DocumentEvidenceMessage, sendDocument, withStoredPdfs } from './stage-documents';
import { printFiles, recordPrinted } from './stage-package';

describe('sending a stored document on the stage kit', () => {
  let db: Kysely<Database>;
  const filesDir = mkdtempSync(join(tmpdir(), 'stage-send-'));
  const owner = { tenantId: DEMO_TENANT_ID, userId: 'U-send', now: new Date('2026-11-29T08:00:00Z') };
  const store = async (name: string, bytes: string, extension: 'pdf' | 'zip') => {
    const printed = await printFiles(filesDir, [{ name, bytes: Buffer.from(bytes), extension }]);
    const [stored] = await db
      .transaction()
      .execute((trx) => recordPrinted(trx, filesDir, owner, printed, { type: 'kitTest', id: name }));
    return stored as { fileId: string; sha256: string };
  };
  const app = Fastify();
  let evidence = { fileId: '', sha256: '' };
  let contentType: string | undefined;
  app.get('/doc', async (_request, reply) =>
    sendDocument(reply, { db, filesDir }, DEMO_TENANT_ID, evidence, contentType).catch((e: Error) =>
      reply.status(400).send({ message: e.message }),
    ),
  );

  beforeAll(async () => {
    const from = migratedTemplate();
    ({ db } = await openDatabase({ memory: true, ...(from ? { from } : {}) }));
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await db?.destroy();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('sends the checked bytes as a download of their kind, a PDF unless told', async () => {
    evidence = await store('合同.pdf', '%PDF-send', 'pdf');
    contentType = undefined;
    const pdf = await app.inject({ method: 'GET', url: '/doc' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toBe('%PDF-send');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');

    evidence = await store('资料包.zip', 'PK-send', 'zip');
    contentType = 'application/zip';
    const zip = await app.inject({ method: 'GET', url: '/doc' });
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.body).toBe('PK-send');
  });

  it('refuses bytes that no longer hash to what the record keeps', async () => {
    evidence = await store('altered.pdf', '%PDF-before', 'pdf');
    contentType = undefined;
    writeFileSync(new BlobStore(filesDir).pathOf(evidence.sha256), '%PDF-after');
    const res = await app.inject({ method: 'GET', url: '/doc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: DocumentEvidenceMessage.altered });
  });

  it('reads each record’s stored PDF beside it, in their order, refusing one that no longer hashes to its record', async () => {
    const records = [
      { no: 'HT1', evidence: await store('一.pdf', '%PDF-one', 'pdf') },
      { no: 'HT2', evidence: await store('二.pdf', '%PDF-two', 'pdf') },
    ];
    const read = await withStoredPdfs(db, filesDir, DEMO_TENANT_ID, records, (r) => r.evidence);
    expect(read.map((r) => [r.record.no, r.pdf.toString()])).toEqual([
      ['HT1', '%PDF-one'],
      ['HT2', '%PDF-two'],
    ]);
    expect(await withStoredPdfs(db, filesDir, DEMO_TENANT_ID, [], (r: (typeof records)[0]) => r.evidence)).toEqual([]);
    writeFileSync(new BlobStore(filesDir).pathOf(records[1]?.evidence.sha256 as string), '%PDF-changed');
    await expect(withStoredPdfs(db, filesDir, DEMO_TENANT_ID, records, (r) => r.evidence)).rejects.toThrow(
      DocumentEvidenceMessage.altered,
    );
  });
});

// The demo seed knows the database but not the files folder, so the documents it files (准入资料 of the
// seeded applications) are rows named by a placeholder sha-256. When the file module starts with its folder,
// each such row gets real bytes: a small document of its declared type naming the document and the company
// (a one-page PDF in the CJK font, a PNG), stored through the blob store the way an upload is, and the row's
// size and sha-256 made true. A demo user opening a seeded document sees it instead of 文件不存在.
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { loadPdfKit } from '../../lazy-libraries';
import type { BlobStore } from './blob-store';
import { pngImage } from './seeded-png';

/** What the seed writes as sha-256 for a file whose bytes the file module is still to store. */
export const SEEDED_PLACEHOLDER_SHA256 = '0'.repeat(64);

// Each distinct document is drawn once a process: every test gateway stores the same bytes.
const drawn = new Map<string, Promise<Buffer | null>>();

/** Stores bytes for every row still holding the placeholder; the number of rows it gave bytes. */
export async function storeSeededContents(
  db: Kysely<Database>,
  store: BlobStore,
  font: { path: string; family: string },
): Promise<number> {
  const rows = await db
    .selectFrom('stored_file as f')
    .leftJoin('financing_business as b', (j) =>
      j.onRef('b.business_id', '=', 'f.business_id').onRef('b.tenant_id', '=', 'f.tenant_id'),
    )
    .leftJoin('organization as o', 'o.org_id', 'b.supplier_id')
    .select(['f.key_id', 'f.file_name', 'f.extension', 'o.org_name'])
    .where('f.sha256', '=', SEEDED_PLACEHOLDER_SHA256)
    .execute();
  const groups = new Map<string, { fileName: string; extension: string; company: string; ids: string[] }>();
  for (const row of rows) {
    const company = row.org_name ?? '';
    const key = JSON.stringify([row.file_name, row.extension, company]);
    const group = groups.get(key) ?? { fileName: row.file_name, extension: row.extension, company, ids: [] };
    group.ids.push(row.key_id);
    groups.set(key, group);
  }
  let stored = 0;
  for (const [key, group] of groups) {
    let bytes = drawn.get(key);
    if (!bytes) {
      bytes = contentOf(group.fileName, group.extension, group.company, font);
      drawn.set(key, bytes);
    }
    const content = await bytes;
    if (!content) continue;
    const received = await store.receive(Readable.from([content]));
    await store.commit(received);
    await db
      .updateTable('stored_file')
      .set({ size: received.size, sha256: received.sha256 })
      .where('key_id', 'in', group.ids)
      .where('sha256', '=', SEEDED_PLACEHOLDER_SHA256)
      .execute();
    stored += group.ids.length;
  }
  return stored;
}

const title = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** Bytes of the declared type, or null for a type the demo has no sample of (its row keeps saying 缺失). */
async function contentOf(
  fileName: string,
  extension: string,
  company: string,
  font: { path: string; family: string },
): Promise<Buffer | null> {
  const name = title(fileName);
  switch (extension.toLowerCase()) {
    case 'pdf':
      return existsSync(font.path) ? samplePdf(name, company, font) : null;
    case 'png':
      return pngImage(name);
    case 'txt':
      return Buffer.from(`${name}\n${company}\n演示数据，仅供系统演示使用。\n`, 'utf8');
    default:
      return null;
  }
}

// A fixed date, so the same document is the same bytes on every start (one blob, a stable sha-256).
const SAMPLE_DATE = new Date(Date.UTC(2026, 10, 1));

async function samplePdf(name: string, company: string, font: { path: string; family: string }): Promise<Buffer> {
  const doc = new (await loadPdfKit())({
    size: 'A4',
    margin: 60,
    info: { Title: name, Creator: 'wsf-gateway', CreationDate: SAMPLE_DATE, ModDate: SAMPLE_DATE },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', font.path, font.family);
  doc.font('cjk');
  doc.fontSize(22).text(name, { align: 'center' });
  doc.moveDown(1.2);
  doc.fontSize(12).text(`企业名称：${company || '—'}`);
  doc.moveDown(0.4);
  doc.text(`资料名称：${name}`);
  doc.moveDown(0.4);
  doc.text('有效期至：2027-12-31');
  doc.moveDown(1.5);
  doc.fillColor('#888888').fontSize(10).text('演示数据，仅供系统演示使用。');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

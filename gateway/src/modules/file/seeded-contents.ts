// The demo seed knows the database but not the files folder, so the documents it files (准入资料 of the
// seeded applications) are rows named by a placeholder sha-256. When the file module starts with its folder,
// each such row gets real bytes: a small document of its declared type naming the document and the company
// (a one-page PDF in the CJK font, a PNG), stored through the blob store the way an upload is, and the row's
// size and sha-256 made true. A demo user opening a seeded document sees it instead of 文件不存在.
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DocumentLayout } from '../../documents/document-template';
import { drawDocuments } from '../../documents/render-document';
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
  drawMissing(
    [...groups].map(([key, group]) => ({ key, ...group })),
    font,
  );
  let stored = 0;
  for (const [key, group] of groups) {
    const content = await drawn.get(key)!;
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

type Sample = { key: string; fileName: string; extension: string; company: string };

/**
 * Puts into `drawn` the bytes of every sample not drawn yet: the PDFs all in one child process (the one
 * generated documents are drawn in), so that neither pdfkit nor the 20 MB CJK font it reads ever enters
 * the gateway's own memory, which keeps them for good once loaded.
 */
function drawMissing(samples: readonly Sample[], font: { path: string; family: string }): void {
  const missing = samples.filter((s) => !drawn.has(s.key));
  const pdfs = existsSync(font.path) ? missing.filter((s) => s.extension.toLowerCase() === 'pdf') : [];
  const drawing =
    pdfs.length > 0
      ? drawDocuments(
          pdfs.map((s) => sampleLayout(title(s.fileName), s.company)),
          { cjkFont: font, date: SAMPLE_DATE },
        )
      : Promise.resolve([]);
  // A demo sample that failed to draw leaves its row as it was, for the next start to try again.
  for (const [i, s] of pdfs.entries()) {
    const failed = () => {
      drawn.delete(s.key);
      return null;
    };
    drawn.set(
      s.key,
      drawing.then((bytes) => bytes[i]!, failed),
    );
  }
  for (const s of missing) if (!drawn.has(s.key)) drawn.set(s.key, Promise.resolve(otherContent(s)));
}

/** Bytes of a type other than PDF, or null for a type the demo has no sample of (its row keeps saying 缺失). */
function otherContent({ fileName, extension, company }: Sample): Buffer | null {
  const name = title(fileName);
  switch (extension.toLowerCase()) {
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

function sampleLayout(name: string, company: string): DocumentLayout {
  return {
    name,
    templateRef: '演示资料',
    pieces: [
      { kind: 'title', text: name },
      {
        kind: 'fields',
        items: [
          ['企业名称', company || '—'],
          ['资料名称', name],
          ['有效期至', '2027-12-31'],
        ],
      },
      { kind: 'paragraph', text: '演示数据，仅供系统演示使用。' },
    ],
  };
}

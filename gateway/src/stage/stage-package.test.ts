// The kit's printed files and packages on their own (PGlite from the run's migrated template): files printed before a
// transaction are recorded within it as stored files of their record, put back when removed meanwhile; a refused
// write's prints are removed unless a row names the same bytes; a package is a ZIP of its entries and a manifest
// of each one's sha-256.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { BlobStore } from '../modules/file/blob-store';
import { migratedTemplate } from '../testing/pglite-template';
import { zipEntries } from '../testing/zip-entries';
import { MANIFEST_NAME, printFiles, printPackage, recordPrinted, withPrinted } from './stage-package';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('printed files and packages on the stage kit', () => {
  let db: Kysely<Database>;
  const dir = mkdtempSync(join(tmpdir(), 'stage-package-'));
  const store = new BlobStore(dir);
  const owner = { tenantId: DEMO_TENANT_ID, userId: 'U-package', now: new Date('2026-11-29T08:00:00Z') };
  const rows = (id: string) =>
    db
      .selectFrom('stored_file')
      .select(['file_name', 'sha256', 'business_type'])
      .where('business_id', '=', id)
      .execute();

  beforeAll(async () => {
    const from = migratedTemplate();
    ({ db } = await openDatabase({ memory: true, ...(from ? { from } : {}) }));
  }, 180_000);
  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records printed files within a transaction, putting back a blob removed meanwhile', async () => {
    const printed = await printFiles(dir, [{ name: 'a.pdf', bytes: Buffer.from('%PDF-a') }]);
    expect(existsSync(store.pathOf(sha(Buffer.from('%PDF-a'))))).toBe(true);
    await store.remove(printed[0]!.sha256);
    const [stored] = await db
      .transaction()
      .execute((trx) => recordPrinted(trx, dir, owner, printed, { type: 'kitTest', id: 'R1' }));
    expect(stored?.sha256).toBe(printed[0]!.sha256);
    expect(existsSync(store.pathOf(printed[0]!.sha256))).toBe(true);
    expect(await rows('R1')).toEqual([{ file_name: 'a.pdf', sha256: printed[0]!.sha256, business_type: 'kitTest' }]);
  });

  it('removes a refused write’s prints, but not bytes a row already names', async () => {
    const printed = await printFiles(dir, [
      { name: 'again.pdf', bytes: Buffer.from('%PDF-a') },
      { name: 'b.pdf', bytes: Buffer.from('%PDF-b') },
    ]);
    const refused = withPrinted(db, dir, printed, () =>
      db.transaction().execute(async (trx) => {
        await recordPrinted(trx, dir, owner, printed, { type: 'kitTest', id: 'R2' });
        throw new Error('refused');
      }),
    );
    await expect(refused).rejects.toThrow('refused');
    expect(await rows('R2')).toEqual([]);
    expect(existsSync(store.pathOf(sha(Buffer.from('%PDF-a'))))).toBe(true);
    expect(existsSync(store.pathOf(sha(Buffer.from('%PDF-b'))))).toBe(false);
  });

  it('packs entries and a manifest naming each one with its sha-256', async () => {
    const [one, two] = await printFiles(dir, [
      { name: 'x.pdf', bytes: Buffer.from('%PDF-x') },
      { name: 'y.pdf', bytes: Buffer.from('%PDF-y') },
    ]);
    const at = owner.now;
    const entries = [
      { sha256: one!.sha256, name: '文件/x.pdf', mtime: at },
      { sha256: two!.sha256, name: '文件/x.pdf', mtime: at },
    ];
    const pkg = await printPackage(dir, entries, { no: 'P1' }, { manifest: 'm.json', zip: 'p.zip', at });
    expect(pkg.zip).toMatchObject({ name: 'p.zip', extension: 'zip', sha256: sha(pkg.zip.bytes) });
    const inside = zipEntries(pkg.zip.bytes);
    const manifest = JSON.parse((inside.get(MANIFEST_NAME) as Buffer).toString('utf8'));
    expect(manifest.no).toBe('P1');
    expect(manifest.files.map((f: { name: string }) => f.name)).toEqual(
      [...inside.keys()].filter((n) => n !== MANIFEST_NAME),
    );
    for (const f of manifest.files as { name: string; sha256: string }[])
      expect(sha(inside.get(f.name) as Buffer)).toBe(f.sha256);
    expect(manifest.files[0].name).not.toBe(manifest.files[1].name);
  });
});

// The kit's printed make on its own (PGlite from the run's migrated template): the record is checked before anything
// is drawn, the files are printed before the transaction opens, the record is read again locked and checked within
// it; a refusal there removes what was printed, a write keeps it; a make whose caller is gone writes nothing.
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
import { printFiles, recordPrinted } from './stage-package';
import { makePrinted } from './stage-printed-make';

describe('a printed make on the stage kit', () => {
  let db: Kysely<Database>;
  const dir = mkdtempSync(join(tmpdir(), 'stage-printed-make-'));
  const store = new BlobStore(dir);
  const owner = { tenantId: DEMO_TENANT_ID, userId: 'U-make', now: new Date('2026-11-29T08:00:00Z') };

  beforeAll(async () => {
    const from = migratedTemplate();
    ({ db } = await openDatabase({ memory: true, ...(from ? { from } : {}) }));
  }, 180_000);
  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A record whose state the test moves between the reads; every step in order. */
  const run = (states: string[], bytes: string, signal?: AbortSignal) => {
    const steps: string[] = [];
    const made = makePrinted(db, dir, {
      ...(signal ? { signal } : {}),
      async read(_db, lock) {
        const state = states.shift() as string;
        steps.push(`read ${state}${lock ? ' locked' : ''}`);
        return { id: `R-${bytes}`, state };
      },
      check(record) {
        if (record.state !== 'OPEN') throw new Error(`${record.state} may not move`);
      },
      async print(record) {
        steps.push(`print ${record.id}`);
        return { files: await printFiles(dir, [{ name: `${bytes}.pdf`, bytes: Buffer.from(bytes) }]) };
      },
      async write(trx, printed, record) {
        steps.push('write');
        return recordPrinted(trx, dir, owner, printed.files, { type: 'kitTest', id: record.id });
      },
    });
    return { made, steps };
  };

  it('checks, prints outside the transaction, checks again locked and writes', async () => {
    const { made, steps } = run(['OPEN', 'OPEN'], '%PDF-made');
    const [stored] = await made;
    expect(steps).toEqual(['read OPEN', 'print R-%PDF-made', 'read OPEN locked', 'write']);
    expect(existsSync(store.pathOf(stored?.sha256 as string))).toBe(true);
  });

  it('draws nothing for a record that may not move', async () => {
    const { made, steps } = run(['CLOSED'], '%PDF-never');
    await expect(made).rejects.toThrow('CLOSED may not move');
    expect(steps).toEqual(['read CLOSED']);
  });

  it('removes what it printed when the record moved meanwhile', async () => {
    const { made, steps } = run(['OPEN', 'CLOSED'], '%PDF-refused');
    await expect(made).rejects.toThrow('CLOSED may not move');
    expect(steps).toEqual(['read OPEN', 'print R-%PDF-refused', 'read CLOSED locked']);
    const rows = await db
      .selectFrom('stored_file')
      .select('key_id')
      .where('business_id', '=', 'R-%PDF-refused')
      .execute();
    expect(rows).toEqual([]);
    expect(existsSync(store.pathOf(createHash('sha256').update('%PDF-refused').digest('hex')))).toBe(false);
  });

  it('writes nothing and keeps no print when its caller was answered or went away while it printed', async () => {
    const caller = new AbortController();
    const { made, steps } = run(['OPEN', 'OPEN'], '%PDF-late', caller.signal);
    caller.abort(new Error('请求处理超时'));
    await expect(made).rejects.toThrow('请求处理超时');
    expect(steps).toEqual(['read OPEN', 'print R-%PDF-late']);
    const rows = await db.selectFrom('stored_file').select('key_id').where('business_id', '=', 'R-%PDF-late').execute();
    expect(rows).toEqual([]);
    expect(existsSync(store.pathOf(createHash('sha256').update('%PDF-late').digest('hex')))).toBe(false);
  });
});

// A data directory's prepared marker lets a gateway skip migrating and seeding it exactly once, and only while
// it names the gateway's own migrations; any other directory is prepared as usual.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationNames } from './migrate';
import { markPrepared, PREPARED_MARKER, takePreparedMarker } from './prepare';

describe('the prepared marker of a data directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'gw-prepared-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const fresh = (name: string) => mkdtempSync(join(root, `${name}-`));

  it('is absent from a directory nobody marked', async () => {
    expect(await takePreparedMarker(fresh('plain'))).toBe(false);
  });

  it('counts once: the next start of the same directory prepares it', async () => {
    const dir = fresh('marked');
    await markPrepared(dir);
    expect(await takePreparedMarker(dir)).toBe(true);
    expect(existsSync(join(dir, PREPARED_MARKER))).toBe(false);
    expect(await takePreparedMarker(dir)).toBe(false);
  });

  it('does not count when the gateway has a migration the directory was not prepared with', async () => {
    const dir = fresh('older');
    const names = await migrationNames();
    writeFileSync(join(dir, PREPARED_MARKER), JSON.stringify({ migrations: names.slice(0, -1) }));
    expect(await takePreparedMarker(dir)).toBe(false);
    expect(existsSync(join(dir, PREPARED_MARKER))).toBe(false);
  });

  it('does not count when cut short', async () => {
    const dir = fresh('torn');
    writeFileSync(join(dir, PREPARED_MARKER), '{"migrations": ["0001-in');
    expect(await takePreparedMarker(dir)).toBe(false);
  });
});

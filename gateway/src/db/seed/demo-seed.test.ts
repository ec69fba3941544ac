// Feature seeds are gathered from the folder (demo-seed.ts): every <feature>.seed.ts, in name order, after the
// core seed, each idempotent — and a file that forgets its seed(db) is refused, not silently skipped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway } from '../../testing/test-gateway';
import { CERTIFICATION_SEED_COUNT } from './certification.seed';
import { DEMO_TENANT_ID, featureSeeds, orderSeeds, seedDemo } from './demo-seed';
import { NEGATIVE_OPINION_COUNT } from './negative-opinion.seed';

describe('feature seeds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gw-seeds-'));
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (table: 'negative_opinion' | 'certification') =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = ${DEMO_TENANT_ID}`.execute(gw.db)
    ).rows[0]?.n;

  it('gathers the *.seed.ts files of the folder, each after the seeds it names', async () => {
    const seeds = await featureSeeds();
    const names = seeds.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['certification', 'negative-opinion']));
    for (const s of seeds) {
      for (const before of s.after ?? [])
        expect(names.indexOf(before), `${s.name} after ${before}`).toBeLessThan(names.indexOf(s.name));
    }
    // The meeting's grants go to the lifecycle's roles: it says so, not its name's place in the alphabet.
    expect(seeds.find((s) => s.name === 'meeting')?.after).toContain('business');
  });

  it('orders seeds by what they declare, not by their names, and refuses a cycle or an unknown name', () => {
    const seed = async () => {};
    const order = orderSeeds([
      { name: 'a-orders', seed, after: ['z-people'] },
      { name: 'b-alone', seed },
      { name: 'z-people', seed },
    ]).map((s) => s.name);
    expect(order).toEqual(['z-people', 'a-orders', 'b-alone']);
    expect(() =>
      orderSeeds([
        { name: 'a', seed, after: ['b'] },
        { name: 'b', seed, after: ['a'] },
      ]),
    ).toThrow('a → b → a');
    expect(() => orderSeeds([{ name: 'a', seed, after: ['nobody'] }])).toThrow('runs after nobody, which is no seed');
  });

  it('has run them for the demo tenant, and running the demo seed again adds nothing', async () => {
    expect(await count('negative_opinion')).toBe(NEGATIVE_OPINION_COUNT);
    expect(await count('certification')).toBe(CERTIFICATION_SEED_COUNT * 3);
    await seedDemo(gw.db);
    expect(await count('negative_opinion')).toBe(NEGATIVE_OPINION_COUNT);
    expect(await count('certification')).toBe(CERTIFICATION_SEED_COUNT * 3);
  });

  it('takes only *.seed.ts files, and refuses one without seed(db)', async () => {
    writeFileSync(join(dir, 'b-second.seed.ts'), 'export async function seed() {}\n');
    writeFileSync(join(dir, 'a-first.seed.ts'), 'export async function seed() {}\n');
    writeFileSync(join(dir, 'helper.ts'), 'throw new Error("not a seed");\n');
    expect((await featureSeeds(dir)).map((s) => s.name)).toEqual(['a-first', 'b-second']);
    writeFileSync(join(dir, 'c-broken.seed.ts'), 'export const rows = [];\n');
    await expect(featureSeeds(dir)).rejects.toThrow('c-broken.seed.ts exports no seed(db)');
  });
});

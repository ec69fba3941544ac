// The kit's named sources on their own: a later stage reads what the owning stage registered by name (undefined
// while none did), and a part carried on the later stage's wire comes with the owner's schema.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { Extensions, bindExtensions } from './extensions';
import { readStageSource, registerStageSource, stageSourceSchema } from './stage-sources';

/** A handle bound to its own registry, as buildApp binds an app's (the sources here never query it). */
function boundHandle(x: Extensions) {
  const adapter = {};
  const db = { getExecutor: () => ({ adapter }) } as unknown as Kysely<Database>;
  bindExtensions(db, x);
  return db;
}

describe('named stage sources', () => {
  it('reads what the owner registered, by business, and undefined while nobody did', async () => {
    const x = new Extensions();
    const db = boundHandle(x);
    expect(await readStageSource('test.items', db, 't1', 'b1')).toBeUndefined();
    registerStageSource(x, 'test.items', async (_db, tenantId, businessId) => [`${tenantId}/${businessId}`]);
    expect(await readStageSource('test.items', db, 't1', 'b1')).toEqual(['t1/b1']);
  });

  it('keeps the wire schema the owner declared for a part another stage carries', () => {
    const x = new Extensions();
    const schema = Type.Array(Type.Object({ keyId: Type.String() }, { additionalProperties: false }));
    registerStageSource(x, 'test.rows', async () => [], schema);
    registerStageSource(x, 'test.flag', async () => true);
    expect(stageSourceSchema(x, 'test.rows')).toBe(schema);
    expect(stageSourceSchema(x, 'test.flag')).toBeUndefined();
    expect(stageSourceSchema(x, 'test.none')).toBeUndefined();
  });
});

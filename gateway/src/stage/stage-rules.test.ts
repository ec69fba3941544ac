// A business's stage rule on its own: it judges a stored business by its id, with the record and the transition's
// clock, and finds nothing on a record that is no stored business.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BusinessRecord } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';
import { businessRule } from './stage-rules';

const record = {
  state: 'CONTRACT/DRAFT',
  suspended: false,
  ownerId: 'u1',
  supplierId: 's1',
} as unknown as BusinessRecord;
const db = {} as Kysely<Database>;

describe('a business’s stage rule on the kit', () => {
  it('judges a stored business by its id, with the record and the clock', async () => {
    const seen: unknown[] = [];
    const rule = businessRule(async (_db, tenantId, businessId, r, now) => {
      seen.push(tenantId, businessId, r, now);
      return [`${businessId}不通过`];
    });
    const now = new Date('2026-11-29T08:00:00Z');
    const stored = { ...record, keyId: 'B1' } as BusinessRecord;
    expect(await rule(db, 'T1', stored, now)).toEqual(['B1不通过']);
    expect(seen).toEqual(['T1', 'B1', stored, now]);
  });

  it('finds nothing on a record that is no stored business', async () => {
    const rule = businessRule(async () => ['never']);
    expect(await rule(db, 'T1', record, new Date())).toEqual([]);
  });
});

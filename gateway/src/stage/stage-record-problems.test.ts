// A submission is refused with the stage's word while its business has no record of the stage; a record found is
// put to the stage's rule, with the business and the moment asked about.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { recordProblems } from './stage-record-problems';

describe('recordProblems', () => {
  const db = {} as Kysely<Database>;
  const now = new Date('2026-11-30T02:00:00Z');
  const records: Record<string, { amount: number }> = { B1: { amount: 0 }, B2: { amount: 5 } };
  const problems = recordProblems(
    async (_db, tenantId, businessId) => (tenantId === 'T1' ? (records[businessId] ?? null) : null),
    '记录不存在',
    async (_db, tenantId, business: { keyId: string }, stored, at) =>
      stored.amount > 0 ? [] : [`${tenantId}/${business.keyId} 金额为零 @${at.toISOString()}`],
  );

  it('refuses with the stage’s word while the business has no record, another tenant’s included', async () => {
    expect(await problems(db, 'T1', { keyId: 'B9' }, now)).toEqual(['记录不存在']);
    expect(await problems(db, 'T2', { keyId: 'B2' }, now)).toEqual(['记录不存在']);
  });

  it('puts a record found to the stage’s rule', async () => {
    expect(await problems(db, 'T1', { keyId: 'B2' }, now)).toEqual([]);
    expect(await problems(db, 'T1', { keyId: 'B1' }, now)).toEqual(['T1/B1 金额为零 @2026-11-30T02:00:00.000Z']);
  });
});

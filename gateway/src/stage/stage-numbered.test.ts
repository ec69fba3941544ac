// A numbered document's row as the kit writes it, on a stage's real table (the demand's): numbered the tenant's
// next of its kind for the day, with its tenant and stamps beside the stage's own columns; a row the database
// refuses, in its transaction, hands its number back. On PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { DEMO_TENANT_ID, DemoOrg } from '../db/seed/demo-seed';
import { newId } from '../ids';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../testing/test-gateway';
import { insertNumbered } from './stage-numbered';

const DEMAND_ROW = { table: 'financing_demand', kind: 'demand', no: 'demand_no' } as const;
// A day no seeded demand was numbered on: its numbers start at 0001.
const NOW = new Date('2031-01-15T02:00:00Z');
const who = { tenantId: DEMO_TENANT_ID, now: NOW };

/** A demand's own columns: everything but its tenant, number and stamps. */
const demand = (amount: bigint) => ({
  demand_id: newId(NOW),
  supplier_id: DemoOrg.huadongBuildingMaterials,
  expected_amount: amount,
  expected_term_days: 90,
  purpose: '采购钢材',
  contact_name: '王经理',
  contact_phone: '13800000000',
  source: 'OPERATOR',
  status: 'NEW',
});

describe.each(databasesUnderTest())('a numbered row on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  }, 120_000);
  afterAll(async () => gw?.close());

  it('takes the day’s next number of its kind, its tenant and stamps beside its own columns', async () => {
    const first = demand(500_000n);
    const second = demand(700_000n);
    const nos = await gw.db
      .transaction()
      .execute(async (trx) => [
        await insertNumbered(trx, DEMAND_ROW, who, first),
        await insertNumbered(trx, DEMAND_ROW, who, second),
      ]);
    expect(nos).toEqual(['XQ203101150001', 'XQ203101150002']);
    const row = await gw.db
      .selectFrom('financing_demand')
      .selectAll()
      .where('demand_id', '=', second.demand_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: DEMO_TENANT_ID, demand_no: 'XQ203101150002', purpose: '采购钢材' });
    expect(BigInt(row.expected_amount)).toBe(700_000n);
    expect([new Date(row.created_at).getTime(), new Date(row.updated_at).getTime()]).toEqual([+NOW, +NOW]);
  });

  it('hands its number back when the database refuses the row in its transaction', async () => {
    // The table's own rule: a demand asks for more than nothing.
    const refused = gw.db.transaction().execute((trx) => insertNumbered(trx, DEMAND_ROW, who, demand(0n)));
    await expect(refused).rejects.toThrow(/financing_demand_amount_ck/);
    const next = await gw.db.transaction().execute((trx) => insertNumbered(trx, DEMAND_ROW, who, demand(1n)));
    expect(next).toBe('XQ203101150003');
  });
});

describe('a numbered row’s columns', () => {
  it('are the stage’s own, checked against its table; the number and stamps are the kit’s (the compiler says)', () => {
    const calls = (trx: Kysely<Database>) => [
      // @ts-expect-error the number is the kit's to draw
      insertNumbered(trx, DEMAND_ROW, who, { ...demand(1n), demand_no: 'XQ1' }),
      // @ts-expect-error the stage's own columns are checked against its table
      insertNumbered(trx, DEMAND_ROW, who, { ...demand(1n), meeting_id: 'M1' }),
    ];
    expect(calls).toBeTypeOf('function');
  });
});

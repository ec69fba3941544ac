// Feature seeds are gathered from the folder (demo-seed.ts): every <feature>.seed.ts, in name order, after the
// core seed, each idempotent — and a file that forgets its seed(db) is refused, not silently skipped.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE_TYPE } from '../../modules/contract/store';
import { BlobStore } from '../../modules/file/blob-store';
import { RECEIPT_FILE_TYPE as LOAN_RECEIPT_TYPE } from '../../modules/lending/store';
import { LETTER_FILE_TYPE } from '../../modules/letters/store';
import { PACKAGE_FILE_TYPE } from '../../modules/push/store';
import { REPAYMENT_RECEIPT_TYPE } from '../../modules/repayment/store';
import { SIGNING_FILE_TYPE } from '../../modules/signing/store';
import { seededBusinessAt } from '../../testing/seeded-business';
import type { TestGateway } from '../../testing/test-gateway';
import { callerOf, createTestGateway, databasesUnderTest, signIn } from '../../testing/test-gateway';
import { DASHBOARD_MENU, KPI_API } from '../../../../src/domain/statistics/dashboard';
import { PUSH_API } from '../../../../src/domain/financing/push';
import { SIGNING_API } from '../../../../src/domain/financing/signing';
import { CERTIFICATION_SEED_COUNT } from './certification.seed';
import { DEMO_TENANT_ID, featureSeeds, orderSeeds, seedDemo } from './demo-seed';
import { NEGATIVE_OPINION_COUNT } from './negative-opinion.seed';
import { seededAt } from '../../testing/pglite-template';

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
    await seedDemo(gw.db, seededAt());
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

describe.each(databasesUnderTest())('the demo’s loans on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('has each loan story walked to its status, closed by the runner through yesterday', async () => {
    const rows = await sql<{
      state: string;
      overdue_days: number;
      risk_class: string;
      balance: string;
      penalty: string;
      closed: number;
    }>`
      select b.state, l.overdue_days, l.risk_class,
        (select coalesce(sum(i.principal_due - i.principal_paid), 0) from installment i
          where i.business_id = l.business_id)::text as balance,
        (select coalesce(sum(i.penalty_accrued), 0) from installment i where i.business_id = l.business_id)::text
          as penalty,
        (select count(*) from business_event e where e.business_id = l.business_id
          and e.action = 'overdue')::int as closed
      from loan l join financing_business b on b.business_id = l.business_id
      where l.tenant_id = ${DEMO_TENANT_ID} and l.status = 'REGISTERED'
      order by l.loan_date`.execute(gw.db);
    const stories = rows.rows.map((r) => ({
      state: r.state,
      overdue: Number(r.overdue_days),
      risk: r.risk_class,
      owes: BigInt(r.balance) > 0n,
      penalty: BigInt(r.penalty) > 0n,
    }));
    expect(stories).toEqual([
      { state: 'REPAYING/OVERDUE', overdue: expect.any(Number), risk: 'SUBSTANDARD', owes: true, penalty: true },
      { state: 'REPAYING/OVERDUE', overdue: expect.any(Number), risk: 'SPECIAL_MENTION', owes: true, penalty: true },
      { state: 'SETTLED/DONE', overdue: 0, risk: 'NORMAL', owes: false, penalty: false },
      { state: 'REPAYING/OVERDUE', overdue: expect.any(Number), risk: 'SPECIAL_MENTION', owes: true, penalty: true },
      { state: 'SETTLED_EARLY/DONE', overdue: 0, risk: 'NORMAL', owes: false, penalty: false },
      { state: 'REPAYING/NORMAL', overdue: 0, risk: 'NORMAL', owes: true, penalty: false },
    ]);
    // Overdue more than 90, 31–90 and 1–30 days as of yesterday, the last day the seed closed.
    const [over90, over31, over1] = [0, 1, 3].map((i) => stories[i]?.overdue as number);
    expect(over90).toBeGreaterThan(90);
    expect(over31).toBeGreaterThanOrEqual(31);
    expect(over31).toBeLessThanOrEqual(90);
    expect(over1).toBeGreaterThanOrEqual(1);
    expect(over1).toBeLessThanOrEqual(30);
    // The runner moved each overdue business itself, as the system.
    expect(rows.rows.filter((r) => r.state === 'REPAYING/OVERDUE').every((r) => Number(r.closed) === 1)).toBe(true);
  });

  it('shows the loans on the dashboard: 在贷余额 the four unpaid loans’ principal, 逾期金额 above nothing', async () => {
    const { headers } = await signIn(gw.app, 'admin', 'Admin@2026');
    const kpi = await callerOf(gw.app)('GET', `${KPI_API}?menuId=${encodeURIComponent(DASHBOARD_MENU)}`, headers);
    expect(kpi.code, kpi.message).toBe(0);
    const unpaid = await gw.db
      .selectFrom('installment')
      .select(sql<string>`coalesce(sum(principal_due - principal_paid), 0)::text`.as('fen'))
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .executeTakeFirstOrThrow();
    expect(BigInt(unpaid.fen)).toBeGreaterThan(0n);
    expect(kpi.data.outstanding).toBe(Number(unpaid.fen));
    expect(kpi.data.overdueAmount).toBeGreaterThan(0);
  });

  it('stops a business at each stage a user acts at after the decision, walked there', async () => {
    const stops = await gw.db
      .selectFrom('financing_business as b')
      .innerJoin('financing_decision as d', 'd.business_id', 'b.business_id')
      .select(['b.state', 'd.repayment_method', 'd.term_days'])
      .where('b.tenant_id', '=', DEMO_TENANT_ID)
      .where('b.state', 'in', ['SIGNING/WAIT_SIGN', 'SIGNING/SIGNED', 'LENDING/WAIT_LOAN'])
      .orderBy('b.state')
      .execute();
    expect(stops.map((s) => s.state)).toEqual(['LENDING/WAIT_LOAN', 'SIGNING/SIGNED', 'SIGNING/WAIT_SIGN']);
    // The one to lend repays in several installments: 先息后本 over three months.
    expect(stops[0]).toMatchObject({ repayment_method: 'INTEREST_FIRST', term_days: 90 });
    // Each got there by the people's moves, on the timeline, not by a state written in.
    for (const state of ['SIGNING/WAIT_SIGN', 'SIGNING/SIGNED', 'LENDING/WAIT_LOAN'] as const) {
      const { businessId } = await seededBusinessAt(gw.db, state);
      const last = await gw.db
        .selectFrom('business_event')
        .select('to_state')
        .where('business_id', '=', businessId)
        .orderBy('at', 'desc')
        .orderBy('event_id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.to_state, state).toBe(state);
    }
  });

  it('files every seeded document in the gateway’s store and serves one of each kind with its bytes', async () => {
    const files = await gw.db
      .selectFrom('stored_file')
      .select(['key_id', 'sha256', 'business_type', 'business_id'])
      .execute();
    const store = new BlobStore(gw.filesDir);
    const missing = files.filter((f) => !existsSync(store.pathOf(f.sha256)));
    expect(missing).toEqual([]);
    const { headers } = await signIn(gw.app, 'admin', 'Admin@2026');
    const kinds = [
      ...[CONTRACT_FILE_TYPE, SIGNING_FILE_TYPE, LETTER_FILE_TYPE, PACKAGE_FILE_TYPE],
      ...[LOAN_RECEIPT_TYPE, REPAYMENT_RECEIPT_TYPE],
    ];
    // A signed copy is served by its signing record and a package by its push, each checked against the sha-256
    // it was filed with; the others by the file service.
    const push = await gw.db
      .selectFrom('capital_push')
      .select(['business_id', 'push_id', 'package_file_id'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .orderBy('push_id')
      .executeTakeFirstOrThrow();
    for (const kind of kinds) {
      const file = files.find((f) =>
        kind === PACKAGE_FILE_TYPE ? f.key_id === push.package_file_id : f.business_type === kind,
      );
      expect(file?.business_type, kind).toBe(kind);
      const url =
        kind === SIGNING_FILE_TYPE
          ? `${SIGNING_API}/record/${file?.business_id}/file/1`
          : kind === PACKAGE_FILE_TYPE
            ? `${PUSH_API}/${push.business_id}/package/${push.push_id}`
            : `/api/file/file/download?keyId=${file?.key_id}`;
      const res = await callerOf(gw.app)('GET', url, headers);
      expect(res.status, kind).toBe(200);
      expect(createHash('sha256').update(res.data).digest('hex'), kind).toBe(file?.sha256);
    }
  });

  it('has each settlement registered by finance and confirmed by finance2', async () => {
    const repayments = await gw.db
      .selectFrom('repayment as r')
      .innerJoin('app_user as a', 'a.user_id', 'r.registrar_id')
      .innerJoin('app_user as c', 'c.user_id', 'r.checked_by')
      .select(['r.status', 'a.user_name as registrar', 'c.user_name as checker', 'r.unapplied'])
      .where('r.tenant_id', '=', DEMO_TENANT_ID)
      .execute();
    expect(repayments).toHaveLength(2);
    for (const r of repayments) {
      expect(r).toMatchObject({ status: 'CONFIRMED', registrar: 'finance', checker: 'finance2' });
      // Exactly what was owed: nothing left over to return.
      expect(String(r.unapplied)).toBe('0');
    }
  });
});

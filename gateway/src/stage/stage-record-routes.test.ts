// The kit's reads of a stage's several records per business, on their own (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): the page lists the tenant's records newest first beside their business, only the
// caller's suppliers' for a supplier's user, one kind when asked, and pages without losing a row; the turn to-do
// lists the businesses on which the stage says it is the person's turn, and none for a person who may have none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../db/untyped';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { type Actor, actorById } from '../modules/business/aggregate';
import { newId } from '../ids';
import { seededBusinessAt } from '../testing/seeded-business';
import { databasesUnderTest, openSignedIn, type TestGateway } from '../testing/test-gateway';
import { type RecordPage, recordPageOf } from './stage-record-routes';
import { todosOf } from './stage-todos';
import { registerTurnTodo } from './stage-turn-todos';

const PAGE: RecordPage<{ keyId: string; kind: string }> = {
  ...{ table: 'signing_record', id: 'item_id', summary: 'test' },
  row: { properties: {}, of: (r) => ({ keyId: String(r.item_id), kind: String(r.kind) }) },
  filter: { name: 'kind', column: 'kind', values: ['ONLINE', 'OFFLINE', 'SUPPLEMENT'] },
};

describe.each(databasesUnderTest())('a stage’s records on the kit on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let operator: Actor;
  let supplier: Actor;
  /** Two businesses of the demo tenant, the first of the supplier user's own supplier, the second another's. */
  const mine = { id: '', no: '' };
  const others = { id: '', no: '' };
  const made: { id: string; business: string; kind: string }[] = [];

  beforeAll(async () => {
    const opened = await openSignedIn(databaseUrl, ['operator', 'supplier']);
    gw = opened.gw;
    operator = await actorById(gw.db, DEMO_TENANT_ID, opened.idOf.operator);
    supplier = await actorById(gw.db, DEMO_TENANT_ID, opened.idOf.supplier);
    const businesses = await gw.db
      .selectFrom('financing_business')
      .select(['business_id', 'business_no', 'supplier_id'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('deleted', '=', false)
      .orderBy('business_id')
      .execute();
    const own = businesses.find((b) => b.supplier_id === supplier.supplierId);
    const other = businesses.find((b) => b.supplier_id && b.supplier_id !== supplier.supplierId);
    if (!own || !other) throw new Error('the demo has no businesses of two suppliers');
    Object.assign(mine, { id: own.business_id, no: own.business_no });
    Object.assign(others, { id: other.business_id, no: other.business_no });
    // Five records a second apart, in the future so that they are the newest of the tenant.
    const at = (i: number) => new Date(Date.UTC(2099, 0, 1, 0, 0, i));
    for (const [i, [business, kind]] of (
      [
        [mine.id, 'OFFLINE'],
        [others.id, 'OFFLINE'],
        [mine.id, 'SUPPLEMENT'],
        [others.id, 'SUPPLEMENT'],
        [mine.id, 'SUPPLEMENT'],
      ] as const
    ).entries()) {
      const id = newId(new Date('2026-11-01T00:00:00+08:00'));
      made.push({ id, business, kind });
      await anyDb(gw.db)
        .insertInto('signing_record')
        .values({
          ...{ item_id: id, tenant_id: DEMO_TENANT_ID, business_id: business, seq: 900 + i, sign_no: `QY-KIT-${i}` },
          ...{ kind, status: 'SIGNED', signers: '[]', documents: '[]', scan_file_ids: '[]', timeline: '[]' },
          ...{ created_by: opened.idOf.operator, created_at: at(i), updated_at: at(i) },
        })
        .execute();
    }
  }, 180_000);
  afterAll(async () => {
    if (gw && made.length)
      await gw.db
        .deleteFrom('signing_record')
        .where(
          'item_id',
          'in',
          made.map((m) => m.id),
        )
        .execute();
    await gw?.close();
  });

  const page = (actor: Actor, query: Record<string, string> = {}) =>
    recordPageOf(gw.db, PAGE, DEMO_TENANT_ID, actor, query);

  it('lists the tenant’s records newest first, each beside its business and supplier', async () => {
    const first = await page(operator, { size: '5' });
    expect(first.records.map((r) => r.keyId)).toEqual(made.map((m) => m.id).reverse());
    expect(first.records[0]).toMatchObject({ kind: 'SUPPLEMENT', businessNo: mine.no });
    expect(first.records[1]).toMatchObject({ businessNo: others.no });
    expect(first.records.every((r) => r.supplierName !== '' && r.businessState !== '')).toBe(true);
    const total = await gw.db
      .selectFrom('signing_record')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .executeTakeFirstOrThrow();
    expect(first.total).toBe(Number(total.n));
  });

  it('pages without losing or repeating a record', async () => {
    const one = await page(operator, { size: '2', current: '1' });
    const two = await page(operator, { size: '2', current: '2' });
    const ids = [...one.records, ...two.records].map((r) => r.keyId);
    expect(ids).toEqual(
      made
        .map((m) => m.id)
        .reverse()
        .slice(0, 4),
    );
    expect(two).toMatchObject({ current: 2, size: 2 });
  });

  it('narrows to one kind, and shows a supplier’s user its own supplier’s only', async () => {
    const supplements = await page(operator, { kind: 'SUPPLEMENT' });
    expect(supplements.records.every((r) => r.kind === 'SUPPLEMENT')).toBe(true);
    expect(supplements.records.slice(0, 3).map((r) => r.keyId)).toEqual(
      made
        .filter((m) => m.kind === 'SUPPLEMENT')
        .map((m) => m.id)
        .reverse(),
    );
    const own = await page(supplier, { size: '100' });
    const ids = own.records.map((r) => r.keyId);
    expect(ids).toEqual(expect.arrayContaining(made.filter((m) => m.business === mine.id).map((m) => m.id)));
    expect(ids.some((id) => made.some((m) => m.id === id && m.business === others.id))).toBe(false);
    expect(own.records.every((r) => r.businessNo !== others.no)).toBe(true);
  });

  it('lists a person’s turns as to-dos, and none for someone who may have none', async () => {
    const label = '测试：轮到您';
    const waiting = await seededBusinessAt(gw.db, 'SIGNING/WAIT_SIGN');
    let asked = 0;
    registerTurnTodo(gw.app.extensions, {
      ...{ name: 'kit-test-turn', tab: 'MAKE', stage: 'SIGNING', label, states: ['SIGNING/WAIT_SIGN'] },
      may: (actor) => actor.userId === operator.userId,
      async turn(_db, _tenantId, business) {
        asked += 1;
        return business.keyId === waiting.businessId ? `/turn?businessId=${business.keyId}` : null;
      },
    });
    const todos = (await todosOf('MAKE', gw.db, DEMO_TENANT_ID, operator, new Date())).filter(
      (t) => t.itemTypeLabel === label,
    );
    expect(asked).toBeGreaterThan(0);
    expect(todos).toEqual([
      expect.objectContaining({ itemType: 'MAKE', stage: 'SIGNING', businessId: waiting.businessId }),
    ]);
    expect(todos[0]).toMatchObject({ businessNo: waiting.businessNo, link: `/turn?businessId=${waiting.businessId}` });
    asked = 0;
    const none = await todosOf('MAKE', gw.db, DEMO_TENANT_ID, supplier, new Date());
    expect(none.filter((t) => t.itemTypeLabel === label)).toEqual([]);
    expect(asked).toBe(0);
  });
});

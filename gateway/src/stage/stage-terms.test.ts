// The limits every stage holds a business's terms to (BUSINESS.md §2: the effective cap is the minimum of the
// product, subsidiary and summary values; 申请金额 is the business's, recorded by the application's 提交): the
// application's limits and the report's and decision's are one effective cap — while the business names no
// product, no product binds it, however the tenant's first product is set — and one applied amount, the
// business's own, whatever the application's draft now totals. On PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { limitsOf } from '../modules/financing-application/store';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../testing/test-gateway';
import { fenOf } from './stage-money';
import { seededBusinessAt } from '../testing/seeded-business';
import { appliedAmountOf, businessEffectiveCapOf, stageTerms, termElementsOf } from './stage-terms';

const T = DEMO_TENANT_ID;

describe.each(databasesUnderTest())('the limits of a business’s terms on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  }, 120_000);
  afterAll(async () => gw?.close());

  /** A business with an application, made to name no product. */
  async function businessWithoutProduct() {
    const b = await gw.db
      .selectFrom('financing_business as b')
      .innerJoin('financing_application as a', (j) =>
        j.onRef('a.application_id', '=', 'b.business_id').onRef('a.tenant_id', '=', 'b.tenant_id'),
      )
      .select(['b.business_id', 'b.project_company_id', 'b.apply_amount', 'a.total_amount'])
      .where('b.tenant_id', '=', T)
      .where('b.apply_amount', '>', 0)
      .orderBy('b.project_company_id')
      .orderBy('b.business_no')
      .executeTakeFirstOrThrow();
    await gw.db
      .updateTable('financing_business')
      .set({ product_id: null })
      .where('tenant_id', '=', T)
      .where('business_id', '=', b.business_id)
      .execute();
    return { keyId: b.business_id, productId: null, projectCompanyId: b.project_company_id, ...b };
  }

  it('holds the application and the decision to one effective cap when the business names no product', async () => {
    const business = await businessWithoutProduct();
    // The tenant's first enabled product (the one the decision proposes) is set tighter than anything else.
    const first = await gw.db
      .selectFrom('fund_product')
      .select('product_id')
      .where('tenant_id', '=', T)
      .where('status', '=', 'ENABLED')
      .orderBy('product_code')
      .executeTakeFirstOrThrow();
    await gw.db
      .updateTable('fund_product')
      .set({ term_min_days: 7, term_max_days: 31, max_financing_ratio: '0.3000' })
      .where('product_id', '=', first.product_id)
      .execute();
    const now = new Date();
    const [terms, limits, cap] = await Promise.all([
      stageTerms(gw.db, T, business, now),
      limitsOf(gw.db, T, business, now),
      businessEffectiveCapOf(gw.db, T, business, now),
    ]);
    // The product is proposed with its ranges, but binds no cap the business has not chosen it for.
    expect(terms?.product.productId).toBe(first.product_id);
    expect(terms?.bounds.cap).toEqual(cap);
    expect(cap.maxTermDays?.from).not.toBe('product');
    expect(cap.maxTermDays?.value).not.toBe(31);
    expect(cap.maxFinancingRatio?.from).not.toBe('product');
    expect(limits.maxTermDays).toBe(cap.maxTermDays?.value ?? null);
    expect(limits.ratio).toBe(cap.maxFinancingRatio?.value ?? '0.8000');
    expect(limits.singleMax).toBe(cap.singleMaxAmount?.value ?? null);
    // Once the business names the product, it binds both alike.
    const named = { ...business, productId: first.product_id };
    const [namedTerms, namedLimits] = await Promise.all([
      stageTerms(gw.db, T, named, now),
      limitsOf(gw.db, T, named, now),
    ]);
    expect(namedTerms?.bounds.cap.maxTermDays).toEqual({ value: 31, from: 'product' });
    expect(namedLimits.maxTermDays).toBe(31);
    expect(namedLimits.ratio).toBe(namedTerms?.bounds.cap.maxFinancingRatio?.value);
  }, 60_000);

  it('reads the applied amount from the business, not from the application’s draft', async () => {
    const business = await businessWithoutProduct();
    const applied = fenOf(business.apply_amount);
    expect(applied).toBeGreaterThan(0n);
    // The application's lines are edited after its 提交 recorded the 申请金额 (a stale or returned draft).
    await gw.db
      .updateTable('financing_application')
      .set({ total_amount: applied + 12_345n })
      .where('tenant_id', '=', T)
      .where('application_id', '=', business.keyId)
      .execute();
    const terms = await stageTerms(gw.db, T, business, new Date());
    expect(await appliedAmountOf(gw.db, T, business.keyId)).toBe(applied);
    expect(terms?.bounds.applyAmountFen).toBe(applied);
  }, 60_000);

  it('reads a business’s TERM elements typed, through the elements’ source, and none before they are made', async () => {
    const signing = await seededBusinessAt(gw.db, 'SIGNING/WAIT_SIGN');
    const terms = await termElementsOf(gw.db, T, signing.businessId);
    expect(terms.map((t) => t.name)).toEqual(expect.arrayContaining(['金额', '利率', '期限', '还款方式']));
    expect(terms.find((t) => t.name === '金额')?.required).toMatchObject({ type: 'AMOUNT', fen: expect.any(BigInt) });
    expect(terms.find((t) => t.name === '期限')?.required).toMatchObject({ type: 'DAYS', days: expect.any(Number) });
    expect(await termElementsOf(gw.db, T, 'no-such-business')).toEqual([]);
  }, 60_000);
});

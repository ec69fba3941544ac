// Provider states of the demand and pre-credit contracts: a new demand of the demo supplier (华东建材, which has
// the data-query consent the demo seed gives it) for the operator to accept or close, and a pre-credit of that
// supplier in 草稿 or 待审核, each put back to its fixed ids and version before every interaction. The
// pre-credit rests on one of the supplier's confirmed orders for 100.00 元, well under the ceiling, and the
// review's roles have members, so 提交 goes through.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { consent, ensureReviewers, unlock } from '../../../gateway/src/testing/demand-fixtures';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import { eligibleOrders } from '../../../gateway/src/modules/pre-credit/store';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const DemandState = {
  demandNew: 'operator is signed in and a demand is new',
  preCreditDraft: 'supplier is signed in and has a pre-credit draft',
  preCreditPending: 'supplier is signed in and has a pre-credit awaiting review',
} as const;

export const PACT_DEMAND_ID = '2530000000000000001';
export const PACT_PRE_CREDIT_ID = '2540000000000000001';
const SUPPLIER_USER_ID = '1300000000000000003';

export const providerStates: ProviderStates = (gateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-11-20T02:00:00Z');

  /** 华东建材's consent, whatever another contract's state did with it (accepting and submitting need it). */
  const consented = async () => {
    const has = await db
      .selectFrom('supplier_consent')
      .select('consent_id')
      .where('supplier_org_id', '=', DemoOrg.huadongBuildingMaterials)
      .where('auth_state', '=', '1')
      .executeTakeFirst();
    if (!has) await consent(gateway, DemoOrg.huadongBuildingMaterials, SUPPLIER_USER_ID);
    await unlock(gateway, DemoOrg.huadongBuildingMaterials);
  };

  /** The pact pre-credit and its business, gone (with whatever a previous interaction made of them). */
  const clearPreCredit = async () => {
    await db.deleteFrom('pre_credit').where('business_id', '=', PACT_PRE_CREDIT_ID).execute();
    await db.deleteFrom('business_event').where('business_id', '=', PACT_PRE_CREDIT_ID).execute();
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_PRE_CREDIT_ID).execute();
  };

  const draft = async () => {
    await consented();
    await ensureReviewers(gateway);
    await clearPreCredit();
    const today = businessDay(new Date());
    const [order] = await eligibleOrders(db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials, null, today);
    await db
      .insertInto('financing_business')
      .values({
        business_id: PACT_PRE_CREDIT_ID,
        tenant_id: DEMO_TENANT_ID,
        business_no: 'RZ202611209901',
        supplier_id: DemoOrg.huadongBuildingMaterials,
        state: 'PRE_CREDIT/DRAFT',
        stage: 'PRE_CREDIT',
        owner_id: SUPPLIER_USER_ID,
        apply_amount: 100_00,
        created_by: SUPPLIER_USER_ID,
        created_at: at,
        updated_by: SUPPLIER_USER_ID,
        updated_at: at,
        version: 1,
      })
      .execute();
    await db
      .insertInto('pre_credit')
      .values({
        business_id: PACT_PRE_CREDIT_ID,
        tenant_id: DEMO_TENANT_ID,
        pre_credit_no: 'YS202611209901',
        apply_amount: 100_00,
        valid_days: 90,
        valid_from: '2026-11-20',
        valid_to: '2027-02-17',
        basis_order_ids: JSON.stringify(order ? [order.orderId] : []),
        created_by: SUPPLIER_USER_ID,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await issueToken(gateway.db, { userName: 'supplier', token: PACT_TOKEN.supplier });
  };

  return {
    [DemandState.demandNew]: async () => {
      await consented();
      const business = await db
        .selectFrom('financing_demand')
        .select('business_id')
        .where('demand_id', '=', PACT_DEMAND_ID)
        .executeTakeFirst();
      if (business?.business_id) {
        await db.deleteFrom('pre_credit').where('business_id', '=', business.business_id).execute();
        await db.deleteFrom('business_event').where('business_id', '=', business.business_id).execute();
        await db.deleteFrom('financing_business').where('business_id', '=', business.business_id).execute();
      }
      await db.deleteFrom('financing_demand').where('demand_id', '=', PACT_DEMAND_ID).execute();
      await db
        .insertInto('financing_demand')
        .values({
          demand_id: PACT_DEMAND_ID,
          tenant_id: DEMO_TENANT_ID,
          demand_no: 'XQ202611209901',
          supplier_id: DemoOrg.huadongBuildingMaterials,
          project_company_id: DemoOrg.suzhouProject,
          expected_amount: 3_000_000_00,
          expected_term_days: 180,
          purpose: '支付钢材采购款',
          contact_name: '王建国',
          contact_phone: '13800000003',
          source: 'SUPPLIER',
          status: 'NEW',
          created_by: SUPPLIER_USER_ID,
          created_at: at,
          updated_by: SUPPLIER_USER_ID,
          updated_at: at,
          version: 1,
        })
        .execute();
      await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    },
    [DemandState.preCreditDraft]: draft,
    [DemandState.preCreditPending]: async () => {
      await draft();
      const res = await gateway.app.inject({
        method: 'POST',
        url: `/api/business/business/${PACT_PRE_CREDIT_ID}/transition`,
        headers: { authorization: `Bearer ${PACT_TOKEN.supplier}` },
        payload: { action: 'submit', version: 1 },
      });
      if (res.statusCode !== 200) throw new Error(`could not submit the pact pre-credit: ${res.body}`);
    },
  };
};

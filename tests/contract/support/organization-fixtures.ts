// Provider-state fixtures for the 组织管理 / 项目公司管理 / 供应商管理 contracts: a supplier and a project company
// of the demo tenant with fixed ids, put back to the same state before each interaction (enabled, version 1,
// fixed details; the supplier in wsf_app only), and names and credit codes the create interactions can
// always use (whatever an earlier run created with them is removed).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../gateway/src/db/database';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { creditCodeCheckChar } from '../../../src/domain/patterns/social-credit-code';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN, State } from './consumer';
import type { ProviderStates } from './provider-states';

const code = (first17: string) => first17 + creditCodeCheckChar(first17);

export const PACT_ORG = {
  supplierId: '1100000000000000901',
  supplierName: '契约供应商有限公司',
  gysId: 'GYS209900901',
  supplierCode: code('91310115MA1PACT00'),
  projectId: '1100000000000000902',
  projectName: '契约项目公司',
  projectCode: code('91310115MA1PACT10'),
  productApp: '1010000000000000001',
  portalApp: '1010000000000000002',
  /** What the create interactions use; nothing has them before. */
  newSupplierName: '契约新供应商有限公司',
  newSupplierCode: code('91310115MA1PACT01'),
  newProjectName: '契约新项目公司',
  newProjectCode: code('91310115MA1PACT11'),
  newSubsidiaryName: '契约新子公司',
  /** A code with its check character changed: the gateway refuses it. */
  badCode: (() => {
    const c = code('91310115MA1PACT01');
    return c.slice(0, 17) + (c[17] === 'A' ? 'B' : 'A');
  })(),
} as const;

export async function resetPactOrganizations(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stray = await trx
      .selectFrom('organization')
      .select('org_id')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('org_name', 'in', [PACT_ORG.newSupplierName, PACT_ORG.newProjectName, PACT_ORG.newSubsidiaryName])
      .execute();
    const ids = stray.map((s) => s.org_id);
    if (ids.length) {
      await trx.deleteFrom('organization_app').where('org_id', 'in', ids).execute();
      await trx.deleteFrom('organization').where('org_id', 'in', ids).execute();
    }
    const fixed = [
      {
        org_id: PACT_ORG.supplierId,
        parent_id: DemoOrg.group,
        org_name: PACT_ORG.supplierName,
        org_type: 'SUPPLIER' as const,
        gys_id: PACT_ORG.gysId,
        data_auth_state: 'PENDING' as const,
        credit_code: PACT_ORG.supplierCode,
        contact_name: '契约联系人',
        contact_mobile: '13700000901',
        email: 'pact.supplier@example.com',
        address: '上海市浦东新区契约路1号',
      },
      {
        org_id: PACT_ORG.projectId,
        parent_id: DemoOrg.shanghaiRealEstate,
        org_name: PACT_ORG.projectName,
        org_type: 'PROJECT_COMPANY' as const,
        gys_id: null,
        data_auth_state: null,
        credit_code: PACT_ORG.projectCode,
        contact_name: '契约项目联系人',
        contact_mobile: '13700000902',
        email: null,
        address: null,
      },
    ];
    for (const row of fixed) {
      const values = {
        ...row,
        tenant_id: DEMO_TENANT_ID,
        status: 'ENABLED' as const,
        version: sql<number>`1`,
        sort_no: 900,
      };
      await trx
        .insertInto('organization')
        .values(values)
        .onConflict((oc) => oc.column('org_id').doUpdateSet({ ...row, status: 'ENABLED', version: sql<number>`1` }))
        .execute();
    }
    await trx.deleteFrom('organization_app').where('org_id', '=', PACT_ORG.supplierId).execute();
    await trx
      .insertInto('organization_app')
      .values({ org_id: PACT_ORG.supplierId, app_id: PACT_ORG.productApp })
      .execute();
  });
}

export const providerStates: ProviderStates = (gateway) => ({
  [State.adminWithPactOrganizations]: async () => {
    await resetPactOrganizations(gateway.db);
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
});

// Provider states of the supplier-authorization contracts: 华东建材有限公司's data-query consent withdrawn
// (pending), or given afresh through the real call for every capital side of the tenant.
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { listCapitalSideCodes, resetConsent } from '../../../gateway/src/modules/supplier/repository';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN, State } from './consumer';
import type { ProviderStates } from './provider-states';

export const providerStates: ProviderStates = (gateway) => ({
  [State.supplierConsentPending]: async () => {
    await resetConsent(gateway.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials);
    await issueToken(gateway.db, { userName: 'supplier', token: PACT_TOKEN.supplier });
  },
  [State.supplierConsented]: async () => {
    await resetConsent(gateway.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials);
    await issueToken(gateway.db, { userName: 'supplier', token: PACT_TOKEN.supplier });
    const capitalSideCodeList = await listCapitalSideCodes(gateway.db, DEMO_TENANT_ID);
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/product/supplier/updateSupplierAuth',
      headers: { authorization: `Bearer ${PACT_TOKEN.supplier}` },
      payload: { gysId: 'GYS202400001', authState: '1', capitalSideCodeList },
    });
    if (res.json().data?.code !== '0') throw new Error(`could not consent: ${res.body}`);
  },
});

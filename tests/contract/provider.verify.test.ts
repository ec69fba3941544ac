// Replays every committed pact against the real gateway (PGlite, seeded with the demo tenant), with the
// provider states of contracts/README.md. A contract the gateway does not keep fails here.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { hash } from '@node-rs/argon2';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, DemoOrg } from '../../gateway/src/db/seed/demo-seed';
import { listCapitalSideCodes, resetConsent } from '../../gateway/src/modules/supplier/repository';
import { createTestGateway, issueToken, type TestGateway } from '../../gateway/src/testing/test-gateway';
import { FILE_KEY, FILE_TEXT, PACT_DIR, PACT_TOKEN, PROVIDER, State } from './support/consumer';
import { storeFixtureFile } from './support/file-fixtures';
import { resetPactUser } from './support/user-fixtures';
import { resetPactRole } from './support/role-fixtures';
import { resetPactOrganizations } from './support/organization-fixtures';
import { resetPactCertifications } from './support/certification-fixtures';

let gateway: TestGateway;
let baseUrl = '';

beforeAll(async () => {
  gateway = await createTestGateway();
  baseUrl = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await gateway?.close();
});

const signedIn = (userName: string, token: string) => async () => {
  await issueToken(gateway.db, { userName, token });
};

/** The files of FILE_KEY in the demo tenant, stored afresh, with no editing lock held. */
const storeFiles = async () => {
  await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  await storeFixtureFile(gateway, { keyId: FILE_KEY.text, name: FILE_TEXT.name, content: Buffer.from(FILE_TEXT.content) });
  await storeFixtureFile(gateway, { keyId: FILE_KEY.image, name: '扫描件.png', content: 'png' });
  await storeFixtureFile(gateway, { keyId: FILE_KEY.module, name: '附件.txt', content: Buffer.from('模块附件\n'), subSys: 'business', module: 'contract' });
};

const stateHandlers: Record<string, () => Promise<void>> = {
  [State.seeded]: async () => {},
  [State.adminSignedIn]: signedIn('admin', PACT_TOKEN.admin),
  [State.operatorSignedIn]: signedIn('operator', PACT_TOKEN.operator),
  [State.supplierSignedIn]: signedIn('supplier', PACT_TOKEN.supplier),
  [State.operatorWithDemoPassword]: async () => {
    await gateway.db.updateTable('app_user').set({ password_hash: await hash('Operator@2026') }).where('user_name', '=', 'operator').execute();
    await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
  },
  [State.supplierConsentPending]: async () => {
    await resetConsent(gateway.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials);
    await issueToken(gateway.db, { userName: 'supplier', token: PACT_TOKEN.supplier });
  },
  [State.supplierConsented]: async () => {
    await resetConsent(gateway.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials);
    await issueToken(gateway.db, { userName: 'supplier', token: PACT_TOKEN.supplier });
    const capitalSideCodeList = await listCapitalSideCodes(gateway.db, DEMO_TENANT_ID);
    const res = await gateway.app.inject({
      method: 'POST', url: '/api/product/supplier/updateSupplierAuth', headers: { authorization: `Bearer ${PACT_TOKEN.supplier}` },
      payload: { gysId: 'GYS202400001', authState: '1', capitalSideCodeList },
    });
    if (res.json().data?.code !== '0') throw new Error(`could not consent: ${res.body}`);
  },
  [State.adminWithPactUser]: async () => {
    await resetPactUser(gateway.db);
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
  [State.auditorSignedIn]: signedIn('auditor', PACT_TOKEN.auditor),
  [State.adminWithPactRole]: async () => {
    await resetPactRole(gateway.db);
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
  [State.adminWithPactOrganizations]: async () => {
    await resetPactOrganizations(gateway.db);
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
  [State.adminWithPactCertifications]: async () => {
    await resetPactCertifications(gateway.db);
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
  [State.adminHasFiles]: storeFiles,
  [State.fileLockedByOperator]: async () => {
    await storeFiles();
    await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    const res = await gateway.app.inject({
      method: 'POST',
      url: `/api/file/wopi/files/${FILE_KEY.text}?access_token=${PACT_TOKEN.operator}`,
      headers: { 'x-wopi-override': 'LOCK', 'x-wopi-lock': 'operator-lock' },
    });
    if (res.statusCode !== 200) throw new Error(`could not lock the file: ${res.body}`);
  },
  [State.tokenRevoked]: async () => {
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.revoked });
    const res = await gateway.app.inject({ method: 'POST', url: '/api/authcenter/logout', headers: { authorization: `Bearer ${PACT_TOKEN.revoked}` } });
    if (res.statusCode !== 200) throw new Error(`could not revoke the token: ${res.body}`);
  },
};

describe('the gateway keeps the web client\'s contracts', () => {
  const pactUrls = readdirSync(PACT_DIR).filter((f) => f.endsWith('.json')).map((f) => resolve(PACT_DIR, f));

  it('has pacts to verify', () => {
    expect(pactUrls.length).toBeGreaterThan(0);
  });

  it('verifies every interaction', async () => {
    await new Verifier({
      provider: PROVIDER,
      providerBaseUrl: baseUrl,
      pactUrls,
      stateHandlers,
      logLevel: 'warn',
    }).verifyProvider();
  }, 120_000);
});

// Shared by the consumer tests: one pact file per area of the web client against the gateway, and the real
// adapters (the one HTTP client and the gateway adapters) pointed at Pact's mock server.
import 'reflect-metadata';
import { PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { basename } from 'node:path';
import { expect, vi } from 'vitest';
import type { SessionStore } from '../../../src/application/ports/session-store.port';
import { HttpClient } from '../../../src/adapters/gateway/http-client';
import type { StoredSession } from '../../../src/domain/session/session';

export const CONSUMER = 'wsf-web';
export const PROVIDER = 'wsf-gateway';
export const PACT_DIR = 'contracts/pacts';

/** Tokens the provider states issue for the demo accounts (see contracts/README.md). */
export const PACT_TOKEN = {
  admin: 'pact-token-admin-0000000000000000000000000',
  operator: 'pact-token-operator-000000000000000000000',
  supplier: 'pact-token-supplier-000000000000000000000',
  revoked: 'pact-token-revoked-0000000000000000000000',
  auditor: 'pact-token-auditor-0000000000000000000000',
} as const;

export const DEMO_TENANT_ID = '1000000000000000001';

/** The parameter encryption key of the provider's gateway, which encryption.pact.test.ts encrypts under. */
export const PACT_ENCRYPT_KEY = 'PactParamKey2026abcdefghijklmnop';

export const State = {
  seeded: 'the demo tenant is seeded',
  adminSignedIn: 'admin is signed in',
  operatorSignedIn: 'operator is signed in',
  supplierSignedIn: 'supplier is signed in',
  tokenRevoked: 'a revoked token',
  /** admin signed in, and the files of FILE_KEY stored in the demo tenant (no editing lock held). */
  adminHasFiles: 'admin is signed in and the demo tenant has stored files',
  /** as adminHasFiles, and the text file locked for editing by operator with the lock 'operator-lock'. */
  fileLockedByOperator: 'the stored text file is locked by operator',
  supplierConsentPending: 'supplier is signed in and its data-query consent is pending',
  supplierConsented: 'supplier is signed in and has consented to the data-query authorization',
  operatorWithDemoPassword: 'operator is signed in with the demo password',
  /** admin signed in, and the user pact.user (PACT_USER of user-fixtures.ts) put back to its fixed state; no pact.new.user. */
  adminWithPactUser: 'admin is signed in and the pact user exists',
  /** the read-only auditor signed in (用户管理 without operation codes). */
  auditorSignedIn: 'auditor is signed in',
  /** admin signed in, and the role PACT_ROLE of role-fixtures.ts put back to its fixed state (enabled, version 1, no users, the dashboard only); no live role named or coded as its newRoleName / newRoleCode. */
  adminWithPactRole: 'admin is signed in and the pact role exists',
  /** admin signed in, and the supplier and project company of organization-fixtures.ts put back to their fixed state (enabled, version 1); nothing named as the create interactions' new organisations. */
  adminWithPactOrganizations: 'admin is signed in and the pact supplier and project company exist',
} as const;

/** The keyIds the file provider states store (see contracts/README.md). */
export const FILE_KEY = {
  text: 'pact-file-text',
  image: 'pact-file-image',
  module: 'pact-file-module',
} as const;

/** The text file's name and bytes. */
export const FILE_TEXT = { name: '合同说明.txt', content: '供应链金融合同说明\n' } as const;

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/**
 * The area a consumer test writes its pact for: its file's name, `<area>.pact.test.ts`. Each area has a pact
 * file of its own, contracts/pacts/wsf-web-<area>-wsf-gateway.json, so areas added side by side never
 * merge into one file (the verifier replays every file of the folder).
 */
export function pactArea(testPath = expect.getState().testPath ?? ''): string {
  const area = /^(.+)\.pact\.test\.ts$/.exec(basename(testPath))?.[1];
  if (!area) throw new Error(`createPact() is for *.pact.test.ts files, not '${testPath}'`);
  return area;
}

export function createPact(area = pactArea()): PactV4 {
  return new PactV4({
    consumer: `${CONSUMER}-${area}`,
    provider: PROVIDER,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });
}

/** The real HTTP client against the mock server, with encryption off (the gateway also accepts plain parameters). */
export function httpClientFor(baseURL: string, token?: string) {
  const session: StoredSession | null = token ? { token, tenantId: DEMO_TENANT_ID } : null;
  const store = { read: () => session, readUser: () => null } as unknown as SessionStore;
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const http = new HttpClient({ baseURL }, store, notifier, { start: vi.fn(), stop: vi.fn() });
  http.setEncryption({ enabled: false, key: '' });
  return { http, notifier };
}

// The provider state of 业务详情's 附件: the pact application awaiting level 1 (financing-application-fixtures.ts), whose
// required documents — stored there as names only — are given real bytes, so that they open and pack; reviewer1
// signed in, reading what it reviews.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestGateway } from '../../../gateway/src/testing/test-gateway';
import {
  FinancingApplicationState,
  PACT_FINANCING_APPLICATION_ID,
  providerStates as applicationStates,
} from './financing-application-fixtures';
import type { ProviderStates } from './provider-states';
import { MINIMAL_PDF as PDF } from '../../../gateway/src/testing/minimal-pdf';

export const AttachmentState = {
  stored: 'reviewer1 is signed in and reads a financing application whose documents are stored',
} as const;

/** The first required document's keyId (financing-application-fixtures.ts numbers them). */
export const PACT_DOCUMENT_KEY = '256000000000000010';

export const providerStates: ProviderStates = (gateway: TestGateway) => ({
  [AttachmentState.stored]: async () => {
    await applicationStates(gateway)[FinancingApplicationState.pending]!();
    const sha256 = createHash('sha256').update(PDF).digest('hex');
    const path = join(gateway.filesDir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, PDF);
    await gateway.db
      .updateTable('stored_file')
      .set({ sha256, size: PDF.length })
      .where('business_type', '=', 'financingApplication')
      .where('business_id', '=', PACT_FINANCING_APPLICATION_ID)
      .execute();
  },
});

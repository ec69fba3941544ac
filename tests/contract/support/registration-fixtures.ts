// The provider state of the registration contract: nothing is registered under the pact applicant's user name
// or credit code, so the interaction's application succeeds on every run.
import { sql } from 'kysely';
import type { TestGateway } from '../../../gateway/src/testing/test-gateway';

export const PACT_APPLICANT = {
  companyName: '契约注册建材有限公司',
  creditCode: '91310000MA1FL8XQ37',
  legalPerson: '契约法人',
  contactName: '契约联系人',
  mobile: '13700005678',
  email: 'pact.register@example.com',
  userName: 'pact_register',
  password: 'Pact@20260',
  rePassword: 'Pact@20260',
  agreed: true,
} as const;

export const REGISTRATION_STATE = 'nobody has registered the pact applicant';

export const providerStates = (gateway: TestGateway): Record<string, () => Promise<void>> => ({
  [REGISTRATION_STATE]: async () => {
    const db = gateway.db;
    await sql`delete from registration where user_id in (select user_id from app_user where user_name = ${PACT_APPLICANT.userName})`.execute(
      db,
    );
    await sql`delete from certification where kind = 'ENTERPRISE' and id_number = ${PACT_APPLICANT.creditCode}`.execute(
      db,
    );
    await sql`delete from app_user where user_name = ${PACT_APPLICANT.userName}`.execute(db);
    await sql`delete from rate_limit_hit`.execute(db);
  },
});

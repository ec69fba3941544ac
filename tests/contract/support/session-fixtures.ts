// Provider states of the session contracts and of every contract that only needs someone signed in: the
// demo tenant as seeded, a token for each demo account, operator's demo password, and a revoked token.
import { hash } from '@node-rs/argon2';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN, State } from './consumer';
import type { ProviderStates } from './provider-states';

export const providerStates: ProviderStates = (gateway) => {
  const signedIn = (userName: string, token: string) => async () => {
    await issueToken(gateway.db, { userName, token });
  };
  return {
    [State.seeded]: async () => {},
    [State.adminSignedIn]: signedIn('admin', PACT_TOKEN.admin),
    [State.operatorSignedIn]: signedIn('operator', PACT_TOKEN.operator),
    [State.supplierSignedIn]: signedIn('supplier', PACT_TOKEN.supplier),
    [State.auditorSignedIn]: signedIn('auditor', PACT_TOKEN.auditor),
    [State.operatorWithDemoPassword]: async () => {
      await gateway.db
        .updateTable('app_user')
        .set({ password_hash: await hash('Operator@2026') })
        .where('user_name', '=', 'operator')
        .execute();
      await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    },
    [State.tokenRevoked]: async () => {
      await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.revoked });
      const res = await gateway.app.inject({
        method: 'POST',
        url: '/api/authcenter/logout',
        headers: { authorization: `Bearer ${PACT_TOKEN.revoked}` },
      });
      if (res.statusCode !== 200) throw new Error(`could not revoke the token: ${res.body}`);
    },
  };
};

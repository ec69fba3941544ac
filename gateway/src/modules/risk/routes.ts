// The risk area's plain resources over the resource kit (SPEC §7.2 `api/{subSys}/{module}`). What the
// definitions cannot say: a contract lock names a contract number or a payment order (one of the two), and
// handling an alert records its result (保持预警 / 取消预警).
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { CONTRACT_LOCK, CONTRACT_TARGET_REQUIRED, SUPPLIER_LOCK } from '../../../../src/domain/risk/locks.resource';
import { NEGATIVE_OPINION } from '../../../../src/domain/risk/negative-opinion.resource';
import { RESULT_OF_ACTION, RISK_ALERT } from '../../../../src/domain/risk/risk-alert.resource';
import { SUPERVISED_ACCOUNT } from '../../../../src/domain/risk/supervised-account.resource';
import type { GatewayDeps } from '../../deps';
import { invalidInput } from '../../plugins/envelope';
import { registerResource } from '../../resource/resource-routes';

// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;

export const riskRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, NEGATIVE_OPINION);
  registerResource(app, deps, SUPERVISED_ACCOUNT);
  registerResource(app, deps, RISK_ALERT, {
    afterTransition: async (trx, { after, action, tenantId }) => {
      await (trx as unknown as AnyDb)
        .updateTable('risk_alert')
        .set({ result: RESULT_OF_ACTION[action] ?? null })
        .where('tenant_id', '=', tenantId)
        .where('alert_id', '=', after.keyId)
        .execute();
    },
  });
  registerResource(app, deps, SUPPLIER_LOCK);
  registerResource(app, deps, CONTRACT_LOCK, {
    beforeCreate: (form) => {
      if (!form.contractNo && !form.paymentOrderNo) throw invalidInput(CONTRACT_TARGET_REQUIRED);
      return {};
    },
  });
};

export default riskRoutes;

// The built-in provider as one app runs it, beside the back office as e签宝 runs beside it: its callbacks posted to
// the app's own inbound route, its signing page, its clock (a flow past its deadline expires, 过期 5) and its outbox
// (every change not yet told is told again, a refused callback included) in the close-of-business runner; the
// shape of its callback's event checked before the signature is; and its notice log, which is the demo's SMS.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { GatewayDeps } from '../deps';
import { BUILTIN_PROVIDER, builtinProvider, registerSignPage } from './builtin-provider';
import type { FlowEvent } from './signing-provider';

/** Starts the app's provider: answers it, and `deliver`, which tells the back office after a write committed. */
export async function mountBuiltinProvider(app: FastifyInstance, deps: GatewayDeps) {
  const provider = builtinProvider(deps.db, async (raw, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/callback/${BUILTIN_PROVIDER}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: raw,
    });
    if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  });
  await registerSignPage(app, provider, deps.now);
  deps.dailyJob.register({
    name: 'signing-deadlines',
    order: 30,
    units: async (database, { at }) =>
      (await provider.dueFlows(database, at)).map((flowId) => ({
        key: flowId,
        apply: async (trx) => void (await provider.expireDue(trx, at, flowId)),
      })),
  });
  deps.dailyJob.register({
    name: 'signing-callbacks',
    order: 31,
    units: async (database) => {
      await provider.deliver(database, deps.now()).catch(() => 0);
      return [];
    },
  });
  /** A refused delivery is tried again later (the next write's, or the runner's). */
  const deliver = (log: FastifyBaseLogger) =>
    provider
      .deliver(deps.db, deps.now())
      .catch((err) => log.warn({ err }, 'signing callback not delivered; retried later'));
  return { provider, deliver };
}

/** The provider's event the body carries, or null when its shape is not the provider's. */
export function parseFlowEvent(body: unknown): FlowEvent | null {
  const b = body as Partial<FlowEvent> | null;
  if (typeof b?.eventId !== 'string' || typeof b.flowId !== 'string') return null;
  if (!Number.isInteger(b.seq) || !Number.isInteger(b.flowStatus) || !Array.isArray(b.signers)) return null;
  const signers = b.signers.filter(
    (s) =>
      Number.isInteger(s?.order) &&
      [0, 1, 2].includes(s?.status) &&
      (s.signedAt === null || typeof s.signedAt === 'string'),
  );
  if (signers.length !== b.signers.length || signers.length > 10) return null;
  return {
    ...{ eventId: b.eventId, flowId: b.flowId, seq: b.seq as number, flowStatus: b.flowStatus as number },
    reason: typeof b.reason === 'string' ? b.reason.slice(0, 200) : null,
    signers,
  };
}

/**
 * The flow's notices (links, codes, 催签), oldest first; a one-time code is shown only to `codeReader` (the
 * supplier's signer it was sent to): others read that one was sent.
 */
export async function flowNotices(db: Kysely<Database>, tenantId: string, flowId: string, codeReader: boolean) {
  const rows = await db
    .selectFrom('esign_notice')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('flow_id', '=', flowId)
    .orderBy('at')
    .execute();
  return rows.map((n) => ({
    ...{ at: new Date(n.at).toISOString(), kind: n.kind, mobile: n.mobile },
    text: n.kind === 'CODE' && !codeReader ? n.text.replace(/\d{6}/, '******') : n.text,
  }));
}

// The inbound callbacks' records: the per-(tenant, provider) secret, the flow registry a stage writes when it starts
// something with a provider, the inbox that makes an event act once, and the interface log (接口日志).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import type { Database } from '../db/database';
import { loadBusiness, systemActor, transitionBusiness } from '../modules/business/aggregate';
import { newId } from '../ids';
import { AppError, invalidInput } from '../plugins/envelope';
import type { CallbackEvent, CallbackFlow, CallbackProvider } from './callback-provider';
import './tables';

/**
 * The secret the tenant shares with the provider, made on first use. One insert that does nothing when another
 * process made it first, then one read, so every process signs and verifies with the same secret.
 */
export async function callbackSecret(db: Kysely<Database>, tenantId: string, provider: string, now: Date) {
  await db
    .insertInto('callback_secret')
    .values({ tenant_id: tenantId, provider, secret: randomBytes(32).toString('hex'), created_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'provider']).doNothing())
    .execute();
  const row = await db
    .selectFrom('callback_secret')
    .select('secret')
    .where('tenant_id', '=', tenantId)
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/**
 * Records a flow a stage started with a provider (inside the stage's transaction): the callbacks that name it find
 * their tenant and business here, never in the request.
 */
export async function recordFlow(db: Kysely<Database>, flow: CallbackFlow, now: Date): Promise<void> {
  await db
    .insertInto('callback_flow')
    .values({
      provider: flow.provider,
      flow_id: flow.flowId,
      tenant_id: flow.tenantId,
      business_id: flow.businessId,
      purpose: flow.purpose,
      created_at: now,
    })
    .execute();
}

export async function findFlow(db: Kysely<Database>, provider: string, flowId: string): Promise<CallbackFlow | null> {
  const row = await db
    .selectFrom('callback_flow')
    .select(['provider', 'flow_id', 'tenant_id', 'business_id', 'purpose'])
    .where('provider', '=', provider)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    provider: row.provider,
    flowId: row.flow_id,
    tenantId: row.tenant_id,
    businessId: row.business_id,
    purpose: row.purpose,
  };
}

/** What a callback is answered: the same for the first delivery of an event and for every repeat of it. */
export interface CallbackAnswer {
  eventId: string;
  receivedAt: string;
}

export const CallbackMessage = {
  eventReused: '回调事件编号已用于其他流程',
} as const;

/**
 * A concurrent move by a person between the read of the business and the system's move makes the move stale; it
 * is weighed again against the business as it now is, this many times in all.
 */
export const CALLBACK_MOVE_ATTEMPTS = 3;

/**
 * Acts on a verified event once: in one transaction the inbox row and the move the provider asks for on the
 * business, as the system actor through the aggregate. A repeated event finds its row and is answered as the first
 * was, moving nothing; a refused move leaves no row, so the provider's retry is weighed afresh.
 */
export async function receiveEvent<E extends CallbackEvent>(
  db: Kysely<Database>,
  provider: CallbackProvider<E>,
  flow: CallbackFlow,
  event: E,
  now: Date,
): Promise<{ answer: CallbackAnswer; repeated: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    const business = await loadBusiness(db, flow.tenantId, flow.businessId);
    const move = await provider.moveOf(event, flow, business);
    try {
      return await db.transaction().execute(async (trx) => {
        const first = await trx
          .insertInto('callback_inbox')
          .values({
            provider: provider.code,
            event_id: event.eventId,
            flow_id: flow.flowId,
            tenant_id: flow.tenantId,
            business_id: flow.businessId,
            action: move?.action ?? null,
            received_at: now,
          })
          .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
          .returning(['event_id', 'received_at'])
          .executeTakeFirst();
        if (!first) {
          // Waited for a concurrent delivery of the same event to commit, or found an earlier one.
          const earlier = await trx
            .selectFrom('callback_inbox')
            .select(['event_id', 'flow_id', 'received_at'])
            .where('provider', '=', provider.code)
            .where('event_id', '=', event.eventId)
            .executeTakeFirstOrThrow();
          if (earlier.flow_id !== flow.flowId) throw invalidInput(CallbackMessage.eventReused);
          return { answer: answerOf(earlier), repeated: true };
        }
        await provider.record?.(trx, event, flow, now);
        if (move) {
          await transitionBusiness(trx, {
            tenantId: flow.tenantId,
            businessId: flow.businessId,
            actor: systemActor(),
            action: move.action,
            version: business.version,
            ...(move.comment !== undefined ? { comment: move.comment } : {}),
            ...(move.values ? { values: move.values } : {}),
            now,
          });
        }
        return { answer: answerOf(first), repeated: false };
      });
    } catch (error) {
      const stale = error instanceof AppError && error.code === ResultCode.staleVersion;
      if (!stale || attempt >= CALLBACK_MOVE_ATTEMPTS) throw error;
    }
  }
}

const answerOf = (row: { event_id: string; received_at: Date | string }): CallbackAnswer => ({
  eventId: row.event_id,
  receivedAt: new Date(row.received_at).toISOString(),
});

/** One line of the interface log (接口日志): what was called and how it was answered, never a secret or signature. */
export interface InterfaceLogLine {
  tenantId: string | null;
  direction: 'IN' | 'OUT';
  provider: string;
  flowId: string | null;
  eventId: string | null;
  businessId: string | null;
  httpStatus: number;
  resultCode: number;
  message: string;
  body: string;
  remoteAddress: string | null;
  at: Date;
}

export async function writeInterfaceLog(db: Kysely<Database>, line: InterfaceLogLine): Promise<void> {
  await db
    .insertInto('interface_log')
    .values({
      log_id: newId(line.at),
      tenant_id: line.tenantId,
      direction: line.direction,
      provider: line.provider,
      flow_id: line.flowId,
      event_id: line.eventId,
      business_id: line.businessId,
      http_status: line.httpStatus,
      result_code: line.resultCode,
      message: line.message,
      body: line.body,
      remote_address: line.remoteAddress,
      at: line.at,
    })
    .execute();
}

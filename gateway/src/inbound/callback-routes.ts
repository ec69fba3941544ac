// `POST /api/callback/:provider`: where an external party tells the gateway that something it was asked to do moved
// on (BUSINESS.md, Decisions for the second half: Signing, Push). Public — the caller holds no session — so it
// trusts only what it can check, in this order: the provider is one of this app's; the body is an event of that
// provider (read, not yet trusted); the timestamp is within ±5 minutes of the app's clock; the event names a flow
// the gateway recorded; the signature is the HMAC of the timestamp and the raw body under the secret of the flow's
// tenant, so a caller holding one tenant's secret moves no other tenant's business. Then the event acts once
// (callback-store.ts), and the answer is the house's envelope whatever happened. Every call, accepted or refused, is
// written to the interface log (接口日志) just before it is answered; a call refused by the rate limit is not, the
// limit being there to spare the database.
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import type { GatewayDeps } from '../deps';
import { AppError, envelopeResponses, invalidInput, notFound, ok } from '../plugins/envelope';
import { databaseRateLimitStore } from '../plugins/rate-limit-store';
import { type CallbackFlow, CallbackProviders } from './callback-provider';
import {
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  signatureMatches,
  timestampFresh,
} from './callback-signature';
import { callbackSecret, findFlow, receiveEvent, writeInterfaceLog } from './callback-store';

export const CallbackRefusal = {
  unknownProvider: '回调来源不存在',
  unsigned: '回调缺少签名或时间戳',
  staleTimestamp: '回调时间戳不在允许的时间范围内',
  badSignature: '回调签名校验失败',
  notJson: '回调内容应为 JSON',
  notAnEvent: '回调内容不是该来源的事件',
  unknownFlow: '回调所指的流程不存在',
  tooMany: '回调过于频繁，请稍后再试',
} as const;

/** A callback is a small JSON document; anything larger is refused before it is read. */
export const CALLBACK_BODY_LIMIT = 16 * 1024;
export const CALLBACK_MAX_PER_MINUTE = 600;
const ID = /^[\w.:-]{1,128}$/;

/** What the interface log says of the call, filled in as the handler learns it. */
interface CallbackTrace {
  provider: string;
  /** The flow the body names, found or not. */
  flowId: string | null;
  flow: CallbackFlow | null;
  eventId: string | null;
  /** The event was received before: answered as then, nothing done. */
  repeated: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    callbackTrace: CallbackTrace | null;
  }
}

const refused = (message: string) => new AppError(ResultCode.forbidden, message);

const callbackSchema = {
  tags: ['callback'],
  summary: '外部服务回调（签约、资金方反馈）：HMAC-SHA256 签名与时间戳校验，每个事件只处理一次',
  params: Type.Object({ provider: Type.String({ maxLength: 40 }) }),
  headers: Type.Object({
    [CALLBACK_TIMESTAMP_HEADER]: Type.String({ maxLength: 20, description: '发送时间，1970 年起的毫秒数' }),
    [CALLBACK_SIGNATURE_HEADER]: Type.String({
      maxLength: 64,
      description: 'HMAC-SHA256(密钥, 时间戳 + "." + 原始请求体) 的十六进制',
    }),
  }),
  response: envelopeResponses(Type.Object({ eventId: Type.String(), receivedAt: Type.String() })),
};

const REPEATED_NOTE = '（重复事件，按首次结果应答，未再处理）';

/** The code and message of the envelope about to be sent. */
function envelopeOf(payload: unknown): { code: number; message: string } {
  try {
    const parsed = JSON.parse(String(payload)) as { code?: unknown; message?: unknown };
    return { code: Number(parsed.code), message: String(parsed.message ?? '') };
  } catch {
    return { code: ResultCode.internal, message: '' };
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

const inbound: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.decorate('callbackProviders', new CallbackProviders());
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const readJson = (request: FastifyRequest, text: string) =>
    new Promise<unknown>((resolve, reject) =>
      parseJson(request, text, (error, value) =>
        error ? reject(invalidInput(CallbackRefusal.notJson)) : resolve(value),
      ),
    );

  // The route's own context: its body is kept as raw bytes (the signature covers them), and its rate limit and
  // log hook touch no other route.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    callbacks.decorateRequest('callbackTrace', null);
    await callbacks.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(deps.db, deps.now),
      keyGenerator: (request) => `callback:${request.ip}`,
      errorResponseBuilder: () => new AppError(ResultCode.invalidInput, CallbackRefusal.tooMany, 429),
    });

    callbacks.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode === 429) return payload;
      const answered = envelopeOf(payload);
      const trace = request.callbackTrace;
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      await writeInterfaceLog(deps.db, {
        tenantId: trace?.flow?.tenantId ?? null,
        direction: 'IN',
        // The path as called, which may name no provider and hold anything a URL can.
        provider: (trace?.provider ?? (request.params as { provider?: string }).provider ?? '')
          .replace(/[^\w.:-]/g, '?')
          .slice(0, 40),
        flowId: trace?.flowId ?? null,
        eventId: trace?.eventId ?? null,
        businessId: trace?.flow?.businessId ?? null,
        httpStatus: reply.statusCode,
        resultCode: answered.code,
        message: trace?.repeated ? `${answered.message}${REPEATED_NOTE}` : answered.message,
        // A body that is not UTF-8 text is logged as its size only; NUL cannot be stored in a text column.
        body: raw ? (raw.includes(0) ? `(${raw.length} bytes)` : raw.toString('utf8')) : '',
        remoteAddress: request.ip,
        at: deps.now(),
      });
      return payload;
    });

    callbacks.post(
      '/api/callback/:provider',
      {
        config: { access: 'public', rateLimit: { max: CALLBACK_MAX_PER_MINUTE, timeWindow: 60_000 } },
        bodyLimit: CALLBACK_BODY_LIMIT,
        schema: callbackSchema,
      },
      async (request) => {
        const { provider: code } = request.params as { provider: string };
        const trace: CallbackTrace = { provider: code, flowId: null, flow: null, eventId: null, repeated: false };
        request.callbackTrace = trace;
        const provider = app.callbackProviders.get(code);
        if (!provider) throw notFound(CallbackRefusal.unknownProvider);

        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!/^application\/json\b/i.test(header(request, 'content-type'))) throw invalidInput(CallbackRefusal.notJson);
        const event = provider.parse(await readJson(request, raw.toString('utf8')));
        if (!event || !ID.test(event.eventId) || !ID.test(event.flowId)) throw invalidInput(CallbackRefusal.notAnEvent);
        trace.eventId = event.eventId;
        trace.flowId = event.flowId;

        const timestamp = header(request, CALLBACK_TIMESTAMP_HEADER);
        const signature = header(request, CALLBACK_SIGNATURE_HEADER);
        if (!timestamp || !signature) throw refused(CallbackRefusal.unsigned);
        const now = deps.now();
        if (!timestampFresh(timestamp, now)) throw refused(CallbackRefusal.staleTimestamp);

        const flow = await findFlow(deps.db, provider.code, event.flowId);
        if (!flow) throw notFound(CallbackRefusal.unknownFlow);
        trace.flow = flow;
        const secret = await callbackSecret(deps.db, flow.tenantId, provider.code, now);
        if (!signatureMatches(secret, timestamp, signature, raw)) throw refused(CallbackRefusal.badSignature);

        const { answer, repeated } = await receiveEvent(deps.db, provider, flow, event, now);
        trace.repeated = repeated;
        return ok(answer);
      },
    );
  });
};

export const inboundCallbacksPlugin = fp(inbound, { name: 'inbound-callbacks' });

// The capital-channel port (BUSINESS.md "Decisions for the lifecycle's second half": Push and letters): a channel
// takes a reviewed push and answers with its acceptance number; the capital side's answer comes back later as an
// event through the inbound kit (gateway/src/inbound: HMAC, its tenant, once only, the system's move, the 接口日志).
// The built-in channel is a capital side of its own inside the gateway: it accepts at once (the flow recorded, the
// call in the 接口日志), and its desk — a one-time capability handed to the capital side with the acceptance number —
// sends the answer as a signed callback through the same public route any channel uses.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { shanghaiDay } from '../../../../src/domain/document-numbers';
import type { CAPITAL_ANSWER } from '../../../../src/domain/financing/push';
import type { ResultCodeValue } from '../../../../src/domain/gateway/result-codes';
import type { GatewayDeps } from '../../deps';
import type { CallbackEvent, CallbackProvider } from '../../inbound/callback-provider';
import { signCallback } from '../../inbound/callback-signature';
import { callbackSecret, recordFlow, writeInterfaceLog } from '../../inbound/callback-store';
import { AppError, envelopeResponses, notFound } from '../../plugins/envelope';
import type { AnyDb } from '../../stage/stage-scope';

/** What a channel is handed: the reviewed push. */
export interface PushRequest {
  tenantId: string;
  businessId: string;
  pushId: string;
  pushNo: string;
  now: Date;
}

export interface CapitalChannel {
  /** Its code, also its callback provider's (`/api/callback/<code>`). */
  readonly code: string;
  readonly name: string;
  /** Sends the push (inside the review's transaction); answers the acceptance number and, for a desk, its token. */
  push(db: AnyDb, request: PushRequest): Promise<{ acceptanceNo: string; deskToken: string | null }>;
}

const channels = new Map<string, CapitalChannel>();

export function registerChannel(channel: CapitalChannel): void {
  channels.set(channel.code, channel);
}

/** The channel of a push made through 接口; null for 线下 (the answer is registered by hand). */
export const channelOf = (code: string | null): CapitalChannel | null => (code ? (channels.get(code) ?? null) : null);

/** The channels a push may choose, in their order. */
export const channelList = () => [...channels.values()].map((c) => ({ code: c.code, name: c.name }));

export const BUILTIN_CHANNEL = 'capital-builtin';

registerChannel({
  code: BUILTIN_CHANNEL,
  name: '资金方直连（内置通道）',
  async push(db, r) {
    const acceptanceNo = `SL${shanghaiDay(r.now)}${randomBytes(5).toString('hex').toUpperCase()}`;
    const deskToken = randomBytes(24).toString('hex');
    await recordFlow(db, { provider: BUILTIN_CHANNEL, flowId: acceptanceNo, ...r, purpose: 'PUSH' }, r.now);
    await writeInterfaceLog(db, {
      ...{ tenantId: r.tenantId, direction: 'OUT', provider: BUILTIN_CHANNEL, flowId: acceptanceNo, eventId: null },
      ...{ businessId: r.businessId, httpStatus: 200, resultCode: 0, message: `推送已受理，受理编号 ${acceptanceNo}` },
      ...{ body: JSON.stringify({ pushNo: r.pushNo }), remoteAddress: null, at: r.now },
    });
    return { acceptanceNo, deskToken };
  },
});

/** The capital side's answer as the channel's callback carries it. */
interface CapitalEvent extends CallbackEvent {
  result: keyof typeof CAPITAL_ANSWER;
  capitalRefNo: string | null;
  approvedAmount: number | null;
  comment: string | null;
}

const text = (v: unknown, max: number) => (typeof v === 'string' && [...v].length <= max ? v : null);

/** The callback provider of a channel: an answer moves a business awaiting it (资金方审核中) as the system. */
export const capitalProvider = (code: string): CallbackProvider<CapitalEvent> => ({
  code,
  parse(body) {
    const b = body as Record<string, unknown> | null;
    if (typeof b?.eventId !== 'string' || typeof b.flowId !== 'string') return null;
    if (b.result !== 'APPROVED' && b.result !== 'RETURNED') return null;
    const amount = b.approvedAmount;
    if (amount !== undefined && amount !== null && !Number.isSafeInteger(amount)) return null;
    return {
      ...{ eventId: b.eventId, flowId: b.flowId, result: b.result },
      capitalRefNo: text(b.capitalRefNo, 50),
      approvedAmount: (amount as number | null | undefined) ?? null,
      comment: text(b.comment, 500),
    };
  },
  moveOf(event, _flow, business) {
    if (business.state !== 'PUSH/PUSHED') return null;
    return {
      action: 'capitalFeedback',
      ...(event.comment ? { comment: event.comment } : {}),
      values: {
        result: event.result,
        capitalRefNo: event.capitalRefNo,
        capitalApprovedAmount: event.approvedAmount,
        feedbackComment: event.comment,
      },
    };
  },
});

const DeskBody = Type.Object(
  {
    result: Type.Union([Type.Literal('APPROVED'), Type.Literal('RETURNED')]),
    capitalRefNo: Type.Optional(Type.String({ maxLength: 50 })),
    approvedAmount: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const DeskMessage = { notFound: '受理链接无效或已使用' } as const;

/**
 * The built-in capital side's desk: `POST /api/capital-channel/desk/:token` with its answer. The token is the one
 * handed over with the acceptance number (kept on the push until the answer spends it); the desk signs the event
 * with its tenant's secret and sends it through the public callback route, so it is verified like any channel's.
 */
export function registerDesk(app: FastifyInstance, deps: GatewayDeps): void {
  app.post(
    '/api/capital-channel/desk/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['callback'],
        summary: '内置资金方通道：资金方反馈（一次性受理链接；经签名回调送达）',
        params: Type.Object({ token: Type.String({ pattern: '^[0-9a-f]{48}$' }) }),
        body: DeskBody,
        response: envelopeResponses(Type.Object({ eventId: Type.String(), receivedAt: Type.String() })),
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const body = request.body as { result: string; capitalRefNo?: string; approvedAmount?: number; comment?: string };
      const push = await deps.db
        .selectFrom('capital_push')
        .select(['tenant_id', 'acceptance_no'])
        .where('channel_code', '=', BUILTIN_CHANNEL)
        .where('desk_token', '=', token)
        .executeTakeFirst();
      if (!push?.acceptance_no) throw notFound(DeskMessage.notFound);
      const now = deps.now();
      const raw = JSON.stringify({
        eventId: `CB${randomBytes(8).toString('hex')}`,
        flowId: push.acceptance_no,
        result: body.result,
        capitalRefNo: body.capitalRefNo ?? null,
        approvedAmount: body.approvedAmount ?? null,
        comment: body.comment ?? null,
      });
      const secret = await callbackSecret(deps.db, push.tenant_id, BUILTIN_CHANNEL, now);
      const answer = await app.inject({
        method: 'POST',
        url: `/api/callback/${BUILTIN_CHANNEL}`,
        headers: { ...signCallback(secret, raw, now), 'content-type': 'application/json' },
        payload: raw,
      });
      const envelope = answer.json<{ code: number; message: string }>();
      if (envelope.code !== 0)
        throw new AppError(envelope.code as ResultCodeValue, envelope.message, answer.statusCode);
      return reply.status(answer.statusCode).header('content-type', 'application/json').send(answer.body);
    },
  );
}

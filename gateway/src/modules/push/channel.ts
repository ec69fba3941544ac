// The capital-channel port (BUSINESS.md "Decisions for the lifecycle's second half": Push and letters): a channel
// takes a reviewed push and answers with its acceptance number; the capital side's answer comes back later as an
// event through the inbound kit (gateway/src/inbound: HMAC, its tenant, once only, the system's move, the 接口日志).
// The built-in channel is a capital side of its own inside the gateway: it accepts at once (the flow recorded, the
// call in the 接口日志), and its desk — a one-time capability handed to the capital side with the acceptance number —
// sends the answer as a signed callback through the same public route any channel uses.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type Static, type TSchema, Type } from 'typebox';
import { shanghaiDay } from '../../../../src/domain/document-numbers';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { registerCallbackDesk } from '../../inbound/callback-desk';
import { callbackEvent, parseEvent } from '../../inbound/callback-event';
import type { CallbackProvider } from '../../inbound/callback-provider';
import { recordFlow, writeInterfaceLog } from '../../inbound/callback-store';
import { type Extensions, extensionsOf, moduleExtensions } from '../../stage/extensions';

declare module '../../stage/extensions' {
  interface ExtensionPoints {
    channels: Map<string, CapitalChannel>;
  }
}

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
  push(db: Kysely<Database>, request: PushRequest): Promise<{ acceptanceNo: string; deskToken: string | null }>;
}

export function registerChannel(x: Extensions, channel: CapitalChannel): void {
  x.point('channels').set(channel.code, channel);
}

/** The channel of a push made through 接口; null for 线下 (the answer is registered by hand). */
export const channelOf = (db: Kysely<Database>, code: string | null): CapitalChannel | null =>
  code ? (extensionsOf(db).point('channels').get(code) ?? null) : null;

/** The channels a push may choose, in their order. */
export const channelList = (db: Kysely<Database>) =>
  [...extensionsOf(db).point('channels').values()].map((c) => ({ code: c.code, name: c.name }));

export const BUILTIN_CHANNEL = 'capital-builtin';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('push.channel');

extend(registerChannel, {
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

const Null = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));
const ANSWER = Type.Union([Type.Literal('APPROVED'), Type.Literal('RETURNED')]);

/** The capital side's answer as the channel's callback carries it (null for what a party leaves out). */
const CapitalEvent = callbackEvent({
  result: ANSWER,
  capitalRefNo: Null(Type.String({ maxLength: 50 })),
  approvedAmount: Null(Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })),
  comment: Null(Type.String({ maxLength: 500 })),
});

/** The callback provider of a channel: an answer moves a business awaiting it (资金方审核中) as the system. */
export const capitalProvider = (code: string): CallbackProvider<Static<typeof CapitalEvent>> => ({
  code,
  parse: parseEvent(CapitalEvent),
  moveOf(event, _flow, business) {
    if (business.state !== 'PUSH/PUSHED') return null;
    return {
      action: 'capitalFeedback',
      ...(event.comment ? { comment: event.comment } : {}),
      values: {
        ...{ result: event.result, capitalRefNo: event.capitalRefNo ?? null },
        ...{ capitalApprovedAmount: event.approvedAmount ?? null, feedbackComment: event.comment ?? null },
      },
    };
  },
});

const DeskBody = Type.Object(
  {
    result: ANSWER,
    capitalRefNo: Type.Optional(Type.String({ maxLength: 50 })),
    approvedAmount: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    comment: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const DeskMessage = { notFound: '受理链接无效或已使用' } as const;

/**
 * The built-in capital side's desk: `POST /api/capital-channel/desk/:token` with its answer. The token is the one
 * handed over with the acceptance number (kept on the push until the answer spends it); the inbound kit's desk
 * sends the answer as the channel's signed callback, verified like any channel's.
 */
export const registerDesk = (app: FastifyInstance, deps: GatewayDeps) =>
  registerCallbackDesk<Static<typeof DeskBody>>(app, deps, {
    provider: BUILTIN_CHANNEL,
    path: '/api/capital-channel/desk/:token',
    summary: '内置资金方通道：资金方反馈（一次性受理链接；经签名回调送达）',
    body: DeskBody,
    notFound: DeskMessage.notFound,
    async find(db, token) {
      const push = await db
        .selectFrom('capital_push')
        .select(['tenant_id', 'acceptance_no'])
        .where('channel_code', '=', BUILTIN_CHANNEL)
        .where('desk_token', '=', token)
        .executeTakeFirst();
      return push?.acceptance_no ? { tenantId: push.tenant_id, flowId: push.acceptance_no } : null;
    },
    event: (b) => b,
  });

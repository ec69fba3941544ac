// The built-in signing provider, behaving as e签宝 does [S6] and really signing: a flow is 签署中 (1) from its
// start, its signers sign in order, each signature a CMS signature appended to every document as an incremental
// update (pdf-signatures.ts) with a certificate from the tenant's demo CA (demo-ca.ts); all signed → 完成 (2), a
// signer's 拒签 → 7, 撤销 only while 1 → 3, past its deadline (7 days unless set) → 过期 5. The supplier's signer
// confirms in the back office with a one-time code; the others sign on the provider's own page, at a one-time link
// (both sent through the provider's notices, the demo's notice log; only their SHA-256 is kept). Every change is
// counted on the flow and told to the back office through the signed callback (`deliver`), after it committed.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { Type } from 'typebox';
import {
  PROVIDER_EXPIRED,
  PROVIDER_REFUSED,
  PROVIDER_REVOKED,
  PROVIDER_SIGNING,
  SigningMessage,
  flowStatusAfter,
  signOrderRefusal,
} from '../../../src/domain/financing/signing';
import type { Database } from '../db/database';
import { signCallback } from '../inbound/callback-signature';
import { callbackSecret } from '../inbound/callback-store';
import { newId } from '../ids';
import { AppError, invalidInput, notFound } from '../plugins/envelope';
import { signerP12 } from './demo-ca';
import { signPdf } from './pdf-signatures';
import type { FlowEvent, SigningProvider, StartFlow } from './signing-provider';
import './tables';

export const BUILTIN_PROVIDER = 'esign';
/** The provider's page for a PAGE signer, served by the gateway (as e签宝's H5 page is by e签宝). */
export const SIGN_PAGE_PREFIX = '/esign/sign/';
const CODE_TTL_MS = 10 * 60_000;

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** How the provider calls the back office: the raw JSON body, signed with the tenant's secret. */
export type CallbackPoster = (rawBody: string, headers: Record<string, string>) => Promise<void>;

async function notice(
  db: Kysely<Database>,
  tenantId: string,
  flowId: string,
  seq: number,
  kind: string,
  to: string,
  text: string,
  now: Date,
) {
  await db
    .insertInto('esign_notice')
    .values({
      notice_id: newId(now),
      tenant_id: tenantId,
      flow_id: flowId,
      signer_seq: seq,
      kind,
      mobile: to,
      text,
      at: now,
    })
    .execute();
}

const loadFlow = async (db: Kysely<Database>, flowId: string, lock = false) => {
  let q = db.selectFrom('esign_flow').selectAll().where('flow_id', '=', flowId);
  if (lock) q = q.forUpdate();
  const flow = await q.executeTakeFirst();
  if (!flow) throw notFound(SigningMessage.notFound);
  return flow;
};

const signersOf = (db: Kysely<Database>, flowId: string) =>
  db.selectFrom('esign_signer').selectAll().where('flow_id', '=', flowId).orderBy('seq').execute();

const bump = (db: Kysely<Database>, flowId: string, set: { status?: number; reason?: string | null }, now: Date) =>
  db
    .updateTable('esign_flow')
    .set({ ...set, event_seq: sql`event_seq + 1`, updated_at: now })
    .where('flow_id', '=', flowId)
    .execute();

export function builtinProvider(
  db: Kysely<Database>,
  post: CallbackPoster,
): SigningProvider & {
  pageOf(token: string): Promise<{
    flowTitle: string;
    signer: string;
    organization: string;
    documents: string[];
    turn: string | null;
  } | null>;
  signWithLink(token: string, refuse: boolean, now: Date): Promise<void>;
  expireDue(trx: Kysely<Database>, now: Date, flowId?: string): Promise<string[]>;
  dueFlows(db: Kysely<Database>, now: Date): Promise<string[]>;
} {
  /** The flows still 签署中 past their deadline (one of them, when named). */
  const due = (db: Kysely<Database>, now: Date, flowId?: string) => {
    const q = db
      .selectFrom('esign_flow')
      .select('flow_id')
      .where('status', '=', PROVIDER_SIGNING)
      .where('deadline', '<', now);
    return flowId ? q.where('flow_id', '=', flowId) : q;
  };
  /** The signer at `order` signs every document of the flow, in its turn; the flow's status follows. */
  async function sign(trx: Kysely<Database>, flowId: string, order: number, now: Date) {
    const flow = await loadFlow(trx, flowId, true);
    if (flow.status !== PROVIDER_SIGNING) throw invalidInput(SigningMessage.notSigning);
    const signers = await signersOf(trx, flowId);
    const refused = signOrderRefusal(
      signers.map((s) => ({ order: s.seq, name: s.name, status: s.status })),
      order,
    );
    if (refused) throw invalidInput(refused);
    const me = signers.find((s) => s.seq === order) as (typeof signers)[number];
    const tenantName = (
      await trx.selectFrom('tenant').select('tenant_name').where('tenant_id', '=', flow.tenant_id).executeTakeFirst()
    )?.tenant_name;
    const p12 = await signerP12(
      trx,
      { tenantId: flow.tenant_id, tenantName: String(tenantName ?? flow.tenant_id) },
      { name: me.name, organization: me.organization },
      now,
    );
    const docs = await trx
      .selectFrom('esign_document')
      .selectAll()
      .where('flow_id', '=', flowId)
      .orderBy('seq')
      .execute();
    for (const d of docs) {
      const placements = typeof d.placements === 'string' ? JSON.parse(d.placements) : d.placements;
      const box = (placements as Record<string, { page: number; x: number; y: number }> | null)?.[String(order)];
      const pdf = await signPdf({
        pdf: Buffer.from(d.pdf),
        p12,
        signerName: me.name,
        reason: `${me.organization}签署`,
        at: now,
        ...(box ? { placement: { ...box, organization: me.organization } } : {}),
      });
      await trx
        .updateTable('esign_document')
        .set({ pdf })
        .where('flow_id', '=', flowId)
        .where('seq', '=', d.seq)
        .execute();
    }
    await trx
      .updateTable('esign_signer')
      .set({ status: 1, signed_at: now, link_hash: null, code_hash: null, code_expires_at: null })
      .where('flow_id', '=', flowId)
      .where('seq', '=', order)
      .execute();
    const after = signers.map((s) => ({ status: s.seq === order ? 1 : s.status }));
    await bump(trx, flowId, { status: flowStatusAfter(after) }, now);
  }

  const provider = {
    code: BUILTIN_PROVIDER,

    async start(trx: Kysely<Database>, f: StartFlow, now: Date) {
      const flowId = `ES${randomBytes(10).toString('hex').toUpperCase()}`;
      await trx
        .insertInto('esign_flow')
        .values({
          flow_id: flowId,
          tenant_id: f.tenantId,
          title: f.title,
          status: PROVIDER_SIGNING,
          deadline: f.deadline,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const [i, d] of f.documents.entries()) {
        await trx
          .insertInto('esign_document')
          .values({
            ...{ flow_id: flowId, seq: i + 1, name: d.name, source_ref: d.sourceRef, pdf: d.pdf },
            placements: d.placements && Object.keys(d.placements).length ? JSON.stringify(d.placements) : null,
          })
          .execute();
      }
      for (const s of f.signers) {
        const token = s.channel === 'PAGE' ? randomBytes(24).toString('base64url') : null;
        await trx
          .insertInto('esign_signer')
          .values({
            ...{ flow_id: flowId, seq: s.order, name: s.name, organization: s.organization, mobile: s.mobile },
            ...{ channel: s.channel, link_hash: token ? sha(token) : null },
          })
          .execute();
        if (token) {
          const text = `【电子签约】${s.organization} ${s.name}，请签署《${f.title}》：${SIGN_PAGE_PREFIX}${token}`;
          await notice(trx, f.tenantId, flowId, s.order, 'LINK', s.mobile, text, now);
        }
      }
      await bump(trx, flowId, {}, now);
      return { flowId };
    },

    async sendCode(database: Kysely<Database>, flowId: string, order: number, now: Date) {
      const flow = await loadFlow(database, flowId);
      if (flow.status !== PROVIDER_SIGNING) throw invalidInput(SigningMessage.notSigning);
      const signers = await signersOf(database, flowId);
      const me = signers.find((s) => s.seq === order && s.channel === 'BACK_OFFICE');
      if (!me) throw invalidInput(SigningMessage.notSigner);
      const refused = signOrderRefusal(
        signers.map((s) => ({ order: s.seq, name: s.name, status: s.status })),
        order,
      );
      if (refused) throw invalidInput(refused);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await database
        .updateTable('esign_signer')
        .set({ code_hash: sha(`${flowId}:${order}:${code}`), code_expires_at: new Date(now.getTime() + CODE_TTL_MS) })
        .where('flow_id', '=', flowId)
        .where('seq', '=', order)
        .execute();
      await notice(
        database,
        flow.tenant_id,
        flowId,
        order,
        'CODE',
        me.mobile,
        `【电子签约】您签署《${flow.title}》的验证码为${code}，10分钟内有效`,
        now,
      );
    },

    async signWithCode(database: Kysely<Database>, flowId: string, order: number, code: string, now: Date) {
      await database.transaction().execute(async (trx) => {
        const me = await trx
          .selectFrom('esign_signer')
          .selectAll()
          .where('flow_id', '=', flowId)
          .where('seq', '=', order)
          .forUpdate()
          .executeTakeFirst();
        const fresh = me?.code_hash && me.code_expires_at && new Date(me.code_expires_at).getTime() >= now.getTime();
        if (!me || !fresh || me.code_hash !== sha(`${flowId}:${order}:${code}`))
          throw invalidInput(SigningMessage.badCode);
        await sign(trx, flowId, order, now);
      });
      await provider.deliver(database, now);
    },

    async pageOf(token: string) {
      const me = await db.selectFrom('esign_signer').selectAll().where('link_hash', '=', sha(token)).executeTakeFirst();
      if (!me) return null;
      const flow = await loadFlow(db, me.flow_id);
      const signers = await signersOf(db, me.flow_id);
      const docs = await db
        .selectFrom('esign_document')
        .select('name')
        .where('flow_id', '=', me.flow_id)
        .orderBy('seq')
        .execute();
      const turn =
        flow.status !== PROVIDER_SIGNING
          ? SigningMessage.notSigning
          : signOrderRefusal(
              signers.map((s) => ({ order: s.seq, name: s.name, status: s.status })),
              me.seq,
            );
      return {
        flowTitle: flow.title,
        signer: me.name,
        organization: me.organization,
        documents: docs.map((d) => d.name),
        turn,
      };
    },

    async signWithLink(token: string, refuse: boolean, now: Date) {
      await db.transaction().execute(async (trx) => {
        const me = await trx
          .selectFrom('esign_signer')
          .selectAll()
          .where('link_hash', '=', sha(token))
          .forUpdate()
          .executeTakeFirst();
        if (me?.status !== 0) throw invalidInput(SigningMessage.badLink);
        if (!refuse) return sign(trx, me.flow_id, me.seq, now);
        const flow = await loadFlow(trx, me.flow_id, true);
        if (flow.status !== PROVIDER_SIGNING) throw invalidInput(SigningMessage.notSigning);
        await trx
          .updateTable('esign_signer')
          .set({ status: 2, link_hash: null })
          .where('flow_id', '=', me.flow_id)
          .where('seq', '=', me.seq)
          .execute();
        await bump(trx, me.flow_id, { status: PROVIDER_REFUSED, reason: `${me.organization}拒签` }, now);
      });
      await provider.deliver(db, now);
    },

    async remind(database: Kysely<Database>, flowId: string, now: Date) {
      const flow = await loadFlow(database, flowId);
      if (flow.status !== PROVIDER_SIGNING) throw invalidInput(SigningMessage.notSigning);
      const next = (await signersOf(database, flowId)).find((s) => s.status === 0);
      if (next)
        await notice(
          database,
          flow.tenant_id,
          flowId,
          next.seq,
          'REMIND',
          next.mobile,
          `【电子签约】催签：请尽快签署《${flow.title}》`,
          now,
        );
    },

    async revoke(database: Kysely<Database>, flowId: string, reason: string, now: Date) {
      const flow = await loadFlow(database, flowId, true);
      if (flow.status !== PROVIDER_SIGNING) throw invalidInput(SigningMessage.revokeOnlyWhileSigning);
      await bump(database, flowId, { status: PROVIDER_REVOKED, reason }, now);
    },

    async expireDue(trx: Kysely<Database>, now: Date, flowId?: string) {
      const flows = await due(trx, now, flowId).forUpdate().execute();
      for (const f of flows) await bump(trx, f.flow_id, { status: PROVIDER_EXPIRED, reason: '已过签署截止时间' }, now);
      return flows.map((f) => f.flow_id);
    },

    /** The flows the close of business expires, each in a unit of its own. */
    async dueFlows(db: Kysely<Database>, now: Date) {
      return (await due(db, now).execute()).map((f) => f.flow_id);
    },

    async documents(database: Kysely<Database>, flowId: string) {
      const docs = await database
        .selectFrom('esign_document')
        .selectAll()
        .where('flow_id', '=', flowId)
        .orderBy('seq')
        .execute();
      return docs.map((d) => ({ seq: d.seq, name: d.name, sourceRef: d.source_ref, pdf: Buffer.from(d.pdf) }));
    },

    async deliver(database: Kysely<Database>, now: Date) {
      const pending = await database
        .selectFrom('esign_flow')
        .selectAll()
        .where(sql<boolean>`event_seq > delivered_seq`)
        .orderBy('updated_at')
        .execute();
      for (const flow of pending) {
        const signers = await signersOf(database, flow.flow_id);
        const event: FlowEvent = {
          eventId: `${flow.flow_id}:${flow.event_seq}`,
          flowId: flow.flow_id,
          seq: flow.event_seq,
          flowStatus: flow.status,
          reason: flow.reason,
          signers: signers.map((s) => ({
            order: s.seq,
            status: s.status,
            signedAt: s.signed_at ? new Date(s.signed_at).toISOString() : null,
          })),
        };
        const raw = JSON.stringify(event);
        const secret = await callbackSecret(database, flow.tenant_id, BUILTIN_PROVIDER, now);
        await post(raw, signCallback(secret, raw, now));
        await database
          .updateTable('esign_flow')
          .set({ delivered_seq: flow.event_seq })
          .where('flow_id', '=', flow.flow_id)
          .where('delivered_seq', '<', flow.event_seq)
          .execute();
      }
      return pending.length;
    },
  };
  return provider;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own page for a PAGE signer: the flow, its documents, 签署 and 拒签 (public; the link is the key). */
export async function registerSignPage(
  parent: FastifyInstance,
  provider: ReturnType<typeof builtinProvider>,
  now: () => Date,
) {
  await parent.register(async (app) => {
    // The page's form posts as a browser does, urlencoded.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    signPage(app, provider, now);
  });
}

function signPage(app: FastifyInstance, provider: ReturnType<typeof builtinProvider>, now: () => Date) {
  const Params = Type.Object({ token: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:sans-serif;max-width:640px;margin:24px auto;padding:0 16px;color:#242424}button{font-size:16px;padding:8px 20px;margin-right:12px}li{margin:4px 0}</style></head><body><h1>电子签约</h1>${body}</body></html>`;
  app.get(
    `${SIGN_PAGE_PREFIX}:token`,
    { config: { access: 'public' }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const view = await provider.pageOf((request.params as { token: string }).token);
      reply.type('text/html; charset=utf-8');
      if (!view) return page('签署链接无效', `<p role="alert">${SigningMessage.badLink}</p>`);
      const docs = view.documents.map((d) => `<li>${escapeHtml(d)}</li>`).join('');
      const actions = view.turn
        ? `<p role="alert">${escapeHtml(view.turn)}</p>`
        : `<form method="post"><button name="act" value="sign">确认签署</button><button name="act" value="refuse">拒签</button></form>`;
      return page(
        view.flowTitle,
        `<p>${escapeHtml(view.organization)} · ${escapeHtml(view.signer)}</p><h2>${escapeHtml(view.flowTitle)}</h2><ul>${docs}</ul>${actions}`,
      );
    },
  );
  app.post(
    `${SIGN_PAGE_PREFIX}:token`,
    { config: { access: 'public' }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const body = String(request.body ?? '');
      const refuse = new URLSearchParams(body).get('act') === 'refuse';
      reply.type('text/html; charset=utf-8');
      try {
        await provider.signWithLink((request.params as { token: string }).token, refuse, now());
        return page('签署完成', `<p role="status">${refuse ? '已拒签' : '签署完成'}</p>`);
      } catch (error) {
        // The provider's own refusals are shown; anything else is not, its details staying in the log.
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'esign page sign failed');
        const message = error instanceof AppError ? error.message : '签署暂时无法完成，请稍后再试';
        return page('签署未完成', `<p role="alert">${escapeHtml(message)}</p>`);
      }
    },
  );
}

// A business walked through 签约 for real, as its people would: its 经办 starts online signing of its live
// contracts (the supplier's signer first, in the back office; the capital side's on the provider's page), the
// supplier's signer signs with the one-time code the provider sent (read from the demo's notice log), the other
// party at the one-time link, each signature a real CMS signature appended to every contract by the built-in
// provider; the provider's callbacks are signed with the tenant's secret and verified by the inbound kit's own
// check before the kit's `receiveEvent` acts on them — the same path as `POST /api/callback/esign`, without HTTP,
// so a seed or a test's set-up (no app running) can call it. Ends with the business at 签约·已签约.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { PROVIDER_DONE } from '../../../src/domain/financing/signing';
import type { Database } from '../db/database';
import { BUILTIN_PROVIDER, type CallbackPoster, builtinProvider } from '../esign/builtin-provider';
import type { FlowEvent } from '../esign/signing-provider';
import type { CallbackProvider } from '../inbound/callback-provider';
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER, signatureMatches } from '../inbound/callback-signature';
import { callbackSecret, findFlow, receiveEvent } from '../inbound/callback-store';
import { actorById, loadBusiness } from '../modules/business/aggregate';
import { signingCallbacks, startOnlineSigning } from '../modules/signing/store';

/** The demo's signers: the supplier's, then the capital side's. */
export const DEMO_SIGNERS = [
  { order: 1, role: 'SUPPLIER', name: '张华', mobile: '13800000001' },
  { order: 2, role: 'FACTOR', name: '李静', mobile: '13900000002' },
] as const;

/** Delivers the provider's callbacks in process, checked as the callback route checks them. */
export function inProcessPoster(db: Kysely<Database>, callbacks: () => CallbackProvider<FlowEvent>): CallbackPoster {
  return async (raw, headers) => {
    const provider = callbacks();
    const event = provider.parse(JSON.parse(raw));
    if (!event) throw new Error('not an event');
    const flow = await findFlow(db, provider.code, event.flowId);
    if (!flow) throw new Error('unknown flow');
    const at = new Date(Number(headers[CALLBACK_TIMESTAMP_HEADER]));
    const secret = await callbackSecret(db, flow.tenantId, provider.code, at);
    const signature = headers[CALLBACK_SIGNATURE_HEADER] ?? '';
    if (!signatureMatches(secret, String(at.getTime()), signature, Buffer.from(raw))) throw new Error('bad signature');
    await receiveEvent(db, provider, flow, event, at);
  };
}

/** The built-in provider with its callbacks delivered in process. */
export function walkProvider(db: Kysely<Database>, filesDir: string) {
  let callbacks: CallbackProvider<FlowEvent> | null = null;
  const provider = builtinProvider(
    db,
    inProcessPoster(db, () => callbacks as CallbackProvider<FlowEvent>),
  );
  callbacks = signingCallbacks(BUILTIN_PROVIDER, provider.documents, filesDir);
  return provider;
}

const noticeText = async (db: Kysely<Database>, flowId: string, order: number, kind: string) =>
  (
    await db
      .selectFrom('esign_notice')
      .select('text')
      .where('flow_id', '=', flowId)
      .where('signer_seq', '=', order)
      .where('kind', '=', kind)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow()
  ).text;

/** The one-time code and link the provider sent, as the demo's notice log shows them. */
export const codeOf = async (db: Kysely<Database>, flowId: string, order: number) =>
  /验证码为(\d{6})/.exec(await noticeText(db, flowId, order, 'CODE'))?.[1] ?? '';
export const linkOf = async (db: Kysely<Database>, flowId: string, order: number) =>
  /(\/esign\/sign\/[\w-]+)/.exec(await noticeText(db, flowId, order, 'LINK'))?.[1] ?? '';

/** Walks the business from 签约·待签约 to 签约·已签约 on `now`, signing for real. Answers the signing's id. */
export async function walkSigning(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
  filesDir = mkdtempSync(join(tmpdir(), 'signing-walk-')),
): Promise<string> {
  const provider = walkProvider(db, filesDir);
  const business = await loadBusiness(db, tenantId, businessId);
  const owner = await actorById(db, tenantId, business.ownerId as string);
  const id = await db.transaction().execute((trx) =>
    startOnlineSigning(trx, provider, filesDir, {
      ...{ tenantId, businessId, actor: owner, version: business.version, now, deadlineDays: 7 },
      signers: DEMO_SIGNERS,
    }),
  );
  await provider.deliver(db, now);
  const flowId = (
    await db.selectFrom('signing_record').select('provider_flow_id').where('item_id', '=', id).executeTakeFirstOrThrow()
  ).provider_flow_id as string;
  await provider.sendCode(db, flowId, 1, now);
  await provider.signWithCode(db, flowId, 1, await codeOf(db, flowId, 1), now);
  const token = (await linkOf(db, flowId, 2)).split('/').at(-1) as string;
  await provider.signWithLink(token, false, now);
  const done = await db
    .selectFrom('signing_record')
    .select('provider_status')
    .where('item_id', '=', id)
    .executeTakeFirstOrThrow();
  if (done.provider_status !== PROVIDER_DONE)
    throw new Error(`signing walk ended at provider status ${done.provider_status}`);
  return id;
}

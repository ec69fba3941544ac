// The port an external party's callbacks come in through (HOUSE.md: a machine is one more actor). A provider — the
// built-in signing provider, the built-in capital channel, a test's own — says how to read its event and what the
// event asks of the business; the kit does the rest the same way for all: the signature, the flow and its tenant,
// the inbox, the move as the system actor, the interface log.
//
// Providers belong to the app instance: `app.callbackProviders` is decorated by the inbound plugin (app.ts registers
// it before the modules), and a module adds its provider from its own plugin, so two apps in one process share none.
import type { Kysely } from 'kysely';
import type { StateKey } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';

/** What the kit needs of every event: its id (unique per provider) and the provider's id of the flow it is about. */
export interface CallbackEvent {
  eventId: string;
  flowId: string;
}

/** A lifecycle action the event asks the system actor to take on the flow's business. */
export interface CallbackMove {
  action: string;
  comment?: string;
  values?: Readonly<Record<string, string | number | null>>;
}

/** A flow a stage started with a provider, as `recordFlow` stored it. */
export interface CallbackFlow {
  provider: string;
  flowId: string;
  tenantId: string;
  businessId: string;
  /** What the stage started it for, in the stage's words (a signing, a push). */
  purpose: string;
}

/** The business as the event is weighed against it: read just before the move, which is retried if it changed. */
export interface CallbackBusiness {
  state: StateKey;
  suspended: boolean;
  version: number;
}

export interface CallbackProvider<E extends CallbackEvent = CallbackEvent> {
  /** The provider's path segment, `POST /api/callback/<code>`, and its name in the flows, inbox and log. */
  readonly code: string;
  /** The event the parsed body carries, or null when it is none of this provider's. Its signature is checked only
   * after (the secret is the flow's tenant's), so nothing here may act on it. */
  parse(body: unknown): E | null;
  /** What the verified event asks of the business as it stands: an action of the table the system may take, or
   * nothing (an event that only informs, or one that came after the business moved on). */
  moveOf(event: E, flow: CallbackFlow, business: CallbackBusiness): CallbackMove | null | Promise<CallbackMove | null>;
  /** What the stage records of the verified event besides the move (a signer's status), in the same transaction,
   * on its first delivery only. */
  record?(trx: Kysely<Database>, event: E, flow: CallbackFlow, now: Date): Promise<void>;
}

const PROVIDER_CODE = /^[a-z][a-z0-9-]{1,39}$/;

/** The providers of one app instance. */
export class CallbackProviders {
  readonly #byCode = new Map<string, CallbackProvider>();

  add(provider: CallbackProvider): void {
    if (!PROVIDER_CODE.test(provider.code)) throw new Error(`callback provider code '${provider.code}' is not a-z0-9-`);
    if (this.#byCode.has(provider.code)) throw new Error(`callback provider '${provider.code}' is added twice`);
    this.#byCode.set(provider.code, provider);
  }

  get(code: string): CallbackProvider | undefined {
    return this.#byCode.get(code);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    callbackProviders: CallbackProviders;
  }
}

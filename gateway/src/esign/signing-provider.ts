// The signing-provider port (BUSINESS.md, Decisions: Signing): what the back office asks of an electronic-signature
// service such as e签宝, and what the service tells it back. The back office starts a flow (documents, signers in
// order, a deadline), has its own signers sign with a one-time code, sends 催签 and 撤销, and reads the signed
// documents; everything the flow does after that — a signer signed, the flow finished, expired, was refused or
// revoked — the provider reports through its callback (`POST /api/callback/<code>`, HMAC-verified by the inbound
// kit). The back office never sets a signing status itself.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface FlowDocument {
  name: string;
  /** The back office's reference (a contract's id), handed back with the signed document. */
  sourceRef: string;
  pdf: Buffer;
  /** Where each signer's signature stands (by signing order), as 合同签章 set it; absent: invisible. */
  placements?: Readonly<Record<number, { page: number; x: number; y: number }>>;
}

export interface FlowSigner {
  order: number;
  name: string;
  organization: string;
  mobile: string;
  channel: 'BACK_OFFICE' | 'PAGE';
}

export interface StartFlow {
  tenantId: string;
  tenantName: string;
  title: string;
  deadline: Date;
  documents: readonly FlowDocument[];
  signers: readonly FlowSigner[];
}

/** What the provider's callback carries: the flow's status and each signer's, after its `seq`-th change. */
export interface FlowEvent {
  eventId: string;
  flowId: string;
  seq: number;
  flowStatus: number;
  reason: string | null;
  signers: { order: number; status: number; signedAt: string | null }[];
}

export interface SigningProvider {
  /** The provider's code: its callbacks' path segment and its name on the back office's records. */
  readonly code: string;
  /** Starts a flow inside the caller's transaction; the links go to the PAGE signers through the provider's notices. */
  start(trx: Kysely<Database>, flow: StartFlow, now: Date): Promise<{ flowId: string }>;
  /** Sends the back-office signer at `order` a one-time code. */
  sendCode(db: Kysely<Database>, flowId: string, order: number, now: Date): Promise<void>;
  /** The back-office signer at `order` signs, confirming with the code. */
  signWithCode(db: Kysely<Database>, flowId: string, order: number, code: string, now: Date): Promise<void>;
  /** 催签: the signers whose turn it is are reminded. */
  remind(db: Kysely<Database>, flowId: string, now: Date): Promise<void>;
  /** 撤销, only while 签署中. */
  revoke(db: Kysely<Database>, flowId: string, reason: string, now: Date): Promise<void>;
  /** The documents as they stand (signed ones once the flow is done). */
  documents(
    db: Kysely<Database>,
    flowId: string,
  ): Promise<{ seq: number; name: string; sourceRef: string; pdf: Buffer }[]>;
  /** Tells the back office every change not yet told (the callbacks' outbox), each as a signed callback. */
  deliver(db: Kysely<Database>, now: Date): Promise<number>;
}

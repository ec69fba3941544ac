// 签约's records on the stage kit's items (gateway/src/stage/stage-items.ts): the rows of `signing_record` as the
// workflow reads them, their wire form, the stage's checkpoints (START_SIGNING: none under way already;
// FINISH_SIGNING: the latest signing finished), and what the provider's verified callback records on them — the
// provider's status and each signer's, the signed documents stored through the file service once complete — and
// asks of the business (签署完成 / 签署失败, the system's moves of the table).
import type { ColumnType, Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  PROVIDER_DONE,
  PROVIDER_STATUS_LABEL,
  SIGNER_STATUS_LABEL,
  SIGNING_API,
  SIGNING_ITEM_STATES,
  SIGNING_ITEMS,
  SIGNING_KIND_LABEL,
  SIGNING_STATUS_LABEL,
  SIGNER_ROLE_LABEL,
  SIGN_MANAGE_PATH,
  type SignerRole,
  channelOf,
  type Signer,
  type SigningItem,
  type SigningKind,
  SigningMessage,
  type SigningStatus,
  businessMoveOf,
  finishProblems,
  recordStatusOf,
  startProblems,
} from '../../../../src/domain/financing/signing';
import type { Database } from '../../db/database';
import type { FlowEvent, SigningProvider } from '../../esign/signing-provider';
import { recordFlow } from '../../inbound/callback-store';
import type { CallbackProvider } from '../../inbound/callback-provider';
import { documentBytes, storeGeneratedDocument } from '../../stage/stage-documents';
import { type ItemsDef, itemRows } from '../../stage/stage-items';
import { type AnyDb, anyDb } from '../../stage/stage-scope';
import { type Actor, nextDocumentNo, transitionBusiness } from '../business/aggregate';
import { contractsOf } from '../contract/store';
import { newId } from '../operation-log/repository';
import { registerCheckpoint } from '../business/facts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** A signed document as the back office stored it: its contract, the file service's key and sha-256. */
export interface SignedDocument {
  seq: number;
  name: string;
  contractId: string;
  fileId: string;
  sha256: string;
}

export interface SigningRecordTable {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  sign_no: string;
  kind: SigningKind;
  status: SigningStatus;
  provider: Nullable<string>;
  provider_flow_id: Nullable<string>;
  provider_status: Nullable<number>;
  provider_event_seq: ColumnType<number, number | undefined, number>;
  deadline: Nullable<Date>;
  signers: Json<Signer[]>;
  documents: Json<SignedDocument[]>;
  scan_file_ids: Json<string[]>;
  originals_received_on: Nullable<string>;
  reason: Nullable<string>;
  factors: Nullable<string>;
  timeline: Json<{ at: string; text: string }[]>;
  created_by: string;
  version: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

declare module '../../db/database' {
  interface Database {
    signing_record: SigningRecordTable;
  }
}

/** The file service's binding type of a signing's scans and signed PDFs. */
export const SIGNING_FILE_TYPE = 'signingRecord';

const json = <T>(v: unknown, empty: T): T =>
  v === null || v === undefined ? empty : typeof v === 'string' ? JSON.parse(v) : (v as T);
const day = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export const fromRow = (r: Record<string, unknown>): SigningItem & { row: Record<string, unknown> } => ({
  itemId: String(r.item_id),
  businessId: String(r.business_id),
  seq: Number(r.seq),
  name: String(r.sign_no),
  signNo: String(r.sign_no),
  kind: r.kind as SigningKind,
  status: r.status as SigningStatus,
  version: Number(r.version),
  providerStatus: r.provider_status === null || r.provider_status === undefined ? null : Number(r.provider_status),
  signers: json<Signer[]>(r.signers, []),
  scanFileIds: json<string[]>(r.scan_file_ids, []),
  originalsReceivedOn: day(r.originals_received_on),
  row: r,
});

export const wireOf = (i: SigningItem & { row?: Record<string, unknown> }) => ({
  keyId: i.itemId,
  businessId: i.businessId,
  seq: i.seq,
  signNo: i.signNo,
  kind: i.kind,
  kindLabel: SIGNING_KIND_LABEL[i.kind],
  status: i.status,
  statusLabel: SIGNING_STATUS_LABEL[i.status],
  provider: (i.row?.provider as string | null) ?? null,
  providerFlowId: (i.row?.provider_flow_id as string | null) ?? null,
  providerStatus: i.providerStatus,
  providerStatusLabel: i.providerStatus === null ? null : (PROVIDER_STATUS_LABEL[i.providerStatus] ?? null),
  deadline: iso(i.row?.deadline),
  signers: i.signers.map((s) => ({ ...s, statusLabel: SIGNER_STATUS_LABEL[s.status] ?? '' })),
  progress: `${i.signers.filter((s) => s.status === 1).length}/${i.signers.length}`,
  documents: json<SignedDocument[]>(i.row?.documents, []),
  scanFileIds: i.scanFileIds,
  originalsReceivedOn: i.originalsReceivedOn,
  reason: (i.row?.reason as string | null) ?? null,
  timeline: json<{ at: string; text: string }[]>(i.row?.timeline, []),
  createdAt: iso(i.row?.created_at) ?? '',
  version: i.version,
});

const S = Type.String();
const N = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(t: T) =>
  Type.Union([t, Type.Null()]);
export const SigningSchema = Type.Object(
  {
    ...{ keyId: S, businessId: S, seq: Type.Integer(), signNo: S, kind: S, kindLabel: S, status: S, statusLabel: S },
    ...{ provider: N(S), providerFlowId: N(S), providerStatus: N(Type.Integer()), providerStatusLabel: N(S) },
    deadline: N(Type.String({ description: '签署截止时间' })),
    signers: Type.Array(
      Type.Object({
        ...{ order: Type.Integer(), role: S, organization: S, name: S, mobile: S, channel: S },
        ...{ status: Type.Integer({ description: '0 待签, 1 已签, 2 拒签' }), statusLabel: S, signedAt: N(S) },
      }),
    ),
    progress: Type.String({ description: '已签/总数' }),
    documents: Type.Array(Type.Object({ seq: Type.Integer(), name: S, contractId: S, fileId: S, sha256: S })),
    ...{ scanFileIds: Type.Array(S), originalsReceivedOn: N(S), reason: N(S) },
    timeline: Type.Array(Type.Object({ at: S, text: S })),
    ...{ createdAt: S, version: Type.Integer() },
  },
  { additionalProperties: false },
);

/** The provider whose verified callbacks drive the records; set by the module when it adds its provider. */
export interface RemindPort {
  remind(db: Kysely<Database>, flowId: string, now: Date): Promise<void>;
}
let remindPort: RemindPort | null = null;
export const useRemindPort = (port: RemindPort) => {
  remindPort = port;
};

export const SIGNINGS: ItemsDef<SigningStatus, SigningItem> = {
  name: 'signingRecord',
  api: SIGNING_API,
  menu: SIGN_MANAGE_PATH,
  table: 'signing_record',
  workflow: SIGNING_ITEMS,
  states: SIGNING_ITEM_STATES,
  messages: { notFound: SigningMessage.notFound, stale: SigningMessage.stale },
  fromRow,
  wire: { schema: SigningSchema, of: (i) => wireOf(i) },
  write: () => ({}),
  // 催签 goes to the provider, which reminds the signer whose turn it is.
  async after(trx, item, move) {
    const flowId = (item as SigningItem & { row?: Record<string, unknown> }).row?.provider_flow_id;
    if (flowId && remindPort) await remindPort.remind(trx, String(flowId), move.now);
  },
};

export const signingsOf = async (db: AnyDb, tenantId: string, businessId: string) =>
  (await itemRows(db, SIGNINGS.table, tenantId, businessId)).map(fromRow);

const businessOf = (record: unknown) => (record as { keyId?: string }).keyId;

registerCheckpoint('START_SIGNING', async (db, tenantId, record) => {
  const id = businessOf(record);
  return id ? startProblems(await signingsOf(db, tenantId, id)) : [];
});

registerCheckpoint('FINISH_SIGNING', async (db, tenantId, record) => {
  const id = businessOf(record);
  return id ? finishProblems(await signingsOf(db, tenantId, id)) : [];
});

/** The record of a provider's flow, locked. */
const recordOfFlow = (trx: Kysely<Database>, tenantId: string, provider: string, flowId: string) =>
  trx
    .selectFrom('signing_record')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('provider', '=', provider)
    .where('provider_flow_id', '=', flowId)
    .forUpdate()
    .executeTakeFirst();

const TIMELINE_TEXT = (e: FlowEvent, signers: Signer[]) => {
  const signed = e.signers.filter((s) => s.status === 1).map((s) => signers.find((x) => x.order === s.order)?.name);
  return `签署服务通知：流程${PROVIDER_STATUS_LABEL[e.flowStatus] ?? e.flowStatus}，已签${signed.length}/${e.signers.length}${e.reason ? `（${e.reason}）` : ''}`;
};

/**
 * The provider's callbacks as the inbound kit reads them: the event checked for shape, recorded on the signing
 * (newer than the last one only) and, once complete, the signed documents stored; the business moved as the table
 * lets the system.
 */
export function signingCallbacks(
  code: string,
  documents: (
    db: Kysely<Database>,
    flowId: string,
  ) => Promise<{ seq: number; name: string; sourceRef: string; pdf: Buffer }[]>,
  filesDir: string,
): CallbackProvider<FlowEvent> {
  return {
    code,
    parse(body) {
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
    },
    moveOf(event, _flow, business) {
      const action = businessMoveOf(event.flowStatus, business.state);
      return action ? { action, ...(event.reason ? { comment: event.reason } : {}) } : null;
    },
    async record(trx, event, flow, now) {
      const row = await recordOfFlow(trx, flow.tenantId, code, event.flowId);
      if (!row || event.seq <= Number(row.provider_event_seq)) return;
      const item = fromRow(row as unknown as Record<string, unknown>);
      const signers = item.signers.map((s) => {
        const told = event.signers.find((e) => e.order === s.order);
        return told ? { ...s, status: told.status, signedAt: told.signedAt } : s;
      });
      let stored = json<SignedDocument[]>(row.documents, []);
      if (event.flowStatus === PROVIDER_DONE && !stored.length) {
        stored = [];
        for (const d of await documents(trx, event.flowId)) {
          const evidence = await storeGeneratedDocument(
            trx,
            filesDir,
            { tenantId: flow.tenantId, userId: row.created_by, now },
            { name: `${d.name}（已签署）.pdf`, pdf: d.pdf },
            { type: SIGNING_FILE_TYPE, id: item.itemId },
          );
          stored.push({ seq: d.seq, name: d.name, contractId: d.sourceRef, ...evidence });
        }
      }
      const timeline = [
        ...json<{ at: string; text: string }[]>(row.timeline, []),
        { at: now.toISOString(), text: TIMELINE_TEXT(event, signers) },
      ];
      await trx
        .updateTable('signing_record')
        .set({
          provider_status: event.flowStatus,
          provider_event_seq: event.seq,
          status: recordStatusOf(event.flowStatus),
          reason: event.reason,
          signers: JSON.stringify(signers),
          documents: JSON.stringify(stored),
          timeline: JSON.stringify(timeline),
          version: Number(row.version) + 1,
          updated_at: now,
        })
        .where('item_id', '=', item.itemId)
        .execute();
    },
  };
}

/** The next signing record's key, order and number. */
export const newRecord = async (trx: Kysely<Database>, tenantId: string, businessId: string, now: Date) => ({
  item_id: newId(),
  tenant_id: tenantId,
  business_id: businessId,
  seq: Math.max(0, ...(await signingsOf(anyDb(trx), tenantId, businessId)).map((s) => s.seq)) + 1,
  sign_no: await nextDocumentNo(trx, tenantId, 'signing', now),
  created_at: now,
  updated_at: now,
});

const orgName = async (db: Kysely<Database>, tenantId: string, id: string | null) =>
  id
    ? ((
        await db
          .selectFrom('organization')
          .select('org_name')
          .where('tenant_id', '=', tenantId)
          .where('org_id', '=', id)
          .executeTakeFirst()
      )?.org_name ?? '')
    : '';

export interface StartOnline {
  tenantId: string;
  businessId: string;
  actor: Actor;
  version: number;
  now: Date;
  deadlineDays: number;
  signers: readonly { order: number; role: SignerRole; name: string; mobile: string }[];
}

/**
 * 发起线上签约 inside the caller's transaction, as the route and a walk make it: the business's move first (the
 * table: 合同锁定, contracts approved, nothing under way, the maker), then the live contracts' stored PDFs (read
 * checked against their sha-256) sent to the provider with the signers in order, the flow recorded for its
 * callbacks, and the signing record. Answers the record's id.
 */
export async function startOnlineSigning(
  trx: Kysely<Database>,
  provider: Pick<SigningProvider, 'start' | 'code'>,
  filesDir: string,
  input: StartOnline,
): Promise<string> {
  const { tenantId, businessId, actor, now } = input;
  const business = await transitionBusiness(trx, {
    tenantId,
    businessId,
    actor,
    action: 'startOnline',
    version: input.version,
    now,
  });
  const orgs: Record<SignerRole, string> = {
    FACTOR: await orgName(trx, tenantId, business.capitalSideId),
    SUPPLIER: await orgName(trx, tenantId, business.supplierId),
    PROJECT_COMPANY: await orgName(trx, tenantId, business.projectCompanyId),
    GUARANTOR: '',
  };
  const documents = [];
  for (const c of (await contractsOf(anyDb(trx), tenantId, businessId)).filter((x) => x.status !== 'VOID')) {
    const evidence = { fileId: String(c.row.file_id), sha256: String(c.row.file_sha256) };
    const { pdf } = await documentBytes(trx, filesDir, tenantId, evidence);
    documents.push({ name: `${c.name}（${c.contractNo}）`, sourceRef: c.itemId, pdf });
  }
  const signers = [...input.signers]
    .sort((a, b) => a.order - b.order)
    .map((s) => ({
      ...s,
      name: s.name.trim(),
      organization: orgs[s.role] || SIGNER_ROLE_LABEL[s.role],
      channel: channelOf(s.role),
    }));
  const deadline = new Date(now.getTime() + input.deadlineDays * 86_400_000);
  const tenant = await trx
    .selectFrom('tenant')
    .select('tenant_name')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const title = `${business.businessNo} 融资合同签署`;
  const { flowId } = await provider.start(
    trx,
    { tenantId, tenantName: tenant?.tenant_name ?? '', title, deadline, documents, signers },
    now,
  );
  await recordFlow(trx, { provider: provider.code, flowId, tenantId, businessId, purpose: 'SIGNING' }, now);
  const values = await newRecord(trx, tenantId, businessId, now);
  await trx
    .insertInto('signing_record')
    .values({
      ...values,
      ...{ kind: 'ONLINE', status: 'SIGNING', provider: provider.code, provider_flow_id: flowId, deadline },
      signers: JSON.stringify(signers.map((s) => ({ ...s, status: 0, signedAt: null }))),
      timeline: JSON.stringify([{ at: now.toISOString(), text: `${actor.userName}发起线上签约` }]),
      created_by: actor.userId,
    })
    .execute();
  return values.item_id;
}

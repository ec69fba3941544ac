// 签约's records on the stage kit's items (gateway/src/stage/stage-items.ts): the rows of `signing_record` as the
// workflow reads them, their wire form, the stage's checkpoints (START_SIGNING: none under way already;
// FINISH_SIGNING: the latest signing finished), and what the provider's verified callback records on them — the
// provider's status and each signer's, the signed documents stored through the file service once complete — and
// asks of the business (签署完成 / 签署失败, the system's moves of the table).
import type { ColumnType, Kysely, Selectable } from 'kysely';
import { Type } from 'typebox';
import {
  PROVIDER_DONE,
  PROVIDER_SIGNING,
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
import { parseFlowEvent } from '../../esign/builtin-app';
import type { FlowEvent, SigningProvider } from '../../esign/signing-provider';
import { recordFlow } from '../../inbound/callback-store';
import type { CallbackProvider } from '../../inbound/callback-provider';
import {
  type JsonColumn,
  type NullableColumn,
  type StageItemRow,
  dayColumn,
  isoColumn,
  jsonColumn,
} from '../../stage/stage-columns';
import { documentBytes, storeGeneratedDocument } from '../../stage/stage-documents';
import { type ItemsDef, itemRows, registerItemsCheckpoint } from '../../stage/stage-items';
import type { StageContext } from '../../stage/stage-own-routes';
import { orgNameOf } from '../../stage/stage-records';
import { type Actor, nextDocumentNo, transitionBusiness } from '../business/aggregate';
import { contractsOf } from '../contract/store';
import { bindOwnFiles } from '../file/file-binding';
import { newId } from '../operation-log/repository';
import { type Extensions, extensionsOf, moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('signing/store');

/** A signed document as the back office stored it: its contract, the file service's key and sha-256. */
export interface SignedDocument {
  seq: number;
  name: string;
  contractId: string;
  fileId: string;
  sha256: string;
}

export interface SigningRecordTable extends StageItemRow<SigningStatus> {
  sign_no: string;
  kind: SigningKind;
  provider: NullableColumn<string>;
  provider_flow_id: NullableColumn<string>;
  provider_status: NullableColumn<number>;
  provider_event_seq: ColumnType<number, number | undefined, number>;
  deadline: NullableColumn<Date>;
  signers: JsonColumn<Signer[]>;
  documents: JsonColumn<SignedDocument[]>;
  scan_file_ids: JsonColumn<string[]>;
  originals_received_on: NullableColumn<string>;
  reason: NullableColumn<string>;
  factors: NullableColumn<string>;
  timeline: JsonColumn<{ at: string; text: string }[]>;
  created_by: string;
}

declare module '../../db/database' {
  interface Database {
    signing_record: SigningRecordTable;
  }
}

/** The file service's binding type of a signing's scans and signed PDFs. */
export const SIGNING_FILE_TYPE = 'signingRecord';

type SigningRow = Selectable<SigningRecordTable>;

export const fromRow = (row: object): SigningItem & { row: SigningRow } => {
  const r = row as SigningRow;
  return {
    itemId: String(r.item_id),
    businessId: String(r.business_id),
    seq: Number(r.seq),
    name: String(r.sign_no),
    signNo: String(r.sign_no),
    kind: r.kind as SigningKind,
    status: r.status as SigningStatus,
    version: Number(r.version),
    providerStatus: r.provider_status === null || r.provider_status === undefined ? null : Number(r.provider_status),
    signers: jsonColumn<Signer[]>(r.signers, []),
    scanFileIds: jsonColumn<string[]>(r.scan_file_ids, []),
    originalsReceivedOn: dayColumn(r.originals_received_on),
    row: r,
  };
};

export const wireOf = (i: SigningItem & { row: SigningRow }) => ({
  keyId: i.itemId,
  businessId: i.businessId,
  seq: i.seq,
  signNo: i.signNo,
  kind: i.kind,
  kindLabel: SIGNING_KIND_LABEL[i.kind],
  status: i.status,
  statusLabel: SIGNING_STATUS_LABEL[i.status],
  provider: i.row.provider ?? null,
  providerFlowId: i.row.provider_flow_id ?? null,
  providerStatus: i.providerStatus,
  providerStatusLabel: i.providerStatus === null ? null : (PROVIDER_STATUS_LABEL[i.providerStatus] ?? null),
  deadline: isoColumn(i.row.deadline),
  signers: i.signers.map((s) => ({ ...s, statusLabel: SIGNER_STATUS_LABEL[s.status] ?? '' })),
  progress: `${i.signers.filter((s) => s.status === 1).length}/${i.signers.length}`,
  documents: jsonColumn<SignedDocument[]>(i.row.documents, []),
  scanFileIds: i.scanFileIds,
  originalsReceivedOn: i.originalsReceivedOn,
  reason: i.row.reason ?? null,
  timeline: jsonColumn<{ at: string; text: string }[]>(i.row.timeline, []),
  createdAt: isoColumn(i.row.created_at) ?? '',
  version: i.version,
});

/** A signer's place in the order and party, as 发起 and 合同签章 both take it. */
export const Party = {
  order: Type.Integer({ minimum: 1, maximum: 10 }),
  role: Type.Unsafe<SignerRole>({ type: 'string', enum: Object.keys(SIGNER_ROLE_LABEL) }),
};

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

declare module '../../stage/extensions' {
  interface ExtensionPoints {
    /** The app's signing provider, which 催签 asks to remind the signer (it answers through that app only). */
    signingReminders: Map<'provider', RemindPort>;
  }
}

/** The app's provider takes the 催签 of its signings. */
export const useRemindPort = (x: Extensions, port: RemindPort) => {
  x.point('signingReminders').set('provider', port);
};

export const SIGNINGS: ItemsDef<SigningStatus, ReturnType<typeof fromRow>> = {
  name: 'signingRecord',
  api: SIGNING_API,
  menu: SIGN_MANAGE_PATH,
  table: 'signing_record',
  workflow: SIGNING_ITEMS,
  states: SIGNING_ITEM_STATES,
  messages: { notFound: SigningMessage.notFound, stale: SigningMessage.stale },
  fromRow,
  wire: { schema: SigningSchema, of: wireOf },
  write: () => ({}),
  // 催签 goes to the provider, which reminds the signer whose turn it is.
  async after(trx, item, move) {
    const flowId = item.row.provider_flow_id;
    const remindPort = extensionsOf(trx).point('signingReminders').get('provider');
    if (flowId && remindPort) await remindPort.remind(trx, flowId, move.now);
  },
};

export const signingsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db, SIGNINGS.table, tenantId, businessId)).map(fromRow);

// 发起 with none under way; 签约完成 once the latest finished; 撤销 only while the provider's flow is 签署中.
const revokeProblems = (items: SigningItem[]) =>
  items.filter((i) => i.kind === 'ONLINE').at(-1)?.providerStatus === PROVIDER_SIGNING
    ? []
    : [SigningMessage.revokeOnlyWhileSigning];
for (const [at, problems] of [
  ['START_SIGNING', startProblems],
  ['FINISH_SIGNING', finishProblems],
  ['REVOKE_SIGNING', revokeProblems],
] as const)
  extend(registerItemsCheckpoint, { ...SIGNINGS, checkpoint: { at, problems } });

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
    parse: parseFlowEvent,
    moveOf(event, _flow, business) {
      const action = businessMoveOf(event.flowStatus, business.state);
      return action ? { action, ...(event.reason ? { comment: event.reason } : {}) } : null;
    },
    async record(trx, event, flow, now) {
      const row = await recordOfFlow(trx, flow.tenantId, code, event.flowId);
      if (!row || event.seq <= Number(row.provider_event_seq)) return;
      const item = fromRow(row);
      const signers = item.signers.map((s) => {
        const told = event.signers.find((e) => e.order === s.order);
        return told ? { ...s, status: told.status, signedAt: told.signedAt } : s;
      });
      let stored = jsonColumn<SignedDocument[]>(row.documents, []);
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
        ...jsonColumn<{ at: string; text: string }[]>(row.timeline, []),
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

/** The business's live contracts (a voided one left out), each with its stored PDF read checked. */
export async function liveContracts(db: Kysely<Database>, filesDir: string, tenantId: string, businessId: string) {
  const out = [];
  for (const contract of (await contractsOf(db, tenantId, businessId)).filter((x) => x.status !== 'VOID')) {
    const evidence = { fileId: String(contract.row.file_id), sha256: String(contract.row.file_sha256) };
    out.push({ contract, evidence, pdf: (await documentBytes(db, filesDir, tenantId, evidence)).pdf });
  }
  return out;
}

/** The next signing record's key, order and number. */
export const newRecord = async (trx: Kysely<Database>, tenantId: string, businessId: string, now: Date) => ({
  item_id: newId(now),
  tenant_id: tenantId,
  business_id: businessId,
  seq: Math.max(0, ...(await signingsOf(trx, tenantId, businessId)).map((s) => s.seq)) + 1,
  sign_no: await nextDocumentNo(trx, tenantId, 'signing', now),
  created_at: now,
  updated_at: now,
});

/**
 * A signing already signed when it is recorded (线下签约's scans, 补充签约's agreement), inside the caller's
 * transaction: its files bound to it, its first line on the timeline. Answers its id.
 */
export async function addSignedRecord(
  trx: Kysely<Database>,
  ctx: StageContext,
  businessId: string,
  fileIds: string[],
  made: {
    columns: { kind: SigningKind; originals_received_on?: string; reason?: string; factors?: string };
    text: string;
  },
): Promise<string> {
  const values = await newRecord(trx, ctx.tenantId, businessId, ctx.now);
  await bindOwnFiles(trx, ctx, fileIds, { type: SIGNING_FILE_TYPE, id: values.item_id });
  await trx
    .insertInto('signing_record')
    .values({
      ...values,
      ...made.columns,
      ...{ status: 'SIGNED', scan_file_ids: JSON.stringify(fileIds), created_by: ctx.actor.userId },
      timeline: JSON.stringify([{ at: ctx.now.toISOString(), text: made.text }]),
    })
    .execute();
  return values.item_id;
}

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
    FACTOR: await orgNameOf(trx, tenantId, business.capitalSideId),
    SUPPLIER: await orgNameOf(trx, tenantId, business.supplierId),
    PROJECT_COMPANY: await orgNameOf(trx, tenantId, business.projectCompanyId),
    GUARANTOR: '',
  };
  const documents = [];
  for (const { contract: c, pdf } of await liveContracts(trx, filesDir, tenantId, businessId)) {
    // Each signer's box as 合同签章 set it on this contract, by party; none: the signature is invisible.
    const set = jsonColumn<{ role: SignerRole; page: number; x: number; y: number }[] | null>(c.row.signatories, null);
    const placements: Record<number, { page: number; x: number; y: number }> = {};
    for (const s of input.signers) {
      const at = set?.find((p) => p.role === s.role);
      if (at) placements[s.order] = { page: at.page, x: at.x, y: at.y };
    }
    documents.push({ name: `${c.name}（${c.contractNo}）`, sourceRef: c.itemId, pdf, placements });
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

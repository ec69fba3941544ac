// 签约's records as the kit's stage items: the rows of `signing_record`, their wire form, the stage's checkpoints,
// what the provider's verified callback records on them (statuses, the signed PDFs once complete) and asks of the
// business (签署完成 / 签署失败), and the records 发起, 线下签约 and 补充签约 add.
import type { ColumnType, Insertable, Kysely, Selectable } from 'kysely';
import { type TSchema, Type } from 'typebox';
import * as D from '../../../../src/domain/financing/signing';
import { CONTRACTS_LIVE_SOURCE, type LiveContract } from '../../../../src/domain/financing/contracts';
import type { Signer, SignerRole, SigningItem, SigningKind } from '../../../../src/domain/financing/signing';
import { inOrder } from '../../../../src/domain/workflow/stepped-order';
import type { Database } from '../../db/database';
import { parseFlowEvent } from '../../esign/builtin-app';
import type { FlowEvent, SigningProvider } from '../../esign/signing-provider';
import { recordFlow } from '../../inbound/callback-store';
import type { CallbackProvider } from '../../inbound/callback-provider';
import type { JsonColumn, NullableColumn, StageItemRow } from '../../stage/stage-columns';
import { jsonColumn } from '../../stage/stage-columns';
import { readStageSource } from '../../stage/stage-sources';
import { wireFields } from '../../stage/stage-wire';
import { type DocumentEvidence, orgNames, storeGeneratedDocument, withStoredPdfs } from '../../stage/stage-documents';
import { type ItemsDef, itemRows, registerItemsCheckpoint } from '../../stage/stage-items';
import type { StageContext } from '../../stage/stage-own-routes';
import { nextDocumentNo, transitionBusiness } from '../business/aggregate';
import { bindOwnFiles } from '../file/file-binding';
import { newId } from '../../ids';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('signing/store');

/** A signed document as the back office stored it: its contract, the file service's key and sha-256. */
type SignedDocument = DocumentEvidence & { seq: number; name: string; contractId: string };
type Timeline = { at: string; text: string }[];

export interface SigningRecordTable extends StageItemRow<D.SigningStatus> {
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
  timeline: JsonColumn<Timeline>;
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
const signersOf = (r: SigningRow) => jsonColumn<Signer[]>(r.signers, []);
const [S, N] = [Type.String(), (t: TSchema) => Type.Union([t, Type.Null()])];
const w = wireFields<SigningRow>();
const SignedDocumentSchema = Type.Object({ seq: Type.Integer(), name: S, contractId: S, fileId: S, sha256: S });

/** A signing record on the wire, read from its row. */
export const SIGNING_WIRE = w.record({
  ...{ keyId: w.text('item_id'), businessId: w.text('business_id'), seq: w.int('seq'), signNo: w.text('sign_no') },
  ...{ kind: w.text('kind'), kindLabel: w.label('kind', D.SIGNING_KIND_LABEL) },
  ...{ status: w.text('status'), statusLabel: w.label('status', D.SIGNING_STATUS_LABEL) },
  ...{ provider: w.nullable(w.text('provider')), providerFlowId: w.nullable(w.text('provider_flow_id')) },
  providerStatus: w.nullable(w.int('provider_status')),
  providerStatusLabel: w.nullable(w.label('provider_status', D.PROVIDER_STATUS_LABEL)),
  deadline: w.nullable(w.iso('deadline', { description: '签署截止时间' })),
  signers: w.of(
    Type.Array(
      Type.Object({
        ...{ order: Type.Integer(), role: S, organization: S, name: S, mobile: S, channel: S },
        ...{ status: Type.Integer({ description: '0 待签, 1 已签, 2 拒签' }), statusLabel: S, signedAt: N(S) },
      }),
    ),
    (r) => signersOf(r).map((s) => ({ ...s, statusLabel: D.SIGNER_STATUS_LABEL[s.status] ?? '' })),
  ),
  progress: w.of(Type.String({ description: '已签/总数' }), (r) => {
    const signers = signersOf(r);
    return `${signers.filter((s) => s.status === 1).length}/${signers.length}`;
  }),
  documents: w.json('documents', Type.Array(SignedDocumentSchema), []),
  scanFileIds: w.json('scan_file_ids', Type.Array(S), []),
  originalsReceivedOn: w.nullable(w.day('originals_received_on')),
  reason: w.nullable(w.text('reason')),
  timeline: w.json('timeline', Type.Array(Type.Object({ at: S, text: S })), []),
  ...{ createdAt: w.iso('created_at'), version: w.int('version') },
});
export const SigningSchema = SIGNING_WIRE.schema;

/** A signing as the workflow reads it: its wire with the item's key and name, and its row. */
export const fromRow = (row: object): SigningItem & { row: SigningRow } => {
  const wire = SIGNING_WIRE.of(row as SigningRow);
  return { ...wire, itemId: wire.keyId, name: wire.signNo, row: row as SigningRow };
};

export const wireOf = (item: { row: SigningRow }) => SIGNING_WIRE.of(item.row);

export const SIGNINGS: ItemsDef<D.SigningStatus, ReturnType<typeof fromRow>> = {
  ...{ name: 'signingRecord', api: D.SIGNING_API, menu: D.SIGN_MANAGE_PATH, table: 'signing_record' },
  ...{ workflow: D.SIGNING_ITEMS, states: D.SIGNING_ITEM_STATES },
  messages: { notFound: D.SigningMessage.notFound, stale: D.SigningMessage.stale },
  ...{ fromRow, wire: { schema: SigningSchema, of: wireOf }, write: () => ({}) },
};

export const signingsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db, SIGNINGS.table, tenantId, businessId)).map(fromRow);

// 发起 with none under way; 签约完成 once the latest finished; 撤销 only while the provider's flow is 签署中.
const revokeProblems = (items: SigningItem[]) =>
  items.filter((i) => i.kind === 'ONLINE').at(-1)?.providerStatus === D.PROVIDER_SIGNING
    ? []
    : [D.SigningMessage.revokeOnlyWhileSigning];
for (const [at, problems] of [
  ['START_SIGNING', D.startProblems],
  ['FINISH_SIGNING', D.finishProblems],
  ['REVOKE_SIGNING', revokeProblems],
] as const)
  extend(registerItemsCheckpoint, { ...SIGNINGS, checkpoint: { at, problems } });

const timelineText = (e: FlowEvent, signed: number) =>
  `签署服务通知：流程${D.PROVIDER_STATUS_LABEL[e.flowStatus] ?? e.flowStatus}，已签${signed}/${e.signers.length}${e.reason ? `（${e.reason}）` : ''}`;

/** The provider's callbacks: each event recorded on its signing (newer ones only), the signed PDFs stored once
 * complete, and the business moved as the table lets the system. */
export function signingCallbacks(
  code: string,
  documents: SigningProvider['documents'],
  filesDir: string,
): CallbackProvider<FlowEvent> {
  return {
    code,
    parse: parseFlowEvent,
    moveOf(event, _flow, business) {
      const action = D.businessMoveOf(event.flowStatus, business.state);
      return action ? { action, ...(event.reason ? { comment: event.reason } : {}) } : null;
    },
    async record(trx, event, flow, now) {
      const row = await trx
        .selectFrom('signing_record')
        .selectAll()
        .where('tenant_id', '=', flow.tenantId)
        .where('provider', '=', code)
        .where('provider_flow_id', '=', event.flowId)
        .forUpdate()
        .executeTakeFirst();
      if (!row || event.seq <= Number(row.provider_event_seq)) return;
      const item = fromRow(row);
      const signers = item.signers.map((s) => {
        const told = event.signers.find((e) => e.order === s.order);
        return told ? { ...s, status: told.status, signedAt: told.signedAt } : s;
      });
      const stored = jsonColumn<SignedDocument[]>(row.documents, []);
      if (event.flowStatus === D.PROVIDER_DONE && !stored.length)
        for (const d of await documents(trx, event.flowId)) {
          const owner = { tenantId: flow.tenantId, userId: row.created_by, now };
          const file = { name: `${d.name}（已签署）.pdf`, pdf: d.pdf };
          const binding = { type: SIGNING_FILE_TYPE, id: item.itemId };
          const evidence = await storeGeneratedDocument(trx, filesDir, owner, file, binding);
          stored.push({ seq: d.seq, name: d.name, contractId: d.sourceRef, ...evidence });
        }
      const text = timelineText(event, event.signers.filter((s) => s.status === 1).length);
      const timeline = [...jsonColumn<Timeline>(row.timeline, []), { at: now.toISOString(), text }];
      await trx
        .updateTable('signing_record')
        .set({
          ...{ provider_status: event.flowStatus, provider_event_seq: event.seq, reason: event.reason },
          ...{ status: D.recordStatusOf(event.flowStatus), signers: JSON.stringify(signers) },
          ...{ documents: JSON.stringify(stored), timeline: JSON.stringify(timeline) },
          ...{ version: Number(row.version) + 1, updated_at: now },
        })
        .where('item_id', '=', item.itemId)
        .execute();
    },
  };
}

/** The business's live contracts as the contracts hand them (their file, 合同签章's signatories); none: empty. */
export const liveContractsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await readStageSource<LiveContract[]>(CONTRACTS_LIVE_SOURCE, db, tenantId, businessId)) ?? [];

type Who = Pick<StageContext, 'tenantId' | 'actor' | 'now'>;
type Filled = 'item_id' | 'tenant_id' | 'business_id' | 'seq' | 'sign_no' | 'created_at' | 'updated_at' | 'created_by';
type Columns = Omit<Insertable<SigningRecordTable>, Filled | 'timeline'>;

/** A new signing record of the business (its key, order and number), its first line on the timeline. */
async function addRecord(trx: Kysely<Database>, who: Who, businessId: string, columns: Columns, text: string) {
  const { tenantId, now } = who;
  const seq = Math.max(0, ...(await signingsOf(trx, tenantId, businessId)).map((s) => s.seq)) + 1;
  const id = newId(now);
  await trx
    .insertInto('signing_record')
    .values({
      ...{ item_id: id, tenant_id: tenantId, business_id: businessId, seq, created_at: now, updated_at: now },
      sign_no: await nextDocumentNo(trx, tenantId, 'signing', now),
      ...columns,
      ...{ created_by: who.actor.userId, timeline: JSON.stringify([{ at: now.toISOString(), text }]) },
    })
    .execute();
  return id;
}

/** A signing signed when recorded (线下签约's scans, 补充签约's agreement), its files bound to it. Answers its id. */
export async function addSignedRecord(
  trx: Kysely<Database>,
  ctx: StageContext,
  businessId: string,
  fileIds: string[],
  made: Pick<Columns, 'kind' | 'originals_received_on' | 'reason' | 'factors'>,
  text: string,
): Promise<string> {
  const columns = { ...made, status: 'SIGNED' as const, scan_file_ids: JSON.stringify(fileIds) };
  const id = await addRecord(trx, ctx, businessId, columns, text);
  await bindOwnFiles(trx, ctx, fileIds, { type: SIGNING_FILE_TYPE, id });
  return id;
}

export type StartOnline = Who & { businessId: string; version: number; deadlineDays: number } & {
  signers: readonly { order: number; role: SignerRole; name: string; mobile: string }[];
};

/**
 * 发起线上签约 in the caller's transaction (the route's and a walk's): the business's move first (the table's checks),
 * then the live contracts' checked PDFs sent to the provider with the signers in order, the flow recorded for its
 * callbacks, and the signing record. Answers the record's id.
 */
export async function startOnlineSigning(
  trx: Kysely<Database>,
  provider: Pick<SigningProvider, 'start' | 'code'>,
  filesDir: string,
  input: StartOnline,
): Promise<string> {
  const { tenantId, businessId, actor, now } = input;
  const business = await transitionBusiness(trx, { ...input, action: 'startOnline' });
  const parties = [business.capitalSideId, business.supplierId, business.projectCompanyId];
  const [FACTOR = '', SUPPLIER = '', PROJECT_COMPANY = ''] = await orgNames(trx, tenantId, parties);
  const orgs: Record<SignerRole, string> = { FACTOR, SUPPLIER, PROJECT_COMPANY, GUARANTOR: '' };
  const documents = [];
  const live = await liveContractsOf(trx, tenantId, businessId);
  for (const { record: c, pdf } of await withStoredPdfs(trx, filesDir, tenantId, live, (l) => l)) {
    // Each signer's box as 合同签章 set it on this contract, by party; none: the signature is invisible.
    const placements: Record<number, { page: number; x: number; y: number }> = {};
    for (const s of input.signers) {
      const at = c.signatories?.find((p) => p.role === s.role);
      if (at) placements[s.order] = { page: at.page, x: at.x, y: at.y };
    }
    documents.push({ name: `${c.name}（${c.contractNo}）`, sourceRef: c.contractId, pdf, placements });
  }
  const signers = inOrder(input.signers)
    .map((s) => ({ ...s, name: s.name.trim(), organization: orgs[s.role] || D.SIGNER_ROLE_LABEL[s.role] }))
    .map((s) => ({ ...s, channel: D.channelOf(s.role) }));
  const deadline = new Date(now.getTime() + input.deadlineDays * 86_400_000);
  const tenant = await trx
    .selectFrom('tenant')
    .select('tenant_name')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const start = { tenantId, tenantName: tenant?.tenant_name ?? '', title: `${business.businessNo} 融资合同签署` };
  const { flowId } = await provider.start(trx, { ...start, deadline, documents, signers }, now);
  await recordFlow(trx, { provider: provider.code, flowId, tenantId, businessId, purpose: 'SIGNING' }, now);
  const columns = { kind: 'ONLINE', status: 'SIGNING', provider: provider.code, provider_flow_id: flowId } as const;
  const told = JSON.stringify(signers.map((s) => ({ ...s, status: 0, signedAt: null })));
  return addRecord(trx, input, businessId, { ...columns, deadline, signers: told }, `${actor.userName}发起线上签约`);
}

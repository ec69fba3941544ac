// 合同文件 on the stage kit's items (gateway/src/stage/stage-items.ts): the rows of `contract_file` as the
// workflow reads them (factors typed: 分 as bigint, the rate, days, the method), what 作废 writes, who made the
// business's contracts (they never review them), and the contracts' part of three checkpoints — 提交 needs a
// live contract (SUBMIT_CONTRACT), 合同审核's 通过 needs every live contract's factors equal to the TERM elements
// (REVIEW_CONTRACT, the elements' items read by the kit's named source), and 发起签约 needs them approved and none
// under 合同锁定 (joined to START_SIGNING, which the signing stage owns); and how the header's search finds one.
import type { Database } from '../../db/database';
import type { ColumnType, Kysely, Selectable } from 'kysely';
import { Type } from 'typebox';
import {
  CONTRACT_ITEM_STATES,
  CONTRACT_ITEMS,
  CONTRACT_LIST_PATH,
  CONTRACT_ORIGIN_LABEL,
  CONTRACT_TYPE_LABEL,
  CONTRACTS_API,
  ContractMessage,
  type ContractItem,
  factorProblems,
  signingProblems,
  submitContractProblems,
} from '../../../../src/domain/financing/contracts';
import { elementValueText } from '../../../../src/domain/financing/elements';
import { CONTRACTS_LIVE_SOURCE, type LiveContract } from '../../../../src/domain/financing/contracts';
import type { SignatoryPosition } from '../../../../src/domain/financing/contracts';
import type { RepaymentMethod } from '../../../../src/domain/financing/repayment-schedule';
import { REPAYMENT_METHOD_LABEL } from '../../../../src/domain/funds/fund-product.resource';
import { type DocumentColumns, DocumentWireSchema, documentWire, rowEvidence } from '../../stage/stage-documents';
import type { StoredDocumentStatus } from '../../../../src/domain/stage/stage';
import { type ItemsDef, itemOf, itemRows, registerItemsCheckpoint } from '../../stage/stage-items';
import { registerStageSource } from '../../stage/stage-sources';
import { rateText, termElementsOf } from '../../stage/stage-terms';
import { addCheckpointRule, registerCheckpoint, registerWriters } from '../business/facts';
import { liveLocksOn } from '../risk/repository';
import { moduleExtensions } from '../../stage/extensions';
import { numberSearch, registerDocumentSearch } from '../../stage/stage-search';
import { businessOrders } from '../../stage/stage-orders';
import { businessRule } from '../../stage/stage-rules';
import { BUSINESS_DETAIL } from '../business/visibility';
import { type NullableColumn as Nullable, fenOf, wireFen } from '../../stage/stage-money';
import { wireFields } from '../../stage/stage-wire';
import { dayColumn, jsonColumn } from '../../stage/stage-columns';
import type { ItemTableColumns } from '../../stage/stage-tables';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('contract/store');

// 合同文件 as Kysely sees it (migration 0150): the kit's document (its series, evidence and maker) with its factors.
export interface ContractFileTable extends DocumentColumns, Pick<ItemTableColumns, 'version'> {
  contract_no: string;
  contract_version: number;
  name: string;
  contract_type: string;
  origin: string;
  /** 分. */
  amount_fen: ColumnType<string | number | bigint, string, string>;
  annual_rate: ColumnType<string | number, string, string>;
  term_days: number;
  repayment_method: string;
  due_date: Nullable<string>;
  payee_account: Nullable<string>;
  void_reason: Nullable<string>;
  /** 合同签章: the version's signatories with their boxes (migration 0250); null until set. */
  signatories: ColumnType<SignatoryPosition[] | null, string | null, string | null>;
}

declare module '../../db/database' {
  interface Database {
    contract_file: ContractFileTable;
  }
}

/** The file service's binding type of a contract's PDF: read by whoever may see the contract's business. */
export const CONTRACT_FILE_TYPE = 'contractFile';

export const fromRow = (r: Record<string, unknown>): ContractItem & { row: Record<string, unknown> } => ({
  ...itemOf<StoredDocumentStatus>(r),
  contractNo: String(r.contract_no),
  contractVersion: Number(r.contract_version),
  factors: {
    amountFen: fenOf(r.amount_fen),
    annualRate: rateText(r.annual_rate) as string,
    termDays: Number(r.term_days),
    repaymentMethod: r.repayment_method as RepaymentMethod,
    dueDate: dayColumn(r.due_date),
    payeeAccount: (r.payee_account as string | null) ?? null,
  },
  createdBy: String(r.created_by),
  row: r,
});

type ContractRow = Selectable<ContractFileTable>;
const w = wireFields<ContractRow>();
const rateOf = (r: ContractRow) => rateText(r.annual_rate) as string;

/** A contract's own fields on the wire, read from its row: money in 分 as a number, the rate as four places. */
const CONTRACT_WIRE = w.record({
  ...{ contractNo: w.text('contract_no'), contractVersion: w.int('contract_version') },
  ...{ contractType: w.text('contract_type'), contractTypeLabel: w.label('contract_type', CONTRACT_TYPE_LABEL) },
  ...{ origin: w.text('origin'), originLabel: w.label('origin', CONTRACT_ORIGIN_LABEL) },
  amountFen: w.of(Type.Integer({ description: '合同金额（分）' }), (r) => wireFen(fenOf(r.amount_fen))),
  annualRate: w.of(Type.String({ description: '年利率，四位小数' }), rateOf),
  annualRateText: w.of(Type.String(), (r) => elementValueText({ type: 'RATE', rate: rateOf(r) })),
  ...{ termDays: w.int('term_days'), repaymentMethod: w.text('repayment_method') },
  repaymentMethodLabel: w.label('repayment_method', REPAYMENT_METHOD_LABEL),
  ...{ dueDate: w.nullable(w.day('due_date')), payeeAccount: w.nullable(w.text('payee_account')) },
});

/** A contract on the wire, with its status as its business makes it. */
export const wireOf = (i: { row: Record<string, unknown> }, businessState?: string) => ({
  ...documentWire('CONTRACT', i.row, businessState),
  ...CONTRACT_WIRE.of(i.row as ContractRow),
});

export const ContractSchema = Type.Object(
  { ...DocumentWireSchema, ...CONTRACT_WIRE.schema.properties },
  { additionalProperties: false },
);

export const CONTRACTS: ItemsDef<StoredDocumentStatus, ReturnType<typeof fromRow>> = {
  name: 'contractFile',
  api: CONTRACTS_API,
  menu: CONTRACT_LIST_PATH,
  table: 'contract_file',
  workflow: CONTRACT_ITEMS,
  states: CONTRACT_ITEM_STATES,
  messages: { notFound: ContractMessage.notFound, stale: ContractMessage.stale },
  fromRow,
  wire: { schema: ContractSchema, of: (i) => wireOf(i) },
  write: (_item, move) => (move.action === 'void' ? { void_reason: move.comment } : {}),
  checkpoint: { at: 'SUBMIT_CONTRACT', problems: submitContractProblems },
};

extend(registerItemsCheckpoint, CONTRACTS);

/** The business's contracts, in their order. */
export const contractsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db, CONTRACTS.table, tenantId, businessId)).map(fromRow);

/** The business's live contracts (a voided one left out), in their order. */
export const liveContractsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await contractsOf(db, tenantId, businessId)).filter((c) => c.status !== 'VOID');

/** The signatories 合同签章 set on a contract version (null: never set). */
export const storedSignatories = (row: Record<string, unknown>) =>
  jsonColumn<SignatoryPosition[] | null>(row.signatories, null);

/** The numbers among these under a live 合同锁定 naming them (a payment order's lock apart), read at once. */
export const lockedContractNos = async (db: Kysely<Database>, tenantId: string, contractNos: readonly string[]) =>
  new Set((await liveLocksOn(db, tenantId, contractNos, [])).map((l) => l.contractNo));

/** The live contracts (a voided one left out), in their order, for 签约 to send: each one's file and signatories. */
extend(registerStageSource<LiveContract[]>, CONTRACTS_LIVE_SOURCE, async (db, tenantId, businessId) =>
  (await liveContractsOf(db, tenantId, businessId)).map((c) => ({
    ...{ contractId: c.itemId, contractNo: c.contractNo, name: c.name },
    ...{ ...rowEvidence(c.row), signatories: storedSignatories(c.row) },
  })),
);

const factorRule = businessRule(async (db, tenantId, businessId) => {
  const [items, terms] = await Promise.all([
    contractsOf(db, tenantId, businessId),
    termElementsOf(db, tenantId, businessId),
  ]);
  return factorProblems(items, terms);
});
extend(registerCheckpoint, 'REVIEW_CONTRACT', factorRule);

/** 发起签约 crosses the contracts' rule too: approved, and none under 合同锁定 (naming it or one of its orders). */
const lockRule = businessRule(async (db, tenantId, businessId, record, now) => {
  const items = await contractsOf(db, tenantId, businessId);
  const orderNos = (await businessOrders(db, tenantId, businessId)).map((o) => o.orderNo);
  const contractNos = items.map((i) => i.contractNo);
  const locks = await liveLocksOn(db, tenantId, contractNos, orderNos);
  return signingProblems(items, record.state, locks, orderNos, now);
});
extend(addCheckpointRule, 'START_SIGNING', 'contracts', lockRule);

/** Whoever made a live contract of the business is one of its makers and never reviews it (four-eyes). */
extend(registerWriters, 'CONTRACT', async (db, tenantId, businessId) => [
  ...new Set((await liveContractsOf(db, tenantId, businessId)).map((c) => c.createdBy)),
]);

// 合同 found by its 合同编号 (HT…) within the caller's scope (its business's), opened on its business's 业务详情.
extend(
  registerDocumentSearch,
  numberSearch({
    ...{ kind: 'contract', table: 'contract_file', no: 'contract_no' },
    hit: (r) => ({
      keyId: String(r.item_id),
      title: `${r.name} · 业务编号 ${r.business_no}`,
      path: `${BUSINESS_DETAIL}?id=${r.business_id}`,
    }),
  }),
);

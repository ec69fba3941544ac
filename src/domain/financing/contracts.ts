// 合同文件 (BUSINESS.md §2 ContractFile; "Decisions for the lifecycle's second half": Contracts), stage 7 on the
// stage kit's items: a business has many contracts, each made from a versioned template (保理合同, 应收账款转让协议,
// 保证合同, 服务协议, 补充协议 — the PDF rendered with the TERM factors filled in) or uploaded with its factors typed
// by hand. A contract's own status is DRAFT or VOID (作废); while it is live it is 待审核 / 已通过 as its
// business is — read from the business by the kit's `documentStatusOf`, never stored twice. 作废 makes it VOID;
// a new version of its series replaces it. Its factors are held to the TERM elements by the kit's one comparison
// (`compareFactors`: the review page's red, 合同审核's guard), and a contract under 合同锁定 is not sent to sign.
import { isCalendarDate } from '../calendar/calendar-date';
import type { StateKey } from './lifecycle';
import type { RepaymentMethod } from './repayment-schedule';
import { type ContractLockFact, isContractLocked } from '../risk/locks';
import { ROLE } from './roles';
import { type SignerPlace, orderProblem } from './signing';
import type { WorkflowTable } from '../workflow/workflow';
import type { ItemFacts, StageItem } from '../workflow/items';
import { type StoredDocumentStatus, documentStatusOf, editableStates, statesOf } from '../stage/stage';
import { type BoxPlace, type PageSize, boxProblem } from '../stage/signature-boxes';
import { type TermDraft, type TermElement, type TermFactors, compareFactors } from '../stage/term-factors';
import { termDraftProblem, termsOfDraft } from '../stage/term-factors';

export const CONTRACTS_API = '/api/business/contracts';
export const CONTRACT_LIST_PATH = '/business/contractFileManage';
export const CONTRACT_INFO_PATH = '/business/contractFileManage/info';
export const CONTRACT_MAKE_PATH = '/business/contractFileMake/contractFileMake';
export const CONTRACT_REVIEW_PATH = '/business/contractFileReview';
export const CONTRACT_FACTOR_PATH = '/business/contractFileReview/contractFileReviewFactor';

export type ContractType = 'FACTORING' | 'TRANSFER' | 'GUARANTEE' | 'SERVICE' | 'SUPPLEMENT';

export const CONTRACT_TYPE_LABEL: Readonly<Record<ContractType, string>> = {
  FACTORING: '保理合同',
  TRANSFER: '应收账款转让协议',
  GUARANTEE: '保证合同',
  SERVICE: '服务协议',
  SUPPLEMENT: '补充协议',
};

export const CONTRACT_ORIGIN_LABEL = { TEMPLATE: '模板生成', UPLOAD: '上传' } as const;

/** A contract's key factors (合同要素), typed: its terms, then its due date and payee account. */
export interface ContractFactors extends TermFactors {
  dueDate: string | null;
  payeeAccount: string | null;
}

/** One contract as its workflow and the checkpoints read it. */
export interface ContractItem extends StageItem<StoredDocumentStatus> {
  contractNo: string;
  contractVersion: number;
  factors: ContractFactors;
  createdBy: string;
}

export const ContractMessage = {
  differs: (contractNo: string, label: string, contract: string, element: string) =>
    `合同${contractNo}的${label}（${contract}）与业务要素（${element}）不一致`,
  none: '请先制作至少一份合同',
  locked: (contractNo: string) => `合同${contractNo}已被锁定，不能发起签约`,
  notApproved: (contractNo: string) => `合同${contractNo}尚未审核通过`,
  dueDate: '到期日应为存在的日期（YYYY-MM-DD）',
  payee: '收款账户不能超过60个字',
  name: '合同名称为1至100个字',
  replaces: '只能为已作废的合同制作新版本',
  notFound: '合同不存在',
  stale: '合同已被他人修改，请刷新后重试',
  fileRequired: '请上传合同PDF',
} as const;

/** The live contracts of a business (VOID ones no longer count). */
const live = (items: readonly ContractItem[]) => items.filter((i) => i.status !== 'VOID');

/**
 * REVIEW_CONTRACT, 合同审核's 通过 (硬控): every live contract's factors equal the TERM elements; the refusals
 * name the contract and the factor, in the contracts' order.
 */
export function factorProblems(items: readonly ContractItem[], terms: readonly TermElement[]): string[] {
  const found: string[] = [];
  for (const c of [...live(items)].sort((a, b) => a.seq - b.seq)) {
    for (const row of compareFactors(c.factors, terms)) {
      if (!row.equal) found.push(ContractMessage.differs(c.contractNo, row.label, row.contract, row.element));
    }
  }
  return found;
}

/** SUBMIT_CONTRACT: a business goes to 合同审核 with at least one live contract. */
export const submitContractProblems = (items: readonly ContractItem[]): string[] =>
  live(items).length ? [] : [ContractMessage.none];

/**
 * START_SIGNING's part of the contracts: every live contract approved and none under 合同锁定 (a live lock naming
 * its number, or one of the business's payment orders).
 */
export function signingProblems(
  items: readonly ContractItem[],
  businessState: string,
  locks: readonly ContractLockFact[],
  orderNos: readonly string[],
  now: Date,
): string[] {
  const contracts = live(items);
  if (!contracts.length) return [ContractMessage.none];
  const orderLocked = orderNos.some((o) => isContractLocked(locks, { paymentOrderId: o }, now));
  for (const c of contracts) {
    if (documentStatusOf('CONTRACT', c.status, businessState) !== 'APPROVED')
      return [ContractMessage.notApproved(c.contractNo)];
    if (orderLocked || isContractLocked(locks, { contractNo: c.contractNo }, now))
      return [ContractMessage.locked(c.contractNo)];
  }
  return [];
}

// ——— The make form ———

/** What 制作合同 sends: a template or an upload, its terms typed (money in 分 as an integer on the wire). */
export interface ContractDraft extends TermDraft {
  contractType: ContractType;
  name: string;
  repaymentMethod: string;
  dueDate: string | null;
  payeeAccount: string | null;
}

/** The draft checked field by field: its factors typed, or the first refusal. */
export function checkContractDraft(
  d: ContractDraft,
): { ok: true; factors: ContractFactors } | { ok: false; message: string } {
  const name = d.name.trim();
  if (!name || [...name].length > 100) return { ok: false, message: ContractMessage.name };
  const terms = termDraftProblem(d, '合同');
  if (terms) return { ok: false, message: terms };
  if (d.dueDate !== null && !isCalendarDate(d.dueDate)) return { ok: false, message: ContractMessage.dueDate };
  if (d.payeeAccount !== null && [...d.payeeAccount].length > 60) return { ok: false, message: ContractMessage.payee };
  const method = d.repaymentMethod as RepaymentMethod;
  const rest = { repaymentMethod: method, dueDate: d.dueDate, payeeAccount: d.payeeAccount?.trim() || null };
  return { ok: true, factors: { ...termsOfDraft(d), ...rest } };
}

/** The business states in which contracts are made and voided: while 合同 is made (草稿, 已退回). */
export const CONTRACT_ITEM_STATES: readonly StateKey[] = editableStates('CONTRACT');

/** Whoever makes a contract, voids it and sets its signatories: LEGAL or the business's 经办 (and an administrator). */
export const CONTRACT_MAKERS = [ROLE.LEGAL, ROLE.OPERATOR, ROLE.ADMIN] as const;

/** A contract's workflow: 作废, with its reason (a new version then replaces it). */
export const CONTRACT_ITEMS: WorkflowTable<StoredDocumentStatus, ContractItem, ItemFacts> = {
  noun: '合同',
  statusOf: (i) => i.status,
  commentMax: 200,
  transitions: [
    {
      action: 'void',
      label: '作废',
      op: 'terminate',
      menu: CONTRACT_LIST_PATH,
      who: CONTRACT_MAKERS,
      from: ['DRAFT'],
      to: 'VOID',
      comment: 'required',
      commentLabel: '作废原因',
      tone: 'danger',
    },
  ],
};

// ——— 合同签章: on a contract version, who signs, in which order, and each signature's box on the stored PDF's
// pages. 发起线上签约 takes the parties and order the live contracts carry (handed to 签约 through the kit's named
// source CONTRACTS_LIVE_SOURCE), and the provider draws each signature at its box. ———

export const SIGNATORIES_PATH = '/business/contractFileMake/contractFileMakeSignature';

/** A signatory's box: its party in order, its page and top-left corner. */
export type SignatoryPosition = SignerPlace & BoxPlace;

export const SignatoriesMessage = {
  contractLocked: (no: string) => `合同${no}已被合同锁定，不能设置签章`,
  contractVoid: '已作废的合同不能设置签章',
  signatoriesState: '签约发起后不能修改合同签章，签约失败后可重新设置',
} as const;

/** 合同签章's signatories: in the order 发起 wants, each box wholly on an existing page; else why not. */
export const signatoriesProblem = (list: readonly SignatoryPosition[], pages: readonly PageSize[]) =>
  orderProblem(list) ?? list.map((s) => boxProblem(s, pages)).find((p) => p !== null) ?? null;

/** The states in which a contract's signatories may be set: 合同's, and 签约's while it may start (after a failure). */
export const SIGNATORIES_STATES: readonly StateKey[] = [...statesOf('CONTRACT'), ...editableStates('SIGNING')];

/** The name under which the contracts hand 签约 the business's live contracts (a voided one left out). */
export const CONTRACTS_LIVE_SOURCE = 'contracts.live';

/** A live contract as 签约 sends it: its stored PDF's evidence and the signatories 合同签章 set (null: none). */
export interface LiveContract {
  contractId: string;
  contractNo: string;
  name: string;
  fileId: string;
  sha256: string;
  signatories: SignatoryPosition[] | null;
}

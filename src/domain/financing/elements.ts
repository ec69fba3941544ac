// 要素落实 (BUSINESS.md §2 ElementItem; "Decisions for the lifecycle's second half": Elements), stage 6 on the
// stage kit's items: the approved decision's terms become TERM items, keeping their typed values (分, the annual
// rate, days, the repayment method), and its conditions with the standard ones become CONDITION items, each
// naming its checkpoint. OPS records the 落实值 with its evidence or asks for a waiver with a reason; RISK_HEAD
// — never the one who asked — grants (豁免) or refuses (驳回) it. Each item is enforced at its own checkpoint,
// naming the first that is neither 已落实 nor 已豁免: the terms at 要素落实's 提交, a condition due before the
// contract at the contract's 提交 (it may still be worked on while the contracts are drafted), one due before
// lending at 登记放款.
import { formatFen } from '../format/money-format';
import { formatPercent } from '../format/percent-format';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import { type Checkpoint, type StateKey, LIVE_STATES } from './lifecycle';
import { mergeConditions } from './meeting-rules';
import type { RepaymentMethod } from './repayment-schedule';
import { ROLE } from './roles';
import { stagePassed } from './stages';
import type { ApprovedDecision } from './decision';
import type { WorkflowContext, WorkflowTable } from '../workflow/workflow';
import { type ItemFacts, type StageItem, itemsCheckpoint } from '../workflow/items';
import { childStage, editableStates } from '../stage/stage';

export const ELEMENTS_API = '/api/business/elements';
export const ELEMENTS_LIST_PATH = '/business/essentialFactor/manage';
export const ELEMENTS_MAKE_PATH = '/business/essentialFactor/elementProduction';
export const ELEMENTS_AUDIT_PATH = '/business/essentialFactor/ImplementAudit';
export const ELEMENTS_REVIEW_PATH = '/business/essentialFactor/implementationReview';

/** 要素管理's list on the kit: the businesses whose decision made items, 已落实/总数 beside the status. */
export const ELEMENTS_STAGE = childStage({
  stage: 'ELEMENTS',
  name: 'elements',
  api: ELEMENTS_API,
  listPath: ELEMENTS_LIST_PATH,
  makePath: ELEMENTS_MAKE_PATH,
  title: '要素管理',
  view: { table: 'elements_view', id: 'elements_id' },
  fields: [
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 150 } },
    { key: 'decisionNo', label: '决议编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'supplierId', label: '供应商', type: 'text', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 140 } },
    { key: 'finishedCount', label: '已落实', type: 'int', list: { width: 80 } },
    { key: 'itemCount', label: '总数', type: 'int', list: { width: 80 } },
    { key: 'updatedAt', label: '更新时间', type: 'datetime', list: { width: 150 } },
  ],
  titleField: 'businessNo',
  order: { key: 'updatedAt', direction: 'desc' },
});

/** The name under which the elements hand their items to a stage that shows them (the decision's detail). */
export const ELEMENT_ITEMS_SOURCE = 'elements.items';
/** …and their TERM items, typed (`{ name, required }`), to the contracts that are compared with them. */
export const ELEMENT_TERMS_SOURCE = 'elements.terms';

/** Where a CONDITION item is enforced: before the contract, before lending, or within 10 days after it. */
export type ElementCheckpoint = 'BEFORE_CONTRACT' | 'BEFORE_LENDING' | 'AFTER_LENDING';

export const ELEMENT_CHECKPOINT_LABEL: Readonly<Record<ElementCheckpoint, string>> = {
  BEFORE_CONTRACT: '合同签署前',
  BEFORE_LENDING: '放款前',
  AFTER_LENDING: '放款后10日内',
};

export type ElementStatus = 'PENDING' | 'DONE' | 'WAIVER_ASKED' | 'WAIVED';

export const ELEMENT_STATUS_LABEL: Readonly<Record<ElementStatus, string>> = {
  PENDING: '未落实',
  DONE: '已落实',
  WAIVER_ASKED: '申请豁免',
  WAIVED: '已豁免',
};

/** 已落实 or 已豁免: what a checkpoint counts as finished. */
export const ELEMENT_FINISHED: readonly ElementStatus[] = ['DONE', 'WAIVED'];

/** A TERM item's required value, typed as the decision approved it (money in 分 as bigint). */
export type ElementValue =
  | { type: 'AMOUNT'; fen: bigint }
  | { type: 'RATE'; rate: string }
  | { type: 'DAYS'; days: number }
  | { type: 'METHOD'; method: RepaymentMethod }
  | { type: 'TEXT'; text: string };

/** The standard conditions every decision carries (§2 ElementItem), each at its checkpoint (S10 for 中登). */
export const STANDARD_CONDITIONS: readonly { name: string; checkpoint: ElementCheckpoint }[] = [
  { name: '转让通知书送达并回执', checkpoint: 'BEFORE_LENDING' },
  { name: '中登转让登记', checkpoint: 'AFTER_LENDING' },
];

/** A condition's checkpoint by what it asks: 中登 after lending, a contract's signature before the contract. */
export function conditionCheckpoint(name: string): ElementCheckpoint {
  if (name.includes('中登')) return 'AFTER_LENDING';
  if (name.includes('合同')) return 'BEFORE_CONTRACT';
  return 'BEFORE_LENDING';
}

export interface ElementItemDraft {
  seq: number;
  kind: 'TERM' | 'CONDITION';
  name: string;
  /** A TERM item's value; null for a condition. */
  required: ElementValue | null;
  mandatory: boolean;
  checkpoint: ElementCheckpoint | null;
}

/**
 * The element items a decision's approval creates: TERM items from its terms (checked against the contracts
 * later), CONDITION items from the standard conditions and the decision's own (the meeting's among them), each
 * once and each naming its checkpoint.
 */
export function elementItemsOf(d: ApprovedDecision): ElementItemDraft[] {
  const terms: [string, ElementValue][] = [
    ['金额', { type: 'AMOUNT', fen: d.amountFen }],
    ['利率', { type: 'RATE', rate: d.annualRate }],
    ['期限', { type: 'DAYS', days: d.termDays }],
    ['还款方式', { type: 'METHOD', method: d.repaymentMethod }],
  ];
  if (d.guaranteeMeasures.trim()) terms.push(['担保', { type: 'TEXT', text: d.guaranteeMeasures.trim() }]);
  const items: ElementItemDraft[] = terms.map(([name, required], i) => ({
    seq: i + 1,
    ...{ kind: 'TERM', name, required, mandatory: true, checkpoint: null },
  }));
  for (const name of mergeConditions(
    STANDARD_CONDITIONS.map((c) => c.name),
    d.conditions,
  )) {
    const standard = STANDARD_CONDITIONS.find((c) => c.name === name);
    const checkpoint = standard?.checkpoint ?? conditionCheckpoint(name);
    items.push({ seq: items.length + 1, kind: 'CONDITION', name, required: null, mandatory: true, checkpoint });
  }
  return items;
}

/** A required value in words: '8,000,000.00元', '年化6.50%', '180天', the method's name, the text. */
export function elementValueText(v: ElementValue | null): string {
  if (!v) return '';
  switch (v.type) {
    case 'AMOUNT':
      return `${formatFen(v.fen)}元`;
    case 'RATE':
      return `年化${formatPercent(v.rate)}`;
    case 'DAYS':
      return `${v.days}天`;
    case 'METHOD':
      return REPAYMENT_METHOD_LABEL[v.method];
    case 'TEXT':
      return v.text;
  }
}

/** One element item as its workflow reads it. */
export interface ElementItem extends StageItem<ElementStatus> {
  kind: 'TERM' | 'CONDITION';
  required: ElementValue | null;
  mandatory: boolean;
  checkpoint: ElementCheckpoint | null;
  actualValue: string | null;
  evidenceFileId: string | null;
  waiverReason: string | null;
  /** Who asked for the waiver: the one person who may not grant or refuse it. */
  waiverAskedBy: string | null;
}

export const ElementMessage = {
  ownWaiver: '不能审批本人提出的豁免申请',
  actualRequired: '请填写落实值',
  actualTooLong: '落实值不能超过200个字',
  evidenceRequired: '请上传证明材料',
  submitted: '该要素已随要素落实提交，不能再修改',
} as const;

/**
 * OPS's moves of an item: one its checkpoint's stage counts moves only while that stage is being made (the terms
 * while 要素落实 is, a condition due before the contract until the contracts are submitted) — once submitted it
 * stays as reviewed; the conditions due later move on after it.
 */
const stillOpen = (i: ElementItem, ctx: WorkflowContext<ItemFacts>) => {
  const open = openWhile(i);
  return open && !open.includes(ctx.facts?.parentState as StateKey) ? ElementMessage.submitted : null;
};

/** The business states in which an item may still change, where its checkpoint's stage fixes it. */
const openWhile = (i: Pick<ElementItem, 'kind' | 'checkpoint'>): readonly StateKey[] | null => {
  if (dueAtElements(i)) return editableStates('ELEMENTS');
  if (i.checkpoint === 'BEFORE_CONTRACT') return [...editableStates('ELEMENTS'), ...editableStates('CONTRACT')];
  return null;
};

/** The grant of 豁免 / 驳回: RISK_HEAD, and another person than the one who asked. */
const notAsker = (i: ElementItem, ctx: WorkflowContext<ItemFacts>) =>
  i.waiverAskedBy === ctx.actorId ? ElementMessage.ownWaiver : null;

/** The item's workflow: 落实 (again, to correct it), 申请豁免, and RISK_HEAD's 豁免 / 驳回. */
export const ELEMENT_ITEMS: WorkflowTable<ElementStatus, ElementItem, ItemFacts> = {
  noun: '要素',
  statusOf: (i) => i.status,
  commentMax: 200,
  transitions: [
    {
      action: 'fulfil',
      label: '落实',
      op: 'edit',
      menu: ELEMENTS_MAKE_PATH,
      who: [ROLE.OPS, ROLE.ADMIN],
      from: ['PENDING', 'DONE'],
      to: 'DONE',
      comment: 'none',
      tone: 'success',
      guard: stillOpen,
      inputs: {
        keys: ['actualValue', 'evidenceFileId'],
        sample: { actualValue: '已落实', evidenceFileId: null },
        check: (_i, v) => {
          const actual = typeof v.actualValue === 'string' ? v.actualValue.trim() : '';
          if (!actual) return ElementMessage.actualRequired;
          if ([...actual].length > 200) return ElementMessage.actualTooLong;
          return typeof v.evidenceFileId === 'string' && v.evidenceFileId ? null : ElementMessage.evidenceRequired;
        },
      },
    },
    {
      // A condition another record proves by itself (the 转让通知书's receipt): the system 落实s it with that
      // record's words and file, through the items' own move.
      action: 'confirmByRecord',
      label: '凭证落实',
      op: 'edit',
      who: [ROLE.SYSTEM],
      from: ['PENDING', 'WAIVER_ASKED'],
      to: 'DONE',
      comment: 'none',
      inputs: {
        keys: ['actualValue', 'evidenceFileId'],
        sample: { actualValue: '已回执', evidenceFileId: null },
        check: (_i, v) =>
          typeof v.actualValue === 'string' && v.actualValue.trim() ? null : ElementMessage.actualRequired,
      },
    },
    {
      action: 'askWaiver',
      label: '申请豁免',
      op: 'submit',
      menu: ELEMENTS_MAKE_PATH,
      who: [ROLE.OPS, ROLE.ADMIN],
      from: ['PENDING'],
      to: 'WAIVER_ASKED',
      comment: 'required',
      commentLabel: '豁免理由',
      tone: 'warning',
      guard: stillOpen,
    },
    {
      action: 'waive',
      label: '豁免',
      op: 'examine',
      menu: ELEMENTS_AUDIT_PATH,
      who: [ROLE.RISK_HEAD],
      from: ['WAIVER_ASKED'],
      to: 'WAIVED',
      comment: 'optional',
      commentLabel: '豁免意见',
      tone: 'success',
      guard: notAsker,
    },
    {
      action: 'refuseWaiver',
      label: '驳回',
      op: 'reject',
      menu: ELEMENTS_AUDIT_PATH,
      who: [ROLE.RISK_HEAD],
      from: ['WAIVER_ASKED'],
      to: 'PENDING',
      comment: 'required',
      commentLabel: '驳回意见',
      tone: 'danger',
      guard: notAsker,
    },
  ],
};

/**
 * The business states in which its items move: while 要素落实 is made (草稿, 已退回) and, for the conditions
 * due later, every live state from the contract on (the items of a business under 要素落实审核 stay as reviewed).
 */
export const ELEMENT_ITEM_STATES: readonly StateKey[] = [
  ...editableStates('ELEMENTS'),
  ...LIVE_STATES.filter((s) => stagePassed('ELEMENTS', s)),
];

/** The items 要素落实's 提交 counts: the terms (checked against the contracts next). */
export const dueAtElements = (i: Pick<ElementItem, 'kind' | 'checkpoint'>) => i.kind === 'TERM';

/** SUBMIT_ELEMENTS: every term 已落实 or 已豁免, naming the first that is not. */
export const submitElementsProblems = (items: readonly ElementItem[]): string[] =>
  itemsCheckpoint(items.filter(dueAtElements), ELEMENT_FINISHED, { noun: '要素', verb: '落实或豁免' });

/** Where each condition's checkpoint is enforced on the table (after lending: the close of business's 中登 deadline). */
export const CONDITION_CHECKPOINT: Readonly<Partial<Record<ElementCheckpoint, Checkpoint>>> = {
  BEFORE_CONTRACT: 'SUBMIT_CONTRACT',
  BEFORE_LENDING: 'REGISTER_LOAN',
};

/** The conditions due at `checkpoint` each 已落实 or 已豁免, naming the first that is not. */
export const conditionProblems = (items: readonly ElementItem[], checkpoint: Checkpoint): string[] =>
  itemsCheckpoint(
    items.filter((i) => i.kind === 'CONDITION' && i.checkpoint && CONDITION_CHECKPOINT[i.checkpoint] === checkpoint),
    ELEMENT_FINISHED,
    { noun: '放款条件', verb: '落实或豁免' },
  );

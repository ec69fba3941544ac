// 推送 and 正式函件 (BUSINESS.md §2 Push, FormalLetter; §4 /business/pushProduction, /business/formalLetterManagement;
// "Decisions for the lifecycle's second half": Push and letters) on the stage kit. The push is the PUSH review
// stage's 提交 (OPERATOR, then BIZ_REVIEWER); once reviewed the package goes to the capital side through its channel,
// whose answer (a verified callback, or 登记反馈 by hand) is the table's 资金方反馈. What is pure lives here: the
// list on the kit, the hard controls of stage 9, the capital side's answer checked, and the letters' workflow —
// generated, sent (method, time), receipted — as stage items.
import { ROLE } from './roles';
import { LIVE_STATES, type StateKey } from './lifecycle';
import { stagePassed, stageReached } from './stages';
import { childStage } from '../stage/stage';
import type { ItemFacts, StageItem } from '../workflow/items';
import type { WorkflowTable } from '../workflow/workflow';
import { formatFen } from '../format/money-format';

export const PUSH_LIST_PATH = '/business/pushProduction';
export const PUSH_API = '/api/business/push';
export const LETTER_LIST_PATH = '/business/formalLetterManagement';
export const LETTER_API = '/api/business/letters';

/** What the push stage hands a later stage by name (the kit's stage sources): lending reads both. */
export const PUSH_SOURCES = {
  /** The capital side's approved amount (分) of the business's approved push. */
  capitalApproved: 'push.capitalApprovedAmount',
  /** 分 of the business's product's quota reserved by other businesses' approved pushes, not yet lent. */
  reservedElsewhere: 'push.quotaReservedElsewhere',
} as const;

/** The element condition the 转让通知书's receipt satisfies by itself. */
export const TRANSFER_NOTICE_CONDITION = '转让通知书送达并回执';

/** 推送制作's list: every business that reached 推送, with its latest push. */
export const PUSH_STAGE = childStage({
  stage: 'PUSH',
  name: 'push',
  api: PUSH_API,
  listPath: PUSH_LIST_PATH,
  makePath: PUSH_LIST_PATH,
  title: '推送制作',
  view: { table: 'push_view', id: 'push_id' },
  fields: [
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 150 } },
    { key: 'supplierId', label: '供应商', type: 'text', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 130 } },
    { key: 'capitalSideName', label: '资金方', type: 'text', list: { width: 120 } },
    { key: 'productName', label: '产品', type: 'text', list: { width: 120 } },
    { key: 'approvedAmount', label: '批复额', type: 'money', list: { width: 110 } },
    { key: 'pushNo', label: '推送编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'pushedAt', label: '推送时间', type: 'datetime', list: { width: 150 } },
    { key: 'resultLabel', label: '结果', type: 'text', list: { width: 90 } },
    { key: 'capitalApprovedAmount', label: '资金方批复额', type: 'money', list: { width: 110 } },
    { key: 'updatedAt', label: '更新时间', type: 'datetime' },
  ],
  titleField: 'businessNo',
  order: { key: 'updatedAt', direction: 'desc' },
});

export const CHANNEL_LABEL = { API: '接口', OFFLINE: '线下' } as const;
export type PushChannel = keyof typeof CHANNEL_LABEL;

/** A push's result (BUSINESS.md §2): 待反馈 until the channel accepts it, then the capital side's answer. */
export const PUSH_RESULT_LABEL = {
  REVIEW: '推送审核中',
  PENDING: '待反馈',
  ACCEPTED: '已受理',
  RETURNED: '退回',
  APPROVED: '通过',
} as const;
export type PushResult = keyof typeof PUSH_RESULT_LABEL;

/** The capital side's answer, as 登记反馈 and the channel's callback carry it. */
export const CAPITAL_ANSWER = { APPROVED: '通过', RETURNED: '退回' } as const;
export type CapitalAnswer = keyof typeof CAPITAL_ANSWER;

export const PushMessage = {
  notFound: '推送记录不存在',
  noNotice: '应收账款转让通知书尚未送达项目公司',
  noZhongdeng: '请填写中登查询编号',
  quota: (left: bigint) => `资金产品额度不足（可用 ${formatFen(left)} 元）`,
  noProduct: '业务未选择资金产品',
  answer: '请选择资金方反馈结果',
  amountRequired: '请填写资金方批复额',
  amountOver: '资金方批复额不能超过批复金额',
  refRequired: '请填写资金方业务号',
  refTooLong: '资金方业务号不能超过50个字',
  packageMissing: '推送资料包不存在',
  pending: '该业务的推送正在审核或等待资金方反馈，不能重复推送',
} as const;

/** What stage 9's hard controls read (BUSINESS.md §1.3): the 转让通知, the 中登 query, the product's quota. */
export interface PushFacts {
  noticeSent: boolean;
  zhongdengQueryNo: string | null;
  /** 分 left of the product's quota after what is used and reserved; null: the business has no product. */
  quotaLeft: bigint | null;
  approvedFen: bigint;
}

/** PUSH (推送 提交): every refusal, in order. */
export function pushProblems(f: PushFacts): string[] {
  const out: string[] = [];
  if (!f.noticeSent) out.push(PushMessage.noNotice);
  if (!f.zhongdengQueryNo?.trim()) out.push(PushMessage.noZhongdeng);
  out.push(...quotaProblems(f.quotaLeft, f.approvedFen));
  return out;
}

/** The product's quota holds the business's approved amount (PUSH, and again at CAPITAL_APPROVED). */
export function quotaProblems(quotaLeft: bigint | null, amountFen: bigint): string[] {
  if (quotaLeft === null) return [PushMessage.noProduct];
  return quotaLeft < amountFen ? [PushMessage.quota(quotaLeft < 0n ? 0n : quotaLeft)] : [];
}

/** The capital side's answer as 登记反馈 and the callback carry it (the table's 资金方反馈 values). */
export interface CapitalFeedback {
  result: CapitalAnswer;
  capitalRefNo: string | null;
  /** 分; the approval's only. */
  capitalApprovedAmount: bigint | null;
}

/** The answer read from a move's values, or why it is none: the amount ≤ the business's 批复金额. */
export function capitalFeedbackOf(
  values: Readonly<Record<string, string | number | null>>,
  approvedFen: bigint,
): { ok: true; feedback: CapitalFeedback } | { ok: false; message: string } {
  const result = values.result;
  if (result !== 'APPROVED' && result !== 'RETURNED') return { ok: false, message: PushMessage.answer };
  const ref = typeof values.capitalRefNo === 'string' ? values.capitalRefNo.trim() : '';
  if ([...ref].length > 50) return { ok: false, message: PushMessage.refTooLong };
  if (result === 'RETURNED') {
    return { ok: true, feedback: { result, capitalRefNo: ref || null, capitalApprovedAmount: null } };
  }
  if (!ref) return { ok: false, message: PushMessage.refRequired };
  const raw = values.capitalApprovedAmount;
  const text = raw === null || raw === undefined ? '' : String(raw);
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return { ok: false, message: PushMessage.amountRequired };
  const amount = BigInt(text);
  if (amount > approvedFen) return { ok: false, message: PushMessage.amountOver };
  return { ok: true, feedback: { result, capitalRefNo: ref, capitalApprovedAmount: amount } };
}

// ---- 正式函件 ----

/** The letters of BUSINESS.md §2 the back office generates. */
export const LETTER_TYPE_LABEL = {
  TRANSFER_NOTICE: '应收账款转让通知书',
  NOTICE_RECEIPT: '项目公司回执',
  PAYMENT_CONFIRMATION: '付款确认书',
} as const;
export type LetterType = keyof typeof LETTER_TYPE_LABEL;

export const SEND_METHOD_LABEL = { ESEAL: '电子签章', EXPRESS: '快递', EMAIL: '邮件' } as const;
export type SendMethod = keyof typeof SEND_METHOD_LABEL;

/** A letter's status: 待发送 once generated, 待回执 once sent, then 已回执 or 拒收. */
export const LETTER_STATUS_LABEL = {
  GENERATED: '待发送',
  SENT: '待回执',
  RECEIVED: '已回执',
  REFUSED: '拒收',
} as const;
export type LetterStatus = keyof typeof LETTER_STATUS_LABEL;

export interface LetterItem extends StageItem<LetterStatus> {
  letterNo: string;
  letterType: LetterType;
}

export const LetterMessage = {
  notFound: '函件不存在',
  stale: '函件已被他人修改，请刷新后重试',
  method: '请选择发送方式',
  receipt: '请上传回执',
} as const;

/** Who moves a letter, on 正式函件管理: its operators and the administrator. */
const BY_MAKERS = { menu: LETTER_LIST_PATH, who: [ROLE.OPERATOR, ROLE.ADMIN] };

/** A letter's workflow: 发送 with its method, then 上传回执 or 拒收. */
export const LETTER_ITEMS: WorkflowTable<LetterStatus, LetterItem, ItemFacts> = {
  noun: '函件',
  statusOf: (i) => i.status,
  commentMax: 200,
  transitions: [
    {
      ...{ action: 'send', label: '发送', op: 'submit', ...BY_MAKERS, from: ['GENERATED'], to: 'SENT' },
      ...{ comment: 'optional', commentLabel: '发送说明', tone: 'brand' },
      inputs: {
        keys: ['sendMethod'],
        sample: { sendMethod: 'EXPRESS' },
        check: (_i, v) => (String(v.sendMethod) in SEND_METHOD_LABEL ? null : LetterMessage.method),
      },
    },
    {
      ...{ action: 'receipt', label: '上传回执', op: 'edit', ...BY_MAKERS, from: ['SENT'], to: 'RECEIVED' },
      ...{ comment: 'optional', commentLabel: '回执说明', tone: 'success' },
      inputs: {
        keys: ['receiptFileId'],
        sample: { receiptFileId: null },
        check: (_i, v) => (typeof v.receiptFileId === 'string' && v.receiptFileId ? null : LetterMessage.receipt),
      },
    },
    {
      ...{ action: 'refuse', label: '拒收', op: 'edit', ...BY_MAKERS, from: ['SENT'], to: 'REFUSED' },
      ...{ comment: 'required', commentLabel: '拒收说明', tone: 'danger' },
    },
  ],
};

/** The business states letters are generated and moved in: from 签约 to 放款 (before the loan is registered). */
export const LETTER_ITEM_STATES: readonly StateKey[] = LIVE_STATES.filter(
  (s) => stageReached('SIGNING', s) && !stagePassed('LENDING', s),
);

/** Whether the 转让通知书 reached the project company: sent, or receipted. */
export const noticeSent = (letters: readonly Pick<LetterItem, 'letterType' | 'status'>[]) =>
  letters.some((l) => l.letterType === 'TRANSFER_NOTICE' && (l.status === 'SENT' || l.status === 'RECEIVED'));

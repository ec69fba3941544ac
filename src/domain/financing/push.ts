// 推送 (BUSINESS.md §2 Push; §4 /business/pushProduction; "Decisions for the lifecycle's second half": Push and
// letters) on the stage kit. The push is the PUSH review stage's 提交 (OPERATOR, then BIZ_REVIEWER); once reviewed
// the package goes to the capital side through its channel, whose answer (a verified callback, or 登记反馈 by hand)
// is the table's 资金方反馈. What is pure lives here: the list on the kit, the hard controls of stage 9 (whether the
// 转让通知书 was sent is the letters' to say, letters.ts), and the capital side's answer checked.
import { childStage } from '../stage/stage';
import { formatFen } from '../format/money-format';

export const PUSH_LIST_PATH = '/business/pushProduction';
export const PUSH_API = '/api/business/push';

/** What the push stage hands a later stage by name (the kit's stage sources): lending reads both. */
export const PUSH_SOURCES = {
  /** The capital side's approved amount (分) of the business's approved push. */
  capitalApproved: 'push.capitalApprovedAmount',
  /** 分 of the business's product's quota reserved by other businesses' approved pushes, not yet lent. */
  reservedElsewhere: 'push.quotaReservedElsewhere',
} as const;

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

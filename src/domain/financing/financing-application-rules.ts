// The hard controls of stage 2, 融资申请/准入 (BUSINESS.md §1.3 row 2, §2 FinancingApplication and
// AccessDocument, §3): what SUBMIT_APPLICATION checks, as a pure function of the numbers the gateway loaded.
// Each refusal is Chinese and names the rule; the lifecycle table refuses with the first. Locks of the
// supplier and the data-query consent are the table's own guards, not repeated here.
//
// A line may finance at most the order's eligible amount (confirmed − paid − reserved − financed, with this
// application's own reservation given back) × the financing ratio of the order's own project company, rounded
// down to the 分. The total
// may not pass the pre-credit's approved amount nor the effective single cap. Exact bigint arithmetic.
import { formatFen } from '../format/money-format';
import { termRange } from './capital-choice';
import {
  type BasisOrder,
  MIN_REMAINING_DAYS,
  PreCreditMessage,
  daysBetween,
  financingRatio,
  hasFinanceableLife,
  orderRatio,
  preCreditCeiling,
  ratioPercent,
} from './pre-credit-rules';

// The order's remaining life is one rule for the pre-credit and the application: it lives with the former.
export { MIN_REMAINING_DAYS, daysBetween };

/** BUSINESS.md §3 "Term". */
export const TERM_MIN_DAYS = 30;
export const TERM_MAX_DAYS = 360;

/** 准入资料 types (BUSINESS.md §2 doc.docType); `required` ones carry the * on the checklist. */
export const ACCESS_DOC_TYPES = [
  { code: 'BUSINESS_LICENSE', label: '营业执照', required: true },
  { code: 'ARTICLES', label: '公司章程', required: false },
  { code: 'LEGAL_REP_ID', label: '法定代表人身份证', required: true },
  { code: 'FINANCIALS', label: '近两年及近一期财务报表', required: false },
  { code: 'DATA_AUTH', label: '数据查询授权书', required: false },
  { code: 'BASE_CONTRACT', label: '基础交易合同', required: true },
  { code: 'INVOICE', label: '发票', required: false },
  { code: 'STATEMENT', label: '对账单/结算单/验收单', required: false },
  { code: 'CONFIRMATION', label: '确权凭证（付款确认书/商票）', required: true },
  { code: 'RESOLUTION', label: '股东会/董事会决议', required: false },
  { code: 'OTHER', label: '其他', required: false },
] as const;
export type AccessDocType = (typeof ACCESS_DOC_TYPES)[number]['code'];
export const docTypeLabel = (code: string) => ACCESS_DOC_TYPES.find((d) => d.code === code)?.label ?? code;

export const REPAYMENT_SOURCES = [
  { code: 'PROJECT_COMPANY', label: '项目公司付款' },
  { code: 'SUPPLIER_BUYBACK', label: '供应商回购' },
] as const;
export type RepaymentSource = (typeof REPAYMENT_SOURCES)[number]['code'];

/** 账号 8–30 digits (BUSINESS.md §2 payeeAccount). */
export const ACCOUNT_NO_PATTERN = /^[0-9]{8,30}$/;

export const FinancingApplicationMessage = {
  noLines: '请至少选择一张付款单',
  duplicateOrder: (no: string) => `付款单${no}重复选择`,
  orderGone: (id: string) => `付款单${id}不存在`,
  orderUnconfirmed: (no: string) => `付款单${no}未确权`,
  orderLocked: (no: string) => `付款单${no}已锁定`,
  remainingLife: (no: string, due: string) => PreCreditMessage.remainingLife(no, due),
  linePositive: (no: string) => `付款单${no}的融资金额须大于0`,
  lineOver: (no: string, cap: bigint, ratio: string) =>
    `付款单${no}的融资金额超过可融资余额×${ratioPercent(ratio)}（上限${formatFen(cap)}元）`,
  noPreCredit: '预授信尚未批复，不能提交融资申请',
  overPreCredit: (available: bigint) => `申请总额超过预授信可用额度${formatFen(available)}元`,
  overSingle: (cap: bigint) => `申请总额超过单笔融资上限${formatFen(cap)}元`,
  termMissing: '请填写融资期限',
  term: (max: number, min: number = TERM_MIN_DAYS) => `融资期限须在${min}至${max}天之间`,
  repaymentSource: '请选择还款来源',
  payeeBank: '请填写收款账户开户行',
  payeeAccount: '收款账号须为8至30位数字',
  docMissing: (label: string) => `请上传必填资料：${label}`,
  docExpired: (label: string, validTo: string) => `资料已过期：${label}（有效期至${validTo}）`,
} as const;

export interface FinancingApplicationLine {
  orderId: string;
  /** 分. */
  financeAmount: bigint;
}

export interface FinancingApplicationDoc {
  docType: string;
  fileIds: readonly string[];
  /** 'YYYY-MM-DD' or null (no expiry given). */
  validTo: string | null;
}

/**
 * An order as the rule reads it: the pre-credit's basis order, its eligible amount with this application's own
 * reservation on it given back.
 */
export type LineOrder = BasisOrder;

export interface FinancingApplicationFacts {
  supplierId: string;
  lines: readonly FinancingApplicationLine[];
  orders: readonly LineOrder[];
  /** The effective cap's financing ratio for an order that carries none of its own (else the default 80 %). */
  ratio?: string | null;
  /** 分: the pre-credit's approved amount; null while none was approved. */
  preCreditAvailable: bigint | null;
  /** 分: the effective single cap, if a parameter sets one. */
  singleMax?: bigint | null;
  /** The effective cap's term limit, if any (never above 360). */
  maxTermDays?: number | null;
  /** The chosen 资金产品's term range, which binds the term within the above. */
  productTerm?: { termMinDays: number; termMaxDays: number } | null;
  termDays: number | null;
  repaymentSource: string | null;
  payeeBank: string | null;
  payeeAccount: string | null;
  docs: readonly FinancingApplicationDoc[];
  /** 'YYYY-MM-DD' in Asia/Shanghai. */
  today: string;
}

/** The most a line on this order may finance: eligible × ratio, rounded down to the 分. */
export const lineCap = (eligibleAmount: number, ratio: string): bigint =>
  preCreditCeiling([{ eligibleAmount }], financingRatio(ratio));

/** Σ lines in 分. */
export const totalOf = (lines: readonly FinancingApplicationLine[]): bigint =>
  lines.reduce((sum, l) => sum + (l.financeAmount > 0n ? l.financeAmount : 0n), 0n);

/** What the checklist still lacks: a required type without a file, or any document past its 有效期至. */
export function documentProblems(docs: readonly FinancingApplicationDoc[], today: string): string[] {
  const problems: string[] = [];
  const byType = new Map(docs.map((d) => [d.docType, d]));
  for (const t of ACCESS_DOC_TYPES) {
    const doc = byType.get(t.code);
    const uploaded = !!doc && doc.fileIds.length > 0;
    if (t.required && !uploaded) problems.push(FinancingApplicationMessage.docMissing(t.label));
    if (uploaded && doc.validTo && doc.validTo < today)
      problems.push(FinancingApplicationMessage.docExpired(t.label, doc.validTo));
  }
  return problems;
}

/** SUBMIT_APPLICATION (BUSINESS.md §1.3 row 2, §3): every refusal, in the order the make page shows them. */
export function submitFinancingApplicationProblems(f: FinancingApplicationFacts): string[] {
  const problems: string[] = [];
  const ratio = financingRatio(f.ratio);
  if (f.lines.length === 0) problems.push(FinancingApplicationMessage.noLines);
  const byId = new Map(f.orders.map((o) => [o.orderId, o]));
  const seen = new Set<string>();
  for (const line of f.lines) {
    const o = byId.get(line.orderId);
    // Another supplier's order is, to this application, an order that does not exist (nothing of it is told).
    if (!o || o.supplierId !== f.supplierId) {
      problems.push(FinancingApplicationMessage.orderGone(line.orderId));
      continue;
    }
    if (seen.has(o.orderId)) problems.push(FinancingApplicationMessage.duplicateOrder(o.orderNo));
    seen.add(o.orderId);
    if (o.confirmStatus !== 'CONFIRMED') problems.push(FinancingApplicationMessage.orderUnconfirmed(o.orderNo));
    else if (o.locked) problems.push(FinancingApplicationMessage.orderLocked(o.orderNo));
    else if (!hasFinanceableLife(o.dueDate, f.today)) {
      problems.push(FinancingApplicationMessage.remainingLife(o.orderNo, o.dueDate));
    }
    if (!(line.financeAmount > 0n)) problems.push(FinancingApplicationMessage.linePositive(o.orderNo));
    else {
      const own = orderRatio(o, ratio);
      const cap = lineCap(o.eligibleAmount, own);
      if (line.financeAmount > cap) problems.push(FinancingApplicationMessage.lineOver(o.orderNo, cap, own));
    }
  }
  const total = totalOf(f.lines);
  if (f.preCreditAvailable === null) problems.push(FinancingApplicationMessage.noPreCredit);
  else if (total > f.preCreditAvailable) {
    problems.push(FinancingApplicationMessage.overPreCredit(f.preCreditAvailable));
  }
  if (f.singleMax !== null && f.singleMax !== undefined && total > f.singleMax) {
    problems.push(FinancingApplicationMessage.overSingle(f.singleMax));
  }
  const term = termRange(f.productTerm ?? null, {
    min: TERM_MIN_DAYS,
    max: Math.min(TERM_MAX_DAYS, f.maxTermDays ?? TERM_MAX_DAYS),
  });
  if (f.termDays === null) problems.push(FinancingApplicationMessage.termMissing);
  else if (f.termDays < term.min || f.termDays > term.max)
    problems.push(FinancingApplicationMessage.term(term.max, term.min));
  if (!REPAYMENT_SOURCES.some((s) => s.code === f.repaymentSource))
    problems.push(FinancingApplicationMessage.repaymentSource);
  if (!f.payeeBank?.trim()) problems.push(FinancingApplicationMessage.payeeBank);
  if (!ACCOUNT_NO_PATTERN.test(f.payeeAccount ?? '')) problems.push(FinancingApplicationMessage.payeeAccount);
  problems.push(...documentProblems(f.docs, f.today));
  return problems;
}

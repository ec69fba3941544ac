// 融资申请's wire shapes: the make form's body, the detail's own part, the orders and documents it lists.
import { Type } from 'typebox';
import { fenFromWire } from '../../../../src/domain/decimal/wire-fen';
import { type FinancingApplicationLine, lineCap } from '../../../../src/domain/financing/financing-application-rules';
import { orderRatio } from '../../../../src/domain/financing/pre-credit-rules';
import { Id } from '../../schemas/common';
import { ListedOrderFields, listedOrder } from '../../stage/stage-orders';
import { wireFen } from '../../stage/stage-money';
import type { ApplicationTerms, applicationOrders } from './store';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateText = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });
// A line finances at least 1 分 (a 0 line would reserve nothing and only clutter the review).
export const LineSchema = Type.Object(
  { orderId: Id, financeAmount: Type.Integer({ minimum: 1, maximum: 100_000_000_000, description: '融资金额（分）' }) },
  { additionalProperties: false },
);
const DocBody = Type.Object(
  { docType: Type.String({ maxLength: 40 }), fileIds: Type.Array(Id, { maxItems: 20 }), validTo: Nullable(DateText) },
  { additionalProperties: false },
);
export const SaveFields = {
  termDays: Nullable(Type.Integer({ minimum: 1, maximum: 3650, description: '融资期限（天）' })),
  repaymentSource: Nullable(Type.String({ maxLength: 40 })),
  payeeBank: Nullable(Type.String({ maxLength: 100, description: '开户行' })),
  payeeAccount: Nullable(Type.String({ maxLength: 30, description: '账号' })),
  lines: Type.Array(LineSchema, { maxItems: 100 }),
  docs: Type.Array(DocBody, { maxItems: 30 }),
  // Absent: the business keeps the capital side and product it has.
  capitalSideId: Type.Optional(Nullable(Type.String({ maxLength: 64, description: '资金方' }))),
  productId: Type.Optional(Nullable(Type.String({ maxLength: 64, description: '资金产品' }))),
};
/** A line as the wire carries it: the amount in integer 分 (DESIGN.md §2). */
export interface WireLine {
  orderId: string;
  financeAmount: number;
}
export type SaveBody = Omit<ApplicationTerms, 'lines'> & {
  lines: WireLine[];
  capitalSideId?: string | null;
  productId?: string | null;
};
export type Checked = Omit<SaveBody, 'lines'> & {
  lines: FinancingApplicationLine[];
  fileIds: string[];
  /** The lines' total, 分. */
  total: bigint;
  /** The capital side and product the business carries from this 保存 on. */
  capital: { capitalSideId: string | null; productId: string | null };
};

export const OrderSchema = Type.Object(
  {
    ...ListedOrderFields,
    contractNo: Type.String(),
    eligibleAmount: Type.Integer({ description: '可融资余额（分，含本申请已占用）' }),
    maxFinanceAmount: Type.Integer({ description: '本单融资上限 = 可融资余额 × 融资比例（分）' }),
  },
  { additionalProperties: false },
);
const FileSchema = Type.Object(
  {
    keyId: Type.String(),
    name: Type.String(),
    size: Type.Integer({ description: '字节数' }),
    contentType: Type.String(),
    extension: Type.String(),
  },
  { additionalProperties: false },
);
const DocSchema = Type.Object(
  {
    docType: Type.String(),
    label: Type.String(),
    required: Type.Boolean(),
    files: Type.Array(FileSchema),
    validTo: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export const CandidateSchema = Type.Object(
  {
    keyId: Type.String(),
    businessNo: Type.String(),
    supplierName: Type.String(),
    applyAmount: Type.Integer(),
    version: Type.Integer(),
    warnings: Type.Array(Type.String(), { description: '供应商锁定、未授权数据查询：制作前即提示' }),
  },
  { additionalProperties: false },
);
const SideOption = Type.Object(
  {
    keyId: Type.String(),
    name: Type.String(),
    consented: Type.Boolean({ description: '供应商已授权该资金方数据查询' }),
  },
  { additionalProperties: false },
);
const ProductOption = Type.Object(
  {
    keyId: Type.String(),
    name: Type.String(),
    capitalSideId: Type.String(),
    termMinDays: Type.Integer(),
    termMaxDays: Type.Integer(),
    minRate: Type.String(),
    maxRate: Type.String(),
  },
  { additionalProperties: false },
);
export const DetailFields = {
  businessId: Type.String(),
  capitalSideId: Nullable(Type.String()),
  capitalSideName: Nullable(Type.String({ description: '资金方' })),
  productId: Nullable(Type.String()),
  productName: Nullable(Type.String({ description: '资金产品' })),
  capitalSides: Type.Array(SideOption, { description: '可选资金方（含授权情况）' }),
  products: Type.Array(ProductOption, { description: '可选资金产品（启用、在有效期内）' }),
  warnings: Type.Array(Type.String(), { description: '制作前的提示：供应商锁定、未授权所选资金方' }),
  businessNo: Type.String(),
  supplierId: Type.String(),
  supplierName: Type.String({ description: '户名 = 供应商名称' }),
  stateLabel: Type.String(),
  repaymentSource: Nullable(Type.String()),
  payeeBank: Nullable(Type.String()),
  payeeAccount: Nullable(Type.String()),
  termDays: Nullable(Type.Integer()),
  lines: Type.Array(Type.Object({ orderId: Type.String(), financeAmount: Type.Integer() })),
  orders: Type.Array(OrderSchema, { description: '明细所选付款单' }),
  docs: Type.Array(DocSchema),
  ratio: Type.String({ description: '融资比例' }),
  singleMax: Nullable(Type.Integer({ description: '单笔上限（分）' })),
  maxTermDays: Nullable(Type.Integer()),
  preCreditAvailable: Nullable(Type.Integer({ description: '预授信可用额度（分）' })),
  problems: Type.Array(Type.String(), { description: '提交校验（SUBMIT_APPLICATION）当前未通过的规则' }),
  today: Type.String(),
};

/** What a new application starts from before its first 保存: the detail's own part, nothing stored. */
export const StartSchema = Type.Object(
  {
    keyId: Type.String(),
    applicationNo: Type.String({ description: '空：尚未保存' }),
    status: Type.String(),
    state: Type.String(),
    version: Type.Integer({ description: '业务的版本' }),
    ...DetailFields,
  },
  { additionalProperties: false },
);

export function wireOrder(o: Awaited<ReturnType<typeof applicationOrders>>[number], ratio: string) {
  return {
    ...listedOrder(o),
    contractNo: o.contractNo,
    eligibleAmount: o.eligibleAmount,
    maxFinanceAmount: wireFen(lineCap(o.eligibleAmount, orderRatio(o, ratio))),
  };
}

/** Lines from the wire as the rule reads them: 分 as bigint. */
export const linesFromWire = (lines: readonly WireLine[]): FinancingApplicationLine[] =>
  lines.map((l) => ({ orderId: l.orderId, financeAmount: fenFromWire(l.financeAmount) }));

/** Lines as the wire (and the stored jsonb) carry them: integer 分. */
export const linesToWire = (lines: readonly FinancingApplicationLine[]): WireLine[] =>
  lines.map((l) => ({ orderId: l.orderId, financeAmount: wireFen(l.financeAmount) }));

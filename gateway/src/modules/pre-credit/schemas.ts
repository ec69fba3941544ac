// 预授信's wire shapes: the make form's body, the orders it may rest on, and how an order is sent.
import { Type } from 'typebox';
import { PRE_CREDIT_VALID_DAYS, financingRatio } from '../../../../src/domain/financing/pre-credit-rules';
import { Id } from '../../schemas/common';
import { NullableSchema as Nullable } from '../../stage/stage-money';
import { ListedOrderFields, listedOrder } from '../../stage/stage-orders';
import type { ordersByIds } from './store';

export const OrderSchema = Type.Object(
  {
    ...ListedOrderFields,
    projectCompanyId: Nullable(Type.String()),
    eligibleAmount: Type.Integer({ description: '可融资余额（分）' }),
    ratio: Type.String({ description: '该付款单项目公司的融资比例（有效上限，未设置时默认80%）' }),
  },
  { additionalProperties: false },
);
export const BodyFields = {
  projectCompanyId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  applyAmount: Type.Integer({ description: '申请额度（分）' }),
  basisOrderIds: Type.Array(Id, { maxItems: 100, description: '依据付款单' }),
  validDays: Type.Optional(Type.Integer({ description: `有效期天数，默认${PRE_CREDIT_VALID_DAYS}` })),
};
export const OrdersQuery = Type.Object(
  {
    supplierId: Type.Optional(Type.String({ maxLength: 64 })),
    projectCompanyId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export interface WriteBody {
  supplierId?: string | null;
  projectCompanyId?: string | null;
  applyAmount: number;
  basisOrderIds: string[];
  validDays?: number;
}
export type Checked = {
  projectCompanyId: string | null;
  /** 分. */
  applyAmount: bigint;
  validDays: number;
  basisOrderIds: string[];
};

export type OrderFact = Awaited<ReturnType<typeof ordersByIds>>[number];

/** An order on the wire, with the ratio of its own project company (`ratio` from `withOrderCaps`). */
export function wireOrder(o: OrderFact & { ratio: string | null }) {
  return {
    ...listedOrder(o),
    projectCompanyId: o.projectCompanyId,
    eligibleAmount: o.eligibleAmount,
    ratio: financingRatio(o.ratio),
  };
}

import type { ServiceIdentifier } from 'inversify';
import type { RefOption } from './resource-gateway.port';

/** A payment order a pre-credit may rest on, with what a new financing may still rest on (分). */
export interface EligibleOrder {
  keyId: string;
  orderNo: string;
  projectCompanyName: string | null;
  dueDate: string;
  eligibleAmount: number;
  /** The financing ratio of this order's own project company (its effective cap, else the default 80 %). */
  ratio?: string;
}

/** The make page's choice: the supplier's eligible orders, the binding ratio, its consent and lock. */
export interface OrderChoice {
  records: EligibleOrder[];
  ratio: string;
  consent: boolean;
  locked: boolean;
}

export interface PreCreditDraft {
  keyId: string;
  preCreditNo: string;
  supplierId: string;
  projectCompanyId: string | null;
  applyAmount: number;
  validDays: number;
  status: string;
  version: number;
  basisOrderIds: string[];
  basisOrders: EligibleOrder[];
}

export interface PreCreditForm {
  supplierId: string;
  projectCompanyId: string | null;
  applyAmount: number;
  basisOrderIds: string[];
  validDays: number;
}

/** 申请预授信 (/business/applyForRufs): the pre-credit's own calls beyond the kit's list. */
export interface PreCreditGateway {
  options(key: 'supplierId' | 'projectCompanyId'): Promise<RefOption[]>;
  orders(supplierId: string, projectCompanyId: string | null): Promise<OrderChoice>;
  get(keyId: string): Promise<PreCreditDraft>;
  create(form: PreCreditForm): Promise<PreCreditDraft>;
  update(keyId: string, form: PreCreditForm, version: number): Promise<PreCreditDraft>;
  /** 提交 through the business's transition (the lifecycle table decides). */
  submit(keyId: string, version: number): Promise<void>;
}

export const PreCreditGatewayId: ServiceIdentifier<PreCreditGateway> = Symbol.for('PreCreditGateway');

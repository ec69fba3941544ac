import type { ServiceIdentifier } from 'inversify';
import type { ResourceQuery, ResourcePage } from './resource-gateway.port';
import type { PageRequest } from '../../domain/paging/page';

/** One invoice of a payment order (BUSINESS.md §2: no, amount 分, date). */
export interface OrderInvoice {
  no: string;
  amount: number;
  date: string;
}

/** What an order's detail page shows beside the record: invoices, its asset changes, its financing history. */
export interface OrderDetails {
  invoices: OrderInvoice[];
  changes: Array<{
    keyId: string;
    changeNo: string;
    changeType: string;
    summary: string;
    status: string;
    changedAt: string;
  }>;
  financings: OrderFinancing[];
}

/** A business whose 融资申请 holds part of the order's 占用金额 (分). */
export interface OrderFinancing {
  businessId: string;
  businessNo: string;
  applicationNo: string;
  stateLabel: string;
  reservedAmount: number;
}

/** A change's field-by-field before and after, and the businesses it touches. */
export interface ChangeDiffs {
  diffs: Array<{ field: string; before: string; after: string }>;
  impactedBusinessIds: string[];
}

/** The per-row answer of an import (as the user import answers). */
export interface OrderImportReport {
  total: number;
  imported: Array<{ row: number; orderNo: string }>;
  errors: Array<{ row: number; message: string }>;
}

/** The assets area's calls that are not the kit's generic verbs (BUSINESS.md §4 /assetsManage/*). */
export interface AssetsGateway {
  orderDetails(keyId: string): Promise<OrderDetails>;
  changeDiffs(keyId: string): Promise<ChangeDiffs>;
  /** Saves the .xlsx import template; answers the file name. */
  downloadOrderTemplate(): Promise<string>;
  importOrders(file: Blob & { readonly name: string }): Promise<OrderImportReport>;
  /** SPEC §7.2's menu-scoped 台账 (pay book) calls: the menu id goes with them. */
  payBookPage(menuPath: string, query: ResourceQuery, page: PageRequest): Promise<ResourcePage>;
  /** Σ 已放款 of the pay book's filter, in 分 (0 until lending exists). */
  loanAmountSum(menuPath: string, query: ResourceQuery): Promise<number>;
}

export const AssetsGatewayId: ServiceIdentifier<AssetsGateway> = Symbol.for('AssetsGateway');

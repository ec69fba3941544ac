import type { ServiceIdentifier } from 'inversify';

/** A payment order the make page may finance, with what it may still finance (分) at the binding ratio. */
export interface ApplicationOrder {
  keyId: string;
  orderNo: string;
  contractNo: string;
  projectCompanyName: string | null;
  dueDate: string;
  receivableAmount: number;
  confirmedAmount: number | null;
  eligibleAmount: number;
  maxFinanceAmount: number;
  confirmStatus: string;
  locked: boolean;
}

export interface ApplicationDocView {
  docType: string;
  label: string;
  required: boolean;
  /** Each file as stored: its real size in bytes and type, so a reloaded checklist shows what was uploaded. */
  files: { keyId: string; name: string; size: number; contentType: string; extension: string }[];
  validTo: string | null;
}

export interface ApplicationDetail {
  keyId: string;
  applicationNo: string;
  businessId: string;
  businessNo: string;
  supplierId: string;
  supplierName: string;
  status: string;
  state: string;
  stateLabel: string;
  version: number;
  termDays: number | null;
  repaymentSource: string | null;
  payeeBank: string | null;
  payeeAccount: string | null;
  totalAmount: number;
  lines: { orderId: string; financeAmount: number }[];
  orders: ApplicationOrder[];
  docs: ApplicationDocView[];
  ratio: string;
  singleMax: number | null;
  maxTermDays: number | null;
  preCreditAvailable: number | null;
  problems: string[];
  today: string;
  actions: string[];
}

export interface ApplicationCandidate {
  keyId: string;
  businessNo: string;
  supplierName: string;
  applyAmount: number;
  version: number;
}

export interface ApplicationSave {
  termDays: number | null;
  repaymentSource: string | null;
  payeeBank: string | null;
  payeeAccount: string | null;
  lines: { orderId: string; financeAmount: number }[];
  docs: { docType: string; fileIds: string[]; validTo: string | null }[];
}

/** 融资申请 (/business/accessDocumentsMake and the review page): the calls beyond the kit's list. */
export interface ApplicationGateway {
  candidates(): Promise<ApplicationCandidate[]>;
  create(businessId: string): Promise<ApplicationDetail>;
  get(keyId: string): Promise<ApplicationDetail>;
  /** The same, read by a reviewer from the review page. */
  review(keyId: string): Promise<ApplicationDetail>;
  orders(keyId: string): Promise<{ records: ApplicationOrder[]; ratio: string }>;
  save(keyId: string, form: ApplicationSave, version: number): Promise<ApplicationDetail>;
  /** 提交 through the business's transition (the lifecycle table and SUBMIT_APPLICATION decide). */
  submit(keyId: string, version: number): Promise<void>;
}

export const ApplicationGatewayId: ServiceIdentifier<ApplicationGateway> = Symbol.for('ApplicationGateway');

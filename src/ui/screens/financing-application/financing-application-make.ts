// 准入资料制作 on the stage kit: what the make page's flow needs of the financing application. A business at
// 融资申请·草稿 without one opens to where it would start (the stage's `start` route, nothing written); the
// first 保存 creates it with what was typed. The supplier's orders with this order's cap (eligible × the
// binding ratio) computed live as amounts are typed (financing-application-form.ts, the gateway rule's own functions),
// term, repayment source, payee account and the 准入资料 checklist. 提交 saves, then takes the business's
// transition, whose SUBMIT_APPLICATION rule answers in words the page shows (its results stand at the top).
import type { StoredFile } from '../../../application/ports/file-gateway.port';
import type { StageClient, StageRecord } from '../../../application/ports/stage-gateway.port';
import { type MakeSpec, editableByStatus } from '../../../application/stage/make-page.machine';
import { type LineFigures, fenToYuanText, lineFigures } from '../../../domain/financing/financing-application-form';
import { submitFinancingApplicationProblems } from '../../../domain/financing/financing-application-rules';
import { fenToWire } from '../../../domain/decimal/wire-fen';
import {
  type CapitalSideOption,
  CapitalChoiceMessage,
  type ProductOption,
  capitalChoiceProblems,
} from '../../../domain/financing/capital-choice';
import { FINANCING_APPLICATION_STAGE } from '../../../domain/financing/financing-application';

/** A payment order the make page may finance, with what it may still finance (分) at the binding ratio. */
export interface FinancingApplicationOrder {
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

export interface FinancingApplicationDocView {
  docType: string;
  label: string;
  required: boolean;
  /** Each file as stored: its real size in bytes and type, so a reloaded checklist shows what was uploaded. */
  files: { keyId: string; name: string; size: number; contentType: string; extension: string }[];
  validTo: string | null;
}

/** The application as the gateway answers it; `applicationNo` '' while it is not saved yet. */
export interface FinancingApplicationDetail extends StageRecord {
  applicationNo: string;
  businessId: string;
  businessNo: string;
  supplierId: string;
  supplierName: string;
  status: string;
  state: string;
  stateLabel: string;
  /** 资金方 and 资金产品 as chosen (carried on the business), and what may be chosen. */
  capitalSideId: string | null;
  capitalSideName: string | null;
  productId: string | null;
  productName: string | null;
  capitalSides: CapitalSideOption[];
  products: ProductOption[];
  /** What keeps this supplier from applying (lock, consent), told before anything is typed. */
  warnings: string[];
  termDays: number | null;
  repaymentSource: string | null;
  payeeBank: string | null;
  payeeAccount: string | null;
  totalAmount?: number;
  lines: { orderId: string; financeAmount: number }[];
  orders: FinancingApplicationOrder[];
  docs: FinancingApplicationDocView[];
  ratio: string;
  singleMax: number | null;
  maxTermDays: number | null;
  preCreditAvailable: number | null;
  problems: string[];
  today: string;
  actions?: string[];
}

/** A business 新增 may start an application for. */
export interface FinancingApplicationCandidate {
  keyId: string;
  businessNo: string;
  supplierName: string;
  applyAmount: number;
  version: number;
  /** A lock or a missing consent, shown before the application is opened. */
  warnings: string[];
}

export interface FinancingApplicationSave {
  termDays: number | null;
  repaymentSource: string | null;
  payeeBank: string | null;
  payeeAccount: string | null;
  lines: { orderId: string; financeAmount: number }[];
  docs: { docType: string; fileIds: string[]; validTo: string | null }[];
  capitalSideId: string | null;
  productId: string | null;
}

export interface DocValue {
  files: StoredFile[];
  validTo: string;
}

export interface FinancingApplicationValues {
  /** 元 as typed, by order; an order is chosen when it has an entry. */
  amounts: Record<string, string>;
  capitalSideId: string;
  productId: string;
  term: string;
  source: string;
  bank: string;
  account: string;
  docs: Record<string, DocValue>;
}

/** The orders the page lists: the lines' own first (one may have been locked since), then the rest offered. */
export interface FinancingApplicationOffer {
  orders: FinancingApplicationOrder[];
  ratio: string;
}

export const FinancingApplicationMakeMessage = {
  amounts: '请检查融资金额',
  term: '融资期限须为正整数天数',
} as const;

/** A checklist file as the gateway stored it: its real size and type after a reload. */
const storedOf = (f: FinancingApplicationDocView['files'][number]): StoredFile => ({
  keyId: f.keyId,
  name: f.name,
  size: f.size,
  contentType: f.contentType,
  extension: f.extension || (f.name.split('.').pop()?.toLowerCase() ?? ''),
});

/**
 * The warnings at the top of the make page: the supplier's lock and missing consent as the gateway found them,
 * and — live, as the choice changes — what the chosen capital side and product would be refused for.
 */
export function warningsOf(d: FinancingApplicationDetail | null, values: FinancingApplicationValues): string[] {
  if (!d) return [];
  const sideNamed = new Set(d.capitalSides.map((s) => CapitalChoiceMessage.noConsentFor(s.name)));
  const choice = { capitalSideId: values.capitalSideId || null, productId: values.productId || null };
  return [
    ...new Set([
      ...d.warnings.filter((w) => !sideNamed.has(w)),
      ...capitalChoiceProblems(choice, d.capitalSides, d.products, false),
    ]),
  ];
}

/**
 * 提交's rule on what is typed now (the gateway's own pure functions on the figures it sent), so the checklist
 * at the top follows the form before 保存; the gateway judges again on 提交.
 */
export function liveProblems(
  d: FinancingApplicationDetail,
  offer: FinancingApplicationOffer,
  values: FinancingApplicationValues,
): string[] {
  const figures = figuresOf(values, offer);
  const term = values.term.trim() === '' ? null : Number(values.term);
  const choice = { capitalSideId: values.capitalSideId || null, productId: values.productId || null };
  const product = d.products.find((p) => p.keyId === choice.productId) ?? null;
  const warned = new Set(warningsOf(d, values));
  return [
    ...submitFinancingApplicationProblems({
      supplierId: d.supplierId,
      lines: figures.flatMap((f) => (f.amount === null ? [] : [{ orderId: f.orderId, financeAmount: f.amount }])),
      orders: offer.orders.map((o) => ({
        orderId: o.keyId,
        orderNo: o.orderNo,
        supplierId: d.supplierId,
        confirmStatus: o.confirmStatus,
        locked: o.locked,
        eligibleAmount: o.eligibleAmount,
        dueDate: o.dueDate,
      })),
      ratio: offer.ratio,
      preCreditAvailable: d.preCreditAvailable === null ? null : BigInt(d.preCreditAvailable),
      singleMax: d.singleMax === null ? null : BigInt(d.singleMax),
      maxTermDays: d.maxTermDays,
      productTerm: product,
      termDays: term !== null && Number.isInteger(term) ? term : null,
      repaymentSource: values.source || null,
      payeeBank: values.bank.trim() || null,
      payeeAccount: values.account.trim() || null,
      docs: Object.entries(values.docs).map(([docType, x]) => ({
        docType,
        fileIds: x.files.map((f) => f.keyId),
        validTo: x.validTo || null,
      })),
      today: d.today,
    }),
    // What the warnings above already say is not said twice.
    ...capitalChoiceProblems(choice, d.capitalSides, d.products, true).filter((p) => !warned.has(p)),
  ];
}

/** Whether the application is stored (a new one has no number until its first 保存). */
export const isStored = (d: FinancingApplicationDetail | null): boolean => !!d?.applicationNo;

/** The chosen orders' live figures, in the listed order. */
export function figuresOf(values: FinancingApplicationValues, offer: FinancingApplicationOffer): LineFigures[] {
  return offer.orders
    .filter((o) => values.amounts[o.keyId] !== undefined)
    .map((o) => lineFigures({ orderId: o.keyId, text: values.amounts[o.keyId] ?? '' }, o.eligibleAmount, offer.ratio));
}

export function financingApplicationMakeSpec(
  client: StageClient,
): MakeSpec<
  FinancingApplicationDetail,
  FinancingApplicationValues,
  FinancingApplicationSave,
  FinancingApplicationOffer
> {
  const one = (keyId: string) => `/${encodeURIComponent(keyId)}`;
  return {
    stage: 'APPLICATION',
    async open(keyId) {
      const candidates = await client.custom<FinancingApplicationCandidate[]>('GET', '/candidates');
      // Not made yet: where it would start, nothing written.
      const record = candidates.some((c) => c.keyId === keyId)
        ? await client.custom<FinancingApplicationDetail>('GET', `${one(keyId)}/start`)
        : await client.detail<FinancingApplicationDetail>(keyId);
      const offered = await client.custom<{ records: FinancingApplicationOrder[]; ratio: string }>(
        'GET',
        `${one(keyId)}/orders`,
      );
      const seen = new Set(record.orders.map((o) => o.keyId));
      return {
        record,
        extra: {
          orders: [...record.orders, ...offered.records.filter((o) => !seen.has(o.keyId))],
          ratio: offered.ratio,
        },
      };
    },
    valuesOf: (d) => ({
      amounts: Object.fromEntries((d?.lines ?? []).map((l) => [l.orderId, fenToYuanText(l.financeAmount)])),
      capitalSideId: d?.capitalSideId ?? '',
      productId: d?.productId ?? '',
      term: d?.termDays == null ? '' : String(d.termDays),
      source: d?.repaymentSource ?? '',
      bank: d?.payeeBank ?? '',
      account: d?.payeeAccount ?? '',
      docs: Object.fromEntries(
        (d?.docs ?? []).map((x) => [x.docType, { files: x.files.map(storedOf), validTo: x.validTo ?? '' }]),
      ),
    }),
    read(values, { extra }) {
      const figures = figuresOf(values, extra);
      if (figures.some((f) => f.amount === null)) {
        return {
          errors: { amounts: FinancingApplicationMakeMessage.amounts },
          message: FinancingApplicationMakeMessage.amounts,
        };
      }
      const termDays = values.term.trim() === '' ? null : Number(values.term);
      if (termDays !== null && !(Number.isInteger(termDays) && termDays > 0)) {
        return {
          errors: { term: FinancingApplicationMakeMessage.term },
          message: FinancingApplicationMakeMessage.term,
        };
      }
      return {
        body: {
          termDays,
          capitalSideId: values.capitalSideId || null,
          productId: values.productId || null,
          repaymentSource: values.source || null,
          payeeBank: values.bank.trim() || null,
          payeeAccount: values.account.trim() || null,
          lines: figures.map((f) => ({ orderId: f.orderId, financeAmount: fenToWire(f.amount ?? 0n) })),
          docs: Object.entries(values.docs).map(([docType, d]) => ({
            docType,
            fileIds: d.files.map((f) => f.keyId),
            validTo: d.validTo || null,
          })),
        },
      };
    },
    save: (record, body) =>
      isStored(record)
        ? client.save<FinancingApplicationDetail>(record?.keyId ?? '', body, record?.version ?? 0)
        : // The first 保存 makes it: the business's key, with what was typed.
          client.create<FinancingApplicationDetail>({ businessId: record?.keyId ?? '', ...body }),
    // As stored when the page opens; as typed once anything is typed.
    problemsOf: (d, offer, values) =>
      !d ? [] : values && offer ? liveProblems(d, offer, values) : isStored(d) ? d.problems : [],
    // The page always has a business: without one there is nothing to edit.
    editable: (d) => !!d && editableByStatus(FINANCING_APPLICATION_STAGE.stage, d),
  };
}

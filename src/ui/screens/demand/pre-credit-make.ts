// 申请预授信 on the stage kit: what the make page's flow needs of the pre-credit and nothing more — the
// supplier (a supplier user's own, chosen for staff), the project company, the amount in 元, the validity and
// the basis orders picked from the supplier's eligible ones (the stage's own `orders` route), read with the
// form's own words (pre-credit-form.ts). 保存 writes the draft (new, or the `?id=` one under its version) and
// returns to the list; 提交 saves and then takes the business's transition, where the lifecycle table and the
// SUBMIT_PRE_CREDIT rule decide. A refused 提交 after a successful save keeps the saved draft.
import type { RefOption } from '../../../application/ports/resource-gateway.port';
import type { StageClient, StageRecord } from '../../../application/ports/stage-gateway.port';
import type { MakeSpec } from '../../../application/stage/make-page.machine';
import {
  type PreCreditFormValue,
  type PreCreditTexts,
  readPreCreditForm,
  visibleSelection,
  yuanText,
} from '../../../domain/financing/pre-credit-form';
import { PRE_CREDIT_VALID_DAYS } from '../../../domain/financing/pre-credit-rules';

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

export interface PreCreditDraft extends StageRecord {
  preCreditNo: string;
  supplierId: string;
  projectCompanyId: string | null;
  applyAmount: number;
  validDays: number;
  status: string;
  basisOrderIds: string[];
  basisOrders: EligibleOrder[];
}

export type PreCreditValues = PreCreditTexts & { selected: string[] };

/** What the form offers: whom and which company it may name, and the supplier's orders as last read. */
export interface PreCreditOffer {
  suppliers: RefOption[];
  companies: RefOption[];
  orders: EligibleOrder[];
  ratio: string;
  /** null until a supplier is chosen. */
  consent: boolean | null;
  locked: boolean;
}

export const PreCreditMakeMessage = {
  saved: '预授信已保存',
  submitted: '预授信已提交审核',
} as const;

const NO_CHOICE: OrderChoice = { records: [], ratio: '0.8000', consent: false, locked: false };

/** The choice's orders, with the draft's own basis orders kept even when no longer offered. */
const mergeOrders = (choice: OrderChoice | null, kept: readonly EligibleOrder[]) => {
  const offered = choice?.records ?? [];
  return [...kept.filter((k) => !offered.some((o) => o.keyId === k.keyId)), ...offered];
};

export function preCreditMakeSpec(
  client: StageClient,
): MakeSpec<PreCreditDraft, PreCreditValues, PreCreditFormValue, PreCreditOffer> {
  const orders = (supplierId: string, projectCompanyId: string | null) =>
    client.custom<OrderChoice>('GET', '/orders', { supplierId, ...(projectCompanyId ? { projectCompanyId } : {}) });
  return {
    stage: 'PRE_CREDIT',
    afterSave: 'leave',
    messages: PreCreditMakeMessage,
    async open(keyId) {
      const [suppliers, companies] = await Promise.all([
        client.options('supplierId'),
        client.options('projectCompanyId'),
      ]);
      const record = keyId ? await client.detail<PreCreditDraft>(keyId) : null;
      const supplierId = record?.supplierId ?? (suppliers.length === 1 ? (suppliers[0]?.keyId ?? '') : '');
      const choice = supplierId ? await orders(supplierId, record?.projectCompanyId ?? null) : null;
      return {
        record,
        extra: {
          suppliers,
          companies,
          orders: mergeOrders(choice, record?.basisOrders ?? []),
          ratio: choice?.ratio ?? NO_CHOICE.ratio,
          consent: choice ? choice.consent : null,
          locked: choice?.locked ?? false,
        },
      };
    },
    valuesOf: (record, extra) =>
      record
        ? {
            supplierId: record.supplierId,
            projectCompanyId: record.projectCompanyId ?? '',
            amount: yuanText(record.applyAmount),
            validDays: String(record.validDays),
            selected: [...record.basisOrderIds],
          }
        : {
            supplierId: extra.suppliers.length === 1 ? (extra.suppliers[0]?.keyId ?? '') : '',
            projectCompanyId: '',
            amount: '',
            validDays: String(PRE_CREDIT_VALID_DAYS),
            selected: [],
          },
    read(values, { extra }) {
      // An order the 项目公司 filter hides is not chosen: what is submitted is what is seen ticked.
      const { form, errors } = readPreCreditForm(values, visibleSelection(values.selected, extra.orders));
      return form ? { body: form } : { errors };
    },
    save(record, form) {
      if (!record) return client.create<PreCreditDraft>(form);
      // The supplier is the draft's for good: an edit names only what may change.
      const { supplierId: _fixed, ...rest } = form;
      return client.save<PreCreditDraft>(record.keyId, rest, record.version);
    },
    async refresh(values, extra) {
      const choice = values.supplierId ? await orders(values.supplierId, values.projectCompanyId || null) : NO_CHOICE;
      return {
        ...extra,
        orders: mergeOrders(choice, []),
        ratio: choice.ratio,
        consent: values.supplierId ? choice.consent : null,
        locked: choice.locked,
      };
    },
  };
}

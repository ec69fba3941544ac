import { describe, expect, it } from 'vitest';
import { FinancingApplicationMessage, submitFinancingApplicationProblems } from './financing-application-rules';
import {
  type CapitalSideOption,
  CapitalChoiceMessage,
  type ProductOption,
  applicationWarnings,
  capitalChoiceProblems,
  termRange,
} from './capital-choice';
import { LifecycleMessage, newApplicationBlocks } from './lifecycle';

const sides: CapitalSideOption[] = [
  { keyId: 'icbc', name: '工商银行上海分行', consented: true },
  { keyId: 'cmb', name: '招商银行杭州分行', consented: false },
];
const products: ProductOption[] = [
  {
    keyId: 'p1',
    name: '工行e信通',
    capitalSideId: 'icbc',
    termMinDays: 90,
    termMaxDays: 180,
    minRate: '0.0380',
    maxRate: '0.0550',
  },
  {
    keyId: 'p2',
    name: '招行保理',
    capitalSideId: 'cmb',
    termMinDays: 30,
    termMaxDays: 360,
    minRate: '0.0400',
    maxRate: '0.0600',
  },
];

describe('the capital side and product of an application', () => {
  it('takes a consented side with one of its live products', () => {
    expect(capitalChoiceProblems({ capitalSideId: 'icbc', productId: 'p1' }, sides, products, true)).toEqual([]);
  });

  it('lets a draft be saved with neither chosen, and asks for both at submission', () => {
    const none = { capitalSideId: null, productId: null };
    expect(capitalChoiceProblems(none, sides, products, false)).toEqual([]);
    expect(capitalChoiceProblems(none, sides, products, true)).toEqual([
      CapitalChoiceMessage.sideMissing,
      CapitalChoiceMessage.productMissing,
    ]);
  });

  it('refuses a side without the supplier’s consent, naming it', () => {
    expect(capitalChoiceProblems({ capitalSideId: 'cmb', productId: 'p2' }, sides, products, false)).toEqual([
      CapitalChoiceMessage.noConsentFor('招商银行杭州分行'),
    ]);
  });

  it('refuses an unknown side, a product of another side, and one not live', () => {
    expect(capitalChoiceProblems({ capitalSideId: 'x', productId: null }, sides, products, false)).toEqual([
      CapitalChoiceMessage.sideUnknown,
    ]);
    expect(capitalChoiceProblems({ capitalSideId: 'icbc', productId: 'p2' }, sides, products, false)).toEqual([
      CapitalChoiceMessage.productOtherSide,
    ]);
    expect(capitalChoiceProblems({ capitalSideId: 'icbc', productId: 'gone' }, sides, products, false)).toEqual([
      CapitalChoiceMessage.productUnavailable,
    ]);
  });
});

describe('the warnings before a form is filled', () => {
  it('warns of a lock and of no consent at all with the table’s own refusals', () => {
    expect(
      applicationWarnings({ locked: true, anyConsent: false }, { capitalSideId: null, productId: null }, sides),
    ).toEqual([LifecycleMessage.locked, LifecycleMessage.noConsent]);
    expect(newApplicationBlocks({ supplierLocked: { newApplication: true, lending: false }, consent: false })).toEqual([
      LifecycleMessage.locked,
      LifecycleMessage.noConsent,
    ]);
  });

  it('names the chosen side the supplier did not consent for, and says nothing of a consented one', () => {
    const facts = { locked: false, anyConsent: true };
    expect(applicationWarnings(facts, { capitalSideId: 'cmb', productId: null }, sides)).toEqual([
      CapitalChoiceMessage.noConsentFor('招商银行杭州分行'),
    ]);
    expect(applicationWarnings(facts, { capitalSideId: 'icbc', productId: null }, sides)).toEqual([]);
  });
});

describe("the product's term range", () => {
  it('narrows the application’s 30–360 days and the cap’s limit, never widens them', () => {
    expect(termRange(products[0] ?? null, { min: 30, max: 360 })).toEqual({ min: 90, max: 180 });
    expect(termRange({ termMinDays: 10, termMaxDays: 400 }, { min: 30, max: 270 })).toEqual({ min: 30, max: 270 });
    expect(termRange(null, { min: 30, max: 360 })).toEqual({ min: 30, max: 360 });
  });

  it('binds the submission: its edges pass, one day outside is refused with the range', () => {
    const base = {
      supplierId: 's1',
      lines: [{ orderId: 'o1', financeAmount: 1_00n }],
      orders: [
        {
          orderId: 'o1',
          orderNo: 'FKD1',
          supplierId: 's1',
          confirmStatus: 'CONFIRMED',
          locked: false,
          eligibleAmount: 100_00,
          dueDate: '2027-06-30',
        },
      ],
      preCreditAvailable: 100_00n,
      repaymentSource: 'PROJECT_COMPANY',
      payeeBank: '招商银行',
      payeeAccount: '755912345678',
      docs: ['BUSINESS_LICENSE', 'LEGAL_REP_ID', 'BASE_CONTRACT', 'CONFIRMATION'].map((docType) => ({
        docType,
        fileIds: ['f'],
        validTo: null,
      })),
      today: '2026-11-22',
      productTerm: { termMinDays: 90, termMaxDays: 180 },
    };
    for (const termDays of [90, 180])
      expect(submitFinancingApplicationProblems({ ...base, termDays }), `${termDays}`).toEqual([]);
    for (const termDays of [89, 181])
      expect(submitFinancingApplicationProblems({ ...base, termDays }), `${termDays}`).toEqual([
        FinancingApplicationMessage.term(180, 90),
      ]);
  });
});

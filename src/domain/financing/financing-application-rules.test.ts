import { describe, expect, it } from 'vitest';
import {
  ACCESS_DOC_TYPES,
  type FinancingApplicationFacts,
  FinancingApplicationMessage,
  daysBetween,
  docTypeLabel,
  documentProblems,
  lineCap,
  submitFinancingApplicationProblems,
  totalOf,
} from './financing-application-rules';

const requiredDocs = ACCESS_DOC_TYPES.filter((d) => d.required).map((d) => ({
  docType: d.code,
  fileIds: ['f1'],
  validTo: '2027-12-31',
}));

const facts = (over: Partial<FinancingApplicationFacts> = {}): FinancingApplicationFacts => ({
  supplierId: 's1',
  lines: [{ orderId: 'o1', financeAmount: 80_000_00n }],
  orders: [
    {
      orderId: 'o1',
      orderNo: 'FKD1',
      supplierId: 's1',
      confirmStatus: 'CONFIRMED',
      locked: false,
      eligibleAmount: 100_000_00,
      dueDate: '2027-06-30',
    },
  ],
  ratio: null,
  preCreditAvailable: 200_000_00n,
  singleMax: null,
  termDays: 90,
  repaymentSource: 'PROJECT_COMPANY',
  payeeBank: '招商银行深圳分行',
  payeeAccount: '755912345678',
  docs: requiredDocs,
  today: '2026-11-22',
  ...over,
});

describe('SUBMIT_APPLICATION', () => {
  it('holds for a complete application within every limit', () => {
    expect(submitFinancingApplicationProblems(facts())).toEqual([]);
    // No single cap (null, as the effective cap answers when no parameter sets one) binds nothing.
    expect(submitFinancingApplicationProblems(facts({ singleMax: null }))).toEqual([]);
  });

  it('needs at least one line', () => {
    expect(submitFinancingApplicationProblems(facts({ lines: [] }))).toContain(FinancingApplicationMessage.noLines);
  });

  it('caps each line at eligible × the default 80 %, to the 分', () => {
    expect(lineCap(100_000_01, '0.8000')).toBe(80_000_00n);
    const over = submitFinancingApplicationProblems(facts({ lines: [{ orderId: 'o1', financeAmount: 80_000_01n }] }));
    expect(over).toEqual([FinancingApplicationMessage.lineOver('FKD1', 80_000_00n, '0.8000')]);
    expect(over[0]).toBe('付款单FKD1的融资金额超过可融资余额×80%（上限80,000.00元）');
  });

  it("caps a line at its own order's project company ratio, not the business's", () => {
    const order = facts().orders[0]!;
    const own = facts({ ratio: '0.9000', orders: [{ ...order, ratio: '0.7500' }] });
    expect(
      submitFinancingApplicationProblems({ ...own, lines: [{ orderId: 'o1', financeAmount: 75_000_00n }] }),
    ).toEqual([]);
    expect(
      submitFinancingApplicationProblems({ ...own, lines: [{ orderId: 'o1', financeAmount: 75_000_01n }] }),
    ).toEqual([FinancingApplicationMessage.lineOver('FKD1', 75_000_00n, '0.7500')]);
  });

  it('uses the effective ratio when a parameter sets one, never above the hard 90 %', () => {
    expect(submitFinancingApplicationProblems(facts({ ratio: '0.7000' }))[0]).toContain('×70%');
    expect(lineCap(100, '0.9500')).toBe(90n);
  });

  it('refuses an unconfirmed, locked, foreign or short-lived order by its number', () => {
    const o = facts().orders[0]!;
    expect(submitFinancingApplicationProblems(facts({ orders: [{ ...o, confirmStatus: 'PENDING' }] }))).toContain(
      '付款单FKD1未确权',
    );
    expect(submitFinancingApplicationProblems(facts({ orders: [{ ...o, locked: true }] }))).toContain(
      '付款单FKD1已锁定',
    );
    const foreign = submitFinancingApplicationProblems(facts({ orders: [{ ...o, supplierId: 's2' }] }));
    expect(foreign).toContain(FinancingApplicationMessage.orderGone(o.orderId));
    expect(foreign.join()).not.toContain('FKD1');
    expect(submitFinancingApplicationProblems(facts({ orders: [{ ...o, dueDate: '2026-12-21' }] }))).toContain(
      FinancingApplicationMessage.remainingLife('FKD1', '2026-12-21'),
    );
    expect(submitFinancingApplicationProblems(facts({ orders: [{ ...o, dueDate: '2026-12-22' }] }))).toEqual([]);
    expect(submitFinancingApplicationProblems(facts({ orders: [] }))).toContain(
      FinancingApplicationMessage.orderGone('o1'),
    );
  });

  it('keeps the total within the approved pre-credit and the single cap', () => {
    expect(submitFinancingApplicationProblems(facts({ preCreditAvailable: 79_999_99n }))).toEqual([
      '申请总额超过预授信可用额度79,999.99元',
    ]);
    expect(submitFinancingApplicationProblems(facts({ preCreditAvailable: null }))).toEqual([
      FinancingApplicationMessage.noPreCredit,
    ]);
    expect(submitFinancingApplicationProblems(facts({ singleMax: 50_000_00n }))).toEqual([
      FinancingApplicationMessage.overSingle(50_000_00n),
    ]);
  });

  it('checks term, repayment source and the payee account', () => {
    expect(submitFinancingApplicationProblems(facts({ termDays: 29 }))).toEqual([
      FinancingApplicationMessage.term(360),
    ]);
    expect(submitFinancingApplicationProblems(facts({ termDays: 200, maxTermDays: 180 }))).toEqual([
      '融资期限须在30至180天之间',
    ]);
    expect(submitFinancingApplicationProblems(facts({ termDays: null }))).toEqual([
      FinancingApplicationMessage.termMissing,
    ]);
    expect(submitFinancingApplicationProblems(facts({ repaymentSource: null }))).toEqual([
      FinancingApplicationMessage.repaymentSource,
    ]);
    expect(submitFinancingApplicationProblems(facts({ payeeBank: ' ' }))).toEqual([
      FinancingApplicationMessage.payeeBank,
    ]);
    expect(submitFinancingApplicationProblems(facts({ payeeAccount: '1234567' }))).toEqual([
      FinancingApplicationMessage.payeeAccount,
    ]);
    expect(submitFinancingApplicationProblems(facts({ payeeAccount: '12345678a' }))).toEqual([
      FinancingApplicationMessage.payeeAccount,
    ]);
  });

  it('names each missing required document and each expired one', () => {
    expect(documentProblems([], '2026-11-22')).toEqual([
      '请上传必填资料：营业执照',
      '请上传必填资料：法定代表人身份证',
      '请上传必填资料：基础交易合同',
      '请上传必填资料：确权凭证（付款确认书/商票）',
    ]);
    const expired = requiredDocs.map((d) => (d.docType === 'BUSINESS_LICENSE' ? { ...d, validTo: '2026-11-21' } : d));
    expect(documentProblems(expired, '2026-11-22')).toEqual(['资料已过期：营业执照（有效期至2026-11-21）']);
    // Valid through its last day.
    expect(
      documentProblems(
        requiredDocs.map((d) => ({ ...d, validTo: '2026-11-22' })),
        '2026-11-22',
      ),
    ).toEqual([]);
  });

  it('adds lines exactly and counts days calendar-wise', () => {
    expect(
      totalOf([
        { orderId: 'a', financeAmount: 1n },
        { orderId: 'b', financeAmount: 2n },
      ]),
    ).toBe(3n);
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });
});

// Each limit of BUSINESS.md §3 holds exactly at its value and refuses one 分 (or one day) past it.
describe('SUBMIT_APPLICATION at its boundaries', () => {
  const line = (financeAmount: bigint, orderId = 'o1') => ({ orderId, financeAmount });

  it('takes a total exactly at the approved pre-credit, and refuses one 分 more', () => {
    expect(submitFinancingApplicationProblems(facts({ preCreditAvailable: 80_000_00n }))).toEqual([]);
    expect(
      submitFinancingApplicationProblems(facts({ preCreditAvailable: 80_000_00n, lines: [line(80_000_01n)] })),
    ).toEqual([
      FinancingApplicationMessage.lineOver('FKD1', 80_000_00n, '0.8000'),
      FinancingApplicationMessage.overPreCredit(80_000_00n),
    ]);
  });

  it('takes a total exactly at the single cap, and refuses one 分 more', () => {
    expect(submitFinancingApplicationProblems(facts({ singleMax: 80_000_00n }))).toEqual([]);
    expect(submitFinancingApplicationProblems(facts({ singleMax: 79_999_99n }))).toEqual([
      FinancingApplicationMessage.overSingle(79_999_99n),
    ]);
  });

  it('takes a line exactly at its cap and of one 分, and refuses a line of 0 or below', () => {
    expect(submitFinancingApplicationProblems(facts({ lines: [line(80_000_00n)] }))).toEqual([]);
    expect(submitFinancingApplicationProblems(facts({ lines: [line(1n)] }))).toEqual([]);
    expect(submitFinancingApplicationProblems(facts({ lines: [line(0n)] }))).toEqual([
      FinancingApplicationMessage.linePositive('FKD1'),
    ]);
    expect(submitFinancingApplicationProblems(facts({ lines: [line(-1n)] }))).toEqual([
      FinancingApplicationMessage.linePositive('FKD1'),
    ]);
  });

  it('takes terms of exactly 30 and 360 days, and refuses 29 and 361', () => {
    for (const termDays of [30, 360])
      expect(submitFinancingApplicationProblems(facts({ termDays })), `${termDays}`).toEqual([]);
    for (const termDays of [29, 361])
      expect(submitFinancingApplicationProblems(facts({ termDays })), `${termDays}`).toEqual([
        FinancingApplicationMessage.term(360),
      ]);
  });

  it("takes a term exactly at the cap's own limit, refuses one day more, and never goes past 360", () => {
    expect(submitFinancingApplicationProblems(facts({ termDays: 180, maxTermDays: 180 }))).toEqual([]);
    expect(submitFinancingApplicationProblems(facts({ termDays: 181, maxTermDays: 180 }))).toEqual([
      FinancingApplicationMessage.term(180),
    ]);
    expect(submitFinancingApplicationProblems(facts({ termDays: 361, maxTermDays: 400 }))).toEqual([
      FinancingApplicationMessage.term(360),
    ]);
  });

  it('refuses two lines on one order, which would reserve its cap twice', () => {
    // Each line alone is within the order's cap (80,000.00); together they would finance 120,000.00 of it.
    expect(submitFinancingApplicationProblems(facts({ lines: [line(60_000_00n), line(60_000_00n)] }))).toEqual([
      FinancingApplicationMessage.duplicateOrder('FKD1'),
    ]);
  });

  it('counts a negative line amount as nothing in the total', () => {
    expect(totalOf([line(-5n), line(2n), line(3n)])).toBe(5n);
  });
});

describe('the checklist and the payee, as submitted', () => {
  it('counts a required document with no file as missing, also in the submission', () => {
    const noFile = requiredDocs.map((d) => (d.docType === 'LEGAL_REP_ID' ? { ...d, fileIds: [] } : d));
    expect(documentProblems(noFile, '2026-11-22')).toEqual(['请上传必填资料：法定代表人身份证']);
    expect(submitFinancingApplicationProblems(facts({ docs: noFile }))).toEqual(['请上传必填资料：法定代表人身份证']);
  });

  it('asks for the payee bank when there is none', () => {
    expect(submitFinancingApplicationProblems(facts({ payeeBank: null }))).toEqual([
      FinancingApplicationMessage.payeeBank,
    ]);
  });

  it('names a document type by its label, and an unknown one by its code', () => {
    expect(docTypeLabel('BUSINESS_LICENSE')).toBe('营业执照');
    expect(docTypeLabel('NOPE')).toBe('NOPE');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveCap } from '../parameters/effective-cap';
import { childStatusOf, editableStatuses, stageActions } from '../stage/stage';
import { type TermsBounds, TermsMessage } from './financing-terms';
import { type BusinessRecord, type LifecycleContext, LifecycleMessage, makerRefusal } from './lifecycle';
import {
  DUE_DILIGENCE_REPORT,
  REPORT_INFO_PATH,
  REPORT_LIST_PATH,
  REPORT_MAKE_PATH,
  REPORT_STAGE,
  reportBoundsOf,
  reportPagesOf,
  stepContentOf,
  stepSaveRefusal,
  termsBoundsOf,
} from './report-stage';
import { ROLE } from './roles';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

/** 万元 → 分. */
const wan = (n: number) => n * 1_000_000;

const bounds: TermsBounds = {
  cap: effectiveCap({ subsidiary: { singleMaxAmount: BigInt(wan(600)), maxTermDays: 180 } }),
  product: {
    minRate: '0.0500',
    maxRate: '0.1200',
    termMinDays: 30,
    termMaxDays: 360,
    maxFinancingRatio: '0.8500',
    repaymentMethods: ['BULLET', 'INTEREST_FIRST'],
  },
  applyAmountFen: BigInt(wan(1_000)),
};
const PROPOSAL = {
  proposedAmount: wan(500),
  proposedRate: '0.0800',
  proposedTermDays: 120,
  proposedFinancingRatio: '0.8000',
  proposedRepaymentMethod: 'BULLET',
  conclusion: 'RECOMMEND',
};

describe('the report on the stage kit', () => {
  it('is made on the stepper, edited while 草稿 or 已退回, its status the business’s', () => {
    expect(REPORT_STAGE.stage).toBe('REPORT');
    expect([...stageActions(REPORT_STAGE)]).toEqual(['submit']);
    expect(DUE_DILIGENCE_REPORT.update?.when).toEqual(editableStatuses('REPORT'));
    expect(DUE_DILIGENCE_REPORT.update?.when).toEqual(['DRAFT', 'RETURNED']);
    expect(childStatusOf('REPORT', 'REPORT/PENDING', false)).toBe('PENDING');
    expect(childStatusOf('REPORT', 'MEETING/WAIT_SCHEDULE', true)).toBe('APPROVED');
    expect(childStatusOf('REPORT', 'TERMINATED/REJECTED', false)).toBe('REJECTED');
  });

  it('gives 风控经理 编辑 and print, 风控负责人 print only', () => {
    expect(reportPagesOf(ROLE.RISK)).toEqual(
      new Map([
        [REPORT_LIST_PATH, new Set(['edit'])],
        [REPORT_MAKE_PATH, new Set(['edit'])],
        [REPORT_INFO_PATH, new Set(['export'])],
      ]),
    );
    expect(reportPagesOf(ROLE.RISK_HEAD)).toEqual(new Map([[REPORT_INFO_PATH, new Set(['export'])]]));
    expect(reportPagesOf(ROLE.OPERATOR).size).toBe(0);
  });

  it('is made by any 风控经理, while a 经办 stage stays its owner’s', () => {
    const record = (state: string): BusinessRecord =>
      ({
        state,
        suspended: false,
        ownerId: 'operator',
        supplierId: 's',
        reconsiderCount: 0,
        review: null,
      }) as BusinessRecord;
    const as = (actorId: string, role: string): LifecycleContext => ({
      actorId,
      roles: new Set([role]),
      grants: new Set(),
      now: new Date(),
    });
    expect(makerRefusal(record('REPORT/DRAFT'), as('risk1', ROLE.RISK))).toBeNull();
    expect(makerRefusal(record('REPORT/RETURNED'), as('risk2', ROLE.RISK))).toBeNull();
    expect(makerRefusal(record('APPLICATION/DRAFT'), as('operator2', ROLE.OPERATOR))).toBe(LifecycleMessage.notOwner);
    expect(makerRefusal(record('APPLICATION/DRAFT'), as('risk1', ROLE.RISK))).toBe(LifecycleMessage.notOwner);
  });
});

describe('stepSaveRefusal', () => {
  it('accepts a step saved unfinished, refuses a stray field or a value of the wrong kind', () => {
    expect(stepSaveRefusal('CUSTOMER', { profile: '概况' }, null, TODAY)).toBeNull();
    expect(stepSaveRefusal('RATING', { riskRating: 'E' }, null, TODAY)).toBe('风险评级不正确');
    expect(stepSaveRefusal('RATING', { colour: 'red' }, null, TODAY)).toBe('「信用评级」没有字段colour');
    expect(stepSaveRefusal('CREDIT', { outstandingDebt: '5000' }, null, TODAY)).toBe('请输入正确的对外融资余额');
    expect(stepSaveRefusal('FINANCIALS', { netProfit: -wan(10) }, null, TODAY)).toBeNull();
    expect(stepSaveRefusal('FINANCIALS', { totalAssets: -1 }, null, TODAY)).toBe('资产总计不能小于0.00元');
    expect(stepSaveRefusal('CUSTOMER', { profile: { nested: true } } as never, null, TODAY)).toBe('企业概况不正确');
  });

  it('refuses a proposal outside its limits with the limit’s words', () => {
    expect(stepSaveRefusal('PROPOSAL', PROPOSAL, bounds, TODAY)).toBeNull();
    expect(stepSaveRefusal('PROPOSAL', { ...PROPOSAL, proposedAmount: wan(600) + 1 }, bounds, TODAY)).toBe(
      '建议金额不得超过单笔融资上限6,000,000.00元',
    );
    expect(stepSaveRefusal('PROPOSAL', { ...PROPOSAL, proposedTermDays: 181 }, bounds, TODAY)).toBe(
      TermsMessage.termRange(30, 180),
    );
    expect(
      stepSaveRefusal('PROPOSAL', { ...PROPOSAL, proposedRepaymentMethod: 'EQUAL_PRINCIPAL' }, bounds, TODAY),
    ).toBe(TermsMessage.method);
    // Without the limits (no product in the tenant), only the fields' own ranges hold.
    expect(stepSaveRefusal('PROPOSAL', { ...PROPOSAL, proposedAmount: wan(900) }, null, TODAY)).toBeNull();
  });

  it('holds the amount exactly at the binding cap: the cap passes, one 分 more is refused', () => {
    const cap = wan(600);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: wan(2_000) }), (amount) => {
        const refusal = stepSaveRefusal('PROPOSAL', { ...PROPOSAL, proposedAmount: amount }, bounds, TODAY);
        expect(refusal === null).toBe(amount <= cap);
      }),
    );
    expect(stepSaveRefusal('PROPOSAL', { ...PROPOSAL, proposedAmount: cap }, bounds, TODAY)).toBeNull();
    expect(stepSaveRefusal('PROPOSAL', { ...PROPOSAL, proposedAmount: cap + 1 }, bounds, TODAY)).not.toBeNull();
  });

  it('stores a step’s own fields only, each present', () => {
    expect(stepContentOf('RATING', { riskRating: 'A', ratingBasis: '' })).toEqual({
      riskRating: 'A',
      ratingBasis: null,
    });
  });
});

describe('the limits as they travel', () => {
  it('come back to the same limits and the same verdicts', () => {
    const wire = reportBoundsOf(bounds, { productId: 'P1', productName: '工行e信通' });
    expect(wire).toMatchObject({ applyAmount: wan(1_000), cap: { singleMaxAmount: wan(600), maxTermDays: 180 } });
    const back = termsBoundsOf(JSON.parse(JSON.stringify(wire)));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: wan(2_000) }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 1500 }),
        (amount, days, rateBp) => {
          const p = {
            ...PROPOSAL,
            proposedAmount: amount,
            proposedTermDays: days,
            proposedRate: `0.${String(rateBp).padStart(4, '0')}`,
          };
          expect(stepSaveRefusal('PROPOSAL', p, back, TODAY)).toBe(stepSaveRefusal('PROPOSAL', p, bounds, TODAY));
        },
      ),
    );
  });
});

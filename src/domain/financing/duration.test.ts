import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedActions, applyTransition } from '../workflow/workflow';
import {
  DURATION_ITEMS,
  DURATION_LIST_PATH,
  type DurationReport,
  DurationMessage,
  durationFormProblem,
  periodLabel,
  reportsDueOn,
} from './duration';
import { addDays } from './repayment-schedule';
import { ROLE } from './roles';

const report = (over: Partial<DurationReport> = {}): DurationReport => ({
  itemId: 'r1',
  businessId: 'b1',
  seq: 1,
  name: '2026年12月 月度',
  status: 'DRAFT',
  version: 1,
  reportNo: 'CX202612010001',
  kind: 'MONTHLY',
  periodKey: '2026-12',
  dueDate: '2026-12-31',
  makerId: 'maker',
  madeBy: null,
  findings: { payerCapacity: '', receivableStatus: '', collections: '', opinion: '' },
  riskClass: null,
  conclusion: null,
  checkDate: null,
  reviewComment: null,
  ...over,
});
const ctx = (actorId: string, roles: string[], ops: string[]) => ({
  actorId,
  roles: new Set(roles),
  grants: new Set(ops.map((op) => `${DURATION_LIST_PATH}:${op}`)),
  now: new Date('2026-12-02T02:00:00Z'),
  facts: { parentState: 'REPAYING/NORMAL' },
});
const FILLED = {
  payerCapacity: '正常',
  receivableStatus: '未到期',
  collections: '按期回款',
  opinion: '无',
  riskClass: 'SUBSTANDARD',
  conclusion: 'MAINTAIN',
};

describe('存续期报告 due', () => {
  it('owes the month’s check once the loan was lent before the month began, due by its last day', () => {
    const loan = { loanDate: '2026-11-29', maturityDate: '2027-05-28' };
    expect(reportsDueOn(loan, '2026-11-30')).toEqual([]);
    expect(reportsDueOn(loan, '2026-12-01')).toEqual([
      { kind: 'MONTHLY', periodKey: '2026-12', dueDate: '2026-12-31' },
    ]);
    expect(reportsDueOn(loan, '2027-02-15')).toEqual([
      { kind: 'MONTHLY', periodKey: '2027-02', dueDate: '2027-02-28' },
    ]);
  });

  it('owes the pre-maturity check within the 30 days before the final due date, due 20 days before it', () => {
    const loan = { loanDate: '2026-11-29', maturityDate: '2027-05-28' };
    expect(reportsDueOn(loan, '2027-04-27').map((d) => d.kind)).toEqual(['MONTHLY']);
    expect(reportsDueOn(loan, '2027-04-28')[1]).toEqual({
      kind: 'PRE_MATURITY',
      periodKey: 'PRE-2027-05-28',
      dueDate: '2027-05-08',
    });
    // Found later (the days were closed late): due the day before maturity.
    expect(reportsDueOn(loan, '2027-05-20')[1]?.dueDate).toBe('2027-05-27');
    expect(reportsDueOn(loan, '2027-05-28').map((d) => d.kind)).toEqual(['MONTHLY']);
  });

  it('never gives a report due before the day it is found, nor two of one key on a day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 900 }),
        (a, term, d) => {
          const loanDate = addDays('2026-01-01', a);
          const loan = { loanDate, maturityDate: addDays(loanDate, term) };
          const day = addDays(loanDate, d);
          const due = reportsDueOn(loan, day);
          return due.every((r) => r.dueDate >= day) && new Set(due.map((r) => r.periodKey)).size === due.length;
        },
      ),
    );
  });

  it('names the period', () => {
    expect(periodLabel('MONTHLY', '2026-12')).toBe('2026年12月 月度');
    expect(periodLabel('PRE_MATURITY', 'PRE-2027-05-28')).toBe('到期前30天（到期日 2027-05-28）');
  });
});

describe('存续期报告 workflow', () => {
  const maker = ctx('maker', [ROLE.OPERATOR], ['edit', 'submit']);
  const head = ctx('head', [ROLE.RISK_HEAD], ['examine', 'reject']);

  it('lets the 经办人 save and submit, and nobody else make it', () => {
    expect(allowedActions(DURATION_ITEMS, report(), maker).map((t) => t.action)).toEqual(['save', 'submit']);
    const other = ctx('other', [ROLE.OPERATOR], ['edit', 'submit']);
    expect(allowedActions(DURATION_ITEMS, report(), other)).toEqual([]);
    expect(applyTransition(DURATION_ITEMS, report(), 'save', other, { values: FILLED })).toMatchObject({
      ok: false,
      message: DurationMessage.notMaker,
    });
  });

  it('submits only a complete report; saves an incomplete one', () => {
    expect(
      applyTransition(DURATION_ITEMS, report(), 'submit', maker, { values: { ...FILLED, opinion: ' ' } }),
    ).toMatchObject({
      ok: false,
      message: DurationMessage.finding('舆情/司法'),
    });
    expect(applyTransition(DURATION_ITEMS, report(), 'save', maker, { values: { opinion: '无' } })).toMatchObject({
      ok: true,
      to: 'DRAFT',
    });
    expect(
      applyTransition(DURATION_ITEMS, report({ status: 'RETURNED' }), 'save', maker, { values: {} }),
    ).toMatchObject({
      ok: true,
      to: 'RETURNED',
    });
    expect(applyTransition(DURATION_ITEMS, report(), 'submit', maker, { values: FILLED })).toMatchObject({
      ok: true,
      to: 'PENDING',
    });
  });

  it('checks each field: lengths and known choices', () => {
    expect(durationFormProblem({ ...FILLED, riskClass: 'BAD' }, false)).toBe(DurationMessage.riskClass);
    expect(durationFormProblem({ ...FILLED, conclusion: 'X' }, false)).toBe(DurationMessage.conclusion);
    expect(durationFormProblem({ collections: 'x'.repeat(501) }, false)).toBe(
      DurationMessage.findingTooLong('监管账户回款'),
    );
    expect(durationFormProblem({}, false)).toBeNull();
    expect(durationFormProblem({ ...FILLED, conclusion: '' }, true)).toBe(DurationMessage.conclusion);
  });

  it('lets RISK_HEAD approve or return a pending report, never one they made', () => {
    const pending = report({ status: 'PENDING', madeBy: 'maker' });
    expect(allowedActions(DURATION_ITEMS, pending, head).map((t) => t.action)).toEqual(['approve', 'return']);
    expect(allowedActions(DURATION_ITEMS, pending, maker)).toEqual([]);
    const own = report({ status: 'PENDING', madeBy: 'head' });
    expect(applyTransition(DURATION_ITEMS, own, 'approve', head)).toMatchObject({
      ok: false,
      message: DurationMessage.ownReport,
    });
    expect(applyTransition(DURATION_ITEMS, pending, 'return', head, { comment: ' ' })).toMatchObject({ ok: false });
    expect(applyTransition(DURATION_ITEMS, pending, 'return', head, { comment: '补充' })).toMatchObject({
      ok: true,
      to: 'RETURNED',
    });
    expect(applyTransition(DURATION_ITEMS, pending, 'approve', head)).toMatchObject({ ok: true, to: 'APPROVED' });
    expect(allowedActions(DURATION_ITEMS, report({ status: 'APPROVED', madeBy: 'maker' }), head)).toEqual([]);
  });
});

// The stage definitions of 融资需求, 预授信 and 融资申请: their row actions are the LIFECYCLE's own transitions
// (the same action, label, codes and comment rule), offered only when the gateway sent them, and their
// statuses are the kit's one function of the business's state; 融资业务管理's tabs hold the table's stages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../resource/resource';
import { BUSINESS_TABS, STAGE_BAR, TAB_STAGES } from './business-list';
import {
  FINANCING_APPLICATION_STAGE,
  financingApplicationStatusOf,
  FINANCING_APPLICATION,
} from './financing-application';
import { DEMAND_STAGE, FINANCING_DEMAND, offeredOnRow, rowActionsOf } from './financing-demand';
import { BUSINESS_MANAGE, LIFECYCLE, transitionOf } from './lifecycle';
import { PRE_CREDIT, PRE_CREDIT_STAGE, preCreditStatusOf } from './pre-credit';
import { STAGES } from './stages';

const row = (fields: Record<string, unknown>) => fields as unknown as ResourceRecord;

describe('offeredOnRow', () => {
  it('offers an action the gateway sent in the row', () => {
    expect(offeredOnRow(row({ actions: ['accept', 'close'] }), 'close')).toBeNull();
  });

  it('refuses an action the gateway did not send, or a row without actions', () => {
    expect(offeredOnRow(row({ actions: ['accept'] }), 'close')).toBe('当前不可操作');
    expect(offeredOnRow(row({ actions: [] }), 'accept')).toBe('当前不可操作');
    expect(offeredOnRow(row({}), 'accept')).toBe('当前不可操作');
    // Not a list: a string that happens to contain the action's name is no offer.
    expect(offeredOnRow(row({ actions: 'accept' }), 'accept')).toBe('当前不可操作');
  });
});

describe('融资需求 row actions', () => {
  const table = FINANCING_DEMAND.workflow!;

  it('are 受理 and 关闭, exactly as the LIFECYCLE has them out of DEMAND/NEW', () => {
    expect(table.transitions.map((t) => t.action)).toEqual(['accept', 'close']);
    for (const t of table.transitions) {
      const own = transitionOf('DEMAND/NEW', t.action)!;
      expect({ label: t.label, op: t.op, comment: t.comment, commentLabel: t.commentLabel, tone: t.tone }).toEqual({
        label: own.label,
        op: own.op,
        comment: own.comment,
        commentLabel: own.commentLabel,
        tone: own.tone,
      });
      expect(t.from).toEqual(['NEW']);
    }
    expect(table.transitions.map((t) => t.to)).toEqual(['ACCEPTED', 'CLOSED']);
    expect(table.commentMax).toBe(LIFECYCLE.commentMax);
    expect(table.noun).toBe('融资需求');
  });

  it('read a row’s status from the row, and are guarded by the row’s offer', () => {
    expect(table.statusOf(row({ status: 'CLOSED' }))).toBe('CLOSED');
    const [accept] = table.transitions;
    const ctx = { actorId: 'u', grants: new Set<string>(), now: new Date('2026-11-22T02:00:00Z') };
    expect(accept!.guard!(row({ actions: ['accept'] }), ctx)).toBeNull();
    expect(accept!.guard!(row({ actions: ['close'] }), ctx)).toBe('当前不可操作');
  });

  it('a stage of the kit with the stale words of 融资需求', () => {
    expect(DEMAND_STAGE.stage).toBe('DEMAND');
    expect(DEMAND_STAGE.messages.stale).toBe('融资需求已被他人处理，请刷新后重试');
  });
});

describe('rowActionsOf', () => {
  it('keeps only the transitions of the menu, and a state-keeping one stays where it was', () => {
    const table = rowActionsOf('PRE_CREDIT/PENDING', '/business/preCreditApplicationManage', (to) => to, 'P', '预授信');
    expect(table.transitions.map((t) => t.action)).toEqual(['withdraw']);
    expect(table.transitions[0]!.to).toBe('PRE_CREDIT/DRAFT');
    expect(rowActionsOf('PRE_CREDIT/PENDING', '/nowhere', (to) => to, 'P', '预授信').transitions).toEqual([]);
    expect(
      rowActionsOf('DEMAND/CLOSED', '/financingDemandManagement/financingDemandManagement', (to) => to, 'P', 'x')
        .transitions,
    ).toEqual([]);
  });
});

describe('rowActionsOf, seen from a list', () => {
  // 融资业务管理's 暂停 and 恢复 keep the business where it is: their move is a function of the record. Built in
  // each test, not once for the file: what the function builds is then what the test sees.
  const listed = () => rowActionsOf('PRE_CREDIT/PENDING', BUSINESS_MANAGE, (to) => `to ${to}`, 'LISTED', '业务');

  it('moves a row from the list’s status to where the LIFECYCLE leads, or where it was', () => {
    const table = listed();
    expect(table.transitions.map((t) => [t.action, t.from, t.to])).toEqual([
      ['terminate', ['LISTED'], 'to TERMINATED/CANCELLED'],
      ['suspend', ['LISTED'], 'to PRE_CREDIT/PENDING'],
      ['resume', ['LISTED'], 'to PRE_CREDIT/PENDING'],
    ]);
  });

  it('reads a row’s status and asks the row’s offer of that very action', () => {
    const table = listed();
    expect(table.statusOf(row({ status: 'LISTED' }))).toBe('LISTED');
    const ctx = { actorId: 'u', grants: new Set<string>(), now: new Date('2026-11-22T02:00:00Z') };
    const [terminate, suspend] = table.transitions;
    expect(terminate!.guard!(row({ actions: ['terminate'] }), ctx)).toBeNull();
    expect(suspend!.guard!(row({ actions: ['terminate'] }), ctx)).toBe('当前不可操作');
  });
});

describe('预授信 and 融资申请 row actions', () => {
  it.each([
    ['预授信', PRE_CREDIT],
    ['融资申请', FINANCING_APPLICATION],
  ])('%s: 撤回 from 待审核 back to 草稿', (noun, def) => {
    const table = def.workflow!;
    expect(table.noun).toBe(noun);
    expect(table.transitions.map((t) => [t.action, t.label, t.from, t.to])).toEqual([
      ['withdraw', '撤回', ['PENDING'], 'DRAFT'],
    ]);
    expect(table.statusOf(row({ status: 'RETURNED' }))).toBe('RETURNED');
  });

  it('are stages of the kit with their make pages', () => {
    expect([PRE_CREDIT_STAGE.stage, PRE_CREDIT_STAGE.makePath]).toEqual(['PRE_CREDIT', '/business/applyForRufs']);
    expect([FINANCING_APPLICATION_STAGE.stage, FINANCING_APPLICATION_STAGE.makePath]).toEqual([
      'APPLICATION',
      '/business/accessDocumentsMake',
    ]);
  });
});

describe('a stage’s status is a function of the business’s state', () => {
  // A business still at 预授信 has no 融资申请 yet: the record it will have begins as a draft.
  it.each([
    ['PRE_CREDIT/DRAFT', false, 'DRAFT', 'DRAFT'],
    ['PRE_CREDIT/PENDING', false, 'PENDING', 'DRAFT'],
    ['PRE_CREDIT/RETURNED', false, 'RETURNED', 'DRAFT'],
    ['APPLICATION/DRAFT', true, 'APPROVED', 'DRAFT'],
    ['APPLICATION/PENDING', true, 'APPROVED', 'PENDING'],
    ['REPORT/DRAFT', true, 'APPROVED', 'APPROVED'],
    ['TERMINATED/REJECTED', false, 'REJECTED', 'REJECTED'],
    ['TERMINATED/EXPIRED', false, 'EXPIRED', 'EXPIRED'],
    ['TERMINATED/WITHDRAWN_CLOSED', false, 'TERMINATED', 'TERMINATED'],
  ] as const)('%s (passed %s): 预授信 %s, 融资申请 %s', (state, passed, pre, app) => {
    expect(preCreditStatusOf(state, passed)).toBe(pre);
    expect(financingApplicationStatusOf(state, passed && !state.startsWith('APPLICATION'))).toBe(app);
  });

  it('passed defaults to false: a business ended after the stage is not taken as passed', () => {
    expect(preCreditStatusOf('TERMINATED/REJECTED')).toBe('REJECTED');
    expect(financingApplicationStatusOf('TERMINATED/EXPIRED')).toBe('EXPIRED');
  });

  it('is always one of the definition’s statuses', () => {
    const states = fc
      .constantFrom(...STAGES)
      .chain((s) =>
        fc.constantFrom('DRAFT', 'PENDING', 'RETURNED', 'REJECTED', 'EXPIRED', 'VETOED').map((x) => `${s}/${x}`),
      );
    fc.assert(
      fc.property(states, fc.boolean(), (state, passed) => {
        expect(Object.keys(PRE_CREDIT.statuses)).toContain(preCreditStatusOf(state, passed));
        expect(Object.keys(FINANCING_APPLICATION.statuses)).toContain(financingApplicationStatusOf(state, passed));
      }),
    );
  });
});

describe('融资业务管理 tabs', () => {
  it('hold the table’s stages in its order', () => {
    expect(BUSINESS_TABS).toEqual(['ACTIVE', 'LOANED', 'SETTLED', 'TERMINATED']);
    // 进行中 runs from the pre-credit to the loan, every stage between them in the table's order.
    const active = TAB_STAGES.ACTIVE;
    expect([active[0], active.at(-1)]).toEqual(['PRE_CREDIT', 'LENDING']);
    expect(active.map((s) => STAGES.indexOf(s) - STAGES.indexOf('PRE_CREDIT'))).toEqual(active.map((_, i) => i));
    expect(active).toContain('SIGNING');
    expect(STAGE_BAR).toEqual([...TAB_STAGES.ACTIVE, 'REPAYING', 'SETTLED']);
    // Every stage after the demand is on exactly one tab.
    const onTabs = BUSINESS_TABS.flatMap((t) => TAB_STAGES[t]);
    expect([...onTabs].sort()).toEqual(STAGES.filter((s) => s !== 'DEMAND').sort());
  });
});

import { describe, expect, it } from 'vitest';
import { FINANCING_APPLICATION, FINANCING_APPLICATION_STAGE } from '../financing/financing-application';
import { DEMAND_STAGE } from '../financing/financing-demand';
import { PUSH_STAGE } from '../financing/push';
import { PRE_CREDIT, PRE_CREDIT_STAGE } from '../financing/pre-credit';
import { STATUS_LABEL, statusOf } from '../financing/lifecycle';
import { STAGES } from '../financing/stages';
import {
  ALL_STATES,
  CHILD_STAGES,
  CHILD_STATUSES,
  type ChildStatus,
  childStage,
  childStatusOf,
  childStatusesOf,
  documentStatusOf,
  editableStates,
  editableStatuses,
  movesOnStage,
  removableState,
  removableStatuses,
  stageActions,
  statesOf,
} from './stage';

describe('the stage kit reads the lifecycle table', () => {
  it('takes as a stage its own actions only: those the table grants on its list or make page', () => {
    expect([...stageActions(PRE_CREDIT_STAGE)].sort()).toEqual(['submit', 'withdraw']);
    expect([...stageActions(FINANCING_APPLICATION_STAGE)].sort()).toEqual(['submit', 'withdraw']);
    expect([...stageActions(DEMAND_STAGE)].sort()).toEqual(['accept', 'close']);
    // The reviewers' 通过 / 退回 and 融资业务管理's 终止 are granted elsewhere.
    expect(stageActions(FINANCING_APPLICATION_STAGE).has('approve')).toBe(false);
    expect(stageActions(PRE_CREDIT_STAGE).has('terminate')).toBe(false);
  });

  it('edits in the states the maker submits from and deletes only the draft', () => {
    expect(editableStates('PRE_CREDIT')).toEqual(['PRE_CREDIT/DRAFT', 'PRE_CREDIT/RETURNED']);
    expect(removableState('APPLICATION')).toBe('APPLICATION/DRAFT');
    expect(PRE_CREDIT.update?.when).toEqual(['DRAFT', 'RETURNED']);
    expect(FINANCING_APPLICATION.remove?.when).toEqual(['DRAFT']);
    expect(() => editableStates('DEMAND')).toThrow();
  });

  it('knows every state of a stage the table names', () => {
    expect(statesOf('PRE_CREDIT').sort()).toEqual(['PRE_CREDIT/DRAFT', 'PRE_CREDIT/PENDING', 'PRE_CREDIT/RETURNED']);
    expect(ALL_STATES).toContain('TERMINATED/VETOED');
    expect(ALL_STATES).toContain('SETTLED/DONE');
  });
});

describe('a child record status is one function of its business', () => {
  it('is the business status while in the stage', () => {
    expect(childStatusOf('PRE_CREDIT', 'PRE_CREDIT/RETURNED', false)).toBe('RETURNED');
    expect(childStatusOf('APPLICATION', 'APPLICATION/PENDING', false)).toBe('PENDING');
  });

  it('stays 已通过 once the review passed, whatever became of the business later', () => {
    expect(childStatusOf('PRE_CREDIT', 'REPORT/DRAFT', true)).toBe('APPROVED');
    expect(childStatusOf('PRE_CREDIT', 'TERMINATED/CANCELLED', true)).toBe('APPROVED');
    expect(childStatusOf('APPLICATION', 'TERMINATED/REJECTED', true)).toBe('APPROVED');
  });

  it('says how the business ended when it never passed', () => {
    expect(childStatusOf('PRE_CREDIT', 'TERMINATED/REJECTED', false)).toBe('REJECTED');
    expect(childStatusOf('PRE_CREDIT', 'TERMINATED/EXPIRED', false)).toBe('EXPIRED');
    expect(childStatusOf('APPLICATION', 'TERMINATED/CANCELLED', false)).toBe('TERMINATED');
  });

  it('is 已否决 where the committee or the approver vetoed it, 已通过 for the stages it had passed', () => {
    // The approver's 否决 at 决议审核: the decision never passed.
    expect(childStatusOf('DECISION', 'TERMINATED/VETOED', false)).toBe('VETOED');
    // The chair's 否决 of the meeting item: the minutes' stage never passed; the report had.
    expect(childStatusOf('MEETING', 'TERMINATED/VETOED', false)).toBe('VETOED');
    expect(childStatusOf('REPORT', 'TERMINATED/VETOED', true)).toBe('APPROVED');
    expect(CHILD_STATUSES.VETOED.label).toBe('已否决');
  });

  it('is 已失效 for an approved decision not lent on within its validity', () => {
    expect(childStatusOf('DECISION', 'TERMINATED/EXPIRED', true)).toBe('EXPIRED');
    expect(childStatusOf('REPORT', 'TERMINATED/EXPIRED', true)).toBe('APPROVED');
  });
});

describe('every state of every stage through the one child status function', () => {
  it('has a record for every stage from 预授信 to 还款中, review stage or not', () => {
    expect(CHILD_STAGES).toEqual(STAGES.slice(STAGES.indexOf('PRE_CREDIT'), STAGES.indexOf('REPAYING') + 1));
  });

  it.each(CHILD_STAGES)(
    'answers a status of the kit for %s, the business status itself while in the stage',
    (stage) => {
      for (const state of ALL_STATES) {
        for (const passed of [false, true]) {
          const status = childStatusOf(stage, state, passed);
          expect(CHILD_STATUSES[status], `${stage} ${state} ${passed}`).toBeDefined();
          if (statesOf(stage).includes(state)) {
            expect(status).toBe(statusOf(state));
            // The label is the table's for the same status (待复核, 资金方审核中 …), never 草稿 for a stage's own.
            expect(CHILD_STATUSES[status].label).toBe(STATUS_LABEL[statusOf(state)]);
          }
        }
      }
    },
  );

  it.each(CHILD_STAGES)('lets %s edit and delete only in statuses its column holds', (stage) => {
    const held = Object.keys(childStatusesOf(stage));
    for (const s of [...editableStatuses(stage), ...removableStatuses(stage)]) expect(held).toContain(s);
    for (const s of [...editableStates(stage), removableState(stage)]) expect(statesOf(stage)).toContain(s);
  });

  it('answers the stages that are not review stages, and the review stages whose statuses are their own', () => {
    expect(childStatusOf('LENDING', 'LENDING/LOAN_PENDING', false)).toBe('LOAN_PENDING');
    expect(childStatusOf('PUSH', 'PUSH/PUSHED', false)).toBe('PUSHED');
    expect(childStatusOf('MEETING', 'MEETING/VOTED', false)).toBe('VOTED');
    expect(childStatusOf('SIGNING', 'SIGNING/FAILED', false)).toBe('FAILED');
    expect(childStatusOf('SIGNING', 'PUSH/WAIT_PUSH', true)).toBe('SIGNED');
    // 已签约 is the business's own state once signing finished: the signing's record reads it, push waits on it.
    expect(childStatusOf('SIGNING', 'SIGNING/SIGNED', false)).toBe('SIGNED');
    expect(childStatusOf('PUSH', 'SIGNING/SIGNED', false)).toBe('WAIT_PUSH');
    expect(statesOf('SIGNING')).toContain('SIGNING/SIGNED');
    expect(editableStates('PUSH')).not.toContain('SIGNING/SIGNED');
    expect(childStatusOf('SIGNING', 'TERMINATED/CANCELLED', false)).toBe('TERMINATED');
    expect(childStatusOf('REPAYING', 'REPAYING/OVERDUE', false)).toBe('OVERDUE');
    expect(childStatusOf('REPAYING', 'SETTLED_EARLY/DONE', true)).toBe('SETTLED');
    expect(editableStatuses('LENDING')).toEqual(['WAIT_LOAN']);
    expect(editableStatuses('SIGNING')).toEqual(['WAIT_SIGN', 'FAILED']);
    expect(editableStatuses('REPAYING')).toEqual([]);
  });

  it('waits at the entry of a stage the business has not reached, or was sent back from (复议)', () => {
    expect(childStatusOf('MEETING', 'REPORT/RETURNED', false)).toBe('WAIT_SCHEDULE');
    expect(childStatusOf('DECISION', 'PRE_CREDIT/DRAFT', false)).toBe('DRAFT');
  });

  it('defines a stage that is not a review stage on the kit like the others', () => {
    const def = childStage({
      stage: 'SIGNING',
      name: 'signing',
      api: '/api/business/signing',
      listPath: '/business/signingManage',
      makePath: '/business/applyOnlineSigning',
      title: '签约管理',
      view: { table: 'signing_view', id: 'signing_id' },
      fields: [{ key: 'businessNo', label: '业务编号', type: 'text' }],
      titleField: 'businessNo',
    });
    expect(def.resource.initialStatus).toBe('WAIT_SIGN');
    expect(def.resource.update?.when).toEqual(['WAIT_SIGN', 'FAILED']);
    expect(Object.keys(def.resource.statuses) as ChildStatus[]).toEqual(
      expect.arrayContaining(['WAIT_SIGN', 'SIGNING', 'FAILED', 'SIGNED', 'TERMINATED']),
    );
    expect(Object.keys(def.resource.statuses)).not.toContain('DRAFT');
    expect([...stageActions(def)].sort()).toEqual(['retrySigning', 'startOnline']);
  });
});

describe('documentStatusOf', () => {
  it('reads a live document’s status from its business in its stage; VOID is its own', () => {
    expect(documentStatusOf('CONTRACT', 'DRAFT', 'CONTRACT/DRAFT')).toBe('DRAFT');
    expect(documentStatusOf('CONTRACT', 'DRAFT', 'CONTRACT/PENDING')).toBe('PENDING');
    expect(documentStatusOf('CONTRACT', 'DRAFT', 'CONTRACT/RETURNED')).toBe('RETURNED');
    expect(documentStatusOf('CONTRACT', 'DRAFT', 'SIGNING/WAIT_SIGN')).toBe('APPROVED');
    expect(documentStatusOf('CONTRACT', 'DRAFT', 'ELEMENTS/DRAFT')).toBe('DRAFT');
    expect(documentStatusOf('CONTRACT', 'DRAFT', 'TERMINATED/CANCELLED')).toBe('TERMINATED');
    expect(documentStatusOf('CONTRACT', 'VOID', 'SIGNING/WAIT_SIGN')).toBe('VOID');
    // Another stage's document is read against that stage.
    expect(documentStatusOf('PUSH', 'DRAFT', 'SIGNING/WAIT_SIGN')).toBe('DRAFT');
  });
});

describe('a stage page offers its own moves only', () => {
  it("leaves a signed business's 提交 to the push, though the application's own move has the same name", () => {
    expect(movesOnStage(FINANCING_APPLICATION_STAGE, 'APPLICATION/DRAFT', 'submit')).toBe(true);
    expect(movesOnStage(FINANCING_APPLICATION_STAGE, 'SIGNING/SIGNED', 'submit')).toBe(false);
    expect(movesOnStage(PUSH_STAGE, 'SIGNING/SIGNED', 'submit')).toBe(true);
    expect(movesOnStage(PUSH_STAGE, 'APPLICATION/DRAFT', 'submit')).toBe(false);
  });
});

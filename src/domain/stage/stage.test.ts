import { describe, expect, it } from 'vitest';
import { FINANCING_APPLICATION, FINANCING_APPLICATION_STAGE } from '../financing/financing-application';
import { DEMAND_STAGE } from '../financing/financing-demand';
import { PRE_CREDIT, PRE_CREDIT_STAGE } from '../financing/pre-credit';
import {
  ALL_STATES,
  CHILD_STATUSES,
  childStatusOf,
  editableStates,
  removableState,
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

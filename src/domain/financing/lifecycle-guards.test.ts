// The lifecycle's guards, targets and effects one by one, at their edges: what each refuses with its exact
// words and what it lets through, where a move leads for each answer it is given, and what it does to the
// record — so that a changed comparison or a dropped check in the table is a failing test, not a silent one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grantOf, type TransitionInput } from '../workflow/workflow';
import {
  actionsOnPage,
  applyEffects,
  BUSINESS_MANAGE,
  type BusinessRecord,
  LIFECYCLE,
  type LifecycleFacts,
  LifecycleMessage,
  makerRefusal,
  offeredActions,
  reviewStageOf,
  type StateKey,
  stateLabel,
  statusOf,
  transitionOf,
} from './lifecycle';
import type { ReviewLevelSnapshot, ReviewState } from './review';
import { ROLE } from './roles';

const ALL_GRANTS = new Set(LIFECYCLE.transitions.map((t) => grantOf(t)));
const NOW = new Date('2026-11-22T02:00:00Z');

const ctx = (facts?: LifecycleFacts, roles: string[] = [ROLE.OPERATOR], actorId = 'op') => ({
  actorId,
  grants: ALL_GRANTS,
  roles: new Set(roles),
  now: NOW,
  facts,
});

const business = (state: StateKey, extra: Partial<BusinessRecord> = {}): BusinessRecord => ({
  state,
  suspended: false,
  ownerId: 'op',
  supplierId: 'sup',
  reconsiderCount: 0,
  review: null,
  ...extra,
});

const level = (reviewerIds: string[], extra: Partial<ReviewLevelSnapshot> = {}): ReviewLevelSnapshot => ({
  roles: [],
  userIds: [],
  approveMethod: 'ANY',
  rejectHandler: 'RETURN_TO_MAKER',
  reviewerIds,
  ...extra,
});

const review = (levels: ReviewLevelSnapshot[], at = 1, opinions: ReviewState['opinions'] = []): ReviewState => ({
  snapshot: { type: 'PRE_CREDIT', makerId: 'op', levels },
  level: at,
  opinions,
});

/** The guard of an action out of a state, called as the workflow calls it. */
const guardOf = (state: StateKey, action: string) => {
  const t = transitionOf(state, action);
  if (!t?.guard) throw new Error(`${action} from ${state} has no guard`);
  return t.guard;
};

/** Where an action out of a state leads for this record, input and actor. */
const targetOf = (record: BusinessRecord, action: string, input?: TransitionInput, actorId = 'r1') => {
  const t = transitionOf(record.state, action);
  if (!t) throw new Error(`no ${action} from ${record.state}`);
  return typeof t.to === 'function' ? t.to(record, input ?? {}, ctx(undefined, [], actorId)) : t.to;
};

const ALL_CHECKED: LifecycleFacts = {
  supplierLocked: { newApplication: false, lending: false },
  consent: true,
  problems: {
    SUBMIT_PRE_CREDIT: [],
    CAPITAL_APPROVED: [],
    REGISTER_REPAYMENT: [],
    REGISTER_LOAN: [],
  },
};

describe('state words', () => {
  it('labels a state by its stage and status, and falls back to the codes it does not know', () => {
    expect(stateLabel('PRE_CREDIT/PENDING')).toBe('预授信·待审核');
    expect(stateLabel('REPAYING/OVERDUE')).toBe('还款中·逾期');
    expect(stateLabel('ELSEWHERE/ODD')).toBe('ELSEWHERE·ODD');
    expect(statusOf('DEMAND')).toBe('');
    expect(statusOf('DEMAND/NEW')).toBe('NEW');
  });
});

describe('the maker', () => {
  it('is the owner, anyone on an ownerless business, an administrator, or a user of the business’s supplier', () => {
    const r = business('PRE_CREDIT/DRAFT');
    expect(makerRefusal(r, { actorId: 'op', grants: ALL_GRANTS, now: NOW })).toBeNull();
    // No roles known and no facts: someone else is not the maker (and nothing throws).
    expect(makerRefusal(r, { actorId: 'other', grants: ALL_GRANTS, now: NOW })).toBe(LifecycleMessage.notOwner);
    expect(makerRefusal(r, ctx(undefined, [ROLE.ADMIN], 'other'))).toBeNull();
    expect(makerRefusal(business('PRE_CREDIT/DRAFT', { ownerId: null }), ctx(undefined, [], 'other'))).toBeNull();
    expect(makerRefusal(r, ctx({ actorSupplierId: 'sup' }, [ROLE.SUPPLIER], 'supUser'))).toBeNull();
    expect(makerRefusal(r, ctx({ actorSupplierId: 'elsewhere' }, [ROLE.SUPPLIER], 'supUser'))).toBe(
      LifecycleMessage.notOwnSupplier,
    );
  });
});

describe('the checks of 提交', () => {
  const submit = (state: StateKey) => guardOf(state, 'submit');

  it('refuses when the gateway did not check the rules, unless the actions are only being listed', () => {
    const r = business('PRE_CREDIT/DRAFT');
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx(undefined))).toBe(LifecycleMessage.notChecked);
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx({ ...ALL_CHECKED, problems: {} }))).toBe(LifecycleMessage.notChecked);
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx({ ...ALL_CHECKED, problems: {}, display: true }))).toBeNull();
    expect(
      submit('PRE_CREDIT/DRAFT')(r, ctx({ ...ALL_CHECKED, problems: { SUBMIT_PRE_CREDIT: ['额度不足', '其他'] } })),
    ).toBe('额度不足');
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx(ALL_CHECKED))).toBeNull();
  });

  it('受理 of a demand without the facts loaded says they were not checked', () => {
    const accept = guardOf('DEMAND/NEW', 'accept');
    expect(accept(business('DEMAND/NEW'), ctx(undefined))).toBe(LifecycleMessage.notChecked);
    expect(accept(business('DEMAND/NEW'), ctx({ ...ALL_CHECKED, problems: { ACCEPT_DEMAND: [] } }))).toBeNull();
  });

  it('refuses a locked supplier with the words of the lock that applies', () => {
    const r = business('PRE_CREDIT/DRAFT');
    const locked = (newApplication: boolean, lending: boolean) => ({
      ...ALL_CHECKED,
      supplierLocked: { newApplication, lending },
    });
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx(locked(true, false)))).toBe(LifecycleMessage.locked);
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx(locked(false, true)))).toBeNull();
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx({ ...ALL_CHECKED, supplierLocked: undefined }))).toBe(
      LifecycleMessage.notChecked,
    );
    const loan = business('LENDING/WAIT_LOAN', { ownerId: 'fin' });
    const finance = (facts: LifecycleFacts) => ctx(facts, [ROLE.FINANCE], 'fin');
    expect(submit('LENDING/WAIT_LOAN')(loan, finance(locked(false, true)))).toBe(LifecycleMessage.lockedLending);
    expect(submit('LENDING/WAIT_LOAN')(loan, finance(locked(true, false)))).toBeNull();
    expect(submit('LENDING/WAIT_LOAN')(loan, finance({ ...ALL_CHECKED, supplierLocked: undefined }))).toBe(
      LifecycleMessage.notChecked,
    );
  });

  it('asks for the supplier’s consent where the stage needs it, and says when it was not checked', () => {
    const r = business('PRE_CREDIT/DRAFT');
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx({ ...ALL_CHECKED, consent: false }))).toBe(LifecycleMessage.noConsent);
    expect(submit('PRE_CREDIT/DRAFT')(r, ctx({ ...ALL_CHECKED, consent: undefined }))).toBe(
      LifecycleMessage.notChecked,
    );
  });
});

describe('the review stages', () => {
  it('are found by their pending state and by the states the maker submits from', () => {
    expect(reviewStageOf('PRE_CREDIT/PENDING')?.stage).toBe('PRE_CREDIT');
    expect(reviewStageOf('PRE_CREDIT/RETURNED')?.stage).toBe('PRE_CREDIT');
    expect(reviewStageOf('APPLICATION/DRAFT')?.stage).toBe('APPLICATION');
    expect(reviewStageOf('PUSH/CAPITAL_RETURNED')?.stage).toBe('PUSH');
    expect(reviewStageOf('MEETING/VOTED')?.stage).toBe('MEETING');
    expect(reviewStageOf('MEETING/SCHEDULED')).toBeUndefined();
    expect(reviewStageOf('REPAYING/NORMAL')).toBeUndefined();
  });

  it('通过 without a review under way stays pending; the last level’s approval moves on', () => {
    const pending = business('APPLICATION/PENDING');
    expect(targetOf(pending, 'approve')).toBe('APPLICATION/PENDING');
    expect(targetOf({ ...pending, review: review([level(['r1'])]) }, 'approve')).toBe('REPORT/DRAFT');
    expect(targetOf({ ...pending, review: review([level(['r1']), level(['r3'])]) }, 'approve')).toBe(
      'APPLICATION/PENDING',
    );
  });

  it('退回 goes back to the maker, unless the level returns to an earlier level', () => {
    const pending = business('REPORT/PENDING');
    expect(targetOf(pending, 'return')).toBe('REPORT/RETURNED');
    expect(targetOf({ ...pending, review: review([level(['r1'])]) }, 'return')).toBe('REPORT/RETURNED');
    const twoLevels = review(
      [level(['r1']), level(['r3'], { rejectHandler: 'RETURN_TO_LEVEL', returnToLevel: 1 })],
      2,
      [{ level: 1, actorId: 'r1', result: 'APPROVE' }],
    );
    expect(targetOf({ ...pending, review: twoLevels }, 'return', undefined, 'r3')).toBe('REPORT/PENDING');
  });

  it('退回 needs an opinion of at least five characters, counted after trimming', () => {
    const r = business('PRE_CREDIT/PENDING', { review: review([level(['r1'])]) });
    const guard = guardOf('PRE_CREDIT/PENDING', 'return');
    const reviewer = ctx(undefined, [ROLE.BIZ_REVIEWER], 'r1');
    expect(guard(r, reviewer, { comment: '请补充发票' })).toBeNull();
    expect(guard(r, reviewer, { comment: '请补充票' })).toBe(LifecycleMessage.returnComment);
    expect(guard(r, reviewer, { comment: '  请补票    ' })).toBe(LifecycleMessage.returnComment);
    expect(guard(r, reviewer, {})).toBe(LifecycleMessage.returnComment);
    // Listing the actions (no input yet) does not ask for the opinion.
    expect(guard(r, reviewer, undefined)).toBeNull();
  });

  it('退回 at the threshold: n characters pass exactly when n ≥ 5 (property)', () => {
    const r = business('PRE_CREDIT/PENDING', { review: review([level(['r1'])]) });
    const guard = guardOf('PRE_CREDIT/PENDING', 'return');
    const reviewer = ctx(undefined, [ROLE.BIZ_REVIEWER], 'r1');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 3 }), (n, pad) => {
        const comment = `${' '.repeat(pad)}${'审'.repeat(n)}${' '.repeat(pad)}`;
        expect(guard(r, reviewer, { comment })).toBe(n >= 5 ? null : LifecycleMessage.returnComment);
      }),
    );
  });

  it('撤回 is refused once any reviewer has acted or the item has moved up a level', () => {
    const guard = guardOf('PRE_CREDIT/PENDING', 'withdraw');
    const maker = ctx(undefined, [ROLE.OPERATOR], 'op');
    const at = (r: ReviewState | null) => guard(business('PRE_CREDIT/PENDING', { review: r }), maker);
    expect(at(null)).toBeNull();
    expect(at(review([level(['r1']), level(['r3'])]))).toBeNull();
    expect(
      at(review([level(['r1', 'r2'], { approveMethod: 'ALL' })], 1, [{ level: 1, actorId: 'r1', result: 'APPROVE' }])),
    ).toBe(LifecycleMessage.alreadyReviewed);
    expect(at(review([level(['r1']), level(['r3'])], 2))).toBe(LifecycleMessage.alreadyReviewed);
  });
});

describe('the meeting', () => {
  const voting = business('MEETING/VOTING', { ownerId: 'sec' });
  const secretary = (facts?: LifecycleFacts) => ctx(facts, [ROLE.SECRETARY], 'sec');

  it('结束表决 only with a complete tally', () => {
    const guard = guardOf('MEETING/VOTING', 'closeVoting');
    expect(guard(voting, secretary({ tally: { passed: false, complete: true } }))).toBeNull();
    expect(guard(voting, secretary({ tally: { passed: true, complete: false } }))).toBe(
      LifecycleMessage.tallyIncomplete,
    );
    expect(guard(voting, secretary({}))).toBe(LifecycleMessage.tallyIncomplete);
    expect(guard(voting, secretary(undefined))).toBe(LifecycleMessage.tallyIncomplete);
  });
  // 否决 and 复议 follow the item's recorded conclusion at the chair's review: lifecycle.test.ts has them.
});

describe('the capital side’s answer', () => {
  const pushed = business('PUSH/PUSHED');
  const guard = guardOf('PUSH/PUSHED', 'capitalFeedback');

  it('leads to 待放款 when approved and back to 资金方退回 otherwise', () => {
    expect(targetOf(pushed, 'capitalFeedback', { values: { result: 'APPROVED' } })).toBe('LENDING/WAIT_LOAN');
    expect(targetOf(pushed, 'capitalFeedback', { values: { result: 'RETURNED' } })).toBe('PUSH/CAPITAL_RETURNED');
    expect(targetOf(pushed, 'capitalFeedback', {})).toBe('PUSH/CAPITAL_RETURNED');
    expect(targetOf(pushed, 'capitalFeedback', undefined)).toBe('PUSH/CAPITAL_RETURNED');
  });

  it('needs one of the two results; an approval also needs the rules to hold', () => {
    const checked = ctx(ALL_CHECKED);
    expect(guard(pushed, checked, undefined)).toBeNull();
    expect(guard(pushed, checked, { values: { result: 'APPROVED' } })).toBeNull();
    expect(guard(pushed, checked, { values: { result: 'RETURNED' } })).toBeNull();
    expect(guard(pushed, checked, { values: { result: 'MAYBE' } })).toBe(LifecycleMessage.outcome);
    expect(guard(pushed, checked, { values: {} })).toBe(LifecycleMessage.outcome);
    expect(guard(pushed, checked, {})).toBe(LifecycleMessage.outcome);
    const failing = ctx({ ...ALL_CHECKED, problems: { CAPITAL_APPROVED: ['资金方额度不足'] } });
    expect(guard(pushed, failing, { values: { result: 'APPROVED' } })).toBe('资金方额度不足');
    // A return does not need the rules of an approval.
    expect(guard(pushed, failing, { values: { result: 'RETURNED' } })).toBeNull();
    expect(guard({ ...pushed, suspended: true }, checked, { values: { result: 'RETURNED' } })).toBe(
      LifecycleMessage.suspended,
    );
  });
});

describe('确认还款', () => {
  const overdue = business('REPAYING/OVERDUE', { ownerId: 'fin' });
  const guard = guardOf('REPAYING/OVERDUE', 'confirmRepayment');

  it('leads where the outcome says, or stays', () => {
    const to = (outcome?: string) =>
      targetOf(overdue, 'confirmRepayment', outcome === undefined ? {} : { values: { outcome } });
    expect(to('SETTLED')).toBe('SETTLED/DONE');
    expect(to('SETTLED_EARLY')).toBe('SETTLED_EARLY/DONE');
    expect(to('NORMAL')).toBe('REPAYING/NORMAL');
    expect(to('SAME')).toBe('REPAYING/OVERDUE');
    expect(to()).toBe('REPAYING/OVERDUE');
  });

  it('takes the four outcomes only, after the rules', () => {
    const checked = ctx(ALL_CHECKED, [ROLE.FINANCE], 'fin');
    for (const outcome of ['SETTLED', 'SETTLED_EARLY', 'NORMAL', 'SAME'])
      expect(guard(overdue, checked, { values: { outcome } }), outcome).toBeNull();
    expect(guard(overdue, checked, { values: { outcome: 'OTHER' } })).toBe(LifecycleMessage.outcome);
    expect(guard(overdue, checked, { values: { outcome: '' } })).toBe(LifecycleMessage.outcome);
    expect(guard(overdue, checked, {})).toBe(LifecycleMessage.outcome);
    expect(guard(overdue, checked, undefined)).toBeNull();
    const failing = ctx({ ...ALL_CHECKED, problems: { REGISTER_REPAYMENT: ['还款金额不符'] } }, [ROLE.FINANCE], 'fin');
    expect(guard(overdue, failing, { values: { outcome: 'OTHER' } })).toBe('还款金额不符');
  });
});

describe('applyEffects', () => {
  const started = (type: string) => ({ started: type }) as unknown as ReviewState;
  const r1 = review([level(['r1']), level(['r3'])]);

  it('提交 starts the review of the stage it enters', () => {
    expect(applyEffects(business('APPLICATION/DRAFT'), 'submit', 'APPLICATION/PENDING', 'op', started).review).toEqual({
      started: 'APPLICATION',
    });
    expect(applyEffects(business('PUSH/WAIT_PUSH'), 'submit', 'PUSH/PENDING', 'op', started).review).toEqual({
      started: 'PUSH',
    });
    expect(applyEffects(business('PRE_CREDIT/DRAFT'), 'submit', 'MEETING/SCHEDULED', 'op', started).review).toBeNull();
  });

  it('通过 and 退回 advance the review within the stage and end it when the stage is left', () => {
    const pending = business('PRE_CREDIT/PENDING', { review: r1 });
    expect(applyEffects(pending, 'approve', 'PRE_CREDIT/PENDING', 'r1', started).review?.level).toBe(2);
    expect(applyEffects(pending, 'approve', 'APPLICATION/DRAFT', 'r1', started).review).toBeNull();
    expect(
      applyEffects(business('PRE_CREDIT/PENDING'), 'approve', 'PRE_CREDIT/PENDING', 'r1', started).review,
    ).toBeNull();
    const back = business('PRE_CREDIT/PENDING', {
      review: review([level(['r1']), level(['r3'], { rejectHandler: 'RETURN_TO_LEVEL', returnToLevel: 1 })], 2, [
        { level: 1, actorId: 'r1', result: 'APPROVE' },
      ]),
    });
    expect(applyEffects(back, 'return', 'PRE_CREDIT/PENDING', 'r3', started).review).toEqual({
      ...back.review,
      level: 1,
      opinions: [],
    });
    expect(applyEffects(back, 'return', 'PRE_CREDIT/RETURNED', 'r3', started).review).toBeNull();
    const bare = business('PRE_CREDIT/PENDING');
    expect(applyEffects(bare, 'return', 'PRE_CREDIT/PENDING', 'r3', started)).toEqual(bare);
  });

  it('不通过, 撤回 and 复议 end the review wherever they lead; 复议 is counted', () => {
    const pending = business('PRE_CREDIT/PENDING', { review: r1, reconsiderCount: 0 });
    for (const action of ['refuse', 'withdraw', 'reconsider'])
      expect(applyEffects(pending, action, 'PRE_CREDIT/PENDING', 'op', started).review, action).toBeNull();
    const again = applyEffects({ ...pending, reconsiderCount: 1 }, 'reconsider', 'REPORT/RETURNED', 'sec', started);
    expect(again.reconsiderCount).toBe(2);
    expect(again.state).toBe('REPORT/RETURNED');
    expect(applyEffects(pending, 'refuse', 'TERMINATED/REJECTED', 'r1', started).reconsiderCount).toBe(0);
  });

  it('暂停 and 恢复 set the flag and keep the review; any other move out of the state ends it', () => {
    const pending = business('PRE_CREDIT/PENDING', { review: r1 });
    expect(applyEffects(pending, 'suspend', 'PRE_CREDIT/PENDING', 'admin', started)).toEqual({
      ...pending,
      suspended: true,
    });
    expect(applyEffects({ ...pending, suspended: true }, 'resume', 'PRE_CREDIT/PENDING', 'admin', started)).toEqual(
      pending,
    );
    expect(applyEffects(pending, 'terminate', 'TERMINATED/CANCELLED', 'op', started).review).toBeNull();
    expect(applyEffects(pending, 'expire', 'PRE_CREDIT/PENDING', 'sys', started).review).toBe(r1);
  });
});

describe('what a screen offers', () => {
  it('leaves out the gateway’s own moves and lists without the rules having been checked', () => {
    const actions = (state: StateKey, roles: string[]) =>
      offeredActions(business(state, { ownerId: 'fin' }), ctx({}, roles, 'fin')).map((t) => t.action);
    const everyone = [ROLE.SYSTEM, ROLE.ADMIN, ROLE.RISK, ROLE.FINANCE, ROLE.OPERATOR];
    // 确认还款 is offered on the repayment it confirms (还款登记), never on the business.
    expect(actions('REPAYING/NORMAL', everyone)).toEqual(['suspend']);
    // 逾期 is the gateway's alone; 暂停 the gateway may take too, but a person as well.
    expect(actions('REPAYING/NORMAL', [ROLE.SYSTEM])).toEqual(['suspend']);
    expect(
      offeredActions(business('REPAYING/NORMAL', { suspended: true }), ctx({}, everyone, 'fin')).map((t) => t.action),
    ).toEqual(['resume']);
  });

  it('offers a reviewer the review’s own moves, which name no roles', () => {
    const pending = business('PRE_CREDIT/PENDING', { review: review([level(['r1'])]) });
    expect(offeredActions(pending, ctx({}, [ROLE.BIZ_REVIEWER], 'r1')).map((t) => t.action)).toEqual([
      'approve',
      'return',
    ]);
  });

  it('finds a transition by its state as well as its action', () => {
    expect(transitionOf('APPLICATION/PENDING', 'approve')?.menu).toBe('/business/financingApplicationExamineInfo');
    expect(transitionOf('PRE_CREDIT/PENDING', 'approve')?.menu).toBe('/business/examine');
    expect(transitionOf('REPAYING/NORMAL', 'approve')).toBeUndefined();
    expect(transitionOf('PRE_CREDIT/PENDING', 'nothing')).toBeUndefined();
  });

  it('names the actions of a page in the table’s order', () => {
    expect(actionsOnPage(BUSINESS_MANAGE)).toEqual(['terminate', 'suspend', 'resume']);
    expect(actionsOnPage('/business/examine')).toEqual(['approve', 'return', 'refuse']);
    expect(actionsOnPage('/nowhere')).toEqual([]);
  });
});

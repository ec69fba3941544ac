import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../menu/route-catalogue';
import { allowedActions, applyTransition, grantOf } from '../workflow/workflow';
import {
  applyEffects,
  type BusinessRecord,
  type Checkpoint,
  isTerminal,
  LIFECYCLE,
  LIVE_STATES,
  LifecycleMessage,
  makerRefusal,
  offeredActions,
  type LifecycleFacts,
  REVIEW_STAGES,
  type StateKey,
  TERMINAL_STATES,
  takesOver,
  transitionOf,
} from './lifecycle';
import { type AuditTypeConfig, ReviewMessage, snapshotReview, startReview } from './review';
import { ROLE } from './roles';

const ALL_GRANTS = new Set(LIFECYCLE.transitions.map((t) => grantOf(t)));
const CHECKPOINTS: Checkpoint[] = [
  'ACCEPT_DEMAND',
  'SUBMIT_PRE_CREDIT',
  'SUBMIT_APPLICATION',
  'SUBMIT_REPORT',
  'SCHEDULE_MEETING',
  'CONCLUDE_MEETING',
  'SUBMIT_DECISION',
  'SUBMIT_ELEMENTS',
  'SUBMIT_CONTRACT',
  'REVIEW_CONTRACT',
  'START_SIGNING',
  'FINISH_SIGNING',
  'REVOKE_SIGNING',
  'PUSH',
  'CAPITAL_APPROVED',
  'REGISTER_LOAN',
  'REGISTER_REPAYMENT',
  'EXPIRE',
];
const PASSING: LifecycleFacts = {
  supplierLocked: { newApplication: false, lending: false },
  consent: true,
  problems: Object.fromEntries(CHECKPOINTS.map((c) => [c, []])),
  tally: { passed: true, complete: true },
};

// Two reviewers per level so that four-eyes can always be met: r1/r2 review level 1, r3/r4 level 2.
const MEMBERS: Record<string, string[]> = {
  [ROLE.BIZ_REVIEWER]: ['r1', 'r2'],
  [ROLE.RISK]: ['r3', 'r4'],
};
const config = (type: AuditTypeConfig['code'], overrides: Partial<AuditTypeConfig['levels'][number]> = {}) =>
  ({
    code: type,
    name: type,
    enabled: true,
    levels: [
      { roles: [ROLE.BIZ_REVIEWER], userIds: [], approveMethod: 'ANY', rejectHandler: 'RETURN_TO_MAKER', ...overrides },
      { roles: [ROLE.RISK], userIds: [], approveMethod: 'ANY', rejectHandler: 'TERMINATE' },
    ],
  }) satisfies AuditTypeConfig;

const reviewFor = (maker: string) => (type: AuditTypeConfig['code']) => {
  const s = snapshotReview(config(type), maker, (role) => MEMBERS[role] ?? [], null);
  return s.ok ? startReview(s.snapshot) : null;
};

const actor = (id: string, roles: string[], facts: LifecycleFacts = PASSING) => ({
  actorId: id,
  grants: ALL_GRANTS,
  roles: new Set(roles),
  now: new Date('2026-11-22T02:00:00Z'),
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

/** Takes one action as the given actor, applying its effects as the gateway does. */
function act(
  record: BusinessRecord,
  action: string,
  who: ReturnType<typeof actor>,
  input: { comment?: string; values?: Record<string, string> } = { comment: '意见已阅，同意办理' },
) {
  const verdict = applyTransition(LIFECYCLE, record, action, who, input);
  if (!verdict.ok) return { verdict, record };
  return { verdict, record: applyEffects(record, action, verdict.to, who.actorId, reviewFor(record.ownerId ?? '')) };
}

describe('the lifecycle table', () => {
  it('grants every action on a page of the route catalogue that carries its operation code', () => {
    const routes = new Map(flattenRoutes().map((r) => [r.path, r.ops]));
    for (const t of LIFECYCLE.transitions) {
      if (t.who?.every((w) => w === ROLE.SYSTEM)) continue;
      expect(t.menu, t.action).toBeDefined();
      expect(routes.get(t.menu as string), `${t.action} on ${t.menu}`).toContain(t.op);
    }
  });

  it('gives every live state a way forward or out besides pausing', () => {
    for (const state of LIVE_STATES) {
      const leaving = LIFECYCLE.transitions.filter(
        (t) => t.from.includes(state) && !['suspend', 'resume'].includes(t.action),
      );
      expect(leaving.length, state).toBeGreaterThan(0);
    }
  });

  it('accepts nothing in a terminal state', () => {
    for (const state of TERMINAL_STATES) {
      for (const t of LIFECYCLE.transitions) {
        expect(t.from.includes(state), `${t.action} from ${state}`).toBe(false);
      }
    }
  });

  it('never reaches a state it does not define, whatever anyone does (property)', () => {
    const known = new Set<string>([...LIVE_STATES, ...TERMINAL_STATES, 'DEMAND/NEW']);
    const people = [
      actor('op', [ROLE.OPERATOR]),
      actor('r1', [ROLE.BIZ_REVIEWER]),
      actor('r2', [ROLE.BIZ_REVIEWER]),
      actor('r3', [ROLE.RISK]),
      actor('r4', [ROLE.RISK]),
      actor('sec', [ROLE.SECRETARY, ROLE.CHAIR, ROLE.APPROVER, ROLE.LEGAL, ROLE.OPS, ROLE.FINANCE]),
      actor('sys', [ROLE.SYSTEM]),
      actor('admin', [ROLE.ADMIN]),
    ];
    const actions = [...new Set(LIFECYCLE.transitions.map((t) => t.action))];
    const step = fc.record({
      action: fc.constantFrom(...actions),
      who: fc.integer({ min: 0, max: people.length - 1 }),
      values: fc.constantFrom<Record<string, string>>(
        { result: 'APPROVED' },
        { result: 'RETURNED' },
        { outcome: 'SETTLED' },
        {},
      ),
    });
    fc.assert(
      fc.property(
        fc.constantFrom<StateKey>('DEMAND/NEW', ...LIVE_STATES),
        fc.array(step, { maxLength: 40 }),
        (start, steps) => {
          let record = business(start);
          for (const s of steps) {
            const before = record;
            const result = act(record, s.action, people[s.who] as ReturnType<typeof actor>, {
              comment: '意见已阅，同意办理',
              values: s.values,
            });
            record = result.record;
            expect(known.has(record.state), `${before.state} --${s.action}--> ${record.state}`).toBe(true);
            if (isTerminal(before.state)) expect(result.verdict.ok).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a business through pre-credit and application', () => {
  const op = actor('op', [ROLE.OPERATOR]);
  const r1 = actor('r1', [ROLE.BIZ_REVIEWER]);
  const r3 = actor('r3', [ROLE.RISK]);

  it('is accepted from a demand, reviewed at two levels by two other people, and reaches the application', () => {
    let b = act(business('DEMAND/NEW'), 'accept', op).record;
    expect(b.state).toBe('PRE_CREDIT/DRAFT');
    b = act(b, 'submit', op).record;
    expect(b.state).toBe('PRE_CREDIT/PENDING');
    expect(b.review?.level).toBe(1);
    // The maker never reviews the item, even holding the reviewer's code.
    expect(act(b, 'approve', actor('op', [ROLE.OPERATOR, ROLE.BIZ_REVIEWER])).verdict).toMatchObject({
      ok: false,
      message: ReviewMessage.maker,
    });
    // Level 2's reviewers cannot act on level 1.
    expect(act(b, 'approve', r3).verdict).toMatchObject({ ok: false, message: ReviewMessage.notReviewer });
    b = act(b, 'approve', r1).record;
    expect([b.state, b.review?.level]).toEqual(['PRE_CREDIT/PENDING', 2]);
    expect(act(b, 'approve', r1).verdict).toMatchObject({ ok: false, message: ReviewMessage.notReviewer });
    b = act(b, 'approve', r3).record;
    expect(b.state).toBe('APPLICATION/DRAFT');
    expect(b.review).toBeNull();
  });

  it('goes back to the maker with a comment of at least five characters, and is submitted again', () => {
    let b = act(business('APPLICATION/DRAFT'), 'submit', op).record;
    expect(act(b, 'return', r1, { comment: '不行' }).verdict).toMatchObject({
      ok: false,
      message: LifecycleMessage.returnComment,
    });
    b = act(b, 'return', r1, { comment: '发票金额与付款单不符' }).record;
    expect(b.state).toBe('APPLICATION/RETURNED');
    b = act(b, 'submit', op).record;
    expect([b.state, b.review?.level, b.review?.opinions.length]).toEqual(['APPLICATION/PENDING', 1, 0]);
  });

  it('ends the business only at a level configured to terminate', () => {
    const b = act(business('APPLICATION/DRAFT'), 'submit', op).record;
    expect(act(b, 'refuse', r1).verdict).toMatchObject({ ok: false, message: LifecycleMessage.notTerminateHandler });
    const atTwo = act(b, 'approve', r1).record;
    expect(act(atTwo, 'refuse', r3).record.state).toBe('TERMINATED/REJECTED');
  });

  it('lets the maker withdraw only before anyone gave an opinion', () => {
    const b = act(business('PRE_CREDIT/DRAFT'), 'submit', op).record;
    expect(act(b, 'withdraw', op).record.state).toBe('PRE_CREDIT/DRAFT');
    const reviewed = act(b, 'approve', r1).record;
    expect(act(reviewed, 'withdraw', op).verdict).toMatchObject({
      ok: false,
      message: LifecycleMessage.alreadyReviewed,
    });
  });

  it('refuses a locked supplier with the reason, and a rule the gateway found broken with its words', () => {
    const locked = actor('op', [ROLE.OPERATOR], {
      ...PASSING,
      supplierLocked: { newApplication: true, lending: false },
    });
    expect(act(business('APPLICATION/DRAFT'), 'submit', locked).verdict).toMatchObject({
      ok: false,
      reason: 'guard',
      message: LifecycleMessage.locked,
    });
    const missing = actor('op', [ROLE.OPERATOR], {
      ...PASSING,
      problems: { ...PASSING.problems, SUBMIT_APPLICATION: ['请上传必填资料：营业执照'] },
    });
    expect(act(business('APPLICATION/DRAFT'), 'submit', missing).verdict).toMatchObject({
      ok: false,
      message: '请上传必填资料：营业执照',
    });
    const unchecked = actor('op', [ROLE.OPERATOR], { ...PASSING, problems: {} });
    expect(act(business('APPLICATION/DRAFT'), 'submit', unchecked).verdict).toMatchObject({
      ok: false,
      message: LifecycleMessage.notChecked,
    });
  });

  it('blocks forward moves while paused, and lets the risk manager pause and resume', () => {
    const risk = actor('risk', [ROLE.RISK]);
    let b = act(business('APPLICATION/DRAFT'), 'suspend', risk, { comment: '资产变更待核实' }).record;
    expect(b.suspended).toBe(true);
    expect(act(b, 'submit', op).verdict).toMatchObject({ ok: false, message: LifecycleMessage.suspended });
    expect(allowedActions(LIFECYCLE, b, op).map((t) => t.action)).toEqual(['terminate']);
    b = act(b, 'resume', risk).record;
    expect(act(b, 'submit', op).record.state).toBe('APPLICATION/PENDING');
  });

  it('offers a supplier user only its own supplier’s business, and another operator nobody else’s', () => {
    const supplier = actor('s-user', [ROLE.SUPPLIER], { ...PASSING, actorSupplierId: 'sup' });
    const other = actor('s-user', [ROLE.SUPPLIER], { ...PASSING, actorSupplierId: 'other' });
    expect(allowedActions(LIFECYCLE, business('PRE_CREDIT/DRAFT'), supplier).map((t) => t.action)).toEqual(['submit']);
    expect(allowedActions(LIFECYCLE, business('PRE_CREDIT/DRAFT'), other)).toEqual([]);
    expect(act(business('PRE_CREDIT/DRAFT'), 'submit', actor('op2', [ROLE.OPERATOR])).verdict).toMatchObject({
      ok: false,
      message: LifecycleMessage.notOwner,
    });
  });

  it('hands a business the supplier applied for to the staff makers from 融资申请 on, never before', () => {
    const facts = { ...PASSING, ownerIsSupplier: true };
    const op2 = actor('op2', [ROLE.OPERATOR], facts);
    const supplierOwned = (state: StateKey) => business(state, { ownerId: 's-user' });
    // 预授信 is the supplier's own stage: another's draft is not the operator's to submit or end.
    expect(takesOver(supplierOwned('PRE_CREDIT/DRAFT'), op2)).toBe(false);
    expect(act(supplierOwned('PRE_CREDIT/DRAFT'), 'submit', op2).verdict).toMatchObject({
      ok: false,
      message: LifecycleMessage.notOwner,
    });
    // From 融资申请 on the supplier makes nothing: an operator takes it over.
    expect(takesOver(supplierOwned('APPLICATION/DRAFT'), op2)).toBe(true);
    expect(act(supplierOwned('APPLICATION/DRAFT'), 'submit', op2).record.state).toBe('APPLICATION/PENDING');
    expect(act(supplierOwned('APPLICATION/RETURNED'), 'submit', op2).record.state).toBe('APPLICATION/PENDING');
    // Without the fact (an owner who is staff) the business stays its owner's.
    const staffOwned = business('APPLICATION/DRAFT', { ownerId: 'op' });
    expect(act(staffOwned, 'submit', actor('op2', [ROLE.OPERATOR])).verdict).toMatchObject({
      ok: false,
      message: LifecycleMessage.notOwner,
    });
    // A non-maker stays refused, and a supplier user never takes over.
    expect(act(supplierOwned('APPLICATION/DRAFT'), 'submit', actor('r', [ROLE.RISK], facts)).verdict).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(
      takesOver(supplierOwned('APPLICATION/DRAFT'), actor('s2', [ROLE.SUPPLIER], { ...facts, actorSupplierId: 'sup' })),
    ).toBe(false);
  });

  it('ends the review under way when the business is terminated', () => {
    const pending = act(business('APPLICATION/DRAFT'), 'submit', op).record;
    expect(pending.review).not.toBeNull();
    expect(act(pending, 'terminate', op, { comment: '客户放弃' }).record).toMatchObject({
      state: 'TERMINATED/CANCELLED',
      review: null,
    });
  });

  it('terminates before the loan only, and answers 没有权限 to someone without the role', () => {
    expect(act(business('PUSH/PUSHED'), 'terminate', op, { comment: '客户放弃' }).record.state).toBe(
      'TERMINATED/CANCELLED',
    );
    expect(act(business('LENDING/LOAN_PENDING'), 'terminate', op, { comment: '客户放弃' }).verdict).toMatchObject({
      ok: false,
      reason: 'state',
    });
    expect(act(business('PUSH/PUSHED'), 'terminate', r1, { comment: '客户放弃' }).verdict).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
  });

  it('offers the submit button before the stage rules are evaluated, and evaluates them when it is pressed', () => {
    const unchecked = actor('op', [ROLE.OPERATOR], { ...PASSING, problems: {} });
    expect(offeredActions(business('APPLICATION/DRAFT'), unchecked).map((t) => t.action)).toEqual([
      'submit',
      'terminate',
    ]);
    expect(offeredActions(business('REPAYING/NORMAL'), op).map((t) => t.action)).toEqual([]);
  });

  it('names a review type and pages for every reviewable stage', () => {
    for (const s of REVIEW_STAGES) {
      expect(s.submitFrom.length).toBeGreaterThan(0);
      expect(s.next).not.toBe(s.pending);
    }
  });
});

describe('the checkpoints the table names', () => {
  it('names on each transition the checkpoint it crosses, so the gateway keeps no map of its own', () => {
    const named = (state: string, action: string) => transitionOf(state, action)?.checkpoint;
    expect(named('DEMAND/NEW', 'accept')).toBe('ACCEPT_DEMAND');
    expect(named('PRE_CREDIT/RETURNED', 'submit')).toBe('SUBMIT_PRE_CREDIT');
    expect(named('APPLICATION/DRAFT', 'submit')).toBe('SUBMIT_APPLICATION');
    expect(named('PUSH/PUSHED', 'capitalFeedback')).toBe('CAPITAL_APPROVED');
    expect(named('SIGNING/SIGNING', 'signed')).toBe('FINISH_SIGNING');
    expect(named('APPLICATION/PENDING', 'approve')).toBeUndefined();
    // Every checkpoint a transition names refuses, unchecked, until the gateway loaded its rule's findings.
    for (const t of LIFECYCLE.transitions.filter((x) => x.checkpoint)) {
      const record: BusinessRecord = {
        state: t.from[0] as StateKey,
        suspended: false,
        ownerId: null,
        supplierId: 's',
        reconsiderCount: 0,
        review: null,
      };
      // The actor holds the transition's roles, so a stage made by a department's role is theirs to make.
      const ctx = {
        actorId: 'u',
        grants: new Set<string>(),
        roles: new Set<string>(t.who),
        now: new Date(),
        facts: {},
      };
      const facts = { supplierLocked: { newApplication: false, lending: false }, consent: true };
      const input = { comment: '说明说明说明', values: { result: 'APPROVED', outcome: 'NORMAL' } };
      expect(t.guard?.(record, { ...ctx, facts }, input), t.action).toBe(LifecycleMessage.notChecked);
    }
  });
});

describe('the chair’s review of the minutes and the decision’s 否决', () => {
  const chairReview = () => {
    const s = snapshotReview(
      {
        code: 'MEETING',
        name: '纪要审核',
        enabled: true,
        levels: [{ roles: [ROLE.CHAIR], userIds: [], approveMethod: 'ANY', rejectHandler: 'RETURN_TO_MAKER' }],
      },
      'sec',
      (role) => (role === ROLE.CHAIR ? ['chair'] : []),
      null,
    );
    if (!s.ok) throw new Error(s.message);
    return startReview(s.snapshot);
  };
  const pending = (extra: Partial<BusinessRecord> = {}) =>
    business('MEETING/PENDING', { review: chairReview(), ...extra });
  const chair = (meetingConclusion: LifecycleFacts['meetingConclusion']) =>
    actor('chair', [ROLE.CHAIR], { ...PASSING, meetingConclusion });

  it('moves each business as its item concluded, and no other way', () => {
    expect(applyTransition(LIFECYCLE, pending(), 'approve', chair('PASSED'), {})).toMatchObject({
      ok: true,
      to: 'DECISION/DRAFT',
    });
    expect(applyTransition(LIFECYCLE, pending(), 'meetingVeto', chair('VETOED'), {})).toMatchObject({
      ok: true,
      to: 'TERMINATED/VETOED',
    });
    const reconsidered = act(pending(), 'reconsider', chair('RECONSIDER'), {});
    expect(reconsidered.verdict).toMatchObject({ ok: true, to: 'REPORT/RETURNED' });
    expect(reconsidered.record.reconsiderCount).toBe(1);
    // A 否决 is never passed, a pass never reconsidered, and 复议 only once.
    expect(applyTransition(LIFECYCLE, pending(), 'approve', chair('VETOED'), {})).toMatchObject({
      ok: false,
      message: LifecycleMessage.conclusionOther,
    });
    expect(applyTransition(LIFECYCLE, pending(), 'reconsider', chair('PASSED'), {})).toMatchObject({
      ok: false,
      message: LifecycleMessage.conclusionOther,
    });
    expect(
      applyTransition(LIFECYCLE, pending({ reconsiderCount: 1 }), 'reconsider', chair('RECONSIDER'), {}),
    ).toMatchObject({ ok: false, message: LifecycleMessage.reconsiderOnce });
    // Without a conclusion, or unchecked, nothing moves.
    expect(applyTransition(LIFECYCLE, pending(), 'approve', chair(null), {})).toMatchObject({
      ok: false,
      message: LifecycleMessage.conclusionMissing,
    });
    expect(applyTransition(LIFECYCLE, pending(), 'approve', chair(undefined), {})).toMatchObject({
      ok: false,
      message: LifecycleMessage.notChecked,
    });
    // Only the chair of the snapshot reviews.
    const member = actor('m1', [ROLE.CHAIR], { ...PASSING, meetingConclusion: 'PASSED' });
    expect(applyTransition(LIFECYCLE, pending(), 'approve', member, {})).toMatchObject({
      ok: false,
      message: ReviewMessage.notReviewer,
    });
  });

  it('a department’s stage is made by its role, while 终止 stays the 经办’s', () => {
    const draft = business('DECISION/DRAFT');
    expect(makerRefusal(draft, actor('r9', [ROLE.RISK]))).toBeNull();
    expect(makerRefusal(draft, actor('op', [ROLE.OPERATOR]))).toBe(LifecycleMessage.notMaker);
    expect(
      applyTransition(LIFECYCLE, draft, 'terminate', actor('op', [ROLE.OPERATOR]), { comment: '客户放弃' }),
    ).toMatchObject({
      ok: true,
      to: 'TERMINATED/CANCELLED',
    });
    expect(
      applyTransition(LIFECYCLE, draft, 'terminate', actor('r9', [ROLE.OPERATOR]), { comment: '客户放弃' }),
    ).toMatchObject({ ok: false, message: LifecycleMessage.notOwner });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type WorkflowContext,
  type WorkflowTable,
  allowedActions,
  applyTransition,
  checkTransitionComment,
  statesOf,
} from './workflow';

type S = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED';
interface Doc {
  status: S;
  makerId: string;
  locked?: boolean;
}

const table: WorkflowTable<S, Doc> = {
  noun: '申请',
  statusOf: (d) => d.status,
  transitions: [
    {
      action: 'submit',
      label: '提交',
      op: 'submit',
      from: ['DRAFT'],
      to: 'PENDING',
      comment: 'none',
      guard: (d) => (d.locked ? '供应商已锁定' : null),
    },
    {
      action: 'approve',
      label: '通过',
      op: 'examine',
      from: ['PENDING'],
      to: 'APPROVED',
      comment: 'optional',
      guard: (d, ctx) => (d.makerId === ctx.actorId ? '不能审核自己提交的申请' : null),
    },
    {
      action: 'reject',
      label: '驳回',
      op: 'reject',
      from: ['PENDING'],
      to: 'REJECTED',
      comment: 'required',
      commentMessage: '请输入驳回意见',
    },
  ],
};
const ctx = (grants: string[], actorId = 'reviewer'): WorkflowContext => ({
  actorId,
  grants: new Set(grants),
  now: new Date(),
});

describe('a transition table', () => {
  it("offers the actions of the record's state that the actor holds and whose guards hold", () => {
    const pending: Doc = { status: 'PENDING', makerId: 'maker' };
    expect(allowedActions(table, pending, ctx(['examine', 'reject'])).map((t) => t.action)).toEqual([
      'approve',
      'reject',
    ]);
    expect(allowedActions(table, pending, ctx(['examine'])).map((t) => t.action)).toEqual(['approve']);
    // Four eyes: the maker is not offered the approval of their own item.
    expect(allowedActions(table, pending, ctx(['examine', 'reject'], 'maker')).map((t) => t.action)).toEqual([
      'reject',
    ]);
    expect(
      allowedActions(table, { status: 'APPROVED', makerId: 'maker' }, ctx(['examine', 'reject', 'submit'])),
    ).toEqual([]);
  });

  it('applies an allowed action and answers the state it reaches with the trimmed comment', () => {
    const verdict = applyTransition(table, { status: 'PENDING', makerId: 'm' }, 'reject', ctx(['reject']), {
      comment: '  资料不全 ',
    });
    expect(verdict).toMatchObject({ ok: true, to: 'REJECTED', comment: '资料不全' });
  });

  it('refuses with the reason and the Chinese message', () => {
    const pending: Doc = { status: 'PENDING', makerId: 'maker' };
    expect(applyTransition(table, pending, 'nope', ctx(['examine']))).toMatchObject({
      ok: false,
      reason: 'unknown',
      message: '不支持的操作',
    });
    expect(applyTransition(table, pending, 'approve', ctx([]))).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(applyTransition(table, pending, 'submit', ctx(['submit']))).toMatchObject({
      ok: false,
      reason: 'state',
      message: '当前状态的申请不能提交',
    });
    expect(
      applyTransition(table, { status: 'DRAFT', makerId: 'm', locked: true }, 'submit', ctx(['submit'])),
    ).toMatchObject({ ok: false, reason: 'guard', message: '供应商已锁定' });
    expect(applyTransition(table, pending, 'approve', ctx(['examine'], 'maker'))).toMatchObject({
      ok: false,
      message: '不能审核自己提交的申请',
    });
    expect(applyTransition(table, pending, 'reject', ctx(['reject']), { comment: ' ' })).toMatchObject({
      ok: false,
      reason: 'comment',
      message: '请输入驳回意见',
    });
  });

  it("checks a comment's length as typed", () => {
    const approve = table.transitions[1]!;
    expect(checkTransitionComment(table, approve, '')).toBeNull();
    expect(checkTransitionComment(table, approve, '好'.repeat(201))).toBe('通过意见不能超过200个字符');
  });

  it('never reaches a state it does not name, and accepts nothing in a final state (property)', () => {
    const states = statesOf(table);
    const actions = table.transitions.map((t) => t.action);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...actions), { maxLength: 12 }), (sequence) => {
        let doc: Doc = { status: 'DRAFT', makerId: 'maker' };
        for (const action of sequence) {
          const verdict = applyTransition(table, doc, action, ctx(['submit', 'examine', 'reject']), {
            comment: '意见',
          });
          if (verdict.ok) doc = { ...doc, status: verdict.to };
          expect(states.has(doc.status)).toBe(true);
        }
        if (doc.status === 'APPROVED' || doc.status === 'REJECTED') {
          expect(allowedActions(table, doc, ctx(['submit', 'examine', 'reject']))).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a transition with fields of its own, and the comment rules at their edges', () => {
  // 确权-like: an amount typed in the dialog, at most what the record still owes.
  interface Order {
    status: 'OPEN' | 'DONE';
    owed: number;
  }
  const orders: WorkflowTable<'OPEN' | 'DONE', Order> = {
    noun: '付款单',
    statusOf: (o) => o.status,
    commentMax: 5,
    transitions: [
      {
        action: 'confirm',
        label: '确权',
        op: 'examine',
        from: ['OPEN'],
        to: 'DONE',
        comment: 'optional',
        inputs: {
          keys: ['amount'],
          sample: { amount: 1 },
          check: (o, values) => (Number(values.amount) > o.owed ? '确权金额超过未付金额' : null),
        },
      },
      { action: 'close', label: '关闭', op: 'examine', from: ['OPEN'], to: 'DONE', comment: 'none' },
      { action: 'note', label: '备注', op: 'examine', from: ['OPEN'], to: 'OPEN', comment: 'required' },
    ],
  };
  const open: Order = { status: 'OPEN', owed: 100 };
  const actor = ctx(['examine']);

  it("refuses values its check refuses, in the check's words, and takes the others", () => {
    expect(applyTransition(orders, open, 'confirm', actor, { values: { amount: 101 } })).toEqual({
      ok: false,
      reason: 'guard',
      message: '确权金额超过未付金额',
    });
    expect(applyTransition(orders, open, 'confirm', actor, { values: { amount: 100 } })).toMatchObject({
      ok: true,
      to: 'DONE',
    });
  });

  it('keeps a trimmed comment, and none where the action takes none', () => {
    expect(applyTransition(orders, open, 'confirm', actor, { values: { amount: 1 }, comment: ' 已核 ' })).toMatchObject(
      {
        ok: true,
        comment: '已核',
      },
    );
    expect(applyTransition(orders, open, 'close', actor, { comment: '多余' })).toMatchObject({ ok: true, comment: '' });
  });

  it('asks for a required comment under its label, and takes exactly the longest allowed', () => {
    const note = orders.transitions[2]!;
    expect(checkTransitionComment(orders, note, ' ')).toBe('请输入备注意见');
    expect(checkTransitionComment(orders, note, '一二三四五')).toBeNull();
    expect(checkTransitionComment(orders, note, '一二三四五六')).toBe('备注意见不能超过5个字符');
  });

  it('names every fixed target as a state, and no computed one', () => {
    const computed: WorkflowTable<'A' | 'B', { status: 'A' | 'B' }> = {
      noun: '记录',
      statusOf: (r) => r.status,
      transitions: [{ action: 'x', label: '切换', op: 'examine', from: ['A'], to: () => 'B', comment: 'none' }],
    };
    expect([...statesOf(computed)]).toEqual(['A']);
    expect([...statesOf(orders)].sort()).toEqual(['DONE', 'OPEN']);
  });
});

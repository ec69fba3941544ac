// The workflow engine at its edges: an action that names its roles asked by someone whose roles are not
// known, a transition with fields but no rule tying them to the record, the comment of an action that takes
// none, and the word a comment box is labelled with.
import { describe, expect, it } from 'vitest';
import { allowedActions, applyTransition, transitionCommentLabel, type WorkflowTable } from './workflow';

interface Doc {
  status: 'OPEN' | 'DONE';
}

const table: WorkflowTable<Doc['status'], Doc> = {
  noun: '单据',
  statusOf: (d) => d.status,
  transitions: [
    { action: 'close', label: '办结', op: 'submit', who: ['CLERK'], from: ['OPEN'], to: 'DONE', comment: 'none' },
    {
      action: 'record',
      label: '登记',
      op: 'edit',
      from: ['OPEN'],
      to: 'OPEN',
      comment: 'optional',
      inputs: { keys: ['amount'], sample: { amount: 1 } },
    },
  ],
};
const grants = new Set(['submit', 'edit']);
const now = new Date('2026-11-22T02:00:00Z');

describe('workflow edges', () => {
  it('an action naming its roles is not offered when the actor’s roles are not known', () => {
    expect(allowedActions(table, { status: 'OPEN' }, { actorId: 'u', grants, now }).map((t) => t.action)).toEqual([
      'record',
    ]);
    const clerk = { actorId: 'u', grants, now, roles: new Set(['CLERK']) };
    expect(allowedActions(table, { status: 'OPEN' }, clerk).map((t) => t.action)).toEqual(['close', 'record']);
  });

  it('takes the fields of a transition that has no rule tying them to the record', () => {
    const done = applyTransition(
      table,
      { status: 'OPEN' },
      'record',
      { actorId: 'u', grants, now },
      {
        values: { amount: 5 },
        comment: ' 已登记 ',
      },
    );
    expect(done).toMatchObject({ ok: true, to: 'OPEN', comment: '已登记' });
    const silent = applyTransition(table, { status: 'OPEN' }, 'record', { actorId: 'u', grants, now }, {});
    expect(silent).toMatchObject({ ok: true, comment: '' });
  });

  it('keeps no comment for an action that takes none, whatever was typed', () => {
    const clerk = { actorId: 'u', grants, now, roles: new Set(['CLERK']) };
    const done = applyTransition(table, { status: 'OPEN' }, 'close', clerk, { comment: '顺手写的' });
    expect(done).toMatchObject({ ok: true, to: 'DONE', comment: '' });
  });

  it('labels a comment box with its own words, or the action’s with 意见', () => {
    expect(transitionCommentLabel({ label: '驳回' })).toBe('驳回意见');
    expect(transitionCommentLabel({ label: '关闭', commentLabel: '关闭原因' })).toBe('关闭原因');
  });
});

import { describe, expect, it } from 'vitest';
import type { BusinessEventView } from '../financing/business-list';
import { makeNotes } from './make-notes';

const event = (over: Partial<BusinessEventView>): BusinessEventView => ({
  keyId: 'e',
  stage: 'APPLICATION',
  fromState: 'APPLICATION/PENDING',
  toState: 'APPLICATION/RETURNED',
  fromLabel: null,
  toLabel: '融资申请·已退回',
  action: 'return',
  actionLabel: '退回',
  level: 1,
  actorId: 'u1',
  actorName: '周敏',
  actorRole: '业务复核',
  comment: '发票与合同金额不一致',
  fileIds: [],
  at: '2026-11-25T02:00:00Z',
  ...over,
});

describe('make notes', () => {
  const preCredit = event({ stage: 'PRE_CREDIT', toState: 'APPLICATION/DRAFT', action: 'approve', comment: '同意' });

  it('gives the latest return reason while the item stands returned, and no second copy of it', () => {
    const first = event({ keyId: 'e1', comment: '第一次退回' });
    const resubmit = event({ keyId: 'e2', toState: 'APPLICATION/PENDING', action: 'submit', comment: '' });
    const second = event({ keyId: 'e3', comment: '第二次退回' });
    const notes = makeNotes('APPLICATION', 'APPLICATION/RETURNED', [preCredit, first, resubmit, second]);
    expect(notes.returnReason?.comment).toBe('第二次退回');
    expect(notes.lastComment).toBeNull();
  });

  it('no return reason once resubmitted; the last comment of this stage only', () => {
    const back = event({ keyId: 'e1' });
    const withdrawn = event({
      keyId: 'e2',
      toState: 'APPLICATION/DRAFT',
      action: 'withdraw',
      actionLabel: '撤回',
      comment: '改金额',
    });
    expect(makeNotes('APPLICATION', 'APPLICATION/DRAFT', [preCredit, back, withdrawn])).toEqual({
      returnReason: null,
      lastComment: expect.objectContaining({ comment: '改金额', actionLabel: '撤回' }),
    });
    expect(makeNotes('APPLICATION', 'APPLICATION/DRAFT', [preCredit])).toEqual({
      returnReason: null,
      lastComment: null,
    });
  });
});

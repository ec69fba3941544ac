import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { GatewayError } from '../ports/gateway-error';
import type { ExamineDetail } from '../ports/review-gateway.port';
import type { StageMove } from '../ports/stage-gateway.port';
import { createExaminePageMachine } from './examine-page.machine';

const detail = (actions: string[]): ExamineDetail => ({
  businessId: 'b1',
  businessNo: 'RZ202611220001',
  type: 'PRE_CREDIT',
  typeLabel: '预授信审核',
  supplierName: '恒固钢构',
  projectCompanyName: '',
  capitalSideName: '',
  productName: '',
  applyAmount: 100,
  approvedAmount: null,
  state: 'PRE_CREDIT/PENDING',
  stateLabel: '预授信·待审核',
  suspended: false,
  makerName: '业务经办',
  arrivedAt: null,
  version: 2,
  review: null,
  events: [],
  actions,
});

function setup(move: (id: string, m: StageMove) => Promise<void>, actions = ['approve', 'return']) {
  const deps = {
    load: vi.fn(async () => detail(actions)),
    move: vi.fn(move),
    notifier: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
  };
  const actor = createActor(createExaminePageMachine(deps), { input: { id: 'b1', type: 'PRE_CREDIT' } }).start();
  return { ...deps, actor };
}

describe('examine page machine', () => {
  it('acts with an offered action, the comment and the version read; says so once and emits acted', async () => {
    const { load, move, notifier, actor } = setup(async () => {});
    await waitFor(actor, (s) => s.matches('ready'));
    expect(load).toHaveBeenCalledWith('b1', 'PRE_CREDIT');
    const acted = vi.fn();
    actor.on('acted', acted);
    actor.send({ type: 'COMMENT', value: '请补充付款单' });
    actor.send({ type: 'ACT', action: 'return' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(move).toHaveBeenCalledWith('b1', { action: 'return', version: 2, comment: '请补充付款单' });
    expect(acted).toHaveBeenCalledWith(expect.objectContaining({ action: 'return' }));
    expect(notifier.success.mock.calls).toEqual([['退回成功']]);
  });

  it('cannot send an action the gateway did not offer', async () => {
    const { move, actor } = setup(async () => {});
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'COMMENT', value: '不符合条件' });
    actor.send({ type: 'ACT', action: 'refuse' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(move).not.toHaveBeenCalled();
  });

  it('holds a comment the table refuses, with its words, and sends nothing', async () => {
    const { move, actor } = setup(async () => {});
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'ACT', action: 'return' });
    expect(actor.getSnapshot().context.problem).toMatch(/退回意见/);
    expect(move).not.toHaveBeenCalled();
    actor.send({ type: 'COMMENT', value: '资料' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('after a refused 退回, 通过 says only 通过成功', async () => {
    const answers: (Error | null)[] = [new GatewayError(160300400, '退回意见至少5个字'), null];
    const { move, notifier, actor } = setup(async () => {
      const next = answers.shift();
      if (next) throw next;
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'COMMENT', value: '太少了吧' });
    actor.send({ type: 'ACT', action: 'return' });
    await waitFor(actor, (s) => s.matches('ready') && move.mock.calls.length === 1);
    expect(notifier.success).not.toHaveBeenCalled();
    actor.send({ type: 'ACT', action: 'approve' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(notifier.success.mock.calls).toEqual([['通过成功']]);
  });

  it('reloads on a stale version', async () => {
    const { load, actor } = setup(async () => {
      throw new GatewayError(160300409, '业务已被他人更新，请刷新后重试');
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'ACT', action: 'approve' });
    await waitFor(actor, (s) => s.matches('ready') && load.mock.calls.length === 2);
    expect(actor.getSnapshot().context.acted).toBeNull();
  });
});

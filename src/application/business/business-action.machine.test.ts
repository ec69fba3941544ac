import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { BusinessGateway } from '../ports/business-gateway.port';
import { GatewayError } from '../ports/gateway-error';
import { businessCommentError, createBusinessActionMachine } from './business-action.machine';

const business = { keyId: 'b1', businessNo: 'RZ202611200001', state: 'PRE_CREDIT/PENDING' as const, version: 4 };

function fakes(fail = false) {
  const gateway = {
    page: vi.fn(),
    exportList: vi.fn(),
    suppliers: vi.fn(async () => []),
    detail: vi.fn(),
    events: vi.fn(async () => []),
    attachments: vi.fn(async () => []),
    downloadAttachments: vi.fn(async () => ''),
    transition: vi.fn(async () => {
      if (fail) throw new GatewayError(160300409, '业务已被他人更新，请刷新后重试');
      return {} as Awaited<ReturnType<BusinessGateway['transition']>>;
    }),
  } satisfies BusinessGateway;
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  return { gateway, notifier, onChanged: vi.fn() };
}

describe('the business action flow', () => {
  it('asks for the reason 终止 requires, then sends it with the version read', async () => {
    const f = fakes();
    const actor = createActor(createBusinessActionMachine(f)).start();
    actor.send({ type: 'REQUEST', business, action: 'terminate' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error).toBe('请输入终止原因');
    expect(f.gateway.transition).not.toHaveBeenCalled();
    actor.send({ type: 'COMMENT', value: '供应商放弃' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(f.gateway.transition).toHaveBeenCalledWith('b1', 'terminate', 4, '供应商放弃');
    expect(f.notifier.success).toHaveBeenCalledWith('终止成功');
    expect(f.onChanged).toHaveBeenCalled();
  });

  it('lets 恢复 go without a note, and keeps the dialog when the gateway refuses', async () => {
    const f = fakes(true);
    const actor = createActor(createBusinessActionMachine(f)).start();
    actor.send({ type: 'REQUEST', business, action: 'resume' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('confirming') && f.gateway.transition.mock.calls.length === 1);
    expect(f.gateway.transition).toHaveBeenCalledWith('b1', 'resume', 4, '');
    expect(f.onChanged).not.toHaveBeenCalled();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('checks a comment by the action’s own rule, its length included', () => {
    expect(businessCommentError('PRE_CREDIT/PENDING', 'suspend', ' ')).toBe('请输入暂停原因');
    expect(businessCommentError('PRE_CREDIT/PENDING', 'suspend', '字'.repeat(501))).toBe('暂停原因不能超过500个字符');
    expect(businessCommentError('PRE_CREDIT/PENDING', 'resume', '')).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { GatewayError } from '../ports/gateway-error';
import { createChangePasswordMachine } from './change-password.machine';

const valid = { oldPassword: 'Admin@2026', newPassword: 'Better@2027', rePassword: 'Better@2027' };

function start(changePassword = vi.fn(async () => undefined)) {
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const actor = createActor(createChangePasswordMachine({ account: { changePassword }, notifier }), {
    input: { userId: 'u1' },
  }).start();
  return { actor, notifier, changePassword };
}

describe('change-password machine', () => {
  it('sends a valid form with the user id, says 修改成功 and waits for the alert to be acknowledged', async () => {
    const { actor, notifier, changePassword } = start();
    actor.send({ type: 'SUBMIT', form: valid });
    await waitFor(actor, (s) => s.matches('changed'));
    expect(changePassword).toHaveBeenCalledWith({ userId: 'u1', ...valid });
    expect(notifier.success).toHaveBeenCalledWith('修改成功');
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("warns '请完善表格输入' and sends nothing when the form breaks a rule", () => {
    const { actor, notifier, changePassword } = start();
    actor.send({ type: 'SUBMIT', form: { ...valid, rePassword: 'Better@2028' } });
    expect(notifier.warning).toHaveBeenCalledWith('请完善表格输入');
    expect(changePassword).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('stays on the form, adding no message of its own, when the gateway refuses', async () => {
    const { actor, notifier } = start(
      vi.fn(async () => {
        throw new GatewayError(160300400, '原密码不正确');
      }),
    );
    actor.send({ type: 'SUBMIT', form: valid });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('cannot acknowledge before the password has changed', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'ACKNOWLEDGE' })).toBe(false);
  });
});

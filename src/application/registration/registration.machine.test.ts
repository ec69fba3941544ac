import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { RegistrationMessage } from '../../domain/registration/registration';
import { createRegistrationMachine } from './registration.machine';

const fill = (actor: ReturnType<typeof start>['actor']) => {
  const values = {
    companyName: '苏州新材有限公司',
    creditCode: '91310000MA1FL8XQ37',
    legalPerson: '周法人',
    contactName: '吴联系',
    mobile: '13912345678',
    email: 'a@b.cn',
    userName: 'suzhou_xc',
    password: 'Regist@2026',
    rePassword: 'Regist@2026',
  } as const;
  for (const [field, value] of Object.entries(values))
    actor.send({ type: 'CHANGE', field: field as keyof typeof values, value });
};
function start(register = vi.fn(async () => ({ registrationId: 'r1' }))) {
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const actor = createActor(createRegistrationMachine({ gateway: { register }, notifier })).start();
  return { actor, notifier, register };
}

describe('the registration flow', () => {
  it("judges a field as it is typed with the spec's password messages", () => {
    const { actor } = start();
    actor.send({ type: 'CHANGE', field: 'password', value: 'abc' });
    expect(actor.getSnapshot().context.errors.password).toBe('密码长度8-15位');
    actor.send({ type: 'CHANGE', field: 'password', value: 'abcdefgh1' });
    expect(actor.getSnapshot().context.errors.password).toBe('密码强度不够,大写字母、小写字母、数字和符号至少包含3种');
    actor.send({ type: 'CHANGE', field: 'rePassword', value: 'x' });
    expect(actor.getSnapshot().context.errors.rePassword).toBe('两次密码输入不一致');
  });

  it('does not send without the agreement, then sends and ends submitted', async () => {
    const { actor, notifier, register } = start();
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    expect(notifier.warning).toHaveBeenCalledWith('请完善表格输入');
    expect(actor.getSnapshot().context.errors.agreed).toBe(RegistrationMessage.agreement);
    expect(register).not.toHaveBeenCalled();
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ userName: 'suzhou_xc', agreed: true }));
  });

  it('keeps what was typed when the gateway refuses, and accepts no change once sent', async () => {
    const { actor } = start(
      vi.fn(async () => {
        throw new Error('该用户名已被使用');
      }),
    );
    fill(actor);
    actor.send({ type: 'AGREE', agreed: true });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form.userName).toBe('suzhou_xc');
    expect(actor.getSnapshot().can({ type: 'AGREE', agreed: false })).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Role, RoleForm } from '../../domain/role/role';
import type { RoleGateway } from '../ports/role-gateway.port';
import {
  createRoleEditorMachine,
  EXIST_CHECK_DELAY_MS,
  FORM_INVALID_WARNING,
  roleEditorErrors,
} from './role-editor.machine';

const role: Role = {
  roleId: '1',
  roleName: '风控专员',
  roleCode: 'RISK',
  status: 'ENABLED',
  remark: '',
  version: 3,
  createTime: '',
  platformAdmin: false,
};

function setup(taken: { name?: string; code?: string } = {}) {
  const roles = {
    roleExists: vi.fn(
      async (c: { roleName?: string; roleCode?: string }) =>
        (c.roleName !== undefined && c.roleName === taken.name) ||
        (c.roleCode !== undefined && c.roleCode === taken.code),
    ),
    createRole: vi.fn(async (form: RoleForm) => ({ ...role, ...form, roleId: '2', version: 1 })),
    updateRole: vi.fn(async (_id: string, form: RoleForm, version: number) => ({
      ...role,
      ...form,
      version: version + 1,
    })),
  } as unknown as RoleGateway & {
    roleExists: ReturnType<typeof vi.fn>;
    createRole: ReturnType<typeof vi.fn>;
    updateRole: ReturnType<typeof vi.fn>;
  };
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  return { roles, notifier, machine: createRoleEditorMachine({ roles, notifier }) };
}

const form = (roleName: string, roleCode: string): RoleForm => ({ roleName, roleCode, status: 'ENABLED', remark: '' });

describe('role editor machine', () => {
  // Only the clock the 300 ms debounce runs on; promises settle as usual.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('checks name and code silently 300 ms after the last keystroke, and shows what is taken', async () => {
    const { roles, machine } = setup({ name: '平台管理员' });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'CHANGE', form: form('平台', 'A') });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'CHANGE', form: form('平台管理员', 'AB') });
    await vi.advanceTimersByTimeAsync(EXIST_CHECK_DELAY_MS - 1);
    expect(roles.roleExists).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(roles.roleExists).toHaveBeenCalledTimes(2);
    expect(roles.roleExists).toHaveBeenCalledWith({ roleName: '平台管理员' });
    expect(roleEditorErrors(actor.getSnapshot().context)).toEqual({ roleName: '角色名称已存在' });
  });

  it('creates a role once all is well, and emits saved', async () => {
    const { roles, notifier, machine } = setup();
    const actor = createActor(machine, { input: {} }).start();
    const saved = vi.fn();
    actor.on('saved', saved);
    actor.send({ type: 'CHANGE', form: form('舆情查看', 'OPINION') });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(roles.createRole).toHaveBeenCalledWith(form('舆情查看', 'OPINION'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ role: expect.objectContaining({ roleId: '2' }) }));
    expect(notifier.success).toHaveBeenCalledWith('新增成功');
  });

  it('edits with the version it read, excluding itself from the checks', async () => {
    const { roles, machine } = setup();
    const actor = createActor(machine, { input: { role } }).start();
    actor.send({ type: 'CHANGE', form: form('风控专员（改）', 'RISK') });
    await vi.advanceTimersByTimeAsync(EXIST_CHECK_DELAY_MS);
    expect(roles.roleExists).toHaveBeenCalledWith({ roleName: '风控专员（改）', excludeRoleId: '1' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(roles.updateRole).toHaveBeenCalledWith('1', form('风控专员（改）', 'RISK'), 3);
  });

  it('does not submit a taken code or an empty name: it warns and stays', async () => {
    const { roles, notifier, machine } = setup({ code: 'RISK' });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'SUBMIT' });
    expect(notifier.warning).toHaveBeenCalledWith(FORM_INVALID_WARNING);
    expect(roleEditorErrors(actor.getSnapshot().context)).toEqual({
      roleName: '请输入角色名称',
      roleCode: '请输入角色编码',
    });
    actor.send({ type: 'CHANGE', form: form('风控', 'RISK') });
    await vi.advanceTimersByTimeAsync(EXIST_CHECK_DELAY_MS);
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    actor.send({ type: 'SUBMIT' });
    expect(notifier.warning).toHaveBeenCalledTimes(2);
    expect(roles.createRole).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('keeps the dialog open when the gateway refuses the save', async () => {
    const { roles, machine } = setup();
    roles.createRole.mockRejectedValueOnce(new Error('角色名称已存在'));
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'CHANGE', form: form('甲', 'A') });
    await vi.advanceTimersByTimeAsync(EXIST_CHECK_DELAY_MS);
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && roles.createRole.mock.calls.length === 1);
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
  });
});

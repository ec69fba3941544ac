import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Role } from '../../domain/role/role';
import type { RoleGateway } from '../ports/role-gateway.port';
import { createRoleDeleteMachine, ROLE_DELETED } from './role-delete.machine';

const role: Role = {
  roleId: '5',
  roleName: '甲',
  roleCode: 'A',
  status: 'ENABLED',
  remark: '',
  version: 1,
  createTime: '',
  platformAdmin: false,
};

function setup() {
  const roles = { deleteRoles: vi.fn(async () => undefined) } as unknown as RoleGateway & {
    deleteRoles: ReturnType<typeof vi.fn>;
  };
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  return { roles, notifier, actor: createActor(createRoleDeleteMachine({ roles, notifier })).start() };
}

describe('role delete machine', () => {
  it('asks, deletes on confirmation and emits deleted', async () => {
    const { roles, notifier, actor } = setup();
    const deleted = vi.fn();
    actor.on('deleted', deleted);
    actor.send({ type: 'ASK', role });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(roles.deleteRoles).toHaveBeenCalledWith(['5']);
    expect(notifier.success).toHaveBeenCalledWith(ROLE_DELETED);
    expect(deleted).toHaveBeenCalledWith({ type: 'deleted', roleId: '5' });
  });

  it('cancelling deletes nothing; the platform administrator is never asked about', () => {
    const { roles, actor } = setup();
    actor.send({ type: 'ASK', role });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'ASK', role: { ...role, platformAdmin: true } })).toBe(false);
    expect(roles.deleteRoles).not.toHaveBeenCalled();
  });
});

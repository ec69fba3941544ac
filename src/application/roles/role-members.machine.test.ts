import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { RoleGateway } from '../ports/role-gateway.port';
import { createRoleMembersMachine, NO_USER_CHOSEN, USERS_ADDED } from './role-members.machine';

const user = (userId: string) => ({
  userId,
  userName: `u${userId}`,
  nickName: '张三',
  organizationId: 'o',
  orgName: '集团',
  status: 'ENABLED',
});

function setup() {
  const roles = {
    pageRoleUsers: vi.fn(async () => ({ records: [user('1')], total: 1, current: 1, size: 10 })),
    pageUsersOutsideRole: vi.fn(async () => ({ records: [user('2')], total: 1, current: 1, size: 10 })),
    addUsersToRole: vi.fn(async () => undefined),
  } as unknown as RoleGateway &
    Record<'pageRoleUsers' | 'pageUsersOutsideRole' | 'addUsersToRole', ReturnType<typeof vi.fn>>;
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  return {
    roles,
    notifier,
    actor: createActor(createRoleMembersMachine({ roles, notifier }), { input: { roleId: '9' } }).start(),
  };
}

describe('role members machine', () => {
  it('lists members and candidates, adds the chosen and reloads', async () => {
    const { roles, notifier, actor } = setup();
    const idle = await waitFor(actor, (s) => s.matches('idle'));
    expect(idle.context.members.records).toHaveLength(1);
    actor.send({ type: 'SEARCH_CANDIDATES', name: '张' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(roles.pageUsersOutsideRole).toHaveBeenLastCalledWith('9', '张', { current: 1, size: 10 });
    actor.send({ type: 'CHOOSE', userIds: ['2'] });
    actor.send({ type: 'ADD' });
    await waitFor(actor, (s) => s.matches('idle') && roles.addUsersToRole.mock.calls.length === 1);
    expect(roles.addUsersToRole).toHaveBeenCalledWith('9', ['2']);
    expect(notifier.success).toHaveBeenCalledWith(USERS_ADDED);
    expect(roles.pageRoleUsers).toHaveBeenCalledTimes(3);
  });

  it('warns when nobody is chosen', async () => {
    const { roles, notifier, actor } = setup();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'ADD' });
    expect(notifier.warning).toHaveBeenCalledWith(NO_USER_CHOSEN);
    expect(roles.addUsersToRole).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { MenuResource } from '../../domain/role/role';
import type { RoleGateway } from '../ports/role-gateway.port';
import { BATCH_NEEDS_ROLES, createRoleGrantsMachine, GRANTS_SAVED } from './role-grants.machine';

const r = (
  menuId: string,
  parentKid: string,
  sortNo: number,
  operationCodes: string[] = [],
  checked = false,
): MenuResource => ({
  menuId,
  menuName: menuId,
  path: menuId,
  parentKid,
  hidden: false,
  sortNo,
  operationCodes,
  checked,
  checkedOperationCodes: [],
});
const resources = [r('/dashboard', '0', 0, [], true), r('/risk', '0', 1), r('/risk/opinion', '/risk', 2, ['export'])];

function setup(fail = false) {
  const roles = {
    resources: vi.fn(async () => {
      if (fail) throw new Error('网络异常');
      return resources;
    }),
    allRoles: vi.fn(async () => [{ roleId: '7', roleName: '甲', roleCode: 'A' }]),
    saveGrants: vi.fn(async () => undefined),
    grantInBatch: vi.fn(async () => undefined),
  } as unknown as RoleGateway & Record<'resources' | 'saveGrants' | 'grantInBatch', ReturnType<typeof vi.fn>>;
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  const actor = createActor(createRoleGrantsMachine({ roles, notifier }), { input: { roleId: '1' } }).start();
  return { roles, notifier, actor };
}

describe('role grants machine', () => {
  it('loads what the role holds, toggles a group with its pages and codes, and saves with ancestors', async () => {
    const { roles, notifier, actor } = setup();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.selection).toEqual({ '/dashboard': [] });
    actor.send({ type: 'TOGGLE_MENU', menuId: '/risk', checked: true });
    expect(actor.getSnapshot().context.selection['/risk/opinion']).toEqual(['export']);
    actor.send({ type: 'TOGGLE_OPERATION', menuId: '/risk/opinion', op: 'export', checked: false });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && roles.saveGrants.mock.calls.length === 1);
    expect(roles.saveGrants).toHaveBeenCalledWith('1', [
      { menuId: '/dashboard', operationCodes: [] },
      { menuId: '/risk', operationCodes: [] },
      { menuId: '/risk/opinion', operationCodes: [] },
    ]);
    expect(notifier.success).toHaveBeenCalledWith(GRANTS_SAVED);
  });

  it('grants in batch only with roles chosen', async () => {
    const { roles, notifier, actor } = setup();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SAVE_BATCH', roleIds: [] });
    expect(notifier.warning).toHaveBeenCalledWith(BATCH_NEEDS_ROLES);
    actor.send({ type: 'TOGGLE_MENU', menuId: '/risk/opinion', checked: true });
    actor.send({ type: 'SAVE_BATCH', roleIds: ['7'] });
    await waitFor(actor, (s) => s.matches('editing') && roles.grantInBatch.mock.calls.length === 1);
    expect(roles.grantInBatch).toHaveBeenCalledWith(
      ['7'],
      expect.arrayContaining([{ menuId: '/risk/opinion', operationCodes: ['export'] }]),
    );
  });

  it('offers a retry when the tree cannot be loaded, and no save meanwhile', async () => {
    const { actor } = setup(true);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.can({ type: 'SAVE' })).toBe(false);
    expect(failed.can({ type: 'RETRY' })).toBe(true);
  });
});

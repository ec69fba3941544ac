// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { RoleGateway } from '../../../application/ports/role-gateway.port';
import type { ServerMenuItem } from '../../../domain/menu/menu';
import type { MenuResource } from '../../../domain/role/role';
import { ServicesContext, type Services } from '../../app/services';
import { RoleJurisdictionScreen } from './role-jurisdiction-screen';
import { menu } from '../screen-test-support';

afterEach(cleanup);

const JURISDICTION = '/basicDataManagement/rolesManagment/jurisdiction';

const r = (
  menuId: string,
  menuName: string,
  parentKid: string,
  sortNo: number,
  operationCodes: string[] = [],
  checked = false,
): MenuResource => ({
  menuId,
  menuName,
  path: menuId,
  parentKid,
  hidden: false,
  sortNo,
  operationCodes,
  checked,
  checkedOperationCodes: [],
});

const RESOURCES = [
  r('/dashboard', '数据看板', '0', 0, [], true),
  r('/risk', '风险管理', '0', 1),
  r('/risk/opinion', '负面舆情', '/risk', 2, ['export']),
  r('/risk/monitor', '风险监测', '/risk', 3, ['export']),
];

function renderScreen(codes: string[]) {
  // A stand-in for the session flow: only its menus are read.
  const session = createActor(
    setup({ types: { context: {} as { menus: ServerMenuItem[] } } }).createMachine({
      context: { menus: [menu(JURISDICTION, codes)] },
    }),
  ).start();
  const roles = {
    resources: vi.fn(async () => RESOURCES),
    allRoles: vi.fn(async () => [
      { roleId: '1', roleName: '舆情查看员', roleCode: 'OPINION' },
      { roleId: '2', roleName: '业务经办', roleCode: 'OP' },
    ]),
    pageResources: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 10 })),
    saveGrants: vi.fn(async () => undefined),
    grantInBatch: vi.fn(async () => undefined),
  } as unknown as RoleGateway & Record<'saveGrants' | 'grantInBatch', ReturnType<typeof vi.fn>>;
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  const tags = { send: vi.fn() };
  const router = createMemoryRouter([{ path: JURISDICTION, element: <RoleJurisdictionScreen /> }], {
    initialEntries: [`${JURISDICTION}?roleId=1`],
  });
  render(
    <ServicesContext.Provider value={{ session, roles, notifier, tags } as unknown as Services}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
  return { roles, notifier };
}

describe('角色权限 screen', () => {
  it("shows the role's tree; a page's box makes its group mixed; 保存 sends the grants with the group", async () => {
    const user = userEvent.setup();
    const { roles } = renderScreen(['authorize']);
    await screen.findByRole('heading', { name: '角色权限：舆情查看员' });
    const group = screen.getByRole('checkbox', { name: '风险管理' }) as HTMLInputElement;
    expect(group.checked).toBe(false);
    // Folded to the areas at first.
    expect(screen.queryByRole('checkbox', { name: '负面舆情' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '展开 风险管理' }));
    await user.click(screen.getByRole('checkbox', { name: '负面舆情' }));
    expect(group.indeterminate).toBe(true);
    expect((screen.getByRole('checkbox', { name: '负面舆情 导出' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(roles.saveGrants).toHaveBeenCalled());
    expect(roles.saveGrants).toHaveBeenCalledWith('1', [
      { menuId: '/dashboard', operationCodes: [] },
      { menuId: '/risk', operationCodes: [] },
      { menuId: '/risk/opinion', operationCodes: ['export'] },
    ]);
  });

  it('applies the selection to the roles chosen for 批量授权', async () => {
    const user = userEvent.setup();
    const { roles } = renderScreen(['authorize']);
    await screen.findByRole('heading', { name: '角色权限：舆情查看员' });
    await user.click(screen.getByRole('checkbox', { name: '风险管理' }));
    await user.click(screen.getByRole('checkbox', { name: '业务经办' }));
    await user.click(screen.getByRole('button', { name: '批量授权' }));
    await waitFor(() => expect(roles.grantInBatch).toHaveBeenCalled());
    expect(roles.grantInBatch.mock.calls[0]![0]).toEqual(['2']);
  });

  it('offers neither 保存 nor 批量授权 without the authorize code', async () => {
    renderScreen([]);
    await screen.findByRole('heading', { name: '角色权限：舆情查看员' });
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量授权' })).toBeNull();
  });

  it('filters by Chinese title and shows each match with its place in the tree, not its route', async () => {
    const user = userEvent.setup();
    renderScreen(['authorize']);
    await screen.findByRole('heading', { name: '角色权限：舆情查看员' });
    await user.type(screen.getByRole('textbox', { name: '筛选菜单' }), '舆情');
    const results = screen.getByRole('list', { name: '筛选结果' });
    expect(results.textContent).toContain('风险管理 › 负面舆情');
    expect(results.textContent).not.toContain('/risk');
    await user.click(screen.getByRole('checkbox', { name: '风险管理 › 负面舆情' }));
    expect(await screen.findByText('有尚未保存的修改')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: '筛选菜单' }));
    await user.click(screen.getByRole('button', { name: '全部展开' }));
    expect((screen.getByRole('checkbox', { name: '负面舆情' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: '全部折叠' }));
    expect(screen.queryByRole('checkbox', { name: '负面舆情' })).toBeNull();
  });

  it('selects the whole tree with 全选 and keeps 保存 in the bar at the bottom', async () => {
    const user = userEvent.setup();
    const { roles } = renderScreen(['authorize']);
    await screen.findByRole('heading', { name: '角色权限：舆情查看员' });
    await user.click(screen.getByRole('button', { name: '全选' }));
    expect((screen.getByRole('checkbox', { name: '风险管理' }) as HTMLInputElement).checked).toBe(true);
    const bar = screen.getByRole('toolbar', { name: '保存权限' });
    await user.click(within(bar).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(roles.saveGrants).toHaveBeenCalled());
    expect(roles.saveGrants.mock.calls[0]![1]).toHaveLength(4);
  });

  it('shows the tree read-only to a reader without authorize', async () => {
    renderScreen([]);
    await screen.findByRole('heading', { name: '角色权限：舆情查看员' });
    expect((screen.getByRole('checkbox', { name: '风险管理' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '全选' })).toBeNull();
  });
});

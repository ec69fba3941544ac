// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { OrganizationGateway } from '../../../application/ports/organization-gateway.port';
import type { ServerMenuItem } from '../../../domain/menu/menu';
import type { Organization } from '../../../domain/organization/organization';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { AddSupplierScreen, SupplierManagementScreen } from './supplier-management-screen';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const LIST = '/basicDataManagement/supplierManagement';
const ADD = '/addSupplier';

const SUPPLIER: Organization = {
  keyId: 's1',
  orgType: 'SUPPLIER',
  parentId: 'g',
  parentName: '远景控股集团',
  enterpriseName: '华东建材有限公司',
  creditCode: '91440300708461136T',
  contactName: '王建国',
  contactMobile: '13912345678',
  email: '',
  address: '',
  status: 'ENABLED',
  gysId: 'GYS202400001',
  appIds: ['app1', 'app2'],
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
};

function gateway(): OrganizationGateway {
  return {
    page: vi.fn(async () => ({ records: [SUPPLIER], total: 1, current: 1, size: 10 })),
    get: vi.fn(async () => SUPPLIER),
    create: vi.fn(async () => ({ keyId: 'new', gysId: 'GYS202600001' })),
    update: vi.fn(async () => undefined),
    setStatus: vi.fn(async () => undefined),
    tree: vi.fn(async () => []),
    accounts: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 100 })),
    topOfCurrentUser: vi.fn(async () => null),
    supplierOptions: vi.fn(async () => []),
    capitalSides: vi.fn(async () => []),
    byType: vi.fn(async (t) =>
      t === 'GROUP' ? [{ keyId: 'g', enterpriseName: '远景控股集团', orgType: 'GROUP' as const, parentId: '0' }] : [],
    ),
  };
}

function renderAt(path: string, menus: ServerMenuItem[], organizations = gateway()) {
  const session = createActor(
    setup({}).createMachine({
      context: {
        menus,
        session: { token: 't', tenantId: 'T1', sysId: 'app1' },
        tenants: [
          {
            tenantId: 'T1',
            tenantName: '远景',
            appLists: [
              { appId: 'app1', appCode: 'wsf_app', appName: '供应链金融', website: '/' },
              { appId: 'app2', appCode: 'wsf_portal', appName: '供应商门户', website: '' },
            ],
          },
        ],
      },
    }),
  ).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const tags = { send: vi.fn() };
  // A data router, as the app's: leaving a changed form is asked through its blocker.
  const router = createMemoryRouter(
    [
      { path: LIST, element: <SupplierManagementScreen /> },
      { path: ADD, element: <AddSupplierScreen /> },
    ],
    { initialEntries: [path] },
  );
  renderInFluent(
    <ServicesContext.Provider value={{ session, organizations, notifier, tags } as unknown as Services}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
  return { organizations, notifier, tags, router };
}

describe('供应商管理', () => {
  it('lists suppliers with their number and sub-systems, and no write button without operation codes', async () => {
    renderAt(LIST, [menu(LIST, []), menu(ADD, [])]);
    const row = await screen.findByRole('row', { name: /华东建材有限公司/ });
    expect(row.textContent).toContain('GYS202400001');
    expect(row.textContent).toContain('供应链金融、供应商门户');
    for (const name of ['新增', '编辑', '停用']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offers 新增, 编辑 and 停用 to whoever holds the codes, and 新增 opens the add page', async () => {
    renderAt(LIST, [menu(LIST, ['add', 'edit', 'delete']), menu(ADD, ['add'])]);
    await screen.findByRole('row', { name: /华东建材有限公司/ });
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '停用' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    await screen.findByRole('heading', { name: '新增供应商' });
  });

  it('shows the credit-code message as typed on the add page and saves nothing until it is right', async () => {
    const { organizations, notifier } = renderAt(ADD, [menu(LIST, ['add']), menu(ADD, ['add'])]);
    const code = await screen.findByRole('textbox', { name: '统一社会信用代码' });
    fireEvent.change(code, { target: { value: '91440300708461136U' } });
    await screen.findByText('请输入正确的统一社会信用代码');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(notifier.warning).toHaveBeenCalledWith('请完善表格输入');
    expect(organizations.create).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '91440300708461136t' } });
    await waitFor(() => expect(screen.queryByText('请输入正确的统一社会信用代码')).toBeNull());
  });

  it('hides 保存 on the add page from a user whose add page grants no add', async () => {
    renderAt(ADD, [menu(LIST, []), menu(ADD, [])]);
    await screen.findByRole('heading', { name: '新增供应商' });
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('asks before 返回 leaves a changed add page; 留在此页 keeps the typing, 离开 goes to the list', async () => {
    const { router, tags } = renderAt(ADD, [menu(LIST, ['add']), menu(ADD, ['add'])]);
    const name = await screen.findByRole('textbox', { name: '企业名称' });
    fireEvent.change(name, { target: { value: '上海测试建材有限公司' } });
    await waitFor(() => expect(tags.send).toHaveBeenCalledWith({ type: 'SET_DIRTY', path: ADD, dirty: true }));
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    // Opened by a click, the question is aria-hidden in happy-dom until focus moves (see use-confirm.test).
    const stay = await screen.findByRole('button', { name: '留在此页', hidden: true });
    expect(screen.getByText('页面中有尚未保存的修改，离开后将丢失。')).toBeTruthy();
    fireEvent.click(stay);
    await waitFor(() => expect(screen.queryByText('页面中有尚未保存的修改，离开后将丢失。')).toBeNull());
    expect(router.state.location.pathname).toBe(ADD);
    expect((screen.getByRole('textbox', { name: '企业名称' }) as HTMLInputElement).value).toBe('上海测试建材有限公司');
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    fireEvent.click(await screen.findByRole('button', { name: '离开', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
  });
});

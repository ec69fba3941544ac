// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { OrganizationGateway } from '../../../application/ports/organization-gateway.port';
import type { ServerMenuItem } from '../../../domain/menu/menu';
import type { Organization } from '../../../domain/organization/organization';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { AddSupplierScreen, SupplierManagementScreen } from './supplier-management-screen';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const LIST = '/basicDataManagement/supplierManagement';
const ADD = '/addSupplier';

const SUPPLIER: Organization = {
  keyId: 's1', orgType: 'SUPPLIER', parentId: 'g', parentName: '远景控股集团', enterpriseName: '华东建材有限公司', creditCode: '91440300708461136T',
  contactName: '王建国', contactMobile: '13912345678', email: '', address: '', status: 'ENABLED', gysId: 'GYS202400001', appIds: ['app1', 'app2'], version: 1,
  createTime: '2026-01-01T00:00:00Z',
};

function menu(path: string, codes: string[]): ServerMenuItem {
  return {
    menuId: path.toLowerCase(), menuName: path, component: '', path, params: '', query: '', parentKid: '0', icon: '', menuCode: path, hidden: false,
    sortNo: 0, opAuthorityDTOList: codes.map((operationCode) => ({ operationCode })),
  } as ServerMenuItem;
}

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
    byType: vi.fn(async (t) => (t === 'GROUP' ? [{ keyId: 'g', enterpriseName: '远景控股集团', orgType: 'GROUP' as const, parentId: '0' }] : [])),
  };
}

function renderAt(path: string, menus: ServerMenuItem[], organizations = gateway()) {
  const session = createActor(setup({}).createMachine({
    context: {
      menus, session: { token: 't', tenantId: 'T1', sysId: 'app1' },
      tenants: [{ tenantId: 'T1', tenantName: '远景', appLists: [{ appId: 'app1', appCode: 'wsf_app', appName: '供应链金融', website: '/' }, { appId: 'app2', appCode: 'wsf_portal', appName: '供应商门户', website: '' }] }],
    },
  })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ session, organizations, notifier } as unknown as Services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={LIST} element={<SupplierManagementScreen />} />
          <Route path={ADD} element={<AddSupplierScreen />} />
        </Routes>
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { organizations, notifier };
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
});

// @vitest-environment happy-dom
// 新增融资需求 as a supplier user: the gateway offers only the user's own company, so the dialog fills 供应商 with it
// and shows it fixed (the gateway refuses another supplier's id); staff with several suppliers choose one. The
// demand names its 拟融资付款单 by number.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { ResourceGateway, ResourceOption } from '../../../application/ports/resource-gateway.port';
import { FINANCING_DEMAND } from '../../../domain/financing/financing-demand';
import type { ServerMenuItem } from '../../../domain/menu/menu';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { ResourceScreen } from '../resource/resource-screen';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 60_000 });
afterEach(cleanup);

const clock = { now: () => new Date() };
const OWN = { keyId: 's1', name: '华东建材有限公司' };

function renderDemands(suppliers: ResourceOption[]) {
  const resources = {
    page: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 10 })),
    get: vi.fn(),
    create: vi.fn(async (_def, form) => ({ keyId: 'd1', status: 'NEW', version: 1, ...form })),
    update: vi.fn(),
    remove: vi.fn(),
    transition: vi.fn(),
    exportList: vi.fn(),
    options: vi.fn(async (_def, key: string) => (key === 'supplierId' ? suppliers : [])),
    history: vi.fn(async () => []),
  } satisfies ResourceGateway;
  const menus = [
    {
      menuId: 'demand',
      menuName: '融资需求管理',
      component: '',
      path: FINANCING_DEMAND.menuPath,
      params: '',
      query: '',
      parentKid: '0',
      icon: '',
      menuCode: 'demand',
      hidden: false,
      sortNo: 0,
      opAuthorityDTOList: [{ operationCode: 'add' }],
    } as ServerMenuItem,
  ];
  const session = createActor(setup({}).createMachine({ context: { menus } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ session, resources, notifier, clock } as unknown as Services}>
      <MemoryRouter>
        <ResourceScreen def={FINANCING_DEMAND} />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { resources };
}

const supplierSelect = (dialog: HTMLElement) => within(dialog).getAllByRole('combobox')[0] as HTMLSelectElement;

describe('新增融资需求', () => {
  it("fills a supplier user's own company and fixes it, also when the dialog opens again", async () => {
    const { resources } = renderDemands([OWN]);
    await userEvent.click(await screen.findByRole('button', { name: '新增需求' }));
    const dialog = await screen.findByRole('dialog', { name: '新增融资需求' });
    await vi.waitFor(() => expect(supplierSelect(dialog).value).toBe('s1'));
    expect(supplierSelect(dialog).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/期望金额/), '3000000');
    await userEvent.type(within(dialog).getByLabelText(/期限/), '180');
    await userEvent.type(within(dialog).getByLabelText(/融资用途/), '支付钢材采购款');
    await userEvent.type(within(dialog).getByLabelText(/拟融资付款单/), 'FKHD20270001,FKHD20270002');
    await userEvent.type(within(dialog).getByLabelText(/联系人/), '王建国');
    await userEvent.type(within(dialog).getByLabelText(/联系电话/), '13800000003');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await vi.waitFor(() => expect(resources.create).toHaveBeenCalled());
    expect(resources.create).toHaveBeenCalledWith(
      FINANCING_DEMAND,
      expect.objectContaining({
        supplierId: 's1',
        expectedAmount: 3_000_000_00,
        paymentOrderNos: 'FKHD20270001,FKHD20270002',
      }),
    );
    // Opened again (the choices are already loaded): still filled and fixed.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    // (happy-dom leaves the closed dialog's aria-hidden on the page root, hence `hidden`.)
    await userEvent.click(await screen.findByRole('button', { name: '新增需求', hidden: true }));
    const again = await screen.findByRole('dialog', { name: '新增融资需求' });
    expect(supplierSelect(again).value).toBe('s1');
    expect(supplierSelect(again).disabled).toBe(true);
  });

  it('lets staff choose among several suppliers', async () => {
    renderDemands([OWN, { keyId: 's2', name: '江苏恒固钢结构工程有限公司' }]);
    await userEvent.click(await screen.findByRole('button', { name: '新增需求' }));
    const dialog = await screen.findByRole('dialog', { name: '新增融资需求' });
    await vi.waitFor(() => expect(supplierSelect(dialog).options.length).toBe(3));
    expect(supplierSelect(dialog).value).toBe('');
    expect(supplierSelect(dialog).disabled).toBe(false);
  });
});

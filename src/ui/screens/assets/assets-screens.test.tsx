// @vitest-environment happy-dom
// The assets screens: 付款单信息 on the generic screen with its footer of sums, 确权's own fields, the reference
// selects of its form and 导入 behind its code; and the hand-written 付款单详情 page.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { AssetsGateway } from '../../../application/ports/assets-gateway.port';
import type { ResourceGateway } from '../../../application/ports/resource-gateway.port';
import {
  PAYMENT_ORDER,
  PAYMENT_ORDER_DETAILS_PATH,
  PAYMENT_ORDER_PATH,
} from '../../../domain/assets/payment-order.resource';
import type { ResourceRecord } from '../../../domain/resource/resource';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { PaymentOrderDetailsScreen } from './payment-order-details-screen';
import { PaymentOrderScreen } from './payment-order-screen';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const clock = { now: () => new Date() };
const ORDER = {
  keyId: 'p1',
  status: 'CONFIRMING',
  version: 2,
  orderNo: 'FKSZ20260001',
  projectId: 'pr1',
  projectName: '苏州远景·湖畔花园一期',
  projectCompanyId: 'o4',
  projectCompanyName: '苏州远景置业有限公司',
  supplierId: 'o11',
  supplierName: '华东建材有限公司',
  contractNo: 'HT-1',
  contractType: 'ENGINEERING',
  receivableAmount: 100_000_000,
  paidAmount: 20_000_000,
  dueDate: '2026-12-31',
  confirmEvidence: null,
  confirmedAmount: null,
  confirmedAt: null,
  confirmComment: null,
  reservedAmount: 0,
  financedAmount: 0,
  eligibleAmount: 0,
  financingStatus: 'NONE',
  locked: 'NO',
} as ResourceRecord;

function render(ui: React.ReactNode, codes: string[], path = PAYMENT_ORDER_PATH) {
  const resources = {
    page: vi.fn(async () => ({
      records: [ORDER],
      total: 1,
      current: 1,
      size: 10,
      sums: { receivableAmount: 100_000_000, paidAmount: 20_000_000, eligibleAmount: 12_345 },
    })),
    get: vi.fn(async () => ORDER),
    create: vi.fn(async () => ORDER),
    update: vi.fn(),
    remove: vi.fn(),
    transition: vi.fn(async () => ({ ...ORDER, status: 'CONFIRMED' })),
    exportList: vi.fn(async () => 'x.xlsx'),
    options: vi.fn(async (_def, key: string) =>
      key === 'projectId'
        ? [{ keyId: 'pr1', name: '苏州远景·湖畔花园一期' }]
        : [{ keyId: 'o11', name: '华东建材有限公司' }],
    ),
    history: vi.fn(async () => []),
  } satisfies ResourceGateway;
  const assets = {
    orderDetails: vi.fn(async () => ({
      invoices: [{ no: '320026000001', amount: 50_000_000, date: '2026-03-01' }],
      changes: [
        {
          keyId: 'c1',
          changeNo: 'BG202603010001',
          changeType: 'AMOUNT',
          summary: '应收金额下调',
          status: 'PENDING',
          changedAt: '2026-03-01T02:00:00Z',
        },
      ],
      financings: [],
    })),
    changeDiffs: vi.fn(),
    downloadOrderTemplate: vi.fn(async () => '付款单导入模板.xlsx'),
    importOrders: vi.fn(),
    payBookPage: vi.fn(),
    loanAmountSum: vi.fn(),
  } satisfies AssetsGateway;
  const menus = [menu(PAYMENT_ORDER_PATH, codes), menu(PAYMENT_ORDER_DETAILS_PATH, [])];
  const session = createActor(setup({}).createMachine({ context: { menus } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <MemoryRouter initialEntries={[path]}>
      <ServicesContext.Provider value={{ session, resources, assets, notifier, clock } as unknown as Services}>
        {ui}
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { resources, assets, notifier };
}

describe('付款单信息', () => {
  it('shows the footer sums of the filter in 元, and 导入 only with its code', async () => {
    render(<PaymentOrderScreen />, []);
    await screen.findByRole('row', { name: /FKSZ20260001/ });
    const sums = screen.getByLabelText('合计');
    expect(sums.textContent).toContain('应收金额：1,000,000.00 元');
    expect(sums.textContent).toContain('已付金额：200,000.00 元');
    expect(sums.textContent).toContain('可融资：123.45 元');
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.queryByRole('button', { name: '确权' })).toBeNull();
    cleanup();
    render(<PaymentOrderScreen />, ['import']);
    expect(await screen.findByRole('button', { name: '导入' })).toBeTruthy();
  });

  it('asks 确权 for its evidence and amount, refuses more than 应收 − 已付, then sends them in 分', async () => {
    const user = userEvent.setup();
    const { resources } = render(<PaymentOrderScreen />, ['examine']);
    await screen.findByRole('row', { name: /FKSZ20260001/ });
    await user.click(screen.getByRole('button', { name: '确权' }));
    const dialog = await screen.findByRole('dialog', { name: '确权付款单' });
    await user.type(within(dialog).getByLabelText('确权金额'), '800000.01');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('确权金额不能大于应收金额减已付金额（800,000.00元）')).toBeTruthy();
    expect(resources.transition).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('确权金额'));
    await user.type(within(dialog).getByLabelText('确权金额'), '800000');
    await user.selectOptions(within(dialog).getByLabelText('确权凭证'), 'COMMERCIAL_BILL');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() =>
      expect(resources.transition).toHaveBeenCalledWith(PAYMENT_ORDER, 'p1', 'confirm', 2, '', {
        confirmEvidence: 'COMMERCIAL_BILL',
        confirmedAmount: 80_000_000,
      }),
    );
  });

  it('picks the project and the supplier from the tenant’s rows in the form', async () => {
    const user = userEvent.setup();
    const { resources } = render(<PaymentOrderScreen />, ['add']);
    await user.click(await screen.findByRole('button', { name: '新增付款单' }));
    const dialog = await screen.findByRole('dialog', { name: '新增付款单' });
    const project = within(dialog).getByLabelText('项目') as HTMLSelectElement;
    await vi.waitFor(() => expect(project.options.length).toBe(2));
    expect(resources.options).toHaveBeenCalledWith(PAYMENT_ORDER, 'projectId');
    expect(project.options[1]!.textContent).toBe('苏州远景·湖畔花园一期');
  });
});

describe('付款单详情', () => {
  it('shows the order, its invoices, its changes and an empty financing history', async () => {
    const { resources, assets } = render(<PaymentOrderDetailsScreen />, [], `${PAYMENT_ORDER_DETAILS_PATH}?id=p1`);
    const invoices = await screen.findByRole('region', { name: '发票' });
    expect(resources.get).toHaveBeenCalledWith(PAYMENT_ORDER, 'p1');
    expect(assets.orderDetails).toHaveBeenCalledWith('p1');
    expect(invoices.textContent).toContain('320026000001');
    expect(invoices.textContent).toContain('500,000.00');
    expect(screen.getByRole('region', { name: '资产变更' }).textContent).toContain('应收金额下调');
    expect(screen.getByRole('region', { name: '融资记录' }).textContent).toContain('暂无融资记录');
    expect(screen.getByRole('region', { name: '付款单信息' }).textContent).toContain('苏州远景置业有限公司');
  });
});

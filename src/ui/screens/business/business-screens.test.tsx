// @vitest-environment happy-dom
// 融资业务管理 and 业务详情: the list offers per row exactly the page's actions the gateway listed (and 导出
// behind its code), sends amounts in 分 with the tab, and 终止 asks for its reason before it sends the version
// read; the detail shows the amounts, where the stage bar stands, the review levels and the whole timeline.
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { BusinessGateway } from '../../../application/ports/business-gateway.port';
import type { BusinessDetail, BusinessEventView, BusinessListItem } from '../../../domain/financing/business-list';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { BusinessDetailScreen } from './business-detail-screen';
import { BUSINESS_DETAIL_PATH, BUSINESS_MANAGE_PATH, BusinessManageScreen } from './business-manage-screen';
import { keptAlive } from '../kept-alive-test-support';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const ROW: BusinessListItem = {
  keyId: 'b1',
  businessNo: 'RZ202611200001',
  supplierId: 's1',
  supplierName: '江苏恒固钢结构工程有限公司',
  projectCompanyId: 'p1',
  projectCompanyName: '苏州远景置业有限公司',
  capitalSideName: '中国工商银行股份有限公司上海市分行',
  productName: null,
  applyAmount: 300_000_000,
  approvedAmount: null,
  stage: 'PRE_CREDIT',
  state: 'PRE_CREDIT/PENDING',
  stateLabel: '预授信·待审核',
  reviewLevel: 2,
  reviewLevels: 2,
  suspended: false,
  ownerId: 'u2',
  ownerName: '业务经办',
  updatedAt: '2026-11-20T02:00:00.000Z',
  version: 3,
  // 通过 belongs to the review page, not to this list.
  actions: ['approve', 'terminate'],
};

const DETAIL: BusinessDetail = {
  ...ROW,
  capitalSideId: 'c1',
  sections: {
    preCredit: {
      preCreditNo: 'YS202611200001',
      applyAmount: 120_000_000,
      approvedAmount: null,
      validDays: 90,
      validFrom: null,
      validTo: null,
      orders: [
        {
          orderNo: 'FK-2026-0001',
          projectCompanyName: '苏州远景置业有限公司',
          dueDate: '2027-03-31',
          eligibleAmount: 150_000_000,
          ratio: '0.8000',
        },
      ],
    },
  },
  review: {
    type: 'PRE_CREDIT',
    typeLabel: '预授信审核',
    level: 2,
    levels: [
      { level: 1, approveMethod: 'ANY', reviewerNames: ['周敏', '吴磊'] },
      { level: 2, approveMethod: 'ANY', reviewerNames: ['陈静', '孙浩'] },
    ],
    opinions: [{ level: 1, actorId: 'u101', actorName: '周敏', result: 'APPROVE' }],
  },
  demandId: null,
  terminateReason: null,
  suspendReason: null,
  reconsiderCount: 0,
  reviewArrivedAt: '2026-11-20T02:00:00.000Z',
  createdAt: '2026-11-19T02:00:00.000Z',
};

const EVENTS: BusinessEventView[] = [
  {
    keyId: 'e1',
    stage: 'PRE_CREDIT',
    fromState: null,
    toState: 'PRE_CREDIT/DRAFT',
    fromLabel: null,
    toLabel: '预授信·草稿',
    action: 'create',
    actionLabel: '新建业务',
    level: null,
    actorId: 'u2',
    actorName: '业务经办',
    actorRole: '业务经办',
    comment: '',
    fileIds: [],
    at: '2026-11-19T02:00:00.000Z',
  },
  {
    keyId: 'e3',
    stage: 'PRE_CREDIT',
    fromState: 'PRE_CREDIT/PENDING',
    toState: 'PRE_CREDIT/PENDING',
    fromLabel: '预授信·待审核',
    toLabel: '预授信·待审核',
    action: 'approve',
    actionLabel: '通过',
    level: 1,
    actorId: 'u101',
    actorName: '周敏',
    actorRole: '业务复核',
    comment: '付款单真实，额度合理',
    fileIds: [],
    at: '2026-11-20T02:00:00.000Z',
  },
];

function render(ui: React.ReactNode, codes: string[], path = BUSINESS_MANAGE_PATH) {
  const business = {
    page: vi.fn(async () => ({ records: [ROW], total: 1, current: 1, size: 10 })),
    exportList: vi.fn(async () => '融资业务.xlsx'),
    suppliers: vi.fn(async () => [{ keyId: 's1', name: '江苏恒固钢结构工程有限公司' }]),
    detail: vi.fn(async () => DETAIL),
    events: vi.fn(async () => EVENTS),
    attachments: vi.fn(async () => []),
    downloadAttachments: vi.fn(async () => ''),
    transition: vi.fn(async () => ({ ...DETAIL, state: 'TERMINATED/CANCELLED' as const, actions: [] })),
  } satisfies BusinessGateway;
  const menus = [menu(BUSINESS_MANAGE_PATH, codes), menu(BUSINESS_DETAIL_PATH, [])];
  const session = createActor(setup({}).createMachine({ context: { menus } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <MemoryRouter initialEntries={[path]}>
      <ServicesContext.Provider value={{ session, business, notifier } as unknown as Services}>
        {ui}
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { business, notifier };
}

describe('融资业务管理', () => {
  it("offers the page's own actions the gateway listed, and 导出 only with its code", async () => {
    render(<BusinessManageScreen />, []);
    const row = await screen.findByRole('row', { name: /RZ202611200001/ });
    expect(within(row).getByRole('button', { name: '详情' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '终止' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '通过' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '暂停' })).toBeNull();
    expect(row.textContent).toContain('3,000,000.00');
    expect(row.textContent).toContain('第2/2级');
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    cleanup();
    render(<BusinessManageScreen />, ['export']);
    expect(await screen.findByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('searches in 分 within the tab, and a tab change keeps the other filters', async () => {
    const user = userEvent.setup();
    const { business } = render(<BusinessManageScreen />, []);
    await screen.findByRole('row', { name: /RZ202611200001/ });
    expect(business.page).toHaveBeenLastCalledWith(expect.objectContaining({ tab: 'ACTIVE' }), expect.anything());
    await user.type(screen.getByLabelText('申请金额起（元）'), '1000000.5');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await vi.waitFor(() =>
      expect(business.page).toHaveBeenLastCalledWith(
        expect.objectContaining({ tab: 'ACTIVE', amountFrom: '100000050' }),
        expect.anything(),
      ),
    );
    await user.click(screen.getByRole('tab', { name: '已终止' }));
    await vi.waitFor(() =>
      expect(business.page).toHaveBeenLastCalledWith(
        expect.objectContaining({ tab: 'TERMINATED', amountFrom: '100000050' }),
        expect.anything(),
      ),
    );
  });

  it('asks for its supplier options once: showing its kept-alive page again sends no request', async () => {
    const page = keptAlive(<BusinessManageScreen />);
    const { business } = render(page.element, []);
    expect(await screen.findByRole('option', { name: '江苏恒固钢结构工程有限公司' })).toBeTruthy();
    for (let i = 0; i < 3; i += 1) {
      act(() => page.show(false));
      act(() => page.show(true));
    }
    await screen.findByRole('row', { name: /RZ202611200001/ });
    expect(business.suppliers).toHaveBeenCalledTimes(1);
    expect(business.page).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('option', { name: '江苏恒固钢结构工程有限公司' })).toBeTruthy();
  });

  it('asks 终止 for its reason, then sends it with the version read', async () => {
    const user = userEvent.setup();
    const { business } = render(<BusinessManageScreen />, []);
    const row = await screen.findByRole('row', { name: /RZ202611200001/ });
    await user.click(within(row).getByRole('button', { name: '终止' }));
    const dialog = await screen.findByRole('dialog', { name: '终止业务' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入终止原因')).toBeTruthy();
    expect(business.transition).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('终止原因'), '供应商放弃');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(business.transition).toHaveBeenCalledWith('b1', 'terminate', 3, '供应商放弃'));
  });
});

describe('业务详情', () => {
  it('shows the amounts, the stage bar, the review levels and every event of the timeline', async () => {
    const user = userEvent.setup();
    const { business } = render(<BusinessDetailScreen />, [], `${BUSINESS_DETAIL_PATH}?id=b1`);
    const summary = await screen.findByRole('region', { name: '业务概要' });
    expect(business.detail).toHaveBeenCalledWith('b1');
    expect(summary.textContent).toContain('3,000,000.00');
    const current = within(screen.getByRole('list', { name: '业务阶段' }))
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toBe('预授信');
    const progress = screen.getByRole('region', { name: '审核进度' });
    expect(progress.textContent).toContain('第2级 · 或签 · 陈静、孙浩');
    expect(progress.textContent).toContain('周敏已通过');
    // 通过 is the review page's: the detail links there instead of acting.
    expect(screen.getByRole('button', { name: '去审核' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '终止' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /时间线/ }));
    const timeline = screen.getByRole('list', { name: '时间线' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]!.textContent).toContain('周敏（业务复核）');
    expect(items[1]!.textContent).toContain('第1级');
    expect(items[1]!.textContent).toContain('预授信·待审核 → 预授信·待审核');
    expect(items[1]!.textContent).toContain('付款单真实，额度合理');
  });

  it('shows the pre-credit of the business on its own tab, and no tab for a stage not reached', async () => {
    const user = userEvent.setup();
    render(<BusinessDetailScreen />, [], `${BUSINESS_DETAIL_PATH}?id=b1`);
    await screen.findByRole('region', { name: '业务概要' });
    expect(screen.queryByRole('tab', { name: '融资申请' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: '预授信' }));
    // The tab is declared beside its stage and loads on first opening.
    const facts = await screen.findByLabelText('预授信', {}, { timeout: 15_000 });
    expect(facts.textContent).toContain('YS202611200001');
    expect(facts.textContent).toContain('1,200,000.00');
    const orders = screen.getByRole('table', { name: '依据付款单' });
    expect(orders.textContent).toContain('FK-2026-0001');
    expect(orders.textContent).toContain('1,500,000.00');
  });
});

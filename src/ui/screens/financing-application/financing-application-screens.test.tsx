// @vitest-environment happy-dom
// 准入资料制作's live figures: choosing an order fills its line at the cap (eligible × the binding ratio), an
// amount over the cap is refused on the spot with the cap in words, the totals follow what is typed, and 保存
// sends the lines in 分 with the version read. A business without an application opens blank and writes
// nothing until 保存, which creates it; a returned one shows why at the top.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Activity } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { BusinessEventView } from '../../../domain/financing/business-list';
import { ACCESS_DOC_TYPES, FinancingApplicationMessage } from '../../../domain/financing/financing-application-rules';
import { CapitalChoiceMessage } from '../../../domain/financing/capital-choice';
import { LifecycleMessage } from '../../../domain/financing/lifecycle';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { AccessDocumentsMakeScreen } from './access-documents-make-screen';
import type { FinancingApplicationDetail } from './financing-application-make';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const ORDER = {
  keyId: 'o1',
  orderNo: 'FKHD20270001',
  contractNo: 'HT-1',
  projectCompanyName: '苏州远景置业有限公司',
  dueDate: '2027-03-10',
  receivableAmount: 100_000_00,
  confirmedAmount: 100_000_00,
  eligibleAmount: 100_000_00,
  maxFinanceAmount: 80_000_00,
  confirmStatus: 'CONFIRMED',
  locked: false,
};

const DETAIL: FinancingApplicationDetail = {
  keyId: 'b1',
  applicationNo: 'SQ202611220001',
  businessId: 'b1',
  businessNo: 'RZ202611220001',
  supplierId: 's1',
  supplierName: '华东建材有限公司',
  status: 'DRAFT',
  state: 'APPLICATION/DRAFT',
  stateLabel: '融资申请·草稿',
  version: 3,
  capitalSideId: null,
  capitalSideName: null,
  productId: null,
  productName: null,
  capitalSides: [
    { keyId: 'icbc', name: '工商银行上海分行', consented: true },
    { keyId: 'cmb', name: '招商银行杭州分行', consented: false },
  ],
  products: [
    {
      keyId: 'p1',
      name: '工行e信通',
      capitalSideId: 'icbc',
      termMinDays: 30,
      termMaxDays: 180,
      minRate: '0.0380',
      maxRate: '0.0550',
    },
    {
      keyId: 'p2',
      name: '招行保理',
      capitalSideId: 'cmb',
      termMinDays: 30,
      termMaxDays: 360,
      minRate: '0.0400',
      maxRate: '0.0600',
    },
  ],
  warnings: [],
  termDays: null,
  repaymentSource: null,
  payeeBank: null,
  payeeAccount: null,
  totalAmount: 0,
  lines: [],
  orders: [],
  docs: ACCESS_DOC_TYPES.map((t) => ({
    docType: t.code,
    label: t.label,
    required: t.required,
    files: [],
    validTo: null,
  })),
  ratio: '0.8000',
  singleMax: null,
  maxTermDays: null,
  preCreditAvailable: 50_000_00,
  problems: ['请至少选择一张付款单'],
  today: '2026-11-22',
  actions: ['submit'],
};

const RETURNED: BusinessEventView = {
  keyId: 'e1',
  stage: 'APPLICATION',
  fromState: 'APPLICATION/PENDING',
  toState: 'APPLICATION/RETURNED',
  fromLabel: '融资申请·待审核',
  toLabel: '融资申请·已退回',
  action: 'return',
  actionLabel: '退回',
  level: 1,
  actorId: 'u9',
  actorName: '周敏',
  actorRole: '业务复核',
  comment: '发票与合同金额不一致，请核对',
  fileIds: [],
  at: '2026-11-22T02:00:00Z',
};

function render(
  missing = false,
  detail: FinancingApplicationDetail = DETAIL,
  candidateWarnings: string[] = [],
  entry = '/business/accessDocumentsMake?id=b1',
) {
  let made = !missing;
  const start = { ...detail, applicationNo: '', problems: [], actions: [] };
  const stages = {
    custom: vi.fn(async (_def: unknown, _method: string, path: string) => {
      if (path === '/candidates') {
        return made
          ? []
          : [
              {
                keyId: 'b1',
                businessNo: 'RZ202611220001',
                supplierName: '华东建材有限公司',
                applyAmount: 1,
                version: 1,
                warnings: candidateWarnings,
              },
            ];
      }
      if (path === '/b1/start') return start;
      if (path === '/b1/orders') return { records: [ORDER], ratio: '0.8000' };
      throw new Error(`unexpected ${path}`);
    }),
    create: vi.fn(async () => {
      made = true;
      return detail;
    }),
    detail: vi.fn(async () => {
      if (!made) throw new Error('not found');
      return detail;
    }),
    save: vi.fn(async () => detail),
    transition: vi.fn(async () => {}),
    events: vi.fn(async () => (detail.status === 'RETURNED' ? [RETURNED] : [])),
  };
  const menus = [
    menu('/business/financingApplicationManagement', ['add']),
    menu('/business/accessDocumentsMake', ['edit', 'submit']),
  ];
  const session = createActor(setup({}).createMachine({ context: { menus, user: { userId: 'u1' } } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const files = { upload: vi.fn(), remove: vi.fn(), download: vi.fn() };
  const store = { removeFlag: vi.fn(), getFlag: vi.fn(() => null), setFlag: vi.fn() };
  // The page as a kept-alive tag holds it: hidden and shown again without being made anew.
  const page = (shown: boolean) => (
    <MemoryRouter initialEntries={[entry]}>
      <ServicesContext.Provider value={{ session, stages, notifier, files, store } as unknown as Services}>
        <Activity mode={shown ? 'visible' : 'hidden'}>
          <Routes>
            <Route path="*" element={<AccessDocumentsMakeScreen />} />
          </Routes>
        </Activity>
      </ServicesContext.Provider>
    </MemoryRouter>
  );
  const { rerender } = renderInFluent(page(true));
  const show = (shown: boolean) =>
    act(async () => rerender(<FluentProvider theme={webLightTheme}>{page(shown)}</FluentProvider>));
  return { stages, show };
}

describe('准入资料制作', () => {
  it('computes each line against its cap live and saves the lines in 分', async () => {
    const { stages } = render();
    await screen.findByRole('heading', { name: '准入资料制作 SQ202611220001' });
    expect(screen.getByRole('status', { name: '提交校验' }).textContent).toContain('请至少选择一张付款单');
    const table = screen.getByRole('table', { name: '付款单' });
    await userEvent.click(within(table).getByRole('checkbox', { name: '选择付款单FKHD20270001' }));
    const amount = within(table).getByLabelText('融资金额 FKHD20270001') as HTMLInputElement;
    expect(amount.value).toBe('80000.00');
    const totals = screen.getByRole('status', { name: '合计' });
    expect(totals.textContent).toContain('申请总额 80,000.00 元');
    // Over the approved pre-credit (50,000.00), and then over the line's cap.
    expect(totals.textContent).toContain('申请总额超过预授信可用额度');
    await userEvent.clear(amount);
    await userEvent.type(amount, '80000.01');
    expect(within(table).getByText('不得超过可融资余额×80%：80,000.00元')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '40000.5');
    expect(totals.textContent).toContain('申请总额 40,000.50 元');
    expect(totals.textContent).not.toContain('超过');

    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(stages.save).toHaveBeenCalled());
    expect(stages.save).toHaveBeenCalledWith(
      expect.objectContaining({ stage: 'APPLICATION' }),
      'b1',
      expect.objectContaining({ lines: [{ orderId: 'o1', financeAmount: 40_000_50 }], termDays: null }),
      3,
    );
  });

  it('opens a business without an application blank, writes nothing, and makes it on the first 保存', async () => {
    const { stages } = render(true);
    await screen.findByRole('heading', { name: /^准入资料制作/ });
    expect(screen.getByRole('region', { name: '申请信息' }).textContent).toContain('未保存');
    expect(stages.create).not.toHaveBeenCalled();
    expect(stages.save).not.toHaveBeenCalled();
    const table = screen.getByRole('table', { name: '付款单' });
    await userEvent.click(within(table).getByRole('checkbox', { name: '选择付款单FKHD20270001' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(stages.create).toHaveBeenCalledTimes(1));
    expect(stages.create).toHaveBeenCalledWith(
      expect.objectContaining({ stage: 'APPLICATION' }),
      expect.objectContaining({ businessId: 'b1', lines: [{ orderId: 'o1', financeAmount: 80_000_00 }] }),
    );
    await screen.findByRole('heading', { name: '准入资料制作 SQ202611220001' });
  });

  it('chooses 资金方 and 资金产品, warning of a side without consent before anything else is typed', async () => {
    const { stages } = render();
    await screen.findByRole('heading', { name: '准入资料制作 SQ202611220001' });
    const choice = screen.getByRole('region', { name: '资金方与产品' });
    const side = within(choice).getByRole('combobox', { name: '资金方' }) as HTMLSelectElement;
    const product = within(choice).getByRole('combobox', { name: '资金产品' }) as HTMLSelectElement;
    // Each side says whether the supplier consented for it; no product before a side.
    expect([...side.options].map((o) => o.textContent)).toEqual([
      '请选择资金方',
      '工商银行上海分行',
      '招商银行杭州分行（未授权数据查询）',
    ]);
    expect(product.disabled).toBe(true);
    await userEvent.selectOptions(side, 'cmb');
    expect(screen.getByText(CapitalChoiceMessage.noConsentFor('招商银行杭州分行'))).toBeTruthy();
    // Only the chosen side's products; the product's term range becomes the term's hint.
    await userEvent.selectOptions(side, 'icbc');
    expect(screen.queryByText(CapitalChoiceMessage.noConsentFor('招商银行杭州分行'))).toBeNull();
    expect([...product.options].map((o) => o.textContent)).toEqual(['请选择资金产品', '工行e信通']);
    await userEvent.selectOptions(product, 'p1');
    expect(screen.getByText('30至180天（资金产品）')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(stages.save).toHaveBeenCalled());
    expect(stages.save).toHaveBeenCalledWith(
      expect.objectContaining({ stage: 'APPLICATION' }),
      'b1',
      expect.objectContaining({ capitalSideId: 'icbc', productId: 'p1' }),
      3,
    );
  });

  it('keeps the 提交 checklist in step with the form before anything is saved', async () => {
    const { stages } = render();
    await screen.findByRole('heading', { name: '准入资料制作 SQ202611220001' });
    const checklist = () => screen.getByRole('status', { name: '提交校验' }).textContent ?? '';
    expect(checklist()).toContain('请至少选择一张付款单');
    // On a phone the orders scroll sideways: the frame is reached by keyboard (axe: scrollable-region-focusable).
    expect(screen.getByRole('group', { name: '付款单（可左右滚动）' }).tabIndex).toBe(0);
    const table = screen.getByRole('table', { name: '付款单' });
    await userEvent.click(within(table).getByRole('checkbox', { name: '选择付款单FKHD20270001' }));
    // The line is there now; what is still missing is listed, the capital side among it.
    expect(checklist()).not.toContain('请至少选择一张付款单');
    expect(checklist()).toContain(CapitalChoiceMessage.sideMissing);
    expect(checklist()).toContain('请填写融资期限');
    const choice = screen.getByRole('region', { name: '资金方与产品' });
    await userEvent.selectOptions(within(choice).getByRole('combobox', { name: '资金方' }), 'icbc');
    await userEvent.selectOptions(within(choice).getByRole('combobox', { name: '资金产品' }), 'p1');
    await userEvent.type(screen.getByLabelText(/融资期限/), '200');
    // 工行e信通 lends 30 to 180 days.
    expect(checklist()).not.toContain(CapitalChoiceMessage.sideMissing);
    expect(checklist()).toContain(FinancingApplicationMessage.term(180));
    expect(stages.save).not.toHaveBeenCalled();
  });

  it('warns of a locked supplier on the list it is picked from and at the top of the page', async () => {
    render(
      true,
      { ...DETAIL, warnings: [LifecycleMessage.locked] },
      [LifecycleMessage.locked],
      '/business/accessDocumentsMake',
    );
    const note = await screen.findByRole('note', { name: 'RZ202611220001的提示' });
    expect(note.textContent).toBe(LifecycleMessage.locked);
    await userEvent.click(screen.getByRole('button', { name: '制作融资申请' }));
    await screen.findByRole('heading', { name: /^准入资料制作/ });
    expect(screen.getByRole('region', { name: '申请信息' }).textContent).toContain(LifecycleMessage.locked);
  });

  it('reads the businesses to start from once, though its tag is hidden and shown again', async () => {
    const { stages, show } = render(true, DETAIL, [], '/business/accessDocumentsMake');
    await screen.findByRole('button', { name: '制作融资申请' });
    for (const shown of [false, true, false, true]) await show(shown);
    expect(screen.getByRole('button', { name: '制作融资申请' })).toBeTruthy();
    const reads = stages.custom.mock.calls.filter(([, , path]) => path === '/candidates');
    expect(reads).toHaveLength(1);
  });

  it('shows why a returned application came back, at the top', async () => {
    render(false, { ...DETAIL, status: 'RETURNED', state: 'APPLICATION/RETURNED', stateLabel: '融资申请·已退回' });
    const reason = await screen.findByLabelText('退回原因', {}, { timeout: 15_000 });
    expect(reason.textContent).toContain('发票与合同金额不一致，请核对');
    expect(reason.textContent).toContain('周敏');
  });
});

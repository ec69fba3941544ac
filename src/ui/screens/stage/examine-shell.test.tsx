// @vitest-environment happy-dom
// The stage kit's review queue reads itself again when its kept-alive page is shown again after a review action
// (back from the review page after 通过), so an item just reviewed is gone without pressing 查询 — and a mere tag
// switch reads nothing. The pre-credit review page shows its item and takes the last level's 批复额度.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import type { ExamineDetail } from '../../../application/ports/review-gateway.port';
import { keptAlive } from '../kept-alive-test-support';
import { GATHERED_EXAMINES } from './examine-sections';
import { StageExamineList, StageExaminePage } from './examine-shell';
import { reviewActed } from './review-generation';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

describe('examine shell', () => {
  it('reads the queue again when the kept-alive list is shown again after a review action', async () => {
    const session = createActor(setup({}).createMachine({ context: { menus: [], user: { userId: 'u1' } } })).start();
    const review = { examinePage: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 10 })) };
    const page = keptAlive(<StageExamineList />);
    renderInFluent(
      <MemoryRouter>
        <ServicesContext.Provider value={{ session, review } as unknown as Services}>
          {page.element}
        </ServicesContext.Provider>
      </MemoryRouter>,
    );
    await screen.findByText('暂无待审核事项');
    await vi.waitFor(() => expect(review.examinePage).toHaveBeenCalledTimes(1));
    // A tag switch alone reads nothing.
    await act(async () => page.show(false));
    await act(async () => page.show(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(review.examinePage).toHaveBeenCalledTimes(1);
    // Shown again after a review action: the queue is read again.
    await act(async () => page.show(false));
    reviewActed();
    await act(async () => page.show(true));
    await vi.waitFor(() => expect(review.examinePage).toHaveBeenCalledTimes(2));
  });
});

const level = (n: number) => ({
  level: n,
  approveMethod: 'SEQUENTIAL',
  approveMethodLabel: '依次审批',
  rejectHandlerLabel: '退回经办',
  reviewerNames: ['复核一'],
  approvedNames: [],
});

const preCreditAt = (current: number): ExamineDetail => ({
  businessId: 'b1',
  businessNo: 'YS202611260001',
  type: 'PRE_CREDIT',
  typeLabel: '预授信审核',
  supplierName: '华东建材',
  projectCompanyName: '',
  capitalSideName: '',
  productName: '',
  applyAmount: 1_500_000_00,
  approvedAmount: null,
  state: 'PRE_CREDIT/PENDING',
  stateLabel: '预授信·待审核',
  suspended: false,
  makerName: '供应商',
  arrivedAt: null,
  version: 4,
  review: { level: current, levels: [level(1), level(2)] },
  events: [],
  actions: ['approve', 'return'],
  preCredit: {
    preCreditNo: 'YSX001',
    applyAmount: 1_500_000_00,
    approvedAmount: null,
    validDays: 90,
    validFrom: '2026-11-26',
    validTo: '2027-02-23',
    orders: [
      {
        orderNo: 'FKHG20270101',
        projectCompanyName: '苏州远景置业有限公司',
        dueDate: '2027-09-12',
        eligibleAmount: 1_030_000_00,
        ratio: '0.7500',
      },
    ],
  },
});

/** The review page of `detail`, for its review type; `stages` adds to the stage port (a section's own reads). */
function renderPage(detail: ExamineDetail, stages: object = {}) {
  const transition = vi.fn(async (_id: string, _move: object) => {});
  const services = {
    review: { examineDetail: vi.fn(async () => detail) },
    stages: { transition, ...stages },
    notifier: { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn() },
    todoCount: { send: vi.fn() },
  };
  renderInFluent(
    <MemoryRouter>
      <ServicesContext.Provider value={services as unknown as Services}>
        <StageExaminePage id="b1" type={detail.type ?? ''} />
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return transition;
}

describe('pre-credit review page', () => {
  it('shows the item read-only and lets the last level set the 批复额度 sent with 通过', async () => {
    const transition = renderPage(preCreditAt(2));
    expect(await screen.findByText('FKHG20270101')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('2026-11-26 至 2027-02-23')).toBeTruthy();
    const amount = screen.getByLabelText(/批复额度（元）/) as HTMLInputElement;
    expect(amount.value).toBe('1500000.00');
    fireEvent.change(amount, { target: { value: '1200000.5' } });
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    await vi.waitFor(() =>
      expect(transition).toHaveBeenCalledWith(
        'b1',
        expect.objectContaining({ action: 'approve', version: 4, values: { approvedAmount: 1_200_000_50 } }),
      ),
    );
  });

  it('refuses an amount that is not one before anything is sent', async () => {
    const transition = renderPage(preCreditAt(2));
    const amount = (await screen.findByLabelText(/批复额度（元）/)) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '1e5' } });
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    expect(await screen.findByText('请输入大于0的批复额度（元，最多两位小数）')).toBeTruthy();
    expect(transition).not.toHaveBeenCalled();
  });

  it('asks no 批复额度 below the last level: 通过 carries none', async () => {
    const transition = renderPage(preCreditAt(1));
    await screen.findByText('FKHG20270101');
    expect(screen.queryByLabelText(/批复额度（元）/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    await vi.waitFor(() => expect(transition).toHaveBeenCalled());
    expect(transition.mock.calls[0]?.[1]).not.toHaveProperty('values');
  });
});

describe('the stage sections of the review page', () => {
  it('knows each reviewable stage with a section of its own once, by review type', () => {
    const types = Object.values(GATHERED_EXAMINES).map((e) => e.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toEqual(expect.arrayContaining(['APPLICATION', 'REPORT', 'DECISION']));
  });

  it('shows 业务审核 of a 融资申请 with the application under the business, as its own review page does', async () => {
    const application = {
      keyId: 'b1',
      applicationNo: 'SQ202611220001',
      supplierName: '华东建材有限公司',
      termDays: 90,
      repaymentSource: null,
      payeeBank: '工商银行',
      payeeAccount: '6222',
      totalAmount: 80_000_00,
      lines: [{ orderId: 'o1', financeAmount: 80_000_00 }],
      orders: [
        {
          keyId: 'o1',
          orderNo: 'FKHD20270001',
          dueDate: '2027-03-10',
          eligibleAmount: 100_000_00,
          maxFinanceAmount: 80_000_00,
        },
      ],
      docs: [{ docType: 'LICENSE', label: '营业执照', required: true, files: [], validTo: null }],
      ratio: '0.8000',
      preCreditAvailable: 50_000_00,
      problems: [],
      today: '2026-11-22',
    };
    const custom = vi.fn(async () => application);
    renderPage(
      {
        ...preCreditAt(1),
        type: 'APPLICATION',
        typeLabel: '融资申请审核',
        state: 'APPLICATION/PENDING',
        stateLabel: '融资申请·待审核',
        preCredit: null,
      },
      { custom },
    );
    const section = await screen.findByRole('region', { name: '融资申请' });
    expect(section.textContent).toContain('SQ202611220001');
    expect(screen.getByRole('region', { name: '准入资料' }).textContent).toContain('营业执照');
    expect(screen.getByRole('region', { name: '业务信息' })).toBeTruthy();
    // The reviewers' read of the application, as on 融资申请审核详情.
    expect(custom.mock.calls[0]?.slice(1, 3)).toEqual(['GET', '/b1/review']);
  });
});

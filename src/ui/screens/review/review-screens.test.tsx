// @vitest-environment happy-dom
// 业务审核's review page offers only the gateway's actions, checks the table's comment rule before sending,
// asks before 不通过, and after acting goes back to the list and asks the menu's count again; 审核类型配置
// shows checkAuditType's problems instead of sending, says that a change applies to new submissions only,
// and offers 编辑 only with its code.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { ExamineDetail, ReviewGateway } from '../../../application/ports/review-gateway.port';
import { defaultAuditType } from '../../../domain/financing/review';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { AuditTypeListScreen, NEW_SUBMISSIONS_ONLY } from './audit-type-list-screen';
import { ExamineScreen } from './examine-screen';
import { menu } from '../screen-test-support';

beforeAll(withoutWebAnimations);
// Dialogs and typing take a few seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const DETAIL: ExamineDetail = {
  businessId: 'b1',
  businessNo: 'RZ202611220001',
  type: 'PRE_CREDIT',
  typeLabel: '预授信审核',
  supplierName: '江苏恒固钢结构工程有限公司',
  projectCompanyName: '苏州远景置业有限公司',
  capitalSideName: '',
  productName: '',
  applyAmount: 300_000_000,
  approvedAmount: null,
  state: 'PRE_CREDIT/PENDING',
  stateLabel: '预授信·待审核',
  suspended: false,
  makerName: '业务经办',
  arrivedAt: '2026-11-20T02:00:00Z',
  version: 2,
  review: {
    level: 1,
    levels: [
      {
        level: 1,
        approveMethod: 'ANY',
        approveMethodLabel: '或签',
        rejectHandlerLabel: '终止流程',
        reviewerNames: ['周敏', '吴磊'],
        approvedNames: [],
      },
    ],
  },
  events: [],
  actions: ['approve', 'return', 'refuse'],
};

function render(ui: React.ReactNode, path: string, codes: Record<string, string[]> = {}, detail = DETAIL) {
  const review = {
    auditTypes: vi.fn(async () => [
      {
        ...defaultAuditType('PRE_CREDIT'),
        levels: [...defaultAuditType('PRE_CREDIT').levels],
        version: 1,
        updatedAt: '2026-11-20T02:00:00Z',
        updatedByName: '',
      },
    ]),
    auditTypeCandidates: vi.fn(async () => ({ roles: [{ code: 'BIZ_REVIEWER', name: '业务复核' }], users: [] })),
    saveAuditType: vi.fn(),
    examinePage: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 10 })),
    examineDetail: vi.fn(async () => detail),
    todoPage: vi.fn(),
    todoCount: vi.fn(),
    donePage: vi.fn(),
  } satisfies ReviewGateway;
  // The review page moves the business through the stage port's one verb.
  const stages = { transition: vi.fn(async () => {}) };
  const menus = Object.entries(codes).map(([p, c]) => menu(p, c));
  const session = createActor(setup({}).createMachine({ context: { menus, user: { userId: 'u1' } } })).start();
  const todoCount = { send: vi.fn() };
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <MemoryRouter initialEntries={[path]}>
      <ServicesContext.Provider value={{ session, review, stages, notifier, todoCount } as unknown as Services}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { review, stages, notifier, todoCount };
}

describe('业务审核 review page', () => {
  it('shows the business, its progress and only the offered buttons', async () => {
    render(
      <ExamineScreen />,
      '/business/examine?type=PRE_CREDIT&id=b1',
      {},
      { ...DETAIL, actions: ['approve', 'return'] },
    );
    await screen.findByRole('heading', { name: '预授信审核' });
    expect(screen.getByRole('region', { name: '业务信息' }).textContent).toContain('3,000,000.00 元');
    expect(screen.getByRole('region', { name: '审核进度' }).textContent).toContain('周敏、吴磊');
    const box = screen.getByRole('region', { name: '审核意见' });
    expect(within(box).getByRole('button', { name: '通过' })).toBeTruthy();
    expect(within(box).getByRole('button', { name: '退回' })).toBeTruthy();
    expect(within(box).queryByRole('button', { name: '不通过' })).toBeNull();
  });

  it('needs a comment to return, then posts it with the version read and refreshes the count', async () => {
    const { stages, notifier, todoCount } = render(<ExamineScreen />, '/business/examine?type=PRE_CREDIT&id=b1');
    const box = await screen.findByRole('region', { name: '审核意见' });
    await userEvent.click(within(box).getByRole('button', { name: '退回' }));
    expect(await within(box).findByText('请输入退回意见')).toBeTruthy();
    expect(stages.transition).not.toHaveBeenCalled();
    await userEvent.type(within(box).getByRole('textbox'), '请补充付款单发票');
    await userEvent.click(within(box).getByRole('button', { name: '退回' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('退回成功'), { timeout: 15_000 });
    expect(stages.transition).toHaveBeenCalledWith('b1', { action: 'return', version: 2, comment: '请补充付款单发票' });
    await vi.waitFor(() => expect(todoCount.send).toHaveBeenCalledWith({ type: 'REFRESH' }));
  });

  it('asks before 不通过, and sends nothing when the answer is 取消', async () => {
    const { stages } = render(<ExamineScreen />, '/business/examine?type=PRE_CREDIT&id=b1');
    const box = await screen.findByRole('region', { name: '审核意见' });
    await userEvent.type(within(box).getByRole('textbox'), '付款单不真实');
    await userEvent.click(within(box).getByRole('button', { name: '不通过' }));
    // On a busy machine Fluent's dialog is in the document a while before it is exposed to assistive
    // technology; what matters here is that it was asked, so it is found either way.
    const ask = await screen.findByRole('alertdialog', { hidden: true }, { timeout: 15_000 });
    expect(ask.textContent).toContain('不通过将终止业务 RZ202611220001');
    await userEvent.click(within(ask).getByRole('button', { name: '取消', hidden: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull(), { timeout: 15_000 });
    expect(stages.transition).not.toHaveBeenCalled();
    await userEvent.click(within(box).getByRole('button', { name: '不通过' }));
    expect(await screen.findByRole('alertdialog', { hidden: true }, { timeout: 15_000 })).toBeTruthy();
  });

  it('sends 不通过 once the user confirms it', async () => {
    const { stages } = render(<ExamineScreen />, '/business/examine?type=PRE_CREDIT&id=b1');
    const box = await screen.findByRole('region', { name: '审核意见' });
    await userEvent.type(within(box).getByRole('textbox'), '付款单不真实');
    await userEvent.click(within(box).getByRole('button', { name: '不通过' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { hidden: true }, { timeout: 15_000 })).getByRole('button', {
        name: '不通过',
        hidden: true,
      }),
    );
    await vi.waitFor(
      () =>
        expect(stages.transition).toHaveBeenCalledWith('b1', { action: 'refuse', version: 2, comment: '付款单不真实' }),
      { timeout: 15_000 },
    );
  });
});

describe('审核类型配置', () => {
  it('offers 编辑 with its code, and shows the problems of a level without reviewers instead of saving', async () => {
    const { review } = render(<AuditTypeListScreen />, '/business/auditTypeList', {
      '/business/auditTypeList': ['edit'],
    });
    expect(await screen.findByText(NEW_SUBMISSIONS_ONLY)).toBeTruthy();
    const row = await screen.findByRole('row', { name: /预授信审核/ });
    expect(row.textContent).toContain('1. 业务复核');
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '添加级次' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findAllByText('第3级未配置审核角色或人员')).length).toBeGreaterThan(0);
    expect(review.saveAuditType).not.toHaveBeenCalled();
    for (let i = 0; i < 2; i++) await userEvent.click(within(dialog).getByRole('button', { name: '添加级次' }));
    expect(within(dialog).getByRole('button', { name: '添加级次' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers no 编辑 without the code', async () => {
    render(<AuditTypeListScreen />, '/business/auditTypeList', { '/business/auditTypeList': [] });
    await screen.findByRole('row', { name: /预授信审核/ });
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });
});

// @vitest-environment happy-dom
// The duration screens by role and label: a report offers its 经办人's form only when the gateway lists 提交 among
// its actions, and sends the findings, class and conclusion typed; RISK_HEAD's 通过 / 退回 stand only when listed;
// 贷后报告统计 totals its rows.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { DurationReportScreen, LoanReportStatisticsScreen } from './duration-screens';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const FINDINGS = { payerCapacity: '', receivableStatus: '', collections: '', opinion: '' };
const detail = (actions: string[], status = 'DRAFT') => ({
  report: {
    ...{ keyId: 'r1', businessId: 'b1', reportNo: 'CX202612010001', kind: 'MONTHLY', kindLabel: '月度' },
    ...{ periodKey: '2026-12', periodLabel: '2026年12月 月度', dueDate: '2026-12-31', makerId: 'u1' },
    findings: status === 'DRAFT' ? FINDINGS : { ...FINDINGS, payerCapacity: '正常' },
    ...{ riskClass: null, riskClassLabel: null, conclusion: null, conclusionLabel: null, checkDate: null },
    ...{ reviewComment: null, status, statusLabel: status === 'DRAFT' ? '待制作' : '待审核', version: 2 },
  },
  ...{ businessNo: 'RZ202611290001', supplierName: '华东建材有限公司', stateLabel: '还款中·正常' },
  ...{ makerName: '业务经办', loanAmount: 800_000_00, loanDate: '2026-11-01', maturityDate: '2027-04-30' },
  actions,
});

const render = (stages: ReturnType<typeof stagesServing>, ui: ReactElement, path = '/') => {
  const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
  // Signed in with no menu: no 导出 is offered.
  const session = createActor(setup({}).createMachine({ context: { menus: [] } })).start();
  renderInFluent(
    <ServicesContext.Provider value={{ stages, notifier, session } as unknown as Services}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </ServicesContext.Provider>,
  );
  return notifier;
};
const REPORT = '/durationManage/durationExamineReport?id=r1';

describe('存续期检查报告', () => {
  it('lets its 经办人 fill in the check and submit it', async () => {
    const stages = stagesServing({
      'GET /r1': () => detail(['save', 'submit']),
      'POST /items/r1/transition': () => ({}),
    });
    const notifier = render(stages, <DurationReportScreen />, REPORT);
    const form = await screen.findByRole('region', { name: '制作存续期报告' });
    await userEvent.type(within(form).getByRole('textbox', { name: /项目公司付款能力/ }), '回款放缓');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /风险分类/ }), '次级');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /结论/ }), '退出');
    await userEvent.click(within(form).getByRole('button', { name: '提交' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已提交审核'));
    expect(stages.sent('POST', '/items/r1/transition')).toEqual({
      action: 'submit',
      version: 2,
      values: { ...FINDINGS, payerCapacity: '回款放缓', riskClass: 'SUBSTANDARD', conclusion: 'EXIT' },
    });
    expect(screen.queryByRole('region', { name: '审核存续期报告' })).toBeNull();
  });

  it('shows the check read-only, with 通过 and 退回 only when the gateway lists them', async () => {
    render(stagesServing({ 'GET /r1': () => detail([], 'PENDING') }), <DurationReportScreen />, REPORT);
    expect(await screen.findByText('正常')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '制作存续期报告' })).toBeNull();
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
    cleanup();
    render(
      stagesServing({ 'GET /r1': () => detail(['approve', 'return'], 'PENDING') }),
      <DurationReportScreen />,
      REPORT,
    );
    const review = await screen.findByRole('region', { name: '审核存续期报告' });
    expect(within(review).getByRole('button', { name: '退回' })).toBeTruthy();
  });
});

describe('贷后报告统计', () => {
  it('lists each 经办人’s month and totals them', async () => {
    const stages = stagesServing({
      'GET ': () => [
        { makerId: 'u1', makerName: '业务经办', period: '2026-12', due: 3, made: 1, overdue: 2 },
        { makerId: 'u2', makerName: '王经办', period: '2026-12', due: 2, made: 2, overdue: 0 },
      ],
    });
    render(stages, <LoanReportStatisticsScreen />);
    const table = await screen.findByRole('table', { name: '贷后报告统计' });
    const total = within(table).getByRole('row', { name: /合计/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['合计', '', '5', '3', '2']);
  });
});

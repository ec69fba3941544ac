// @vitest-environment happy-dom
// 还款计划 by what a risk head and a finance user read on it: each loan's risk class and its write-off-review flag as
// columns of the list, a filter on each that asks the gateway for that class only, and the same two facts on the
// plan's detail (which 业务详情's 放款与还款 tab draws too).
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { ResourceGateway } from '../../../application/ports/resource-gateway.port';
import { PLAN_INFO_PATH, PLAN_LIST_PATH, PLAN_STAGE } from '../../../domain/financing/repayment-plan';
import type { ResourceRecord } from '../../../domain/resource/resource';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { menu, stagesServing } from '../screen-test-support';
import { stageViewList } from '../stage/stage-parts';
import { PlanSection } from './plan-view';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const clock = { now: () => new Date() };
const LOAN = {
  ...{ keyId: 'b1', status: 'REPAYING', version: 7, businessNo: 'RZ202607010001', loanNo: 'FK202607010001' },
  ...{ supplierId: 's1', supplierName: '华东建材有限公司', capitalSideName: '工商银行上海分行' },
  ...{ loanAmount: 1_000_000_00, remainingPrincipal: 1_000_000_00, nextDueDate: '2026-08-01', nextDueAmount: 0 },
  ...{ overdueDays: 200, maturityDate: '2026-12-31', repaymentMethod: 'BULLET', annualRate: '0.0600' },
  ...{ totalInterest: 3_000_000, totalOwed: 1_030_000_00, loanDate: '2026-07-01', stateLabel: '还款中·逾期' },
  ...{ riskClass: 'SUBSTANDARD', writeOffReview: 'YES' },
} as unknown as ResourceRecord;

describe('还款计划', () => {
  it("lists each loan's risk class and write-off flag, and filters on the class", async () => {
    const resources = {
      page: vi.fn(async () => ({ records: [LOAN], total: 1, current: 1, size: 10 })),
      get: vi.fn(),
      create: vi.fn(),
      update: vi.fn(),
      remove: vi.fn(),
      transition: vi.fn(),
      exportList: vi.fn(async () => '还款计划.xlsx'),
      options: vi.fn(async () => []),
      history: vi.fn(async () => []),
    } satisfies ResourceGateway;
    const session = createActor(
      setup({}).createMachine({ context: { menus: [menu(PLAN_LIST_PATH, ['export'])] } }),
    ).start();
    const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
    const List = stageViewList(PLAN_STAGE, PLAN_INFO_PATH);
    renderInFluent(
      <ServicesContext.Provider value={{ session, resources, notifier, clock } as unknown as Services}>
        <MemoryRouter>
          <List />
        </MemoryRouter>
      </ServicesContext.Provider>,
    );
    const row = await screen.findByRole('row', { name: /FK202607010001/ });
    expect(within(row).getByText('次级')).toBeTruthy();
    expect(within(row).getByText('待核销审查')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['风险分类', '核销审查']));

    const filter = screen.getAllByRole('combobox').find((c) => within(c).queryByRole('option', { name: '关注' }));
    await userEvent.selectOptions(filter as HTMLElement, '关注');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await vi.waitFor(() =>
      expect(resources.page).toHaveBeenLastCalledWith(
        PLAN_STAGE.resource,
        expect.objectContaining({ riskClass: 'SPECIAL_MENTION' }),
        expect.anything(),
      ),
    );
  });

  it("shows the loan's risk class and write-off flag on the plan's detail", async () => {
    const stages = stagesServing({
      'GET /b1': () => ({
        ...LOAN,
        ...{ netAmount: 99_000_000, upfrontInterest: 0, serviceFee: 1_000_000, termDays: 183, dayCountBasis: 360 },
        ...{ zhongdengDueDate: '2026-07-11', zhongdengRegNo: 'ZD2026070100001', installments: [], allocations: [] },
        ...{ riskClass: 'SPECIAL_MENTION', writeOffReview: 'NO' },
      }),
    });
    const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
    const session = createActor(setup({}).createMachine({ context: { menus: [] } })).start();
    renderInFluent(
      <ServicesContext.Provider value={{ stages, notifier, session } as unknown as Services}>
        <MemoryRouter>
          <PlanSection id="b1" />
        </MemoryRouter>
      </ServicesContext.Provider>,
    );
    const facts = await screen.findByLabelText('放款信息');
    const fact = (name: string) => within(facts).getByText(name).nextElementSibling?.textContent;
    expect(fact('风险分类')).toBe('关注');
    expect(fact('核销审查')).toBe('否');
  });
});

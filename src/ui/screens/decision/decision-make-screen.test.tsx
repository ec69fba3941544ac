// @vitest-environment happy-dom
// 决议制作 as risk1 meets it: rates and ratios are shown and typed as percentages (5 means 5 %), each field is
// checked against its limit as it is typed — the messages name the field in Chinese and speak in the same unit
// as the limit — only the product's repayment methods are offered, and 保存 sends the four-place decimals.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { menu } from '../screen-test-support';
import { DecisionMakeScreen } from './decision-make-screen';
import type { DecisionDetail } from './decision-view';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const MAKE = '/business/decisionMake';

const DRAFT: DecisionDetail & { state: string } = {
  keyId: 'b1',
  version: 3,
  status: 'DRAFT',
  state: 'DECISION/DRAFT',
  decisionNo: 'JY202611260001',
  businessNo: 'YW202611260001',
  supplierName: '华东建材有限公司',
  meetingNo: 'HY202611260001',
  stateLabel: '融资决议·草稿',
  applyAmount: 1_000_000_00,
  approvedAmount: 900_000_00,
  annualRate: '0.0450',
  serviceFeeRate: '0.0050',
  termDays: 90,
  financingRatio: '0.8000',
  repaymentMethod: 'BULLET',
  guaranteeMeasures: '实际控制人连带责任保证',
  conditions: ['开立监管账户'],
  meetingConditions: ['开立监管账户'],
  result: null,
  validUntil: null,
  productName: '工行e信通应收账款融资',
  bounds: {
    applyAmount: 1_000_000_00,
    cap: { singleMaxAmount: null, maxFinancingRatio: '0.8500', maxTermDays: null },
    product: {
      productId: 'p1',
      productName: '工行e信通应收账款融资',
      minRate: '0.0380',
      maxRate: '0.0550',
      termMinDays: 30,
      termMaxDays: 180,
      maxFinancingRatio: '0.9000',
      repaymentMethods: ['BULLET', 'INTEREST_FIRST'],
    },
  },
  limits: [],
  problems: [],
  elements: [],
};

function render() {
  const menus = [menu('/business/financingDecisionManage', ['add']), menu(MAKE, ['edit', 'submit'])];
  const session = createActor(setup({}).createMachine({ context: { menus, user: { userId: 'risk1' } } })).start();
  const store = { removeFlag: vi.fn(), getFlag: vi.fn(() => null), setFlag: vi.fn() };
  const save = vi.fn(async (_def: unknown, _id: string, body: object) => ({ ...DRAFT, ...body, version: 4 }));
  const stages = {
    detail: vi.fn(async () => DRAFT),
    save,
    events: vi.fn(async () => []),
    transition: vi.fn(async () => {}),
  };
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <MemoryRouter initialEntries={[`${MAKE}?id=b1`]}>
      <ServicesContext.Provider value={{ session, store, stages, notifier } as unknown as Services}>
        <Routes>
          <Route path={MAKE} element={<DecisionMakeScreen />} />
        </Routes>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { save };
}

describe('决议制作', () => {
  it('types rates as percentages and checks each field against its limit as it is typed', async () => {
    const { save } = render();
    const rate = (await screen.findByLabelText(/^年利率（%）/)) as HTMLInputElement;
    expect(rate.value).toBe('4.5');
    expect((screen.getByLabelText(/^融资比例（%）/) as HTMLInputElement).value).toBe('80');
    // The limit beside it, in the unit it is typed in.
    expect(screen.getByText(/限额：3\.80%至5\.50%/)).toBeTruthy();

    await userEvent.clear(rate);
    await userEvent.type(rate, '6');
    expect(await screen.findByText('年利率须在产品利率区间3.80%至5.50%之间')).toBeTruthy();
    await userEvent.clear(rate);
    await userEvent.type(rate, '5');
    expect(screen.queryByText('年利率须在产品利率区间3.80%至5.50%之间')).toBeNull();

    const ratio = screen.getByLabelText(/^融资比例（%）/);
    await userEvent.clear(ratio);
    await userEvent.type(ratio, '88');
    expect(await screen.findByText('融资比例不得超过85%')).toBeTruthy();
    await userEvent.clear(ratio);
    await userEvent.type(ratio, '85');

    // Only the product's repayment methods.
    const method = screen.getByLabelText(/^还款方式/) as HTMLSelectElement;
    expect([...method.options].map((o) => o.text)).toEqual(['请选择', '到期一次还本付息', '先息后本']);

    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls.at(-1)?.[2]).toMatchObject({ annualRate: '0.0500', financingRatio: '0.8500' });
  });

  it('names the field when what is typed is no percentage', async () => {
    render();
    const rate = await screen.findByLabelText(/^年利率（%）/);
    await userEvent.clear(rate);
    await userEvent.type(rate, '0.045.1');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('年利率请按百分数填写（如 6.5 表示 6.5%），最多两位小数')).toBeTruthy();
  });
});

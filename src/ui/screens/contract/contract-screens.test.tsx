// @vitest-environment happy-dom
// The contract screens by role and label: 合同审核's section marks a factor that differs from its TERM element
// and says 通过 is refused, leaving a voided contract out; the detail offers 作废 only when the gateway lists it
// among the contract's actions, and sends it with the reason typed; 合同制作 sends the factors prefilled from the
// business's elements, reads the business again, and then submits it to 合同审核.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { ContractFactorSection, ContractInfoScreen, ContractMakeScreen } from './contract-screens';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const contract = (keyId: string, contractNo: string, status: string, actions: string[] = []) => ({
  keyId,
  businessId: 'b1',
  contractNo,
  seriesNo: contractNo,
  contractVersion: 1,
  name: '保理合同',
  contractTypeLabel: '保理合同',
  originLabel: '模板生成',
  templateRef: 'factoring-contract v1',
  amountFen: 800_000_00,
  annualRateText: '年化6.50%',
  termDays: 181,
  repaymentMethodLabel: '到期一次还本付息',
  fileId: `f-${keyId}`,
  fileSha256: 'a'.repeat(64),
  status,
  statusLabel: status === 'VOID' ? '已作废' : '草稿',
  voidReason: null,
  version: 1,
  businessNo: 'RZ202611290001',
  supplierName: '华东建材有限公司',
  locked: false,
  actions,
});
const differing = [
  { key: 'amount', label: '金额', contract: '800,000.00元', element: '800,000.00元', equal: true },
  { key: 'term', label: '期限', contract: '181天', element: '180天', equal: false },
];

const render = (stages: ReturnType<typeof stagesServing>, ui: ReactElement, path = '/') => {
  const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ stages, notifier } as unknown as Services}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </ServicesContext.Provider>,
  );
  return notifier;
};

describe('合同审核 section', () => {
  it('marks the factor that differs and leaves the voided contract out', async () => {
    const stages = stagesServing({
      'GET /review/b1': () => ({
        contracts: [
          { contract: contract('c1', 'HT202611290001', 'PENDING'), factors: differing },
          { contract: contract('c0', 'HT202611280009', 'VOID'), factors: differing },
        ],
        differences: 1,
      }),
    });
    render(stages, <ContractFactorSection id="b1" />);
    expect(await screen.findByText('有1项合同要素与业务要素不一致，不能通过')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'HT202611290001的要素比对' });
    const term = within(table).getByRole('row', { name: /期限/ });
    expect(within(term).getByText('不一致')).toBeTruthy();
    expect(screen.queryByText(/HT202611280009/)).toBeNull();
  });
});

describe('合同文件详情', () => {
  const serving = (actions: string[]) =>
    stagesServing({
      'GET /c1': () => ({
        contract: contract('c1', 'HT202611290001', 'DRAFT'),
        versions: [contract('c1', 'HT202611290001', 'DRAFT')],
        factors: differing,
      }),
      'GET /b1/items': () => ({ records: [contract('c1', 'HT202611290001', 'DRAFT', actions)] }),
      'POST /items/c1/transition': () => contract('c1', 'HT202611290001', 'VOID'),
    });

  it('offers 作废 only when the gateway lists it, and sends the reason', async () => {
    const stages = serving(['void']);
    const notifier = render(stages, <ContractInfoScreen />, '/business/contractFileManage/info?id=c1');
    await screen.findByRole('heading', { name: '保理合同（HT202611290001）' });
    await userEvent.type(screen.getByRole('textbox', { name: /作废原因/ }), '金额有误');
    await userEvent.click(screen.getByRole('button', { name: '作废' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('合同已作废'));
    expect(stages.sent('POST', '/items/c1/transition')).toEqual({ action: 'void', version: 1, comment: '金额有误' });
  });

  it('shows no 作废 when the contract may not be voided', async () => {
    render(serving([]), <ContractInfoScreen />, '/business/contractFileManage/info?id=c1');
    await screen.findByRole('heading', { name: '保理合同（HT202611290001）' });
    expect(screen.queryByRole('button', { name: '作废' })).toBeNull();
  });
});

describe('合同制作', () => {
  const prefill = {
    ...{ businessId: 'b1', businessNo: 'RZ202611290001', state: 'CONTRACT/DRAFT', version: 7 },
    ...{ amountFen: 800_000_00, annualRate: '0.0650', termDays: 180, repaymentMethod: 'BULLET', differences: 0 },
  };

  it('makes a contract of the prefilled factors, reads the business again, then submits it to review', async () => {
    const made: ReturnType<typeof contract>[] = [];
    const stages = {
      ...stagesServing({
        'GET /b1/terms': () => ({ ...prefill, contracts: made.map((c) => ({ contract: c, factors: [] })) }),
        'POST /b1': () => made[made.push(contract('c1', 'HT202611290001', 'DRAFT')) - 1],
      }),
      transition: vi.fn(async () => undefined),
    };
    const notifier = render(
      stages,
      <ContractMakeScreen />,
      '/business/contractFileMake/contractFileMake?businessId=b1',
    );
    expect((await screen.findByRole('button', { name: '提交审核' })).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '生成合同' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('合同已生成'));
    expect(stages.sent('POST', '/b1')).toEqual({
      ...{ origin: 'TEMPLATE', contractType: 'FACTORING', name: '保理合同', amountFen: 800_000_00 },
      ...{ annualRate: '0.0650', termDays: 180, repaymentMethod: 'BULLET', dueDate: null, payeeAccount: null },
    });
    const listed = await screen.findByRole('table', { name: '本业务的合同' });
    expect(within(listed).getByText('HT202611290001')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '提交审核' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('已提交合同审核'));
    expect(stages.transition).toHaveBeenCalledWith('b1', { action: 'submit', version: 7 });
  });
});

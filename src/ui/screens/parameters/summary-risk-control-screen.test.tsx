// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { createActor, setup } from 'xstate';
import type { ParametersGateway } from '../../../application/ports/parameters-gateway.port';
import type { ResourceGateway } from '../../../application/ports/resource-gateway.port';
import type { ServerMenuItem } from '../../../domain/menu/menu';
import { RISK_SUMMARY, SUMMARY_RISK_CONTROL_PATH } from '../../../domain/parameters/risk-summary.resource';
import type { ResourceRecord } from '../../../domain/resource/resource';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { SummaryRiskControlScreen } from './summary-risk-control-screen';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const clock = { now: () => new Date() };
const ACTIVE = {
  keyId: 's3',
  status: 'ACTIVE',
  version: 3,
  versionNo: 3,
  ...RISK_SUMMARY.sample,
  changeSummary: '最高融资比例：80.00% → 85.00%',
  approvedByName: '平台管理员',
  approvedAt: '2026-09-01T02:00:00.000Z',
} as ResourceRecord;

function renderScreen(codes: string[]) {
  const parameters = {
    activeSummary: vi.fn(async () => ACTIVE),
    saveSummary: vi.fn(async () => ({ ...ACTIVE, keyId: 's4', version: 4, versionNo: 4, graceDays: 10 })),
  } satisfies ParametersGateway;
  const resources = {
    page: vi.fn(async () => ({ records: [ACTIVE], total: 1, current: 1, size: 10 })),
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    remove: vi.fn(),
    transition: vi.fn(),
    exportList: vi.fn(),
    options: vi.fn(async () => []),
    history: vi.fn(async () => []),
  } satisfies ResourceGateway;
  const menus = [
    {
      menuId: 'summary',
      menuName: '风控汇总参数',
      path: SUMMARY_RISK_CONTROL_PATH,
      parentKid: '0',
      hidden: false,
      opAuthorityDTOList: codes.map((operationCode) => ({ operationCode })),
    } as unknown as ServerMenuItem,
  ];
  const session = createActor(setup({}).createMachine({ context: { menus } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ session, resources, parameters, notifier, clock } as unknown as Services}>
      <MemoryRouter initialEntries={[SUMMARY_RISK_CONTROL_PATH]}>
        <SummaryRiskControlScreen />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { parameters, resources, notifier };
}

describe('风控汇总参数', () => {
  it('shows a reader the version in force and the history, with no 保存', async () => {
    renderScreen([]);
    await screen.findByText('当前生效：第3版');
    expect((screen.getByRole('textbox', { name: /最高融资比例/ }) as HTMLInputElement).value).toBe('0.8000');
    await screen.findByRole('row', { name: /生效中/ });
    expect(screen.queryByRole('button', { name: '保存为新版本' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('saves the typed values as the next version with the version read', async () => {
    const user = userEvent.setup();
    const { parameters, resources, notifier } = renderScreen(['edit', 'export']);
    await screen.findByText('当前生效：第3版');
    const grace = screen.getByRole('textbox', { name: /宽限期/ });
    await user.clear(grace);
    await user.type(grace, '10');
    await user.click(screen.getByRole('button', { name: '保存为新版本' }));
    await screen.findByText('当前生效：第4版');
    expect(parameters.saveSummary).toHaveBeenCalledWith(expect.objectContaining({ graceDays: 10 }), 3);
    expect(notifier.success).toHaveBeenCalledWith('已保存为第4版');
    // The history is read again for the new version.
    await vi.waitFor(() => expect(resources.page.mock.calls.length).toBeGreaterThanOrEqual(2));
  });
});

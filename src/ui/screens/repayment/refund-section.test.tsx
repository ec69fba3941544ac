// @vitest-environment happy-dom
// 退还记录 as finance reads it: each refund with the 确认退还 / 驳回 the gateway lists for the caller, and 登记退还 of a
// confirmed repayment's 待退还 — refused on screen above what is left (the refunds waiting count).
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { REPAYMENT_LIST_PATH } from '../../../domain/financing/repayment';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { menu, stagesServing } from '../screen-test-support';
import { RefundSection } from './refund-section';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const REPAYMENT = {
  ...{ keyId: 'r1', repaymentNo: 'HK202611290001', valueDate: '2026-11-20', status: 'CONFIRMED' },
  ...{ unapplied: 500_00, refunded: 100_00 },
};
const refund = (status: string, actions: string[]) => ({
  ...{ keyId: 't1', repaymentId: 'r1', refundNo: 'TK202611290001', amount: 150_00, refundDate: '2026-11-28' },
  ...{ flowNo: 'TK001', status, statusLabel: status === 'PENDING' ? '待确认' : '已退还', checkComment: null },
  ...{ version: 1, actions },
});

const render = (stages: ReturnType<typeof stagesServing>, codes: string[]) => {
  const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
  const session = createActor(
    setup({}).createMachine({ context: { menus: [menu(REPAYMENT_LIST_PATH, codes)] } }),
  ).start();
  const done = vi.fn();
  renderInFluent(
    <ServicesContext.Provider value={{ stages, notifier, session } as unknown as Services}>
      <MemoryRouter>
        <RefundSection businessId="b1" today="2026-11-29" repayments={[REPAYMENT]} done={done} />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { notifier, done };
};

describe('退还记录', () => {
  it('offers the reviewer 确认退还 as the gateway lists it, and sends it', async () => {
    const stages = stagesServing({
      'GET /refund/b1/items': () => ({ records: [refund('PENDING', ['confirm', 'reject'])] }),
      'POST /refund/items/t1/transition': () => ({ status: 'CONFIRMED', statusLabel: '已退还' }),
    });
    const { notifier, done } = render(stages, ['examine']);
    const row = await screen.findByRole('row', { name: /TK202611290001/ });
    expect(within(row).getByText('HK202611290001')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: '确认退还' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('TK202611290001：已退还'));
    expect(stages.sent('POST', '/refund/items/t1/transition')).toEqual({ action: 'confirm', version: 1 });
    expect(done).toHaveBeenCalled();
    // Without 新增 there is no 登记退还.
    expect(screen.queryByRole('region', { name: '登记退还' })).toBeNull();
  });

  it('refuses on screen a refund above what is left, and one without its receipt', async () => {
    const stages = stagesServing({
      'GET /refund/b1/items': () => ({ records: [refund('PENDING', [])] }),
      'POST /refund/b1/items': () => ({}),
    });
    const { notifier } = render(stages, ['add']);
    const form = await screen.findByRole('region', { name: '登记退还' });
    // 500.00 to refund, 100.00 refunded, 150.00 waiting: 250.00 left.
    expect(within(form).getByText('尚可退还 250.00 元')).toBeTruthy();
    const amount = within(form).getByRole('textbox', { name: /退还金额/ });
    await userEvent.type(amount, '250.01');
    expect(within(form).getByRole('alert').textContent).toContain('尚可退还 250.00 元');
    expect((within(form).getByRole('button', { name: '登记退还' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '250');
    await userEvent.type(within(form).getByRole('textbox', { name: /银行流水号/ }), 'TK002');
    // No receipt yet: still refused.
    expect(within(form).getByRole('alert').textContent).toContain('请上传退款回单');
    expect(notifier.success).not.toHaveBeenCalled();
  });
});

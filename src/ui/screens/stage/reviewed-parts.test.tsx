// @vitest-environment happy-dom
// The kit's parts of a record a second person confirms, as finance meets them on 还款登记: the registration form
// (the stage's own fields, the bank flow number and the receipt, refused on screen until the stage's rule holds,
// then posted once) and a row's moves (only those the gateway lists, 驳回 asking its reason, the words after a move
// the gateway's).
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stageClient } from '../../../application/ports/stage-gateway.port';
import { REPAYMENT_STAGE } from '../../../domain/financing/repayment';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { type Receipt, ReceiptForm } from './receipt-form';
import { ReviewedCheck, reviewedStatus } from './reviewed-check';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const TRANSITIONS = [
  { action: 'confirm', label: '确认退还' },
  { action: 'reject', label: '驳回' },
] as never[];

const render = (
  stages: ReturnType<typeof stagesServing>,
  ui: (client: ReturnType<typeof stageClient>) => ReactElement,
) => {
  const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
  const client = stageClient(stages as never, REPAYMENT_STAGE);
  renderInFluent(
    <ServicesContext.Provider value={{ stages, notifier, files: {} } as unknown as Services}>
      {ui(client)}
    </ServicesContext.Provider>,
  );
  return { notifier };
};

describe('the receipt form', () => {
  it('says the stage rule’s refusals with the flow number and receipt it holds, and sends nothing then', async () => {
    const problems = vi.fn((r: Receipt) =>
      [r.flowNo ? '' : '请填写银行流水号', r.receiptFileId ? '' : '请上传回单'].filter(Boolean),
    );
    const stages = stagesServing({});
    render(stages, (client) => (
      <ReceiptForm
        {...{ title: '登记还款', receipt: '还款回单', problems, shown: true, client, path: '/b1/items' }}
        body={(r) => r}
        said="已登记"
        done={vi.fn()}
      >
        <span>付款方</span>
      </ReceiptForm>
    ));
    const form = screen.getByRole('region', { name: '登记还款' });
    expect(within(form).getByText('付款方')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('请填写银行流水号；请上传回单');
    await userEvent.type(within(form).getByRole('textbox', { name: /银行流水号/ }), ' LS001 ');
    // The flow number reaches the rule trimmed; without a receipt it still refuses.
    expect(problems).toHaveBeenLastCalledWith({ flowNo: 'LS001', receiptFileId: '' });
    expect(within(form).getByRole('alert').textContent).toBe('请上传回单');
    expect((within(form).getByRole('button', { name: '登记还款' }) as HTMLButtonElement).disabled).toBe(true);
    expect(stages.custom).not.toHaveBeenCalled();
  });

  it('posts the stage’s body with the flow number once the rule holds, says so and reads the page again', async () => {
    const stages = stagesServing({ 'POST /b1/items': () => ({ status: 'PENDING' }) });
    const done = vi.fn();
    const { notifier } = render(stages, (client) => (
      <ReceiptForm
        {...{ title: '登记退还', receipt: '退款回单', problems: () => [], shown: false, client, path: '/b1/items' }}
        body={(r) => ({ amount: 100, ...r })}
        said="退还已登记"
        done={done}
      >
        {null}
      </ReceiptForm>
    ));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /银行流水号/ }), 'TK9');
    await userEvent.click(screen.getByRole('button', { name: '登记退还' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(stages.sent('POST', '/b1/items')).toEqual({ amount: 100, flowNo: 'TK9', receiptFileId: '' });
    expect(notifier.success).toHaveBeenCalledWith('退还已登记');
  });
});

describe('a reviewed row’s moves', () => {
  const row = (actions: string[]) => ({ keyId: 't1', version: 3, actions });

  it('offers nothing but -- when the gateway lists no move for the caller', () => {
    render(stagesServing({}), (client) => (
      <ReviewedCheck
        {...{ client, row: row([]), name: 'TK1', done: vi.fn() }}
        path="/items"
        transitions={TRANSITIONS}
      />
    ));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('--')).toBeTruthy();
  });

  it('asks 驳回’s reason, sends it under the version read, and says where the record stands after', async () => {
    const stages = stagesServing({
      'POST /refund/items/t1/transition': () => ({ status: 'REJECTED', statusLabel: '已驳回' }),
    });
    const done = vi.fn();
    const { notifier } = render(stages, (client) => (
      <ReviewedCheck
        {...{ client, row: row(['reject']), name: 'TK1', done }}
        path="/refund/items"
        transitions={TRANSITIONS}
      />
    ));
    expect(screen.queryByRole('button', { name: '确认退还' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '驳回' }));
    const sure = screen.getByRole('button', { name: '确定驳回' }) as HTMLButtonElement;
    expect(sure.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /驳回意见/ }), '回单不符');
    await userEvent.click(sure);
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(stages.sent('POST', '/refund/items/t1/transition')).toEqual({
      action: 'reject',
      version: 3,
      comment: '回单不符',
    });
    expect(notifier.success).toHaveBeenCalledWith('TK1：已驳回');
  });

  it('shows the reason of a rejection beside where the record stands', () => {
    expect(reviewedStatus({ statusLabel: '已驳回', checkComment: '回单不符' })).toBe('已驳回（回单不符）');
    expect(reviewedStatus({ statusLabel: '待确认', checkComment: null })).toBe('待确认');
  });
});

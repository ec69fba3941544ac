// @vitest-environment happy-dom
// The kit's stage items by role and label, on the elements' table: a button for each action the gateway lists on
// an item (none where it lists none), the move's form asking the comment its table asks under the table's label,
// its button waiting until the inputs pass the table's check,
// the stage's inputs sent as the move's values under the version read, and the items read again afterwards.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ELEMENT_ITEMS, ElementMessage } from '../../../domain/financing/elements';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { stagesServing } from '../screen-test-support';
import { type ItemRow, StageItems, type StageItemsSpec } from './item-parts';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const SPEC: StageItemsSpec<ItemRow> = {
  routes: { resource: { api: '/api/business/elements', noun: '要素' } },
  table: ELEMENT_ITEMS,
  label: '要素',
  columns: [{ title: '名称' }],
  cells: (r) => [r.name],
  inputs: (_action, _row, values, set) => (
    <input
      aria-label="落实值"
      value={String(values.actualValue ?? '')}
      onChange={(e) => set({ actualValue: e.target.value, evidenceFileId: 'f1' })}
    />
  ),
};

function render(actions: { amount: string[]; rate: string[] }) {
  let reads = 0;
  const stages = stagesServing({
    'GET /b1/items': () => {
      reads += 1;
      return {
        records: [
          { keyId: 'i1', name: '金额', version: 3, actions: actions.amount },
          { keyId: 'i2', name: '利率', version: 1, actions: actions.rate },
        ],
      };
    },
    'POST /items/i1/transition': () => ({}),
    'POST /items/i2/transition': () => ({}),
  });
  const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
  renderInFluent(
    <ServicesContext.Provider value={{ stages, notifier } as unknown as Services}>
      <MemoryRouter>
        <StageItems spec={SPEC} businessId="b1" />
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { stages, notifier, reads: () => reads };
}

describe('StageItems', () => {
  it('offers each listed action by its table’s label, and sends the stage’s values under the version read', async () => {
    const { stages, notifier, reads } = render({ amount: ['fulfil', 'askWaiver'], rate: [] });
    await screen.findByRole('button', { name: '落实：金额' });
    expect(screen.getByRole('button', { name: '申请豁免：金额' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /：利率$/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '落实：金额' }));
    // 落实 asks no comment; its values are the stage's inputs.
    expect(screen.queryByRole('textbox', { name: /意见|理由/ })).toBeNull();
    // Until its inputs pass the table's own check, the move waits and says what is missing.
    expect(screen.getByRole('button', { name: '确定落实' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(ElementMessage.actualRequired)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: '落实值' }), '已核实');
    await userEvent.click(screen.getByRole('button', { name: '确定落实' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('金额：已落实'));
    expect(stages.sent('POST', '/items/i1/transition')).toEqual({
      action: 'fulfil',
      version: 3,
      values: { actualValue: '已核实', evidenceFileId: 'f1' },
    });
    await vi.waitFor(() => expect(reads()).toBe(2));
  });

  it('asks the comment the table requires under its label, and sends no values for a move without inputs', async () => {
    const { stages, notifier } = render({ amount: [], rate: ['askWaiver'] });
    await userEvent.click(await screen.findByRole('button', { name: '申请豁免：利率' }));
    await userEvent.type(screen.getByRole('textbox', { name: /豁免理由/ }), '按集团统一定价');
    await userEvent.click(screen.getByRole('button', { name: '确定申请豁免' }));
    await vi.waitFor(() => expect(notifier.success).toHaveBeenCalledWith('利率：已申请豁免'));
    expect(stages.sent('POST', '/items/i2/transition')).toEqual({
      action: 'askWaiver',
      version: 1,
      comment: '按集团统一定价',
    });
  });
});

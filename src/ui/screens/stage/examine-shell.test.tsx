// @vitest-environment happy-dom
// The stage kit's review queue reads itself again when its kept-alive page is shown again (back from the review
// page after 通过, or a tag switch), so an item just reviewed is gone without pressing 查询.
import { cleanup, screen } from '@testing-library/react';
import { Activity, act, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { StageExamineList } from './examine-shell';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

let show: (visible: boolean) => void = () => {};

function KeptAlive() {
  const [visible, setVisible] = useState(true);
  show = setVisible;
  return (
    <Activity mode={visible ? 'visible' : 'hidden'}>
      <StageExamineList />
    </Activity>
  );
}

describe('examine shell', () => {
  it('reads the queue again when the kept-alive list is shown again', async () => {
    const session = createActor(setup({}).createMachine({ context: { menus: [], user: { userId: 'u1' } } })).start();
    const review = { examinePage: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 10 })) };
    renderInFluent(
      <MemoryRouter>
        <ServicesContext.Provider value={{ session, review } as unknown as Services}>
          <KeptAlive />
        </ServicesContext.Provider>
      </MemoryRouter>,
    );
    await screen.findByText('暂无待审核事项');
    await vi.waitFor(() => expect(review.examinePage).toHaveBeenCalledTimes(1));
    await act(async () => show(false));
    await act(async () => show(true));
    await vi.waitFor(() => expect(review.examinePage).toHaveBeenCalledTimes(2));
  });
});

// @vitest-environment happy-dom
// One call behind its button: disabled while it runs, the success words said and the page's `done` after; on a
// refusal (shown by the shared client) nothing said and the button offered again; disabled when the page says so.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { ActButton } from './act-button';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

function render(call: () => Promise<unknown>, disabled = false) {
  const notifier = { success: vi.fn(), error: vi.fn() };
  const done = vi.fn();
  renderInFluent(
    <ServicesContext.Provider value={{ notifier } as unknown as Services}>
      <ActButton {...{ call, success: '已催签', done, disabled }}>催签</ActButton>
    </ServicesContext.Provider>,
  );
  return { notifier, done, button: screen.getByRole('button', { name: '催签' }) as HTMLButtonElement };
}

describe('ActButton', () => {
  it('is disabled while its call runs, then says so and tells the page', async () => {
    let finish: (v?: unknown) => void = () => undefined;
    const { notifier, done, button } = render(() => new Promise((r) => (finish = r)));
    await userEvent.click(button);
    expect(button.disabled).toBe(true);
    finish();
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(notifier.success).toHaveBeenCalledWith('已催签');
  });

  it('says nothing on a refusal and is offered again', async () => {
    const { notifier, done, button } = render(() => Promise.reject(new Error('refused')));
    await userEvent.click(button);
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    expect(notifier.success).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });

  it('is disabled when the page says so', () => {
    expect(render(() => Promise.resolve(), true).button.disabled).toBe(true);
  });
});

// @vitest-environment happy-dom
// A notice says its message with its title first, keeps the bar's own name and role, and puts what the
// reader may do after the message.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInFluent } from './dialogs/dialog-test-support';
import { Notice } from './notice';

afterEach(cleanup);

describe('Notice', () => {
  it('leads with its title and keeps the name it is given', () => {
    renderInFluent(
      <Notice intent="error" role="status" aria-label="退回原因" title="退回原因">
        资料不全
      </Notice>,
    );
    const bar = screen.getByRole('status', { name: '退回原因' });
    expect(bar.textContent).toBe('退回原因资料不全');
  });

  it('offers its action after the message', async () => {
    const retry = vi.fn();
    renderInFluent(
      <Notice intent="error" actions={<button onClick={retry}>重试</button>}>
        附件加载失败
      </Notice>,
    );
    expect(screen.getByText('附件加载失败').compareDocumentPosition(screen.getByRole('button', { name: '重试' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

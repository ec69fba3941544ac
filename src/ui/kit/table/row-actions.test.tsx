// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInFluent, withoutWebAnimations } from '../dialogs/dialog-test-support';
import { RowActions } from './row-actions';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

describe('RowActions', () => {
  it('shows three actions and puts the rest under 更多', async () => {
    const user = userEvent.setup();
    const reset = vi.fn();
    renderInFluent(
      <RowActions
        label="admin"
        actions={[
          { label: '查看', onClick: () => undefined },
          { label: '编辑', onClick: () => undefined },
          { label: '分配角色', onClick: () => undefined, hidden: true },
          { label: '重置密码', onClick: reset },
          { label: '停用', onClick: () => undefined, danger: true },
        ]}
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['查看', '编辑', '重置密码', '更多']);
    expect(screen.queryByText('分配角色')).toBeNull();
    await user.click(screen.getByRole('button', { name: '更多（admin）' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['停用']);
  });

  it('needs no 更多 for three actions or fewer', async () => {
    const user = userEvent.setup();
    const view = vi.fn();
    renderInFluent(
      <RowActions
        actions={[
          { label: '查看', onClick: view },
          { label: '编辑', onClick: () => undefined },
        ]}
      />,
    );
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: '查看' }));
    expect(view).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInFluent, withoutWebAnimations } from './dialog-test-support';
import { GenericDialog, type GenericDialogProps } from './generic-dialog';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

function renderDialog(props: Partial<GenericDialogProps> = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  renderInFluent(
    <GenericDialog open title="编辑角色" onClose={onClose} onSubmit={onSubmit} {...props}>
      <p>角色名称</p>
    </GenericDialog>,
  );
  return { onClose, onSubmit };
}

describe('GenericDialog', () => {
  it('is 60 % wide with 提交 and 关闭 unless told otherwise', async () => {
    const user = userEvent.setup();
    const { onClose, onSubmit } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: '编辑角色' });
    expect(dialog.style.width).toBe('60%');
    expect(screen.getByText('角色名称')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '关闭窗口' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('takes a width, labels and no submit button when there is nothing to submit', () => {
    renderDialog({ width: 400, submitText: '切换', closeText: '取消' });
    expect(screen.getByRole('dialog').style.width).toBe('400px');
    expect(screen.getByRole('button', { name: '切换' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    cleanup();
    renderDialog({ onSubmit: undefined, width: '30%' });
    expect(screen.getByRole('dialog').style.width).toBe('30%');
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('is not closed by a click outside, but is by Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const backdrop = document.querySelector('.fui-DialogSurface__backdrop');
    expect(backdrop).toBeTruthy();
    fireEvent.click(backdrop!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a busy submit button that takes no clicks while the call runs', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog({ submitting: true });
    const submit = screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    await user.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('as an alert has no close icon, ignores Escape and needs its own button', async () => {
    const user = userEvent.setup();
    const { onClose, onSubmit } = renderDialog({
      modalType: 'alert',
      showCloseIcon: false,
      showCloseButton: false,
      submitText: '确定',
    });
    expect(screen.getByRole('alertdialog', { name: '编辑角色' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '关闭窗口' })).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts 关闭 before 提交 in the footer, whatever the owner', () => {
    renderDialog();
    const names = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t === '关闭' || t === '提交');
    expect(names).toEqual(['关闭', '提交']);
  });

  it('pairs 确定 with 取消, not 关闭', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog({ submitText: '确定' });
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before a dirty form is closed: 继续编辑 keeps it, 放弃修改 closes it', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog({ dirty: true });
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(await screen.findByRole('alertdialog', { name: '放弃未保存的修改？' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '关闭窗口' }));
    await user.click(await screen.findByRole('button', { name: '放弃修改' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes a clean form at once', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog({ dirty: false });
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

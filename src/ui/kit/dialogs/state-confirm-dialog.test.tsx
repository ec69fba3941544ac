// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInFluent, withoutWebAnimations } from './dialog-test-support';
import { OverwriteConfirmDialog } from './overwrite-confirm-dialog';
import { StateConfirmDialog, type StateConfirmDialogProps } from './state-confirm-dialog';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

function renderConfirm(props: Partial<StateConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderInFluent(
    <StateConfirmDialog
      open
      type="success"
      title="导入结果"
      message="导入完成"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel };
}

describe('StateConfirmDialog', () => {
  it('shows the title, the type icon and the text, answered with 确定 or 取消', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderConfirm();
    const dialog = screen.getByRole('alertdialog', { name: '导入结果' });
    expect(within(dialog).getByRole('img', { name: '成功' }).getAttribute('data-state')).toBe('success');
    expect(within(dialog).getByText('导入完成')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('has an icon for each type', () => {
    for (const [type, label] of [
      ['success', '成功'],
      ['warning', '警告'],
      ['error', '错误'],
    ] as const) {
      renderConfirm({ type });
      expect(screen.getByRole('img', { name: label }).getAttribute('data-state')).toBe(type);
      cleanup();
    }
  });

  it('lists files with their messages', () => {
    renderConfirm({
      type: 'error',
      message: [
        { label: '合同.docx', message: '文件格式不正确' },
        { label: '空白.pdf', message: '不能上传空文件，请重新上传' },
      ],
    });
    const items = within(screen.getByRole('list', { name: '文件' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '合同.docx文件格式不正确',
      '空白.pdf不能上传空文件，请重新上传',
    ]);
  });

  it('lists lines of text', () => {
    renderConfirm({ type: 'warning', message: ['第 3 行：金额为空', '第 7 行：日期不合法'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '第 3 行：金额为空',
      '第 7 行：日期不合法',
    ]);
  });

  it('takes other labels, drops 取消 without a handler, and ignores Escape', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderConfirm({ onCancel: undefined, confirmText: '知道了' });
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('OverwriteConfirmDialog', () => {
  it('asks 是否用示例覆盖? under 提示', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderInFluent(<OverwriteConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog', { name: '提示' });
    expect(within(dialog).getByText('是否用示例覆盖?')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: '警告' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

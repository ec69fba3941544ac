// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInFluent, withoutWebAnimations } from './dialog-test-support';
import { useConfirm } from './use-confirm';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

function Screen({ disable }: { disable: () => void }) {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const yes = await confirm({ title: '停用', message: '确定停用用户 zhangsan 吗？' });
          setAnswer(yes ? '是' : '否');
          if (yes) disable();
        }}
      >
        停用
      </button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

// A dialog opened by a click stays aria-hidden in happy-dom (Fluent's focus trap waits for focus that
// happy-dom never moves), so its parts are found with `hidden: true`; the browser test clicks the real one.
const HIDDEN = { hidden: true } as const;

describe('useConfirm', () => {
  it('acts only after 确定, and not at all after 取消', async () => {
    const user = userEvent.setup();
    const disable = vi.fn();
    renderInFluent(<Screen disable={disable} />);
    await user.click(screen.getAllByRole('button', { name: '停用' })[0]!);
    // The title is read from the dialog itself: while Fluent's focus trap still hides the page, happy-dom's
    // name computation may not follow aria-labelledby into it.
    const asked = await screen.findByRole('alertdialog', HIDDEN);
    expect(within(asked).getByRole('heading', { name: '停用', ...HIDDEN })).toBeTruthy();
    expect(within(asked).getByText('确定停用用户 zhangsan 吗？')).toBeTruthy();
    expect(disable).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: '取消', ...HIDDEN }));
    expect(await screen.findByText('否')).toBeTruthy();
    expect(disable).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: '停用' })[0]!);
    await user.click(await screen.findByRole('button', { name: '确定', ...HIDDEN }));
    expect(await screen.findByText('是')).toBeTruthy();
    expect(disable).toHaveBeenCalledTimes(1);
  });
});

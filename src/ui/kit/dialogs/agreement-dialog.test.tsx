// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AgreementDialog, AgreementText } from './agreement-dialog';
import { renderInFluent, withoutWebAnimations } from './dialog-test-support';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const LETTER = '致：某银行\n\n本公司同意贵行查询以下信息。\n一、身份信息\n  授权有效期一年。';

describe('AgreementText', () => {
  it('shows the letter as read-only paragraphs in a focusable scroll box', () => {
    renderInFluent(<AgreementText title="数据查询授权书" content={LETTER} maxHeight="300px" />);
    const letter = screen.getByRole('document', { name: '数据查询授权书' });
    expect(letter.tabIndex).toBe(0);
    expect(letter.style.maxHeight).toBe('300px');
    expect(within(letter).getByRole('heading', { name: '数据查询授权书' })).toBeTruthy();
    expect([...letter.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      '致：某银行',
      '本公司同意贵行查询以下信息。',
      '一、身份信息',
      '授权有效期一年。',
    ]);
    expect(within(letter).queryByRole('textbox')).toBeNull();
  });
});

describe('AgreementDialog', () => {
  it('shows the letter and closes with its close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderInFluent(<AgreementDialog open documentTitle="数据查询授权书" content={LETTER} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '数据查询授权书' });
    expect(within(dialog).getByRole('document', { name: '数据查询授权书' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '提交' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

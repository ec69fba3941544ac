// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxGroup } from './checkbox-group';

afterEach(cleanup);

const OPTIONS = [
  { value: 'bank', label: '银行' },
  { value: 'trust', label: '信托' },
  { value: 'factoring', label: '保理' },
  { value: 'lease', label: '租赁', disabled: true },
];

function Harness({ initial, min, max }: { initial: string[]; min?: number; max?: number }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <FluentProvider theme={webLightTheme}>
      <CheckboxGroup label="资金方类型" options={OPTIONS} value={value} onChange={setValue} min={min} max={max} />
      <output aria-label="已选">{value.join(',')}</output>
    </FluentProvider>
  );
}

const box = (name: string) =>
  within(screen.getByRole('group', { name: '资金方类型' })).getByRole('checkbox', { name }) as HTMLInputElement;
const chosen = () => screen.getByLabelText('已选').textContent;

describe('CheckboxGroup', () => {
  it('disables the unchecked boxes at the max and frees them again below it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['bank']} max={2} />);
    await user.click(box('信托'));
    expect(chosen()).toBe('bank,trust');
    expect(box('保理').disabled).toBe(true);
    expect(box('银行').disabled).toBe(false);
    await user.click(box('银行'));
    expect(chosen()).toBe('trust');
    expect(box('保理').disabled).toBe(false);
  });

  it('keeps the last checked box at the min', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['bank', 'trust']} min={1} />);
    await user.click(box('信托'));
    expect(chosen()).toBe('bank');
    expect(box('银行').disabled).toBe(true);
    await user.click(box('银行'));
    expect(chosen()).toBe('bank');
  });

  it('respects an option that is disabled in itself', () => {
    render(<Harness initial={[]} />);
    expect(box('租赁').disabled).toBe(true);
    expect(box('银行').checked).toBe(false);
  });
});

// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NumberInputRules } from '../../domain/widgets/number-input';
import { NumberInput } from './number-input';

afterEach(cleanup);

function Harness({
  initial = null,
  onChange,
  ...rules
}: NumberInputRules & { initial?: number | null; onChange?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <FluentProvider theme={webLightTheme}>
      <NumberInput
        label="金额"
        value={value}
        onChange={(v) => {
          onChange?.(v);
          setValue(v);
        }}
        {...rules}
      />
    </FluentProvider>
  );
}

const field = () => screen.getByRole('spinbutton', { name: '金额' }) as HTMLInputElement;

describe('NumberInput', () => {
  it('rounds typed text to the precision and clamps it on Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness min={0} max={100} precision={2} onChange={onChange} />);
    await user.type(field(), '1.005{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(1.01);
    expect(field().value).toBe('1.01');
    await user.clear(field());
    await user.type(field(), '250{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(100);
    expect(field().value).toBe('100.00');
  });

  it('puts the last value back when the text is not a number', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={5} onChange={onChange} />);
    await user.clear(field());
    await user.type(field(), 'abc');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(field().value).toBe('5');
  });

  it('steps exactly with the arrow keys and stops at the bounds', async () => {
    const user = userEvent.setup();
    render(<Harness initial={0.1} step={0.2} max={0.5} />);
    await user.click(field());
    await user.keyboard('{ArrowUp}');
    expect(field().value).toBe('0.3');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(field().value).toBe('0.5');
  });

  it('steps by 1 by default from the buttons, and an emptied field is no value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={3} onChange={onChange} />);
    const [up] = screen.getAllByRole('button');
    await user.click(up!);
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.clear(field());
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field().value).toBe('');
  });
});

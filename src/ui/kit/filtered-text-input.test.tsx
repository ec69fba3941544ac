// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TextInputKind } from '../../domain/text-input/text-input-filter';
import { FilteredTextInput } from './filtered-text-input';

afterEach(cleanup);

function Harness(props: {
  kind?: TextInputKind;
  max?: number;
  initial?: string | number;
  onChange?: (v: string) => void;
}) {
  const [value, setValue] = useState<string | number>(props.initial ?? '');
  return (
    <FluentProvider theme={webLightTheme}>
      <FilteredTextInput
        label="备注"
        kind={props.kind}
        max={props.max}
        value={value}
        onChange={(v) => {
          props.onChange?.(v);
          setValue(v);
        }}
      />
    </FluentProvider>
  );
}

describe('FilteredTextInput', () => {
  it('takes accepted characters and silently drops rejected keystrokes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: '备注' }) as HTMLInputElement;
    await user.type(input, '合同A1 (2)');
    // The space is rejected in a single-line input; everything else got in.
    expect(input.value).toBe('合同A1(2)');
    expect(input.tagName).toBe('INPUT');
  });

  it('allows spaces and line breaks in a textarea', async () => {
    const user = userEvent.setup();
    render(<Harness kind="textarea" />);
    const area = screen.getByRole('textbox', { name: '备注' }) as HTMLTextAreaElement;
    await user.type(area, 'a b{Enter}c');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.value).toBe('a b\nc');
  });

  it('keeps the previous value when a paste has a rejected character', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="已有" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: '备注' }) as HTMLInputElement;
    await user.click(input);
    await user.paste('表情😀');
    expect(input.value).toBe('已有');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops at the maximum', async () => {
    const user = userEvent.setup();
    render(<Harness max={5} />);
    const input = screen.getByRole('textbox', { name: '备注' }) as HTMLInputElement;
    await user.type(input, 'abcdefgh');
    expect(input.value).toBe('abcde');
  });

  it('shows -999 as empty', () => {
    render(<Harness initial={-999} />);
    expect((screen.getByRole('textbox', { name: '备注' }) as HTMLInputElement).value).toBe('');
  });
});

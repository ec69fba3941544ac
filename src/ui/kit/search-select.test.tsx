// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchSelect, type SelectOption } from './search-select';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const many = (n: number): SelectOption[] =>
  Array.from({ length: n }, (_, i) => ({ value: `s${i}`, label: `供应商${String(i).padStart(3, '0')}` }));

function Single({ options, onSearch }: { options: SelectOption[]; onSearch?: (t: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <FluentProvider theme={webLightTheme}>
      <SearchSelect label="供应商" options={options} value={value} onChange={setValue} onSearch={onSearch} />
      <output aria-label="已选">{value ?? ''}</output>
    </FluentProvider>
  );
}

function Multiple({ options }: { options: SelectOption[] }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <FluentProvider theme={webLightTheme}>
      <SearchSelect multiple label="供应商" options={options} value={value} onChange={setValue} />
      <output aria-label="已选">{value.join(',')}</output>
    </FluentProvider>
  );
}

const combobox = () => screen.getByRole('combobox', { name: '供应商' }) as HTMLInputElement;

describe('SearchSelect', () => {
  it('lists at most 50 options in a single select', async () => {
    const user = userEvent.setup();
    render(<Single options={many(120)} />);
    await user.click(combobox());
    expect(screen.getAllByRole('option')).toHaveLength(50);
  });

  // 120 Fluent options drawn and clicked through: on a busy machine longer than the unit project's 15 s.
  it('lists every option in a multi-select and keeps several chosen', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    render(<Multiple options={many(120)} />);
    await user.click(combobox());
    // Fluent gives the options of a multi-select the checkbox item role.
    expect(screen.getAllByRole('menuitemcheckbox')).toHaveLength(120);
    await user.click(screen.getByRole('menuitemcheckbox', { name: '供应商001' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: '供应商099' }));
    expect(screen.getByLabelText('已选').textContent).toBe('s1,s99');
  });

  it('filters locally by the typed text and selects an option', async () => {
    const user = userEvent.setup();
    render(<Single options={many(120)} />);
    await user.type(combobox(), '供应商11');
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual([
      '供应商110',
      '供应商111',
      '供应商112',
      '供应商113',
      '供应商114',
      '供应商115',
      '供应商116',
      '供应商117',
      '供应商118',
      '供应商119',
    ]);
    await user.click(screen.getByRole('option', { name: '供应商115' }));
    expect(screen.getByLabelText('已选').textContent).toBe('s115');
    expect(combobox().value).toBe('供应商115');
  });

  it('sends a remote search once, 300 ms after the last keystroke', async () => {
    // Only the timers the debounce uses: React's scheduler must keep running. Testing Library drains
    // its event wrapper with a setTimeout(0) that it advances only when it sees a `jest` global.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const onSearch = vi.fn();
    render(<Single options={many(3)} onSearch={onSearch} />);
    await user.type(combobox(), '华');
    act(() => void vi.advanceTimersByTime(200));
    await user.keyboard('东');
    act(() => void vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('华东');
  });

  it('cuts the search text to 100 characters', async () => {
    const user = userEvent.setup();
    render(<Single options={many(3)} />);
    await user.click(combobox());
    await user.paste('长'.repeat(150));
    expect(combobox().value).toHaveLength(100);
    expect(screen.getByText('无匹配数据')).toBeTruthy();
  });
});

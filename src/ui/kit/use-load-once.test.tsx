// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadOnce } from './use-load-once';

function Suppliers({ load }: { load: () => Promise<string[]> }) {
  const names = useLoadOnce(load, []);
  return <p>{names.length ? names.join('、') : '加载中'}</p>;
}

function Page({ shown, load }: { shown: boolean; load: () => Promise<string[]> }) {
  return (
    <Activity mode={shown ? 'visible' : 'hidden'}>
      <Suppliers load={load} />
    </Activity>
  );
}

afterEach(cleanup);

describe('useLoadOnce', () => {
  it('reads once, though its kept-alive page is hidden and shown again', async () => {
    const load = vi.fn(() => Promise.resolve(['华东建材', '江苏恒固']));
    const { rerender } = render(<Page shown load={load} />);
    expect(await screen.findByText('华东建材、江苏恒固')).toBeTruthy();
    for (const shown of [false, true, false, true]) {
      await act(async () => rerender(<Page shown={shown} load={load} />));
    }
    expect(screen.getByText('华东建材、江苏恒固')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the fallback when the read fails', async () => {
    const load = vi.fn(() => Promise.reject(new Error('网络异常')));
    render(<Page shown load={load} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

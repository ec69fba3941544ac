import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import { loadWithin, ScreenLoadError } from './screen-registry';

afterEach(() => vi.useRealTimers());

const Screen = () => null;

describe('loadWithin (SPEC §8 chunk loading)', () => {
  it('gives the screen when it loads in time', async () => {
    await expect(loadWithin(async () => Screen)).resolves.toBe(Screen);
  });

  it('turns a chunk that cannot be fetched into a module-not-found error', async () => {
    const error = await loadWithin(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScreenLoadError);
    expect((error as ScreenLoadError).kind).toBe('missing');
  });

  it('gives up after 120 s with a load error', async () => {
    vi.useFakeTimers();
    const pending = loadWithin(() => new Promise(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => { settled = true; });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect((error as ScreenLoadError).kind).toBe('timeout');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

// The idle collection (idle-collect.ts): once a thread falls quiet after its heap grew, and only then.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { idleCollector } from './idle-collect';

const MB = 1024 * 1024;

/** A thread whose utilization and heap size the test sets before each look; counts the collections. */
function thread(heap: number) {
  const state = { utilization: 0, heap, collections: 0, liveAfterCollection: heap };
  const look = idleCollector({
    gc: () => {
      state.collections += 1;
      state.heap = state.liveAfterCollection;
    },
    utilization: () => state.utilization,
    heapSize: () => state.heap,
  });
  return { state, look };
}

/** The looks' answers over `n` seconds. */
const looks = (look: () => boolean, n: number) => Array.from({ length: n }, () => look());

describe('idleCollector', () => {
  it('collects once the thread has been quiet five seconds after its heap grew, not again until it grows', () => {
    const { state, look } = thread(60 * MB);
    state.liveAfterCollection = 40 * MB;
    // The start-up's leftovers, at the fifth quiet second.
    expect(looks(look, 5)).toEqual([false, false, false, false, true]);
    state.utilization = 0.9;
    state.heap = 120 * MB; // a burst of requests
    expect(look()).toBe(false);
    state.utilization = 0;
    expect(looks(look, 5)).toEqual([false, false, false, false, true]);
    expect(state.heap).toBe(40 * MB);
    expect(looks(look, 10).some(Boolean)).toBe(false);
    state.heap = 44 * MB; // a few requests: not worth a collection
    expect(looks(look, 10).some(Boolean)).toBe(false);
    expect(state.collections).toBe(2);
  });

  it('does not collect in the pauses of traffic that comes in bursts a few seconds apart', () => {
    const { state, look } = thread(200 * MB);
    for (let burst = 0; burst < 5; burst += 1) {
      state.utilization = 0.5;
      look();
      state.utilization = 0;
      expect(looks(look, 4).some(Boolean)).toBe(false);
    }
    expect(state.collections).toBe(0);
  });

  it('never collects while the thread is busy', () => {
    const { state, look } = thread(200 * MB);
    state.utilization = 0.05;
    expect(looks(look, 10).some(Boolean)).toBe(false);
    expect(state.collections).toBe(0);
  });

  it('does nothing when the process was started without --expose-gc', () => {
    const look = idleCollector({ gc: undefined, utilization: () => 0, heapSize: () => 500 * MB });
    expect(look()).toBe(false);
  });
});

/**
 * A Node of the gateway's own (--expose-gc, as it is started) that leaves some 100 MB of dropped rows in its
 * heap and collects them the way one of the gateway's threads does; its RSS in MB at the start, with the rows
 * dropped, and after the collection.
 */
function residentAroundCollection(): { start: number; dropped: number; after: number } {
  const script = `
    const { collectAndRelease } = await import('./gateway/src/idle-collect.ts');
    const rss = () => process.memoryUsage().rss / 1024 / 1024;
    const start = rss();
    let rows = [];
    for (let i = 0; i < 300_000; i += 1) rows.push({ name: 'row ' + i, cells: new Array(20).fill(i) });
    rows = null;
    const dropped = rss();
    collectAndRelease(globalThis.gc);
    console.log(JSON.stringify({ start, dropped, after: rss() }));`;
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { start: number; dropped: number; after: number };
}

describe('collectAndRelease', () => {
  it('hands the emptied heap back to the system, not only to V8', () => {
    const { start, dropped, after } = residentAroundCollection();
    expect(dropped - start).toBeGreaterThan(80);
    // Back near where the process started: a plain gc() on Node 24 left 94 of the 100 MB resident.
    expect(after - start).toBeLessThan(20);
  });
});

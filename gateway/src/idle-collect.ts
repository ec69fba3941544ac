// Hands back, once the gateway is quiet, what a burst of requests left in the JavaScript heap. Under load V8
// promotes the short-lived objects of fifty requests at a time into the old generation and grows it to fit;
// when the load stops, nothing allocates any more, so no collection comes to empty it, and V8's own memory
// reducer (which is meant to) seldom runs in Node: 100,000-user pages left a gateway some 60 MB larger for
// good, nearly all of it garbage. Each thread (the gateway's and the database's) watches itself: after five
// seconds in which it did next to nothing, and only if its heap grew since it last collected, one full
// collection — some tens of milliseconds, at a moment nobody waits. Not sooner: traffic that pauses for a
// second or two between bursts would pay for the collection and then for growing the heap again.
//
// The collection needs Node's --expose-gc, which the compiled gateway is started with (scripts/gateway-build.mjs);
// run any other way, nothing is collected.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';

/** How often a thread looks at itself, ms. */
const LOOK_MS = 1_000;
/** Busy below this share of a second: a quiet second. */
const QUIET_UTILIZATION = 0.02;
/** Quiet seconds in a row before a collection. */
const QUIET_LOOKS = 5;
/** Growth of the heap since the last collection worth a collection, bytes. */
const GROWTH_BYTES = 8 * 1024 * 1024;

export interface IdleCollectProbes {
  /** A full collection; absent when the process was started without --expose-gc. */
  gc: (() => void) | undefined;
  /** The share of the time since the last call that the thread spent working, 0–1. */
  utilization(): number;
  /** The heap's committed size, bytes. */
  heapSize(): number;
}

/** Answers what to do at each look: collect or not. Apart from the timer, so that it can be tested. */
export function idleCollector(probes: IdleCollectProbes): () => boolean {
  let collectedAt = 0;
  let quietLooks = 0;
  return () => {
    if (!probes.gc) return false;
    quietLooks = probes.utilization() < QUIET_UTILIZATION ? quietLooks + 1 : 0;
    if (quietLooks < QUIET_LOOKS || probes.heapSize() < collectedAt + GROWTH_BYTES) return false;
    probes.gc();
    collectedAt = probes.heapSize();
    return true;
  };
}

function threadProbes(): IdleCollectProbes {
  let last = performance.eventLoopUtilization();
  const gc = (globalThis as { gc?: () => void }).gc;
  return {
    // Twice: measured on the gateway after the user pages, one collection empties the old generation's pages
    // but keeps them committed (heap 84 MB, 32 MB of it live); the second hands the empty ones back (46 MB).
    gc:
      gc &&
      (() => {
        gc();
        gc();
      }),
    utilization() {
      const now = performance.eventLoopUtilization();
      const { utilization } = performance.eventLoopUtilization(now, last);
      last = now;
      return utilization;
    },
    heapSize: () => v8.getHeapStatistics().total_heap_size,
  };
}

/** Starts the watch on the calling thread; it never holds the process open. */
export function collectWhenIdle(): void {
  const probes = threadProbes();
  if (!probes.gc) return;
  const look = idleCollector(probes);
  setInterval(look, LOOK_MS).unref();
}

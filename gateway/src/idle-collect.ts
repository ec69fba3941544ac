// Hands back, once the gateway is quiet, what a burst of requests left in the JavaScript heap. Under load V8
// promotes the short-lived objects of fifty requests at a time into the old generation and grows it to fit;
// when the load stops, nothing allocates any more, so no collection comes to empty it, and V8's own memory
// reducer (which is meant to) seldom runs in Node: 100,000-user pages left a gateway some 60 MB larger for
// good, nearly all of it garbage. Each thread (the gateway's and the database's) watches itself: after five
// seconds in which it did next to nothing, and only if its heap grew since it last collected, one thorough
// collection — a tenth of a second or so, at a moment nobody waits. Not sooner: traffic that pauses for a
// second or two between bursts would pay for the collection and then for growing the heap again.
//
// The collection needs Node's --expose-gc, which the compiled gateway is started with (scripts/gateway-build.mjs);
// run any other way, nothing is collected.
//
// Since Node 24 (V8 13) emptying the heap is not enough: V8 keeps the pages a collection empties in a pool of
// its own, still resident, for the heap to grow into again, and hands them back to the system only after a
// collection that is asked to shrink the process. With a plain gc() the gateway's heap shrank as before, but
// the gateway stayed 307 MB resident after the user pages instead of 215 MB on Node 20 (150 MB of objects
// dropped and collected: heap 13 MB, process still 205 MB). So the collection here is V8's last-resort one.
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

/**
 * Empties the heap and hands its emptied pages back to the system. One call of V8's last-resort collection:
 * several full collections that compact the heap, then its pool of free pages released. Measured on the
 * gateway after the user pages (Node 24, a busy machine): 150–300 ms for the request thread, 50–150 ms for the
 * database thread; a plain gc() took some 30 ms and gave nothing back. It also drops the database's quickly
 * compiled WebAssembly, compiled again as it is next used: the first 2,000 requests after a quiet spell cost
 * no more CPU each than before the change (0.21 against 0.24 ms, a busy machine).
 */
export function collectAndRelease(gc: NodeJS.GCFunction): void {
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

function threadProbes(): IdleCollectProbes {
  let last = performance.eventLoopUtilization();
  const { gc } = globalThis;
  return {
    gc: gc && (() => collectAndRelease(gc)),
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

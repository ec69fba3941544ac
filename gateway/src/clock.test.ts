// One clock: the close of business, every rule's "now" and every id run on the clock the app is given (the
// gateway's `systemClock`, the client's Clock port), never on a wall-clock read of their own — so a test, the
// demo or the daily job's command that moves the app's clock moves all of it. Production code in gateway/src and
// src reads the wall clock only in the two clock modules; tests, test support and seeds may read it.
import { describe, expect, it } from 'vitest';
import { linesWhere, productionFiles } from './testing/production-lines';

/** The two modules that read the wall clock on everyone's behalf. */
const CLOCK_MODULES = new Set(['gateway/src/clock.ts', 'src/adapters/browser/browser-clock.adapter.ts']);

const WALL_CLOCK = /\bnew Date\(\s*\)|\bDate\.now\b|\bdayjs\(\s*\)/;

/** A line of code (not a comment) that reads the wall clock. */
function readsWallClock(line: string): boolean {
  const code = line.trim();
  if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return false;
  return WALL_CLOCK.test(code);
}

describe('one clock', () => {
  it('knows a wall-clock read when it sees one, and a comment or a given date when it does not', () => {
    expect(readsWallClock('  const now = new Date();')).toBe(true);
    expect(readsWallClock('return String(Date.now());')).toBe(true);
    expect(readsWallClock('const stamp = Date.now;')).toBe(true);
    expect(readsWallClock("const day = dayjs().format('YYYY-MM-DD');")).toBe(true);
    expect(readsWallClock('const at = new Date(now.getTime() + DAY);')).toBe(false);
    expect(readsWallClock("const due = dayjs('2026-01-01');")).toBe(false);
    expect(readsWallClock('const t0 = performance.now();')).toBe(false);
    expect(readsWallClock('// never new Date() here')).toBe(false);
  });

  it('finds no wall-clock read in production code outside the clock modules', () => {
    const files = productionFiles(CLOCK_MODULES);
    // The scan saw the code it guards (a wrong root would pass on nothing).
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain('gateway/src/modules/operation-log/repository.ts');
    const reads = linesWhere(files, readsWallClock);
    expect(reads).toEqual([]);
  });
});

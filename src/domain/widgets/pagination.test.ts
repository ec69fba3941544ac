import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants';
import {
  clampPage,
  jumperPage,
  morePage,
  normalizePageSize,
  normalizePagerCount,
  pageAfterSizeChange,
  pageCount,
  pagerItems,
  type PagerItem,
} from './pagination';

const runs = { numRuns: 1000 };
const show = (items: PagerItem[]) =>
  items.map((i) => (i.kind === 'page' ? String(i.page) : i.direction === 'prev' ? '«' : '»')).join(' ');

describe('pagination (SPEC §5, §9)', () => {
  it('has the spec sizes and default', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(normalizePageSize(undefined)).toBe(10);
    expect(normalizePageSize(50)).toBe(50);
    expect(normalizePageSize(25)).toBe(10);
  });

  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [101, 100, 2],
    [-5, 10, 1],
    [5, 0, 1],
  ])('%d rows at %d a page → %d pages', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });

  it.each([
    [0, 5, 1],
    [-3, 5, 1],
    [6, 5, 5],
    [3.7, 5, 3],
    [Number.NaN, 5, 1],
    [Number.POSITIVE_INFINITY, 5, 1],
    [3, 0, 1],
  ])('page %d of %d → %d', (page, count, expected) => {
    expect(clampPage(page, count)).toBe(expected);
  });

  it.each([
    [undefined, 7],
    [5, 5],
    [21, 21],
    [9, 9],
    [8, 7],
    [3, 7],
    [23, 7],
    [7.5, 7],
  ])('pager count %s → %d', (input, expected) => {
    expect(normalizePagerCount(input)).toBe(expected);
  });

  it.each([
    [1, 1, 7, '1'],
    [1, 5, 7, '1 2 3 4 5'],
    [1, 7, 7, '1 2 3 4 5 6 7'],
    [1, 20, 7, '1 2 3 4 5 6 » 20'],
    [4, 20, 7, '1 2 3 4 5 6 » 20'],
    [5, 20, 7, '1 « 3 4 5 6 7 » 20'],
    [10, 20, 7, '1 « 8 9 10 11 12 » 20'],
    [16, 20, 7, '1 « 14 15 16 17 18 » 20'],
    [17, 20, 7, '1 « 15 16 17 18 19 20'],
    [20, 20, 7, '1 « 15 16 17 18 19 20'],
    [10, 20, 5, '1 « 9 10 11 » 20'],
  ])('page %d of %d with pager %d: %s', (current, count, pager, expected) => {
    expect(show(pagerItems(current, count, pager))).toBe(expected);
  });

  it('jumps pagerCount − 2 pages from a "more" marker, within the pages', () => {
    expect(morePage('next', 10, 20)).toBe(15);
    expect(morePage('prev', 10, 20)).toBe(5);
    expect(morePage('prev', 3, 20)).toBe(1);
    expect(morePage('next', 18, 20, 9)).toBe(20);
  });

  it('reads the jumper', () => {
    expect(jumperPage('3', 10)).toBe(3);
    expect(jumperPage(' 99 ', 10)).toBe(10);
    expect(jumperPage('0', 10)).toBe(1);
    expect(jumperPage('abc', 10)).toBeNull();
    expect(jumperPage('2.5', 10)).toBeNull();
    expect(jumperPage('', 10)).toBeNull();
  });

  it('keeps the page after a size change when it still exists', () => {
    expect(pageAfterSizeChange(3, 95, 10)).toBe(3);
    expect(pageAfterSizeChange(8, 95, 50)).toBe(2);
  });

  it('always clamps into 1..count', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), fc.integer({ min: -5, max: 1000 }), (page, count) => {
        const p = clampPage(page, count);
        return Number.isInteger(p) && p >= 1 && p <= Math.max(1, count);
      }),
      runs,
    );
  });

  const pager = fc.constantFrom(5, 7, 9, 11, 13, 15, 17, 19, 21);
  it('shows the first, last and current pages in order, never more buttons than the pager count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: -2, max: 510 }),
        pager,
        (count, current, size) => {
          const items = pagerItems(current, count, size);
          const pages = items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
          const page = clampPage(current, count);
          const ordered = pages.every((p, k) => k === 0 || pages[k - 1]! < p);
          // A "more" marker stands only where pages are left out.
          const foldsReal = items.every((item, k) => {
            if (item.kind !== 'more') return true;
            const before = items[k - 1];
            const after = items[k + 1];
            return before?.kind === 'page' && after?.kind === 'page' && after.page - before.page > 1;
          });
          const allShown = count <= size ? pages.length === count : pages.length === size;
          return pages[0] === 1 && pages.at(-1) === count && pages.includes(page) && ordered && foldsReal && allShown;
        },
      ),
      runs,
    );
  });
});

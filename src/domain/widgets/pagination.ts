// SPEC §5, §9 pagination: page numbers clamped to 1..page count, sizes 10/20/30/40/50/100 (default 10), a
// pager of an odd number of buttons between 5 and 21 (default 7) laid out prev, pager, next, jumper, total.
// The pager keeps the first and last page and folds the rest into "more" markers the way the spec's
// pager did (current page centred once both ends are folded); a "more" marker jumps pagerCount − 2 pages.
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGER_COUNT, PAGER_COUNT_MAX, PAGER_COUNT_MIN, PAGE_SIZES } from '../constants';

export type PageSize = (typeof PAGE_SIZES)[number];

export type PagerItem = { kind: 'page'; page: number } | { kind: 'more'; direction: 'prev' | 'next' };

/** At least one page, even for no rows, so "page 1 of 1" always holds. */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A whole page number within 1..count; anything unreadable is page 1. */
export function clampPage(page: number, count: number): number {
  const last = Math.max(1, Math.floor(Number.isFinite(count) ? count : 1));
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.trunc(page)));
}

export function isPageSize(size: number): size is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(size);
}

/** A size from the list, or the default 10. */
export function normalizePageSize(size: number | undefined): PageSize {
  return size !== undefined && isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
}

/** An odd whole number from 5 to 21, or the default 7. */
export function normalizePagerCount(count: number | undefined): number {
  if (count === undefined || !Number.isInteger(count) || count % 2 === 0) return DEFAULT_PAGER_COUNT;
  return count >= PAGER_COUNT_MIN && count <= PAGER_COUNT_MAX ? count : DEFAULT_PAGER_COUNT;
}

/** The buttons of the pager, first page to last, with "more" markers where pages are folded. */
export function pagerItems(current: number, count: number, pagerCount: number = DEFAULT_PAGER_COUNT): PagerItem[] {
  const pages = Math.max(1, Math.floor(count));
  const size = normalizePagerCount(pagerCount);
  const page = clampPage(current, pages);
  const half = (size - 1) / 2;
  const foldPrev = pages > size && page > size - half;
  const foldNext = pages > size && page < pages - half;

  let middle: number[];
  if (foldPrev && !foldNext) middle = range(pages - (size - 2), pages - 1);
  else if (!foldPrev && foldNext) middle = range(2, size - 1);
  else if (foldPrev && foldNext) middle = range(page - (half - 1), page + (half - 1));
  else middle = range(2, pages - 1);

  const items: PagerItem[] = [{ kind: 'page', page: 1 }];
  if (foldPrev) items.push({ kind: 'more', direction: 'prev' });
  for (const p of middle) items.push({ kind: 'page', page: p });
  if (foldNext) items.push({ kind: 'more', direction: 'next' });
  if (pages > 1) items.push({ kind: 'page', page: pages });
  return items;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Where a "more" marker goes: pagerCount − 2 pages back or forward, kept within the pages. */
export function morePage(
  direction: 'prev' | 'next',
  current: number,
  count: number,
  pagerCount: number = DEFAULT_PAGER_COUNT,
): number {
  const jump = normalizePagerCount(pagerCount) - 2;
  return clampPage(current + (direction === 'prev' ? -jump : jump), count);
}

/** The page the jumper goes to for the typed text, or null when it is not a whole number. */
export function jumperPage(text: string, count: number): number | null {
  const t = text.trim();
  if (!/^[+-]?\d+$/.test(t)) return null;
  return clampPage(Number(t), count);
}

/** After a size change the current page is kept if it still exists, else the last page. */
export function pageAfterSizeChange(current: number, total: number, newSize: number): number {
  return clampPage(current, pageCount(total, newSize));
}

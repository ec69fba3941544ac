import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_TEMPLATE_ID,
  CHUNK_LOAD_TIMEOUT_MS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGER_COUNT,
  HTTP_TIMEOUT_MS,
  LOGOUT_REDIRECT_DELAY_MS,
  PAGE_SIZES,
  PAGER_COUNT_MAX,
  PAGER_COUNT_MIN,
  PAGINATION_LAYOUT,
  REMOTE_SEARCH_DEBOUNCE_MS,
  SELECT_MAX_VISIBLE_OPTIONS,
  SELECT_SEARCH_MAX_LENGTH,
  TEXT_MAX_MULTI_LINE,
  TEXT_MAX_SINGLE_LINE,
  TOAST_DURATION_MS,
} from './constants';

describe('SPEC §9 constants', () => {
  it.each([
    ['toast', TOAST_DURATION_MS, 3000],
    ['logout redirect', LOGOUT_REDIRECT_DELAY_MS, 1000],
    ['chunk load', CHUNK_LOAD_TIMEOUT_MS, 120000],
    ['http', HTTP_TIMEOUT_MS, 600000],
    ['remote search debounce', REMOTE_SEARCH_DEBOUNCE_MS, 300],
    ['text single-line', TEXT_MAX_SINGLE_LINE, 100],
    ['text multi-line', TEXT_MAX_MULTI_LINE, 2000],
    ['select options', SELECT_MAX_VISIBLE_OPTIONS, 50],
    ['select search', SELECT_SEARCH_MAX_LENGTH, 100],
  ])('%s is %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('pagination defaults are consistent with each other', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40, 50, 100]);
    expect(PAGE_SIZES).toContain(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_PAGER_COUNT % 2).toBe(1);
    expect(DEFAULT_PAGER_COUNT).toBeGreaterThanOrEqual(PAGER_COUNT_MIN);
    expect(DEFAULT_PAGER_COUNT).toBeLessThanOrEqual(PAGER_COUNT_MAX);
    expect(PAGINATION_LAYOUT).toEqual(['prev', 'pager', 'next', 'jumper', 'total']);
  });

  it('keeps the template id as text: it is beyond 2^53', () => {
    expect(BigInt(AUTHORIZATION_TEMPLATE_ID) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});

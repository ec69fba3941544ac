// The values a stage's tab and lists print: money 分 as 元 with 千分位, an instant to the minute as the wire wrote
// it, and '--' where there is none.
import { describe, expect, it } from 'vitest';
import { minuteOf, yuan } from './detail-tab-parts';

describe('detail tab values', () => {
  it('prints 分 as 元, or -- when there is none', () => {
    expect(yuan(123_405)).toBe('1,234.05');
    expect(yuan(null)).toBe('--');
  });

  it('prints an instant to the minute, or -- when there is none', () => {
    expect(minuteOf('2026-11-29T02:05:59.000Z')).toBe('2026-11-29 02:05');
    expect(minuteOf(null)).toBe('--');
  });
});

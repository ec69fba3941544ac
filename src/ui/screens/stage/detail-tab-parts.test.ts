// The values a stage's tab and lists print: money 分 as 元 with 千分位, an instant to the minute in the reader's
// time zone (the wire carries UTC), and '--' where there is none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minuteOf, yuan } from './detail-tab-parts';

describe('detail tab values', () => {
  it('prints 分 as 元, or -- when there is none', () => {
    expect(yuan(123_405)).toBe('1,234.05');
    expect(yuan(null)).toBe('--');
  });

  describe('in a browser in Beijing', () => {
    const runtimeZone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'Asia/Shanghai';
    });
    afterAll(() => {
      if (runtimeZone === undefined) delete process.env.TZ;
      else process.env.TZ = runtimeZone;
    });

    it('prints an instant to the minute in the reader’s time, or -- when there is none', () => {
      expect(new Date('2026-11-29T18:05:59Z').getHours()).toBe(2);
      expect(minuteOf('2026-11-29T18:05:59.000Z')).toBe('2026-11-30 02:05');
      expect(minuteOf(null)).toBe('--');
    });
  });
});

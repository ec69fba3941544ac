// The kit's column readers: the same value whichever way the driver answers it, and null (or the empty value) for
// a null column.
import { describe, expect, it } from 'vitest';
import { dayColumn, isoColumn, jsonColumn } from './stage-columns';

describe('a stage record’s columns', () => {
  it('reads a JSON column from text or parsed, and null as the empty value', () => {
    expect(jsonColumn('[{"a":1}]', [])).toEqual([{ a: 1 }]);
    expect(jsonColumn([{ a: 1 }], [])).toEqual([{ a: 1 }]);
    expect(jsonColumn(null, [])).toEqual([]);
    expect(jsonColumn(undefined, null)).toBeNull();
  });

  it('reads a date as its day and a timestamp as ISO 8601, from a Date or a string', () => {
    expect(dayColumn(new Date('2026-11-29T00:00:00Z'))).toBe('2026-11-29');
    expect(dayColumn('2026-11-29')).toBe('2026-11-29');
    expect(dayColumn(null)).toBeNull();
    expect(isoColumn('2026-11-29T08:00:00+08:00')).toBe('2026-11-29T00:00:00.000Z');
    expect(isoColumn(new Date('2026-11-29T00:00:00Z'))).toBe('2026-11-29T00:00:00.000Z');
    expect(isoColumn(undefined)).toBeNull();
  });
});

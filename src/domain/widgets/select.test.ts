import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterOptions, limitSearchText, visibleOptions } from './select';

const runs = { numRuns: 1000 };
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('select (SPEC §5, §9)', () => {
  it.each([
    [0, false, 0],
    [50, false, 50],
    [51, false, 50],
    [500, false, 50],
    [500, true, 500],
  ])('%d options, multiple %s → %d shown', (n, multiple, shown) => {
    expect(visibleOptions(numbers(n), multiple)).toHaveLength(shown);
  });

  it('cuts search text to 100 characters', () => {
    expect(limitSearchText('a'.repeat(101))).toBe('a'.repeat(100));
    expect(limitSearchText('供应商')).toBe('供应商');
    expect([...limitSearchText('𠀀'.repeat(120))]).toHaveLength(100);
  });

  it('filters by label, ignoring case', () => {
    const options = [{ label: '华东建材有限公司' }, { label: 'ABC Ltd' }, { label: '华南物流' }];
    expect(filterOptions(options, '华东', (o) => o.label)).toEqual([{ label: '华东建材有限公司' }]);
    expect(filterOptions(options, 'abc', (o) => o.label)).toEqual([{ label: 'ABC Ltd' }]);
    expect(filterOptions(options, '  ', (o) => o.label)).toEqual(options);
  });

  it('shows a prefix of the options, at most 50 unless multiple', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.boolean(), (n, multiple) => {
        const all = numbers(n);
        const shown = visibleOptions(all, multiple);
        return shown.every((v, i) => v === all[i]) && shown.length === (multiple ? n : Math.min(n, 50));
      }),
      runs,
    );
  });

  it('never gives search text over 100 characters, and leaves short text alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '中', '𠀀', ' '), maxLength: 150 }), (s) => {
        const out = limitSearchText(s);
        return [...out].length <= 100 && s.startsWith(out) && ([...s].length > 100 || out === s);
      }),
      runs,
    );
  });
});

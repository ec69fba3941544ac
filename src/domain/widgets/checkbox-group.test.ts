import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedCountAllowed, isCheckboxLocked, toggleChecked } from './checkbox-group';

const runs = { numRuns: 1000 };

describe('checkbox group (SPEC §5)', () => {
  it.each<[string[], string, { min?: number; max?: number }, string[]]>([
    [[], 'a', {}, ['a']],
    [['a'], 'a', {}, []],
    [['a', 'b'], 'c', { max: 2 }, ['a', 'b']],
    [['a', 'b'], 'b', { max: 2 }, ['a']],
    [['a'], 'a', { min: 1 }, ['a']],
    [['a', 'b'], 'a', { min: 1 }, ['b']],
    [['a'], 'b', { min: 1 }, ['a', 'b']],
  ])('%j toggling %s with %j → %j', (checked, value, rules, expected) => {
    expect(toggleChecked(checked, value, rules)).toEqual(expected);
  });

  it('locks unchecked boxes at the max and checked boxes at the min', () => {
    expect(isCheckboxLocked(['a', 'b'], 'c', { max: 2 })).toBe(true);
    expect(isCheckboxLocked(['a', 'b'], 'a', { max: 2 })).toBe(false);
    expect(isCheckboxLocked(['a'], 'a', { min: 1 })).toBe(true);
    expect(isCheckboxLocked(['a'], 'b', { min: 1 })).toBe(false);
    expect(checkedCountAllowed(3, { min: 1, max: 2 })).toBe(false);
    expect(checkedCountAllowed(0, { min: 1 })).toBe(false);
    expect(checkedCountAllowed(2, { min: 1, max: 2 })).toBe(true);
  });

  it('never leaves the bounds from within them, whatever is toggled in whatever order', () => {
    const bounds = fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
      .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
    const values = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    fc.assert(
      fc.property(bounds, fc.array(fc.constantFrom(...values), { maxLength: 30 }), (rules, toggles) => {
        let checked: readonly string[] = values.slice(0, rules.min);
        for (const v of toggles) {
          checked = toggleChecked(checked, v, rules);
          if (!checkedCountAllowed(checked.length, rules) || new Set(checked).size !== checked.length) return false;
        }
        return true;
      }),
      runs,
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dictionaryOf, groupDictionary, type DictionaryEntry } from './dictionary';

const runs = { numRuns: 1000 };
type Entry = DictionaryEntry & { id: number };

describe('dictionary grouping (SPEC §3)', () => {
  it('groups by type and sorts by sortNo ascending', () => {
    const groups = groupDictionary<Entry>([
      { id: 1, dictTypeCode: 'status', sortNo: 3 },
      { id: 2, dictTypeCode: 'bank', sortNo: 1 },
      { id: 3, dictTypeCode: 'status', sortNo: 1 },
      { id: 4, dictTypeCode: 'status', sortNo: '2' },
      { id: 5, dictTypeCode: 'status', sortNo: null },
      { id: 6, dictTypeCode: 'status', sortNo: 1 },
      { id: 7, dictTypeCode: 'status', sortNo: 'x' },
      { id: 8, dictTypeCode: 'status', sortNo: -1 },
    ]);
    expect(Object.keys(groups)).toEqual(['status', 'bank']);
    expect(groups.status!.map((e) => e.id)).toEqual([8, 3, 6, 4, 1, 5, 7]);
    expect(groups.bank!.map((e) => e.id)).toEqual([2]);
    expect(dictionaryOf(groups, 'missing')).toEqual([]);
    expect(dictionaryOf(groups, 'toString')).toEqual([]);
  });

  it('keeps an odd type code as a group of its own', () => {
    const groups = groupDictionary([{ dictTypeCode: '__proto__', sortNo: 1 }]);
    expect(dictionaryOf(groups, '__proto__')).toHaveLength(1);
  });

  const entries = fc
    .array(fc.record({ dictTypeCode: fc.constantFrom('a', 'b', 'c', 'd'), sortNo: fc.integer({ min: 0, max: 5 }) }), {
      maxLength: 40,
    })
    .map((list) => list.map((e, id) => ({ ...e, id })));

  it('puts every entry in exactly its own group, sorted, with ties in server order', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const groups = groupDictionary(list);
        const all = Object.values(groups).flat();
        const sortedStable = Object.entries(groups).every(([code, group]) =>
          group.every(
            (e, i) =>
              e.dictTypeCode === code &&
              (i === 0 ||
                group[i - 1]!.sortNo < e.sortNo ||
                (group[i - 1]!.sortNo === e.sortNo && group[i - 1]!.id < e.id)),
          ),
        );
        return all.length === list.length && new Set(all.map((e) => e.id)).size === list.length && sortedStable;
      }),
      runs,
    );
  });
});

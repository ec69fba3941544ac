import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_PREFIX, type DocumentKind, dailyDocumentNo, kindOfNumber, shanghaiDay } from './document-numbers';

const kinds = Object.keys(DOCUMENT_PREFIX) as DocumentKind[];

describe('document numbers', () => {
  it('gives every kind of document a prefix of its own', () => {
    const prefixes = Object.values(DOCUMENT_PREFIX);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^[A-Z]{2,3}$/);
  });

  it('numbers a day in Beijing: the prefix, yyyyMMdd there, four digits', () => {
    // 2026-12-31 16:30 UTC is already 1 January 2027 in Beijing.
    expect(dailyDocumentNo('decision', new Date('2026-12-31T16:30:00Z'), 7)).toBe('JY202701010007');
    expect(dailyDocumentNo('interviewMinutes', new Date('2026-11-29T03:00:00Z'), 12)).toBe('FT202611290012');
    expect(shanghaiDay(new Date('2026-11-29T15:59:59Z'))).toBe('20261129');
    expect(shanghaiDay(new Date('2026-11-29T16:00:00Z'))).toBe('20261130');
  });

  it('tells the kind of any number it made, and of none it did not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 9999 }),
        (kind, now, seq) => kindOfNumber(dailyDocumentNo(kind, now, seq)) === kind,
      ),
    );
    expect(kindOfNumber('GYS202600001')).toBe('supplier');
    expect(kindOfNumber(' rz202611290001 ')).toBe('business');
    expect(kindOfNumber('XX202611290001')).toBeUndefined();
    expect(kindOfNumber('RZ')).toBeUndefined();
    expect(kindOfNumber('华东建材')).toBeUndefined();
  });
});

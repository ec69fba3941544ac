import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANY_CONTENT_TYPE,
  CONTENT_TYPES,
  acceptAttribute,
  contentCategoryOf,
  contentTypeFor,
  normalizeExtension,
} from './content-types';

describe('content-type table (SPEC §3)', () => {
  it.each([
    ['', '*/*'],
    ['pdf', 'application/pdf'],
    ['.PDF', 'application/pdf'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['jpg', 'image/jpeg'],
    ['mp3', 'audio/mpeg'],
    ['mp4', 'video/mp4'],
    ['zip', 'application/zip'],
    ['txt', 'text/plain'],
    ['exe', 'application/octet-stream'],
    ['constructor', 'application/octet-stream'],
  ])('%j → %s', (ext, type) => {
    expect(contentTypeFor(ext)).toBe(type);
  });

  it('covers every category the spec names', () => {
    const categories = new Set(Object.values(CONTENT_TYPES).map((e) => e.category));
    for (const c of ['document', 'spreadsheet', 'presentation', 'image', 'audio', 'video', 'archive', 'text', 'any']) {
      expect(categories).toContain(c);
    }
    expect(CONTENT_TYPES['']!.type).toBe(ANY_CONTENT_TYPE);
    expect(contentCategoryOf('XLS')).toBe('spreadsheet');
    expect(contentCategoryOf('nope')).toBeNull();
  });

  it('builds an accept attribute, empty when anything goes', () => {
    expect(acceptAttribute(['pdf', '.JPG'])).toBe('.pdf,application/pdf,.jpg,image/jpeg');
    expect(acceptAttribute(['jpg', 'jpeg'])).toBe('.jpg,image/jpeg,.jpeg');
    expect(acceptAttribute([])).toBe('');
    expect(acceptAttribute(['pdf', ''])).toBe('');
  });

  it('normalises extensions idempotently, and every table key is normal', () => {
    for (const key of Object.keys(CONTENT_TYPES)) expect(normalizeExtension(key)).toBe(key);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('.', 'P', 'd', 'f', ' ', 'X'), maxLength: 8 }), (s) => {
        const once = normalizeExtension(s);
        return normalizeExtension(once) === once && once === once.toLowerCase();
      }),
      { numRuns: 1000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { FILE_BINDING_MESSAGE, fileBindingRefusal, isFileKeyId } from './file-binding';

const target = { type: 'FINANCING_APPLICATION', id: 'A-1' };
const file = (keyId: string, createdBy: string, bound: { type: string; id: string } | null = null) => ({
  keyId,
  createdBy,
  businessType: bound?.type ?? null,
  businessId: bound?.id ?? null,
});

describe('fileBindingRefusal', () => {
  it("takes the caller's own unbound uploads, and files this record holds already", () => {
    const found = [file('a1', 'u1'), file('b2', 'u2', target)];
    expect(fileBindingRefusal(['a1', 'b2'], found, 'u1', target)).toBeNull();
    expect(fileBindingRefusal([], [], 'u1', target)).toBeNull();
  });

  it("refuses unknown and path-like ids, another user's upload and a file another record holds, alike", () => {
    const found = [file('a1', 'u1'), file('c3', 'u2'), file('d4', 'u1', { type: 'FINANCING_APPLICATION', id: 'A-2' })];
    for (const ids of [['zz'], ['../../etc/passwd'], ['a1', 'c3'], ['d4'], ['a1/..'], ['']])
      expect(fileBindingRefusal(ids, found, 'u1', target), ids.join()).toBe(FILE_BINDING_MESSAGE);
  });

  it('knows what a keyId looks like', () => {
    expect(isFileKeyId('0f3a9c2b7e1d4a5b8c6d0e1f2a3b4c5d')).toBe(true);
    expect(isFileKeyId('1500000000000000007')).toBe(true);
    for (const id of ['../x', 'a/b', 'a.b', '', 'x'.repeat(65), 'a b']) expect(isFileKeyId(id), id).toBe(false);
  });
});

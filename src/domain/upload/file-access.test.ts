import { describe, expect, it } from 'vitest';
import { mayReadFile, mayTouchFile } from './file-access';

const bound = { createdBy: 'maker', subSys: 'business', module: 'financingApplication', businessId: 'b1' };
const reviewer = { userId: 'reviewer', grants: new Map<string, Set<string>>() };

describe('who may read a stored file', () => {
  it('lets whoever sees the record read a file bound to it, without touching it', () => {
    expect(mayTouchFile(bound, reviewer)).toBe(false);
    expect(mayReadFile(bound, reviewer, true)).toBe(true);
    expect(mayReadFile(bound, reviewer, false)).toBe(false);
  });

  it('never lets a record reach an unbound upload, and always lets the uploader read its own', () => {
    expect(mayReadFile({ ...bound, businessId: null }, reviewer, true)).toBe(false);
    expect(mayReadFile(bound, { ...reviewer, userId: 'maker' }, false)).toBe(true);
  });
});

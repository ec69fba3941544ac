import { describe, expect, it } from 'vitest';
import { openingTab, tabLabel } from './todo-count.selectors';

describe('我的待办 tabs', () => {
  it('opens on the first tab that holds something, 待审核 when none does', () => {
    expect(openingTab({ REVIEW: 0, MAKE: 7, VOTE: 0, DUE: 0 })).toBe('MAKE');
    expect(openingTab({ REVIEW: 2, MAKE: 7, VOTE: 0, DUE: 0 })).toBe('REVIEW');
    expect(openingTab({ REVIEW: 0, MAKE: 0, VOTE: 0, DUE: 0 })).toBe('REVIEW');
    // A member with a vote to cast opens on 待表决.
    expect(openingTab({ REVIEW: 0, MAKE: 0, VOTE: 2, DUE: 0 })).toBe('VOTE');
  });

  it('shows each count on its tab once known', () => {
    expect(tabLabel('MAKE', { REVIEW: 0, MAKE: 7, VOTE: 0, DUE: 0 }, true)).toBe('待制作（7）');
    expect(tabLabel('MAKE', { REVIEW: 0, MAKE: 0, VOTE: 0, DUE: 0 }, false)).toBe('待制作');
  });
});

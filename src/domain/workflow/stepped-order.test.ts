// A stepped order: numbered 1..n with no gap or repeat, at least the minimum, one step a party; a step waits on the
// first earlier one not done, and on none once they all are.
import { describe, expect, it } from 'vitest';
import { inOrder, steppedOrderProblem, waitingBefore } from './stepped-order';

const steps = [
  { order: 2, party: 'B', done: false },
  { order: 1, party: 'A', done: true },
  { order: 3, party: 'C', done: false },
];

describe('stepped order', () => {
  it('names what breaks the order', () => {
    expect(steppedOrderProblem(steps, 2, (s) => s.party)).toBeNull();
    expect(steppedOrderProblem(steps.slice(0, 1), 2)).toBe('count');
    expect(steppedOrderProblem([{ order: 1 }, { order: 3 }], 2)).toBe('gaps');
    expect(steppedOrderProblem([{ order: 1 }, { order: 1 }], 2)).toBe('gaps');
    expect(steppedOrderProblem([{ order: 2 }, { order: 3 }], 2)).toBe('gaps');
    const twice = [
      { order: 1, party: 'A' },
      { order: 2, party: 'A' },
    ];
    expect(steppedOrderProblem(twice, 2, (s) => s.party)).toBe('duplicate');
    expect(steppedOrderProblem(twice, 2)).toBeNull();
  });

  it('reads the steps in order and tells whom a step waits on', () => {
    expect(inOrder(steps).map((s) => s.party)).toEqual(['A', 'B', 'C']);
    expect(waitingBefore(steps, 1, (s) => s.done)).toBeUndefined();
    expect(waitingBefore(steps, 2, (s) => s.done)).toBeUndefined();
    expect(waitingBefore(steps, 3, (s) => s.done)?.party).toBe('B');
    expect(waitingBefore(steps, 3, () => true)).toBeUndefined();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { principalOverLines } from './stage-quota-orders';

const line = (orderId: string, amount: bigint) => ({ orderId, amount });

describe('principal repaid laid over the application lines', () => {
  it('falls on the lines in order id order, part by part', () => {
    const lines = [line('FK2', 300n), line('FK1', 500n), line('FK3', 200n)];
    expect(principalOverLines(lines, 0n, 600n)).toEqual([
      { orderId: 'FK1', part: 500n },
      { orderId: 'FK2', part: 100n },
    ]);
    expect(principalOverLines(lines, 600n, 300n)).toEqual([
      { orderId: 'FK2', part: 200n },
      { orderId: 'FK3', part: 100n },
    ]);
    // Past the lines' total (the loan's interest-free rest, or an application without lines) nothing is released.
    expect(principalOverLines(lines, 1_000n, 50n)).toEqual([]);
    expect(principalOverLines([], 0n, 50n)).toEqual([]);
  });

  it('releases each line once however the principal is repaid, never more than was repaid', () => {
    const lines = fc.uniqueArray(
      fc.record({ orderId: fc.stringMatching(/^FK\d{1,4}$/), amount: fc.bigInt({ min: 0n, max: 10n ** 12n }) }),
      { selector: (l) => l.orderId, maxLength: 8 },
    );
    const repayments = fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { maxLength: 10 });
    fc.assert(
      fc.property(lines, repayments, (ls, paid) => {
        const released = new Map<string, bigint>();
        let before = 0n;
        for (const principal of paid) {
          const parts = principalOverLines(ls, before, principal);
          const sum = parts.reduce((s, p) => s + p.part, 0n);
          expect(sum <= principal).toBe(true);
          for (const p of parts) {
            expect(p.part > 0n).toBe(true);
            released.set(p.orderId, (released.get(p.orderId) ?? 0n) + p.part);
          }
          before += principal;
        }
        const total = ls.reduce((s, l) => s + l.amount, 0n);
        const all = [...released.values()].reduce((s, v) => s + v, 0n);
        expect(all).toBe(before < total ? before : total);
        for (const l of ls) expect((released.get(l.orderId) ?? 0n) <= l.amount).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { FinancingApplicationFormMessage, fenToYuanText, lineFigures, totals } from './financing-application-form';

describe('the make page live figures', () => {
  it('caps a line at eligible × ratio and reads 元 exactly', () => {
    const f = lineFigures({ orderId: 'o', text: '80,000.00' }, 100_000_00, '0.8000');
    expect(f).toEqual({ orderId: 'o', cap: 80_000_00n, amount: 80_000_00n, error: null });
    expect(lineFigures({ orderId: 'o', text: '80000.01' }, 100_000_00, '0.8000').error).toBe(
      FinancingApplicationFormMessage.overCap(80_000_00n, '0.8000'),
    );
    expect(lineFigures({ orderId: 'o', text: '1.005' }, 100_000_00, '0.8000').error).toBe(
      FinancingApplicationFormMessage.amount,
    );
    expect(lineFigures({ orderId: 'o', text: '0' }, 100_000_00, '0.8000').error).toBe(
      FinancingApplicationFormMessage.positive,
    );
  });

  it('adds the valid amounts only', () => {
    const a = lineFigures({ orderId: 'a', text: '100.10' }, 1_000_00, '0.8000');
    const b = lineFigures({ orderId: 'b', text: 'x' }, 2_000_00, '0.8000');
    expect(totals([a, b], [1_000_00, 2_000_00])).toEqual({
      count: 2,
      eligible: 3_000_00n,
      cap: 2_400_00n,
      total: 100_10n,
    });
    expect(fenToYuanText(8_000_001)).toBe('80000.01');
  });
});

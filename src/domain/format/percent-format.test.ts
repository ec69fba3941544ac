import { describe, expect, it } from 'vitest';
import { formatPercent, percentToRate, rateToPercentText } from './percent-format';

describe('percentages as people read and type them', () => {
  it.each([
    ['0.0600', '6.00%', '6%'],
    ['0.0650', '6.50%', '6.5%'],
    ['0.7550', '75.50%', '75.5%'],
    ['0.8000', '80.00%', '80%'],
    ['1.5000', '150.00%', '150%'],
    ['-0.1234', '-12.34%', '-12.34%'],
    ['0', '0.00%', '0%'],
  ])('%s reads %s (trimmed %s)', (rate, shown, trimmed) => {
    expect(formatPercent(rate)).toBe(shown);
    expect(formatPercent(rate, { trim: true })).toBe(trimmed);
  });

  it('reads nothing as --', () => {
    expect(formatPercent(null)).toBe('--');
    expect(formatPercent('')).toBe('--');
  });

  it.each([
    ['5', '0.0500'],
    ['6.5', '0.0650'],
    ['6.25%', '0.0625'],
    [' 80 ', '0.8000'],
    ['0', '0.0000'],
    ['100', '1.0000'],
  ])('typed %s means %s', (typed, rate) => {
    expect(percentToRate(typed)).toBe(rate);
  });

  it.each(['', '0.065.1', '6.255', 'abc', '-5', '1e2', '1000'])('refuses %s', (typed) => {
    expect(percentToRate(typed)).toBeNull();
  });

  it('types a rate back as its percentage', () => {
    expect(rateToPercentText('0.0650')).toBe('6.5');
    expect(rateToPercentText('0.0500')).toBe('5');
    expect(rateToPercentText(null)).toBe('');
    expect(percentToRate(rateToPercentText('0.0625'))).toBe('0.0625');
  });
});

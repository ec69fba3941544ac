import { describe, expect, it } from 'vitest';
import { maskAccount, maskIdNumber, maskMobile, maskValue } from './mask';

describe('masks for lists', () => {
  it('keeps the first four and last four characters of an ID number', () => {
    expect(maskIdNumber('330204199001011238')).toBe('3302**********1238');
    expect(maskIdNumber('91310000MA1FL8XQ30')).toBe('9131**********XQ30');
  });
  it('keeps the prefix and last four digits of a mobile number', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
  });
  it('shows only the last four digits of an account', () => {
    expect(maskAccount('6222021234567890123')).toBe('**** 0123');
  });
  it('leaves empty and short values alone', () => {
    expect(maskValue('idNumber', '')).toBe('');
    expect(maskIdNumber('1234')).toBe('1234');
    expect(maskMobile('123')).toBe('123');
  });
});

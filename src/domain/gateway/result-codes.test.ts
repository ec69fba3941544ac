import { describe, expect, it } from 'vitest';
import { ResultCode, SESSION_EXPIRED_MESSAGE, isSuccessCode } from './result-codes';

describe('result codes (SPEC §7.1, §8)', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    ['0', true],
    [1, false],
    ['00', false],
    [null, false],
    [undefined, false],
    [false, false],
    [ResultCode.sessionExpired, false],
  ])('%j is success: %s', (code, expected) => {
    expect(isSuccessCode(code)).toBe(expected);
  });

  it('keeps the expiry code and its message', () => {
    expect(ResultCode.sessionExpired).toBe(160300004);
    expect(SESSION_EXPIRED_MESSAGE).toBe('用户信息过期,请重新登录');
    expect(new Set(Object.values(ResultCode)).size).toBe(Object.keys(ResultCode).length);
  });
});

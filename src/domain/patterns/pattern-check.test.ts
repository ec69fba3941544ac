import { describe, expect, it } from 'vitest';
import { PatternMessage, checkPattern, type PatternKind } from './pattern-check';

const TODAY = new Date(2026, 5, 15);

describe('checkPattern', () => {
  it.each<[PatternKind, string, string | null]>([
    ['mobile', '13800138000', null],
    ['mobile', '1380013800', '请输入正确的手机号码'],
    ['email', 'a@b.cn', null],
    ['email', 'a@b', '请输入正确的邮箱地址'],
    ['residentId', '11010519491231002X', null],
    ['residentId', '110105194912310021', '请输入正确的身份证号码'],
    ['creditCode', '91440300708461136T', null],
    ['creditCode', '91440300708461136U', '请输入正确的统一社会信用代码'],
    ['bankAccount', '12345678', null],
    ['bankAccount', '6222021234567890123456789012', null],
    ['bankAccount', '1234567', '请输入正确的账号（8至30位数字）'],
    ['bankAccount', '6222 0212 3456', '请输入正确的账号（8至30位数字）'],
    ['bankAccount', '1'.repeat(31), '请输入正确的账号（8至30位数字）'],
    ['mobile', '', null],
    ['creditCode', '   ', null],
  ])('%s %j → %s', (kind, value, expected) => {
    expect(checkPattern(kind, value, TODAY)).toBe(expected);
  });

  it('has one message a kind', () => {
    expect(new Set(Object.values(PatternMessage)).size).toBe(5);
  });
});

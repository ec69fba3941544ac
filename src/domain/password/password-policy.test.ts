import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PasswordMessage,
  checkPasswordStrength,
  passwordClassCount,
} from './password-policy';

const runs = { numRuns: 1000 };
const DIGITS = [...'0123456789'];
const UPPER = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const LOWER = [...'abcdefghijklmnopqrstuvwxyz'];
const SYMBOLS = [...'!@#$%^&*()_+-=[]{};:\'",.<>/?`~|\\ 中'];
const CLASSES = [DIGITS, UPPER, LOWER, SYMBOLS].map((chars) => fc.constantFrom(...chars));

/** A password of the given length range built from the chosen classes, each used at least once. */
function passwordOf(classCount: { min: number; max: number }, length: { min: number; max: number }) {
  return fc.shuffledSubarray([0, 1, 2, 3], { minLength: classCount.min, maxLength: classCount.max }).chain((chosen) => {
    const pool = chosen.map((c) => CLASSES[c]!);
    return fc
      .tuple(
        fc.tuple(...pool),
        fc.array(fc.oneof(...pool), {
          minLength: Math.max(0, length.min - chosen.length),
          maxLength: length.max - chosen.length,
        }),
      )
      .chain(([required, rest]) => {
        const all = [...required, ...rest];
        return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }).map((a) => a.join(''));
      });
  });
}

describe('checkPasswordStrength (SPEC §5)', () => {
  it.each([
    ['', PasswordMessage.length],
    ['Ab1!', PasswordMessage.length],
    ['Abcd12!', PasswordMessage.length],
    ['Abcd123!', null],
    ['Abcdefgh12345!@', null],
    ['Abcdefgh12345!@#', PasswordMessage.length],
    ['abcdefgh', PasswordMessage.strength],
    ['abcd1234', PasswordMessage.strength],
    ['ABCD!@#$', PasswordMessage.strength],
    ['abcd123!', null],
    ['ABCD123!', null],
    ['Abcdefg1', null],
    ['Abcdefg!', null],
    ['密码Abc12345', null],
  ])('%j → %s', (password, expected) => {
    expect(checkPasswordStrength(password)).toBe(expected);
  });

  it('uses the spec messages verbatim', () => {
    expect(PasswordMessage.length).toBe('密码长度8-15位');
    expect(PasswordMessage.strength).toBe('密码强度不够,大写字母、小写字母、数字和符号至少包含3种');
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 15]);
  });

  it('accepts every 8–15 character password with at least three classes', () => {
    fc.assert(
      fc.property(passwordOf({ min: 3, max: 4 }, { min: 8, max: 15 }), (p) => checkPasswordStrength(p) === null),
      runs,
    );
  });

  it('refuses every 8–15 character password with at most two classes, for strength', () => {
    fc.assert(
      fc.property(
        passwordOf({ min: 1, max: 2 }, { min: 8, max: 15 }),
        (p) => checkPasswordStrength(p) === PasswordMessage.strength,
      ),
      runs,
    );
  });

  it('refuses every password outside 8–15 characters, for length, whatever its classes', () => {
    const short = passwordOf({ min: 1, max: 4 }, { min: 4, max: 7 });
    const long = passwordOf({ min: 1, max: 4 }, { min: 16, max: 30 });
    fc.assert(
      fc.property(fc.oneof(short, long, fc.constant('')), (p) => checkPasswordStrength(p) === PasswordMessage.length),
      runs,
    );
  });
});

describe('passwordClassCount', () => {
  it.each([
    ['', 0],
    ['1', 1],
    ['aA', 2],
    ['aA1', 3],
    ['aA1 ', 4],
  ])('%j has %d classes', (p, n) => {
    expect(passwordClassCount(p)).toBe(n);
  });

  it('never drops when characters are appended, and stays within 0..4', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const whole = passwordClassCount(a + b);
        return whole >= passwordClassCount(a) && whole >= passwordClassCount(b) && whole <= 4;
      }),
      runs,
    );
  });
});

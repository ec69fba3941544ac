import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmail, isMobileNumber } from './contact-patterns';

const runs = { numRuns: 1000 };
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });

describe('mobile number (SPEC §5)', () => {
  it.each([
    ['13800138000', true],
    ['14512345678', true],
    ['15012345678', true],
    ['16612345678', true],
    ['17712345678', true],
    ['18912345678', true],
    ['19912345678', true],
    [' 13800138000 ', true],
    ['1380013800', false],
    ['138001380000', false],
    ['12345678901', false],
    ['15412345678', false],
    ['14012345678', false],
    ['19412345678', false],
    ['23800138000', false],
    ['+8613800138000', false],
    ['1380013800a', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isMobileNumber(value)).toBe(expected);
  });

  const prefixes = ['13', '145', '150', '153', '155', '162', '165', '170', '178', '18', '190', '195', '199'];
  it('accepts 11 digits on every issued segment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes).chain((p) => digits(11 - p.length).map((rest) => p + rest)),
        isMobileNumber,
      ),
      runs,
    );
  });

  it('refuses any other length and anything not starting with 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }).chain(digits), (s) => {
        fc.pre(s.length !== 11 || !s.startsWith('1'));
        return !isMobileNumber(s);
      }),
      runs,
    );
  });
});

describe('e-mail (SPEC §5)', () => {
  it.each([
    ['user@example.com', true],
    ['first.last+tag@sub.example.com.cn', true],
    ['a_b-c%d@x-y.cn', true],
    ['USER@EXAMPLE.ORG', true],
    ['user@example', false],
    ['user.@example.com', false],
    ['.user@example.com', false],
    ['us..er@example.com', false],
    ['user@-example.com', false],
    ['user@example.c', false],
    ['user@@example.com', false],
    ['user example@example.com', false],
    ['用户@example.com', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  const label = fc.string({ unit: fc.constantFrom(...'abcxyz019'), minLength: 1, maxLength: 10 });
  it('accepts every dotted local part at a dotted host with a letter top-level domain', () => {
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.string({ unit: fc.constantFrom(...'comnetcn'), minLength: 2, maxLength: 6 }),
        (local, host, tld) => isEmail(`${local.join('.')}@${host.join('.')}.${tld}`),
      ),
      runs,
    );
  });

  it('refuses every address without exactly one @', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '.', '@', 'b', 'c'), maxLength: 20 }), (s) => {
        fc.pre(s.split('@').length !== 2);
        return !isEmail(s);
      }),
      runs,
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PasswordChangeMessage,
  firstPasswordChangeError,
  limitPasswordInput,
  passwordChangeSubmitWarning,
  validatePasswordChangeField,
  validatePasswordChangeForm,
  type PasswordChangeForm,
} from './password-change-form';
import { PasswordMessage } from './password-policy';

const runs = { numRuns: 1000 };
const form = (oldPassword: string, newPassword: string, rePassword: string): PasswordChangeForm => ({
  oldPassword,
  newPassword,
  rePassword,
});

/** Strong by construction: one upper, one lower, one digit, then 5–12 more of the same alphabet. */
const strong = fc
  .tuple(
    fc.constantFrom(...'ABCDEFGHJK'),
    fc.constantFrom(...'abcdefghjk'),
    fc.constantFrom(...'0123456789'),
    fc.string({ unit: fc.constantFrom(...'Aa1!@#xyzXYZ'), minLength: 5, maxLength: 12 }),
  )
  .map((parts) => parts.join(''));

describe('password-change form (SPEC §5)', () => {
  it('uses the spec messages verbatim', () => {
    expect(PasswordChangeMessage).toEqual({
      oldRequired: '请输入密码',
      newRequired: '请输入新密码',
      confirmRequired: '请再次确认新密码',
      sameAsOld: '新密码不能与旧密码一样',
      mismatch: '两次密码输入不一致',
      formInvalid: '请完善表格输入',
    });
  });

  it.each<[string, PasswordChangeForm, ReturnType<typeof validatePasswordChangeForm>]>([
    [
      'all empty',
      form('', '', ''),
      { oldPassword: '请输入密码', newPassword: '请输入新密码', rePassword: '请再次确认新密码' },
    ],
    ['valid', form('Old@2025x', 'New@2026x', 'New@2026x'), {}],
    ['weak old', form('oldpassword', 'New@2026x', 'New@2026x'), { oldPassword: PasswordMessage.strength }],
    ['short old', form('Ab1!', 'New@2026x', 'New@2026x'), { oldPassword: PasswordMessage.length }],
    ['weak new', form('Old@2025x', 'newpassword', 'newpassword'), { newPassword: PasswordMessage.strength }],
    [
      'long new',
      form('Old@2025x', 'New@2026xxxxxxxx', 'New@2026xxxxxxxx'),
      {
        newPassword: PasswordMessage.length,
        rePassword: PasswordMessage.length,
      },
    ],
    ['same as old', form('Same@2026x', 'Same@2026x', 'Same@2026x'), { newPassword: '新密码不能与旧密码一样' }],
    ['mismatch', form('Old@2025x', 'New@2026x', 'New@2026y'), { rePassword: '两次密码输入不一致' }],
    ['confirm missing', form('Old@2025x', 'New@2026x', ''), { rePassword: '请再次确认新密码' }],
  ])('%s', (_name, input, expected) => {
    expect(validatePasswordChangeForm(input)).toEqual(expected);
  });

  it('checks strength before sameness, so a weak repeated password reports strength', () => {
    expect(validatePasswordChangeField('newPassword', form('weakweak', 'weakweak', 'weakweak'))).toBe(
      PasswordMessage.strength,
    );
  });

  it('gives the first message in form order and the submit warning', () => {
    expect(firstPasswordChangeError(form('', '', ''))).toBe('请输入密码');
    expect(firstPasswordChangeError(form('Old@2025x', 'New@2026x', 'x'))).toBe('两次密码输入不一致');
    expect(passwordChangeSubmitWarning(form('Old@2025x', 'New@2026x', 'x'))).toBe('请完善表格输入');
    expect(passwordChangeSubmitWarning(form('Old@2025x', 'New@2026x', 'New@2026x'))).toBeNull();
  });

  it('accepts every form of two different strong passwords with a matching confirmation', () => {
    fc.assert(
      fc.property(strong, strong, (oldPassword, newPassword) => {
        fc.pre(oldPassword !== newPassword);
        return passwordChangeSubmitWarning(form(oldPassword, newPassword, newPassword)) === null;
      }),
      runs,
    );
  });

  it('refuses every form whose confirmation differs from the new password', () => {
    fc.assert(
      fc.property(strong, strong, fc.string({ maxLength: 15 }), (oldPassword, newPassword, rePassword) => {
        fc.pre(rePassword !== newPassword && rePassword !== '');
        const errors = validatePasswordChangeForm(form(oldPassword, newPassword, rePassword));
        return errors.rePassword === PasswordChangeMessage.mismatch;
      }),
      runs,
    );
  });

  it('refuses every form whose new password equals the old one', () => {
    fc.assert(
      fc.property(strong, (p) => validatePasswordChangeForm(form(p, p, p)).newPassword === '新密码不能与旧密码一样'),
      runs,
    );
  });

  it('limits inputs to 15 characters and leaves shorter ones alone', () => {
    expect(limitPasswordInput('1234567890123456')).toBe('123456789012345');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'Z', '9', '!', '中', '😀', ' '), maxLength: 40 }), (s) => {
        const limited = limitPasswordInput(s);
        const chars = [...limited];
        return chars.length <= 15 && s.startsWith(limited) && ([...s].length > 15 || limited === s);
      }),
      runs,
    );
  });
});

// One entry point for forms and the gateway: the message for a value that breaks a field's pattern.
// SPEC §5 names the patterns but gives no messages; these words are ours, kept in one place so a form
// and the gateway's 160300400 answer name the field the same way.
import { isEmail, isMobileNumber } from './contact-patterns';
import { isResidentId } from './resident-id';
import { isUnifiedSocialCreditCode } from './social-credit-code';

export type PatternKind = 'mobile' | 'email' | 'residentId' | 'creditCode' | 'bankAccount';

export const PatternMessage: Readonly<Record<PatternKind, string>> = {
  mobile: '请输入正确的手机号码',
  email: '请输入正确的邮箱地址',
  residentId: '请输入正确的身份证号码',
  creditCode: '请输入正确的统一社会信用代码',
  bankAccount: '请输入正确的账号（8至30位数字）',
};

/** A bank account number: 8 to 30 digits (监管账户, BUSINESS.md §2 Risk). */
export const isBankAccount = (value: string) => /^\d{8,30}$/.test(value);

/**
 * The message when the value breaks the pattern, else null. Empty values are for "required" to judge. A resident
 * ID's birth date may not be after `today` (the caller's clock), so that kind asks for it; the others do not.
 */
export function checkPattern(kind: PatternKind, value: string, today: Date): string | null;
export function checkPattern(kind: Exclude<PatternKind, 'residentId'>, value: string): string | null;
export function checkPattern(kind: PatternKind, value: string, today?: Date): string | null {
  if (value.trim() === '') return null;
  const ok =
    kind === 'mobile'
      ? isMobileNumber(value)
      : kind === 'email'
        ? isEmail(value)
        : kind === 'residentId'
          ? today !== undefined && isResidentId(value, today)
          : kind === 'bankAccount'
            ? isBankAccount(value)
            : isUnifiedSocialCreditCode(value);
  return ok ? null : PatternMessage[kind];
}

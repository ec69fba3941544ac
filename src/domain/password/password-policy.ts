// SPEC §5 password strength, shared by the change-password dialog and the gateway (which is the authority).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;

export const PasswordMessage = {
  length: '密码长度8-15位',
  strength: '密码强度不够,大写字母、小写字母、数字和符号至少包含3种',
} as const;

const CLASSES: readonly RegExp[] = [/[0-9]/, /[A-Z]/, /[a-z]/, /[^0-9A-Za-z]/];

/** The number of character classes (digit, upper case, lower case, symbol) that occur in the password. */
export function passwordClassCount(password: string): number {
  return CLASSES.filter((re) => re.test(password)).length;
}

/** The spec's message for the first rule the password breaks, or null when it is strong enough. */
export function checkPasswordStrength(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PasswordMessage.length;
  if (passwordClassCount(password) < 3) return PasswordMessage.strength;
  return null;
}

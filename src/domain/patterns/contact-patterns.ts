// SPEC §5 shared patterns for contact details: a mainland mobile number (11 digits on a segment the
// carriers actually issue: 13x, 145–149, 150–153, 155–159, 162, 165–167, 170–178, 18x, 190–193, 195–199)
// and a deliberately simple e-mail address (no quoted or IP-literal forms; such addresses do not occur
// in this back office, and a loose pattern lets typos through).
export const MOBILE_PATTERN = /^1(?:3\d|4[5-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;

export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

const EMAIL_MAX_LENGTH = 254;

export function isMobileNumber(value: string): boolean {
  return MOBILE_PATTERN.test(value.trim());
}

export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v);
}

// The 18-character unified social credit code of GB 32100-2015, which suppliers and project companies
// carry: a registration-authority character, an organisation-type character, a six-digit region code,
// the nine-character organisation code, and a check character over the first 17 (weights 3^i mod 31 over
// the 31-character alphabet that leaves out I, O, Z, S and V). Lower case is read as upper case.
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Registration authorities of GB 32100 (1–9, A for the military, N for agriculture, Y for others). */
const AUTHORITIES = '123456789ANY';
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export type CreditCodeProblem = 'format' | 'checksum';

export function normalizeCreditCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The check character for the first 17 characters, or null if one is outside the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!;
}

export function checkCreditCode(code: string): CreditCodeProblem | null {
  const value = normalizeCreditCode(code);
  if (!SHAPE.test(value) || !AUTHORITIES.includes(value[0]!)) return 'format';
  return creditCodeCheckChar(value) === value[17] ? null : 'checksum';
}

export function isUnifiedSocialCreditCode(code: string): boolean {
  return checkCreditCode(code) === null;
}

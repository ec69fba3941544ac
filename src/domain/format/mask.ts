// Masks for lists (BUSINESS.md §4: account numbers masked in lists; ID and mobile numbers likewise): the
// first and last characters stay so a person can still tell two records apart.
import type { MaskKind } from '../resource/resource';

const stars = (n: number) => '*'.repeat(Math.max(0, n));

/** '330204199001011238' → '3302**********1238'. */
export function maskIdNumber(value: string): string {
  return value.length <= 8 ? value : `${value.slice(0, 4)}${stars(value.length - 8)}${value.slice(-4)}`;
}

/** '13812345678' → '138****5678'. */
export function maskMobile(value: string): string {
  return value.length < 11 ? value : `${value.slice(0, 3)}${stars(value.length - 7)}${value.slice(-4)}`;
}

/** '6222021234567890123' → '**** **** **** 0123' kept to the last four digits. */
export function maskAccount(value: string): string {
  return value.length <= 4 ? value : `**** ${value.slice(-4)}`;
}

export function maskValue(kind: MaskKind, value: string): string {
  if (!value) return value;
  return kind === 'idNumber' ? maskIdNumber(value) : kind === 'mobile' ? maskMobile(value) : maskAccount(value);
}

// Masks for lists (BUSINESS.md §4: account numbers masked in lists; ID and mobile numbers likewise): the
// first and last characters stay so a person can still tell two records apart.
import type { MaskKind } from '../resource/resource';
import { residentIdCheckChar } from '../patterns/resident-id';

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

// The keys under which records carry personal data, however a snapshot spells them (camelCase on the wire,
// snake_case in rows): mobiles and phones, resident ID numbers, bank account numbers. An account's name
// (户名) and a user's login name are not among them.
const PERSONAL_DATA_KEYS: ReadonlyArray<[RegExp, MaskKind]> = [
  [/(^|_|[a-z])(mobile|phone|telephone)$/i, 'mobile'],
  [/(^|_|[a-z])id_?(number|card|card_?no)$|(^|_)resident_?id$/i, 'idNumber'],
  [/^((bank|payee|settlement)_?)?account_?(no|number)$|^(bank|payee)_?account$/i, 'account'],
];

/** The mask a record's key calls for, or null. */
export function personalDataKind(key: string): MaskKind | null {
  return PERSONAL_DATA_KEYS.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}

// What a personal number looks like inside any text (a guarantor's ID and mobile typed into 担保措施): an
// 18-character PRC resident ID whose check character holds, and an 11-digit mobile 1[3-9]…, neither part of a
// longer run of digits (an account or an order number is not cut into).
const ID_IN_TEXT = /(?<![0-9A-Za-z])[1-9][0-9]{16}[0-9Xx](?![0-9A-Za-z])/g;
const MOBILE_IN_TEXT = /(?<![0-9])1[3-9][0-9]{9}(?![0-9])/g;

/** The text with every resident ID and mobile number in it masked as lists mask them. */
export function maskPersonalNumbers(text: string): string {
  return text
    .replace(ID_IN_TEXT, (id) =>
      residentIdCheckChar(id.slice(0, 17)) === id[17]!.toUpperCase() ? maskIdNumber(id) : id,
    )
    .replace(MOBILE_IN_TEXT, maskMobile);
}

/**
 * A JSON value (a logged record's before or after) with every personal value masked as lists mask it
 * (`maskValue`), at any depth — by its key, and by what the value is wherever it stands; everything else as
 * it was.
 */
export function maskPersonalData(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    const kind = personalDataKind(key);
    return kind ? maskValue(kind, value) : maskPersonalNumbers(value);
  }
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item, key));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskPersonalData(v, k)]));
  return value;
}

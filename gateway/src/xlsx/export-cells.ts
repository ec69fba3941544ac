// How an export writes the values a screen shows, so that the workbook reads like the screen and Excel can
// compute with it: an amount is a number cell in 元 with SPEC §9's format (thousands separators, two
// decimals), a rate a number cell shown as a percentage, and an instant the wall-clock time of the business
// (Asia/Shanghai, UTC+8 all year), never the server's UTC.
import { decimalToString, parseDecimal } from '../../../src/domain/decimal/decimal';

/** SPEC §9: thousands separators and two decimals. */
export const MONEY_FORMAT = '#,##0.00';
export const RATE_FORMAT = '0.00%';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * Integer 分 as the number of 元 Excel stores: read from the exact decimal text ('1234.56'), so the cell holds
 * the double nearest the amount, as if a person had typed it.
 */
export function yuanNumber(fen: bigint | number | string): number {
  const units = BigInt(fen);
  const abs = units < 0n ? -units : units;
  const text = `${units < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return Number(text);
}

/** A rate the wire carries as a decimal string ('0.0600') as a number cell, or the text when it is not one. */
export function rateNumber(rate: string): number | string {
  const d = parseDecimal(rate);
  return d === null ? rate : Number(decimalToString(d));
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in Asia/Shanghai; a text without a zone is taken as already local. */
export function shanghaiDateTime(instant: string | Date): string {
  if (typeof instant === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/i.test(instant.trim())) {
    return instant.trim().replace('T', ' ').slice(0, 19);
  }
  const at = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(at.getTime())) return typeof instant === 'string' ? instant : '';
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

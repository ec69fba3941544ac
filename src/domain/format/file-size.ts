// SPEC §5, §9: file sizes shown in B, KB, MB or GB (1024 steps), at most two decimals, trailing zeros
// dropped ('10MB', '1.5KB'). Used by the upload size message and by file lists.
import { FILE_SIZE_UNITS } from '../constants';

export type FileSizeUnit = (typeof FILE_SIZE_UNITS)[number];

const EMPTY = '--';

/** '1.5MB' for 1572864; '--' for a negative, fractional or non-finite byte count. */
export function formatFileSize(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) return EMPTY;
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // A power-of-two division is exact, so toFixed rounds the true value half up.
  let shown = value.toFixed(2);
  if (shown === '1024.00' && unit < FILE_SIZE_UNITS.length - 1) {
    shown = '1.00';
    unit += 1;
  }
  return `${shown.replace(/\.?0+$/, '')}${FILE_SIZE_UNITS[unit]}`;
}

/** The byte count a size text means ('10MB', '1.5 kb', '300'); null when it is not a size. */
export function parseFileSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?\s*$/i.exec(text);
  if (!m) return null;
  const unit = FILE_SIZE_UNITS.indexOf((m[2]?.toUpperCase() ?? 'B') as FileSizeUnit);
  return Math.round(Number(m[1]) * 1024 ** unit);
}

// What a zip container (.xlsx, .docx, a plain .zip) says it unpacks to, read from its central directory
// before anything is inflated: a small file on the wire may declare (and unpack to) hundreds of megabytes,
// and a parser that inflates first has spent the memory before it can refuse. Every import of a workbook
// (users today, payment orders next) checks this first and refuses what is over its bounds.
// Pure: bytes in, a verdict out. ZIP64 records and a directory that does not add up are refused outright,
// since an honest office file of the sizes we accept needs neither.

export interface ZipBounds {
  /** The sum of the declared uncompressed sizes, bytes. */
  maxUnpackedBytes: number;
  /** Entries in the directory. */
  maxEntries: number;
  /** Uncompressed ÷ compressed for any one entry (a bomb packs far beyond what real content does). */
  maxRatio?: number;
}

export type ZipVerdict =
  | { ok: true; entries: number; unpackedBytes: number }
  | { ok: false; reason: 'notZip' | 'tooManyEntries' | 'tooLarge' | 'ratio' };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;

/** Reads the central directory's declared sizes and judges them against the bounds. */
export function checkZipBounds(bytes: Uint8Array, bounds: ZipBounds): ZipVerdict {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(view);
  if (eocd < 0) return { ok: false, reason: 'notZip' };
  const entries = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || directoryOffset === 0xffffffff) return { ok: false, reason: 'notZip' };
  if (entries > bounds.maxEntries) return { ok: false, reason: 'tooManyEntries' };
  if (directoryOffset + directorySize > eocd) return { ok: false, reason: 'notZip' };
  let at = directoryOffset;
  let unpacked = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return { ok: false, reason: 'notZip' };
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    if (compressed === 0xffffffff || size === 0xffffffff) return { ok: false, reason: 'notZip' };
    unpacked += size;
    if (unpacked > bounds.maxUnpackedBytes) return { ok: false, reason: 'tooLarge' };
    if (bounds.maxRatio !== undefined && size > 1024 * 1024 && size > compressed * bounds.maxRatio)
      return { ok: false, reason: 'ratio' };
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return { ok: true, entries, unpackedBytes: unpacked };
}

/** The End Of Central Directory record sits in the last 22 bytes plus a comment of up to 65,535. */
function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - EOCD_MIN;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE && at + EOCD_MIN + view.getUint16(at + 20, true) <= view.byteLength)
      return at;
  }
  return -1;
}

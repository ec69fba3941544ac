// An uploaded .xlsx is a zip: a few kilobytes may unpack to gigabytes. Before any parser sees it, every entry is
// inflated here under one budget of unpacked bytes (the sizes the archive declares are not trusted), and the
// first sheet's rows are counted, so a file over the row limit is refused without building a workbook.
// (A reusable bound for every .xlsx upload is being written elsewhere; this one serves the order import.)
import { inflateRawSync } from 'node:zlib';

export interface XlsxLimits {
  maxUnpackedBytes: number;
  maxEntries: number;
  /** Data rows of the first sheet, the header row not counted. */
  maxRows: number;
}

export type XlsxBoundResult = { ok: true } | { ok: false; reason: 'notZip' | 'tooLarge' | 'tooManyRows' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function checkXlsxBounds(bytes: Buffer, limits: XlsxLimits): XlsxBoundResult {
  const eocd = findEocd(bytes);
  if (eocd < 0) return { ok: false, reason: 'notZip' };
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  if (entries > limits.maxEntries) return { ok: false, reason: 'tooLarge' };
  let budget = limits.maxUnpackedBytes;
  let sheetRows = -1;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return { ok: false, reason: 'notZip' };
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) return { ok: false, reason: 'notZip' };
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    let unpacked: Buffer;
    try {
      if (method === 0) unpacked = data;
      else if (method === 8) unpacked = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
      else return { ok: false, reason: 'notZip' };
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ? { ok: false, reason: 'tooLarge' }
        : { ok: false, reason: 'notZip' };
    }
    budget -= unpacked.length;
    if (budget < 0) return { ok: false, reason: 'tooLarge' };
    if (name === 'xl/worksheets/sheet1.xml') sheetRows = countRows(unpacked);
  }
  if (sheetRows > limits.maxRows + 1) return { ok: false, reason: 'tooManyRows' };
  return { ok: true };
}

function findEocd(bytes: Buffer): number {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
}

function countRows(xml: Buffer): number {
  let count = 0;
  let from = 0;
  for (;;) {
    const at = xml.indexOf('<row ', from);
    if (at < 0) return count;
    count++;
    from = at + 5;
  }
}

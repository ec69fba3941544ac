// Magic-byte signatures of the common upload types, so the gateway can check what a file is, not only what
// it is called (an executable renamed to .pdf is refused). Office Open XML and OpenDocument files are zip
// containers: they are told apart by the part names near the start, and a zip without such a marker still
// passes as one of them (the marker may sit further in). Text types have no signature: they pass when the
// bytes carry no binary signature and no NUL in the first 8 KB. Extensions this table does not know
// cannot be checked and pass; the allowed-extension rule is what limits them.
import { normalizeExtension } from './content-types';

export type DetectedFileType =
  | 'pdf'
  | 'png'
  | 'jpg'
  | 'gif'
  | 'bmp'
  | 'webp'
  | 'tiff'
  | 'ico'
  | 'zip'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'ofd'
  | 'cfb'
  | 'rtf'
  | 'rar'
  | '7z'
  | 'gz'
  | 'tar'
  | 'mp3'
  | 'wav'
  | 'ogg'
  | 'flac'
  | 'aac'
  | 'amr'
  | 'mp4'
  | 'mov'
  | 'm4a'
  | 'avi'
  | 'mkv'
  | 'webm'
  | 'flv'
  | 'asf'
  | 'mpeg'
  | 'exe'
  | 'elf';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** Whether the ASCII text occurs within the first `limit` bytes. */
function contains(bytes: Uint8Array, text: string, limit: number): boolean {
  const needle = ascii(text);
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const ZIP_SCAN = 64 * 1024;

function zipKind(bytes: Uint8Array): DetectedFileType {
  // OpenDocument stores its mimetype uncompressed as the first entry.
  if (contains(bytes, 'mimetypeapplication/vnd.oasis.opendocument.text', 200)) return 'odt';
  if (contains(bytes, 'mimetypeapplication/vnd.oasis.opendocument.spreadsheet', 200)) return 'ods';
  if (contains(bytes, 'mimetypeapplication/vnd.oasis.opendocument.presentation', 200)) return 'odp';
  if (contains(bytes, 'word/', ZIP_SCAN)) return 'docx';
  if (contains(bytes, 'xl/', ZIP_SCAN)) return 'xlsx';
  if (contains(bytes, 'ppt/', ZIP_SCAN)) return 'pptx';
  if (contains(bytes, 'OFD.xml', ZIP_SCAN)) return 'ofd';
  return 'zip';
}

function isoMediaKind(bytes: Uint8Array): DetectedFileType {
  const brand = String.fromCharCode(...bytes.slice(8, 12));
  if (brand === 'qt  ') return 'mov';
  if (brand === 'M4A ' || brand === 'M4B ') return 'm4a';
  return 'mp4';
}

/** What the bytes are by their signature, or null when none is recognised (text, or unknown). */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  const b = bytes;
  if (startsWith(b, ascii('%PDF-'))) return 'pdf';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('AVI '), 8)) return 'avi';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(b, [0x00, 0x00, 0x01, 0x00]) && b.length >= 6 && b[4]! + b[5]! > 0) return 'ico';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return zipKind(b);
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  if (startsWith(b, ascii('{\\rtf'))) return 'rtf';
  if (startsWith(b, ascii('Rar!\x1a\x07'))) return 'rar';
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(b, [0x1f, 0x8b])) return 'gz';
  if (startsWith(b, ascii('ustar'), 257)) return 'tar';
  if (startsWith(b, ascii('ID3'))) return 'mp3';
  if (startsWith(b, ascii('OggS'))) return 'ogg';
  if (startsWith(b, ascii('fLaC'))) return 'flac';
  if (startsWith(b, ascii('#!AMR'))) return 'amr';
  if (startsWith(b, ascii('ftyp'), 4)) return isoMediaKind(b);
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return contains(b, 'webm', 64) ? 'webm' : 'mkv';
  if (startsWith(b, ascii('FLV'))) return 'flv';
  if (startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (startsWith(b, [0x00, 0x00, 0x01, 0xba]) || startsWith(b, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg';
  if (startsWith(b, ascii('MZ'))) return 'exe';
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  if (startsWith(b, ascii('BM')) && b.length >= 14) return 'bmp';
  // MPEG audio frames and ADTS AAC begin with an 11- or 12-bit sync word.
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0) return 'aac';
  if (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0) return 'mp3';
  return null;
}

const ZIP_FAMILY: readonly DetectedFileType[] = ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'ofd'];

/** The signatures each extension may carry. */
export const EXTENSION_SIGNATURES: Readonly<Record<string, readonly DetectedFileType[]>> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  tif: ['tiff'],
  tiff: ['tiff'],
  ico: ['ico', 'png'],
  zip: ZIP_FAMILY,
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  odt: ['odt', 'zip'],
  ods: ['ods', 'zip'],
  odp: ['odp', 'zip'],
  ofd: ['ofd', 'zip'],
  // WPS Office writes both the old binary and the newer zip formats under its own extensions.
  doc: ['cfb', 'rtf'],
  xls: ['cfb'],
  ppt: ['cfb'],
  wps: ['cfb', 'docx', 'zip'],
  et: ['cfb', 'xlsx', 'zip'],
  dps: ['cfb', 'pptx', 'zip'],
  rtf: ['rtf'],
  rar: ['rar'],
  '7z': ['7z'],
  gz: ['gz'],
  tar: ['tar'],
  mp3: ['mp3'],
  wav: ['wav'],
  ogg: ['ogg'],
  flac: ['flac'],
  aac: ['aac'],
  amr: ['amr'],
  m4a: ['m4a', 'mp4'],
  mp4: ['mp4', 'm4a'],
  mov: ['mov', 'mp4'],
  avi: ['avi'],
  mkv: ['mkv', 'webm'],
  webm: ['webm', 'mkv'],
  flv: ['flv'],
  wmv: ['asf'],
  wma: ['asf'],
  mpeg: ['mpeg'],
  mpg: ['mpeg'],
};

/** Extensions whose content is text and so has no signature. */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([
  'txt',
  'csv',
  'json',
  'xml',
  'html',
  'htm',
  'md',
  'log',
  'svg',
]);

const TEXT_SCAN = 8 * 1024;

function looksLikeText(bytes: Uint8Array): boolean {
  if (detectFileType(bytes) !== null) return false;
  const end = Math.min(bytes.length, TEXT_SCAN);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return false;
  return true;
}

/** Whether the bytes fit the extension (see the top of this module for what cannot be checked). */
export function contentMatchesExtension(extension: string, bytes: Uint8Array): boolean {
  const ext = normalizeExtension(extension);
  if (TEXT_EXTENSIONS.has(ext)) return looksLikeText(bytes);
  const allowed = EXTENSION_SIGNATURES[ext];
  if (!Object.hasOwn(EXTENSION_SIGNATURES, ext) || allowed === undefined) return true;
  const detected = detectFileType(bytes);
  return detected !== null && allowed.includes(detected);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXTENSION_SIGNATURES,
  TEXT_EXTENSIONS,
  contentMatchesExtension,
  detectFileType,
  type DetectedFileType,
} from './file-signatures';

const runs = { numRuns: 1000 };
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const zip = (firstEntry: string) =>
  bytes([0x50, 0x4b, 0x03, 0x04], new Array(26).fill(0), firstEntry, new Array(20).fill(1));

/** A minimal header of each detectable type. */
const SAMPLES: Record<DetectedFileType, Uint8Array> = {
  pdf: bytes('%PDF-1.7\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  bmp: bytes('BM', new Array(14).fill(0)),
  webp: bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '),
  tiff: bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]),
  ico: bytes([0, 0, 1, 0, 1, 0, 16, 16]),
  zip: zip('readme.txt'),
  docx: zip('[Content_Types].xml_rels/.relsword/document.xml'),
  xlsx: zip('[Content_Types].xml_rels/.relsxl/workbook.xml'),
  pptx: zip('[Content_Types].xml_rels/.relsppt/presentation.xml'),
  odt: zip('mimetypeapplication/vnd.oasis.opendocument.text'),
  ods: zip('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'),
  odp: zip('mimetypeapplication/vnd.oasis.opendocument.presentation'),
  ofd: zip('OFD.xml'),
  cfb: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  rtf: bytes('{\\rtf1\\ansi'),
  rar: bytes('Rar!\x1a\x07\x01\x00'),
  '7z': bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]),
  gz: bytes([0x1f, 0x8b, 8, 0]),
  tar: bytes(new Array(257).fill(0x61), 'ustar\x0000'),
  mp3: bytes('ID3', [4, 0, 0]),
  wav: bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '),
  ogg: bytes('OggS', [0, 2]),
  flac: bytes('fLaC', [0, 0, 0, 34]),
  aac: bytes([0xff, 0xf1, 0x50, 0x80]),
  amr: bytes('#!AMR\n'),
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  mov: bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]),
  m4a: bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]),
  avi: bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'),
  mkv: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'),
  flv: bytes('FLV', [1, 5]),
  asf: bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9]),
  mpeg: bytes([0, 0, 1, 0xba, 0x44]),
  exe: bytes('MZ', [0x90, 0, 3, 0]),
  elf: bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]),
};

describe('detectFileType', () => {
  it.each(Object.entries(SAMPLES))('recognises %s', (type, sample) => {
    expect(detectFileType(sample)).toBe(type);
  });

  it.each([
    ['empty', bytes()],
    ['text', bytes('合同编号,金额\n')],
    ['short', bytes([0x25])],
    ['json', bytes('{"code":0}')],
  ])('recognises nothing in %s', (_name, sample) => {
    expect(detectFileType(sample)).toBeNull();
  });

  it('keeps recognising a signature whatever follows it', () => {
    const prefixTypes = (Object.keys(SAMPLES) as DetectedFileType[]).filter(
      (t) => !['zip', 'docx', 'xlsx', 'pptx', 'ofd', 'mkv', 'webm'].includes(t),
    );
    fc.assert(
      fc.property(fc.constantFrom(...prefixTypes), fc.uint8Array({ maxLength: 64 }), (type, tail) => {
        const sample = SAMPLES[type];
        const whole = new Uint8Array(sample.length + tail.length);
        whole.set(sample);
        whole.set(tail, sample.length);
        return detectFileType(whole) === type;
      }),
      runs,
    );
  });
});

describe('contentMatchesExtension', () => {
  it.each<[string, DetectedFileType | 'text', boolean]>([
    ['pdf', 'pdf', true],
    ['PDF', 'pdf', true],
    ['.pdf', 'pdf', true],
    ['pdf', 'exe', false],
    ['pdf', 'text', false],
    ['jpg', 'png', false],
    ['jpeg', 'jpg', true],
    ['docx', 'docx', true],
    ['docx', 'zip', true],
    ['docx', 'xlsx', false],
    ['docx', 'cfb', false],
    ['doc', 'cfb', true],
    ['xls', 'cfb', true],
    ['xlsx', 'xlsx', true],
    ['zip', 'docx', true],
    ['wps', 'cfb', true],
    ['txt', 'text', true],
    ['csv', 'text', true],
    ['txt', 'pdf', false],
    ['csv', 'exe', false],
    ['mp4', 'mov', false],
    ['mov', 'mp4', true],
    ['unknownext', 'exe', true],
  ])('.%s with %s bytes → %s', (ext, content, expected) => {
    const sample = content === 'text' ? bytes('编号,金额\n1,100.00\n') : SAMPLES[content];
    expect(contentMatchesExtension(ext, sample)).toBe(expected);
  });

  it('refuses text with NUL bytes as text, and passes an empty text file', () => {
    expect(contentMatchesExtension('txt', bytes('ab', [0], 'cd'))).toBe(false);
    expect(contentMatchesExtension('txt', bytes())).toBe(true);
    expect(contentMatchesExtension('pdf', bytes())).toBe(false);
  });

  it('matches every extension with each signature it allows, and no other signature', () => {
    const pairs = Object.entries(EXTENSION_SIGNATURES).flatMap(([ext]) =>
      (Object.keys(SAMPLES) as DetectedFileType[]).map((type) => [ext, type] as const),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...pairs),
        ([ext, type]) => contentMatchesExtension(ext, SAMPLES[type]) === EXTENSION_SIGNATURES[ext]!.includes(type),
      ),
      runs,
    );
  });

  it('takes any NUL-free text without a signature as a text file', () => {
    const textUnit = fc.constantFrom('a', 'Z', '1', ',', '\n', ' ', '中', '"', '{', '<');
    fc.assert(
      fc.property(fc.constantFrom(...TEXT_EXTENSIONS), fc.string({ unit: textUnit, maxLength: 80 }), (ext, text) => {
        const encoded = new TextEncoder().encode(text);
        return contentMatchesExtension(ext, encoded) === (detectFileType(encoded) === null);
      }),
      runs,
    );
  });
});

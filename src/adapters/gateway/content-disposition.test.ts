import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, withSuffix } from './content-disposition';

describe('fileNameFromDisposition (RFC 6266)', () => {
  it('prefers filename* (UTF-8, percent-encoded) over filename', () => {
    const header = `attachment; filename="a.pdf"; filename*=UTF-8''${encodeURIComponent('合同.pdf')}`;
    expect(fileNameFromDisposition(header)).toBe('合同.pdf');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8''${encodeURIComponent('报表 1.xlsx')}`)).toBe(
      '报表 1.xlsx',
    );
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'%E5%ZZ; filename="ok.txt"')).toBe('ok.txt');
  });

  it('decodes a percent-encoded plain filename, keeps a bare one and unescapes quotes', () => {
    expect(fileNameFromDisposition('attachment; filename="%E5%90%88%E5%90%8C.pdf"')).toBe('合同.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(fileNameFromDisposition('attachment; filename="100%.txt"')).toBe('100%.txt');
  });

  it('gives null when there is no name', () => {
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition(undefined)).toBeNull();
  });
});

describe('withSuffix', () => {
  it('inserts the suffix before the extension, or at the end when there is none', () => {
    expect(withSuffix('合同.pdf', '_副本')).toBe('合同_副本.pdf');
    expect(withSuffix('a.tar.gz', '_1')).toBe('a.tar_1.gz');
    expect(withSuffix('README', '_1')).toBe('README_1');
    expect(withSuffix('.env', '_1')).toBe('.env_1');
    expect(withSuffix('a.pdf', undefined)).toBe('a.pdf');
    expect(withSuffix('a.pdf', '')).toBe('a.pdf');
  });
});

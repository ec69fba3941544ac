import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  UploadMessage,
  allowedExtensions,
  checkTemplateDownload,
  checkUploadFile,
  serverAllowList,
  splitFileName,
  type UploadRules,
} from './upload-rules';

const runs = { numRuns: 1000 };
const MB = 1024 * 1024;

describe('upload rules (SPEC §5)', () => {
  it('uses the spec messages verbatim', () => {
    expect(UploadMessage.format('.pdf,.docx')).toBe('文件格式不正确，只能上传格式为【.pdf,.docx】的文件');
    expect(UploadMessage.size('10MB')).toBe('上传文件不超过10MB');
    expect(UploadMessage.empty).toBe('不能上传空文件，请重新上传');
    expect(UploadMessage.nameTooLong).toBe('文件名长度上限为80个字符');
    expect(UploadMessage.templateCode).toBe('请传入模板下载参数');
  });

  it.each<[string, number, UploadRules, string | null]>([
    ['合同.pdf', 1024, { accept: ['pdf', 'docx'] }, null],
    ['合同.PDF', 1024, { accept: ['.pdf'] }, null],
    ['合同.exe', 1024, { accept: ['pdf', 'docx'] }, '文件格式不正确，只能上传格式为【.pdf,.docx】的文件'],
    ['合同', 1024, { accept: 'pdf, .DOCX' }, '文件格式不正确，只能上传格式为【.pdf,.docx】的文件'],
    ['合同.exe', 1024, {}, null],
    ['合同.pdf', 10 * MB + 1, { maxSize: 10 * MB }, '上传文件不超过10MB'],
    ['合同.pdf', 10 * MB, { maxSize: 10 * MB }, null],
    ['合同.pdf', 600, { maxSize: 500 }, '上传文件不超过500B'],
    ['合同.pdf', 2 * MB, { maxSize: 1.5 * MB }, '上传文件不超过1.5MB'],
    ['合同.pdf', 0, { maxSize: 10 * MB }, '不能上传空文件，请重新上传'],
    [`${'名'.repeat(80)}.pdf`, 1, {}, null],
    [`${'名'.repeat(81)}.pdf`, 1, {}, '文件名长度上限为80个字符'],
    [`${'a'.repeat(81)}`, 1, {}, '文件名长度上限为80个字符'],
    ['合同.exe', 0, { accept: ['pdf'] }, '文件格式不正确，只能上传格式为【.pdf】的文件'],
  ])('%s of %d bytes with %j → %s', (name, size, rules, expected) => {
    expect(checkUploadFile({ name, size }, rules)).toBe(expected);
  });

  it.each([
    ['report.final.PDF', { base: 'report.final', extension: 'pdf' }],
    ['noext', { base: 'noext', extension: '' }],
    ['.env', { base: '.env', extension: '' }],
    ['trailing.', { base: 'trailing', extension: '' }],
  ])('splits %j', (name, parts) => {
    expect(splitFileName(name)).toEqual(parts);
  });

  it('reads the allowed list from an array or a text', () => {
    expect(allowedExtensions(' .PDF,docx;xlsx | jpg ')).toEqual(['pdf', 'docx', 'xlsx', 'jpg']);
    expect(allowedExtensions(undefined)).toEqual([]);
    expect(allowedExtensions(['', '.'])).toEqual([]);
  });

  it('refuses a template download without a code', () => {
    expect(checkTemplateDownload(undefined)).toBe('请传入模板下载参数');
    expect(checkTemplateDownload(null)).toBe('请传入模板下载参数');
    expect(checkTemplateDownload('  ')).toBe('请传入模板下载参数');
    expect(checkTemplateDownload('user_import')).toBeNull();
  });

  const ext = fc.constantFrom('pdf', 'docx', 'xlsx', 'jpg', 'zip', 'exe', 'PDF');
  const base = fc.string({ unit: fc.constantFrom('a', '合', '.', ' ', '𠀀'), minLength: 1, maxLength: 90 });
  it('passes a file exactly when its extension is allowed, it has 1..max bytes and a base of at most 80 characters', () => {
    fc.assert(
      fc.property(
        base,
        ext,
        fc.integer({ min: 0, max: 3000 }),
        fc.subarray(['pdf', 'docx', 'jpg']),
        fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }),
        (b, e, size, accept, maxSize) => {
          fc.pre(!b.startsWith('.'));
          const name = `${b}.${e}`;
          const parts = splitFileName(name);
          const expectedOk =
            (accept.length === 0 || accept.includes(parts.extension)) &&
            (maxSize === undefined || size <= maxSize) &&
            size > 0 &&
            [...parts.base].length <= 80;
          return (checkUploadFile({ name, size }, { accept, maxSize }) === null) === expectedOk;
        },
      ),
      runs,
    );
  });
});

describe('what a server that stores only some types allows', () => {
  const storable = ['pdf', 'png', 'txt'];

  it('is every storable type when nothing is asked, and the storable part of what is asked', () => {
    expect(serverAllowList(undefined, storable)).toEqual(storable);
    expect(serverAllowList('', storable)).toEqual(storable);
    expect(serverAllowList('pdf,html', storable)).toEqual(['pdf']);
  });

  it('refuses, never allows anything, when only unstorable or unknown types are asked', () => {
    expect(serverAllowList('html', storable)).toBe(UploadMessage.format('.html'));
    expect(serverAllowList('svg,exe', storable)).toBe(UploadMessage.format('.svg,.exe'));
    expect(serverAllowList('nonsense', storable)).toBe(UploadMessage.format('.nonsense'));
  });
});

import { describe, expect, it } from 'vitest';
import {
  AttachmentMessage,
  type BusinessAttachment,
  attachmentPath,
  attachmentsZipName,
  groupAttachments,
} from './attachments';

const file = (keyId: string, stage: BusinessAttachment['stage'], group: string): BusinessAttachment => ({
  keyId,
  name: `${keyId}.pdf`,
  size: 1,
  contentType: 'application/pdf',
  extension: 'pdf',
  stage,
  group,
  uploaderName: null,
  uploadedAt: '2026-11-20T00:00:00.000Z',
  missing: false,
});

describe('business attachments', () => {
  it('groups by stage in the table order, then by field in the order given', () => {
    const groups = groupAttachments([
      file('a', 'APPLICATION', '营业执照'),
      file('b', 'APPLICATION', '基础交易合同'),
      file('c', 'PRE_CREDIT', '退回'),
      file('d', 'APPLICATION', '营业执照'),
    ]);
    expect(groups.map((g) => [g.stageLabel, g.group, g.files.map((f) => f.keyId)])).toEqual([
      ['预授信', '退回', ['c']],
      ['融资申请', '营业执照', ['a', 'd']],
      ['融资申请', '基础交易合同', ['b']],
    ]);
  });

  it('puts a file in a folder per stage and field, a slash in a label not making a folder', () => {
    expect(attachmentPath({ stage: 'APPLICATION', group: '营业执照', name: '执照.png' })).toBe(
      '融资申请/营业执照/执照.png',
    );
    expect(attachmentPath({ stage: 'APPLICATION', group: '确权凭证（付款确认书/商票）', name: 'a.pdf' })).toBe(
      '融资申请/确权凭证（付款确认书／商票）/a.pdf',
    );
    expect(attachmentPath({ stage: 'REPORT', group: ' ', name: 'a.pdf' })).toBe('尽调报告/其他/a.pdf');
    expect(attachmentsZipName('RZ202611200001')).toBe('RZ202611200001全部附件.zip');
  });

  it('names at most three missing files, then the count', () => {
    expect(AttachmentMessage.missing(['a.pdf'])).toBe('以下附件的文件内容缺失，无法打包下载：a.pdf');
    expect(AttachmentMessage.missing(['a', 'b', 'c', 'd'])).toBe('以下附件的文件内容缺失，无法打包下载：a、b、c等4个');
  });
});

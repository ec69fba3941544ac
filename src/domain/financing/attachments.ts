import { STAGE_LABEL, STAGES, type Stage } from './stages';
// 业务详情's 附件 (BUSINESS.md §4 `/business/newDetails`, §5 "Attachments per stage"): every file bound to the
// business, grouped by the stage and the field that holds it — the application's 准入资料 by document type, a
// move's attachments by the move — and 下载全部附件, one zip with a folder per stage and field.

export interface BusinessAttachment {
  keyId: string;
  name: string;
  /** Bytes, as stored. */
  size: number;
  contentType: string;
  extension: string;
  stage: Stage;
  /** The field or move that holds it: 营业执照, 基础交易合同, 退回 … */
  group: string;
  uploaderName: string | null;
  uploadedAt: string;
  /** The record names it but its bytes are not in the store (nothing to preview or download). */
  missing: boolean;
}

export interface AttachmentGroup {
  stage: Stage;
  stageLabel: string;
  group: string;
  files: BusinessAttachment[];
}

/** The files by stage (the table's order) and field (the order the stage lists them). */
export function groupAttachments(list: readonly BusinessAttachment[]): AttachmentGroup[] {
  const groups: AttachmentGroup[] = [];
  for (const file of list) {
    let g = groups.find((x) => x.stage === file.stage && x.group === file.group);
    if (!g) {
      g = { stage: file.stage, stageLabel: STAGE_LABEL[file.stage] ?? file.stage, group: file.group, files: [] };
      groups.push(g);
    }
    g.files.push(file);
  }
  return groups.sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));
}

/** A label as one folder of a zip path: a '/' or '\' inside it (确权凭证（付款确认书/商票）) is not a folder. */
const folder = (label: string) => label.replace(/[\\/]/g, '／').trim() || '其他';

/** Where a file stands inside 下载全部附件's zip: 融资申请/营业执照/营业执照.pdf. */
export const attachmentPath = (file: Pick<BusinessAttachment, 'stage' | 'group' | 'name'>): string =>
  `${folder(STAGE_LABEL[file.stage] ?? file.stage)}/${folder(file.group)}/${file.name}`;

/** The zip's own name. */
export const attachmentsZipName = (businessNo: string): string => `${businessNo}全部附件.zip`;

export const AttachmentMessage = {
  none: '该业务暂无附件',
  missing: (names: readonly string[]) =>
    `以下附件的文件内容缺失，无法打包下载：${names.slice(0, 3).join('、')}${names.length > 3 ? `等${names.length}个` : ''}`,
} as const;

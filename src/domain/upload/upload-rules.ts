// SPEC §5 upload and template-download rules, shared by the upload widget (checks before sending) and the
// gateway (the same checks on what arrives, plus the content signature check of file-signatures.ts).
// Checks run in the spec's order and the first broken rule's message is returned. The allowed list is
// shown in the message the way an accept attribute writes it ('.pdf,.docx').
import { FILE_NAME_MAX_LENGTH } from '../constants';
import { formatFileSize } from '../format/file-size';
import { normalizeExtension } from './content-types';

export interface UploadFile {
  name: string;
  /** Bytes. */
  size: number;
}

export interface UploadRules {
  /** Allowed extensions ('pdf', '.PDF', or one text 'pdf,docx'); empty or unset allows any. */
  accept?: readonly string[] | string;
  /** Bytes; unset means no limit. */
  maxSize?: number;
}

export const UploadMessage = {
  format: (list: string) => `文件格式不正确，只能上传格式为【${list}】的文件`,
  size: (size: string) => `上传文件不超过${size}`,
  empty: '不能上传空文件，请重新上传',
  nameTooLong: `文件名长度上限为${FILE_NAME_MAX_LENGTH}个字符`,
  templateCode: '请传入模板下载参数',
} as const;

export interface FileNameParts {
  base: string;
  /** Lower case, without the dot; '' when the name has none. */
  extension: string;
}

/** Splits at the last dot; a leading dot ('.env') starts the name rather than an extension. */
export function splitFileName(name: string): FileNameParts {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension: name.slice(dot + 1).toLowerCase() };
}

export function allowedExtensions(accept: UploadRules['accept']): string[] {
  const list = typeof accept === 'string' ? accept.split(/[,;|\s]+/) : (accept ?? []);
  return [...new Set(list.map(normalizeExtension).filter((e) => e !== ''))];
}

/** The message for the first rule the file breaks, or null when it may be uploaded. */
export function checkUploadFile(file: UploadFile, rules: UploadRules = {}): string | null {
  const { base, extension } = splitFileName(file.name);
  const allowed = allowedExtensions(rules.accept);
  if (allowed.length > 0 && !allowed.includes(extension)) {
    return UploadMessage.format(allowed.map((e) => `.${e}`).join(','));
  }
  if (rules.maxSize !== undefined && file.size > rules.maxSize)
    return UploadMessage.size(formatFileSize(rules.maxSize));
  if (file.size <= 0) return UploadMessage.empty;
  if ([...base].length > FILE_NAME_MAX_LENGTH) return UploadMessage.nameTooLong;
  return null;
}

/** SPEC §5: a template download needs its code. */
export function checkTemplateDownload(code: string | null | undefined): string | null {
  return code === null || code === undefined || code.trim() === '' ? UploadMessage.templateCode : null;
}

/**
 * What a server that stores only `storable` extensions allows for an upload asking `accept`: the storable
 * list when nothing is asked, else the asked extensions it can store. When the request asks only for what
 * it never stores (html, svg, an executable, an unknown type), the answer is the refusal message — an empty
 * list must never fall through to checkUploadFile, where empty means "anything".
 */
export function serverAllowList(accept: UploadRules['accept'], storable: readonly string[]): string[] | string {
  const asked = allowedExtensions(accept);
  if (asked.length === 0) return [...storable];
  const allowed = asked.filter((e) => storable.includes(e));
  return allowed.length > 0 ? allowed : UploadMessage.format(asked.map((e) => `.${e}`).join(','));
}

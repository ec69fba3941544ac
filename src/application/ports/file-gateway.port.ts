// SPEC §7.2 Files, as the flows see them: upload (one, several, to a module's target), downloads that are
// saved under the server's name, PDF conversion, a zip of several, a signed URL for inline preview, copy,
// binding to a business record, module delete and the document-editing lock.
import type { ServiceIdentifier } from 'inversify';

export interface StoredFile {
  keyId: string;
  name: string;
  /** Bytes. */
  size: number;
  contentType: string;
  /** Lower case, without the dot. */
  extension: string;
}

/** A file the user picked: the browser's File fits. */
export interface LocalFile extends Blob {
  readonly name: string;
}

/** The module upload target `/api/{subSys}/{module}/upload`. */
export interface UploadTarget {
  subSys: string;
  module: string;
}

export interface UploadOptions {
  /** Allowed extensions, 'pdf,png'; the server narrows its own list to these. */
  accept?: string;
  target?: UploadTarget;
  signal?: AbortSignal;
  /** 0–100. */
  onProgress?: (percent: number) => void;
}

export interface DownloadOptions {
  /** Put before the extension of the saved name. */
  suffix?: string;
}

export interface FilePreview {
  /** Short-lived and signed: usable as an <img> or <iframe> source. */
  url: string;
  name: string;
  contentType: string;
  expiresAt: number;
}

export type LockOperation = 'LOCK' | 'GET_LOCK' | 'REFRESH_LOCK' | 'UNLOCK';

export interface LockState {
  /** '' when unlocked. */
  lock: string;
  expiresAt: number | null;
}

export interface FileGateway {
  upload(file: LocalFile, options?: UploadOptions): Promise<StoredFile>;
  uploadBatch(files: readonly LocalFile[], options?: Omit<UploadOptions, 'target'>): Promise<StoredFile[]>;
  /** Saves the file; resolves with the name it was saved under. */
  download(keyId: string, options?: DownloadOptions): Promise<string>;
  downloadAsPdf(keyIds: readonly string[], options?: DownloadOptions): Promise<string>;
  downloadZip(keyIds: readonly string[], options?: { fileName?: string }): Promise<string>;
  /** SPEC §5: without a code, the message '请传入模板下载参数' and no call. */
  downloadTemplate(code: string | null | undefined, options?: DownloadOptions): Promise<string>;
  preview(keyId: string): Promise<FilePreview>;
  /** The file service's PDF of an office document or a text, as a URL a frame can show (the caller releases it). */
  previewAsPdf(keyId: string): Promise<string>;
  copy(keyId: string): Promise<StoredFile>;
  save(keyIds: readonly string[], business: { businessType: string; businessId: string }): Promise<StoredFile[]>;
  remove(target: UploadTarget, keyId: string): Promise<void>;
  lock(fileId: string, operation: LockOperation, lock?: string): Promise<LockState>;
}

export const FileGatewayId: ServiceIdentifier<FileGateway> = Symbol.for('FileGateway');

/** Hands a downloaded file to the user (a browser download). */
export interface FileSaver {
  save(blob: Blob, fileName: string): void;
}

export const FileSaverId: ServiceIdentifier<FileSaver> = Symbol.for('FileSaver');

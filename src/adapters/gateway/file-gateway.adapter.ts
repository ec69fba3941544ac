import { inject, injectable } from 'inversify';
import { clampProgress } from '../../domain/widgets/progress';
import type {
  DownloadOptions,
  FileGateway,
  FilePreview,
  FileSaver,
  LocalFile,
  LockOperation,
  LockState,
  StoredFile,
  UploadOptions,
  UploadTarget,
} from '../../application/ports/file-gateway.port';
import { FileSaverId } from '../../application/ports/file-gateway.port';
import { type Notifier, NotifierId } from '../../application/ports/notifier.port';
import { type SessionStore, SessionStoreId } from '../../application/ports/session-store.port';
import { type HttpClient, HttpClientId } from './http-client';

/** SPEC §7.2 Files over the shared HTTP client; downloads go to the FileSaver under the server's name. */
@injectable()
export class FileGatewayAdapter implements FileGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
    @inject(NotifierId) private readonly notifier: Notifier,
    @inject(SessionStoreId) private readonly store: SessionStore,
  ) {}

  upload(file: LocalFile, options: UploadOptions = {}): Promise<StoredFile> {
    const url = options.target ? `/api/${options.target.subSys}/${options.target.module}/upload` : '/api/file/file';
    return this.http.upload<StoredFile>(url, formOf([file]), uploadCall(options, file.size));
  }

  uploadBatch(files: readonly LocalFile[], options: Omit<UploadOptions, 'target'> = {}): Promise<StoredFile[]> {
    const total = files.reduce((sum, f) => sum + f.size, 0);
    return this.http.upload<StoredFile[]>('/api/file/file/batch', formOf(files), uploadCall(options, total));
  }

  download(keyId: string, options: DownloadOptions = {}): Promise<string> {
    return this.saved(this.http.blob('GET', '/api/file/file/download', { params: { keyId }, ...suffix(options) }));
  }

  downloadAsPdf(keyIds: readonly string[], options: DownloadOptions = {}): Promise<string> {
    return this.saved(
      this.http.blob('POST', '/api/file/filegen/trans/file', {
        params: { keyIds: [...keyIds], transFileType: 'PDF' },
        ...suffix(options),
      }),
    );
  }

  downloadZip(keyIds: readonly string[], options: { fileName?: string } = {}): Promise<string> {
    const params: Record<string, unknown> = { keyIds: [...keyIds] };
    if (options.fileName) params.fileName = options.fileName;
    return this.saved(this.http.blob('GET', '/api/file/file/downloads', { params, fallbackName: 'files.zip' }));
  }

  async downloadTemplate(code: string | null | undefined, options: DownloadOptions = {}): Promise<string> {
    // The upload rules are loaded with the first download, not with the shell that binds this adapter.
    const { checkTemplateDownload } = await import('../../domain/upload/upload-rules');
    const refusal = checkTemplateDownload(code);
    if (refusal) {
      this.notifier.error(refusal);
      throw new Error(refusal);
    }
    return this.saved(
      this.http.blob('POST', 'api/file/filegen/download/code', { params: { code }, ...suffix(options) }),
    );
  }

  preview(keyId: string): Promise<FilePreview> {
    return this.http.get<FilePreview>(`/api/file/file/uri/${encodeURIComponent(keyId)}`, { silent: true });
  }

  async previewAsPdf(keyId: string): Promise<string> {
    const { blob } = await this.http.blob('POST', '/api/file/filegen/trans/file', {
      params: { keyIds: [keyId], transFileType: 'PDF' },
    });
    return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  }

  copy(keyId: string): Promise<StoredFile> {
    return this.http.get<StoredFile>('/api/file/file/copy', { params: { keyId } });
  }

  save(keyIds: readonly string[], business: { businessType: string; businessId: string }): Promise<StoredFile[]> {
    return this.http.post<StoredFile[]>('/api/file/file/save', { data: { keyIds: [...keyIds], ...business } });
  }

  async remove(target: UploadTarget, keyId: string): Promise<void> {
    await this.http.delete<null>(`/api/${target.subSys}/${target.module}/delete`, { params: { keyId } });
  }

  /** The editing lock takes the session token in the query (an editor's callbacks cannot set headers). */
  lock(fileId: string, operation: LockOperation, lock?: string): Promise<LockState> {
    const headers: Record<string, string> = { 'X-WOPI-Override': operation };
    if (lock) headers['X-WOPI-Lock'] = lock;
    return this.http.post<LockState>(`/api/file/wopi/files/${encodeURIComponent(fileId)}`, {
      params: { access_token: this.store.read()?.token ?? '' },
      headers,
      silent: true,
    });
  }

  private async saved(download: Promise<{ blob: Blob; fileName: string }>): Promise<string> {
    const { blob, fileName } = await download;
    this.saver.save(blob, fileName);
    return fileName;
  }
}

function formOf(files: readonly LocalFile[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return form;
}

function uploadCall(options: Omit<UploadOptions, 'target'>, size: number) {
  return {
    ...(options.accept ? { params: { accept: options.accept } } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress
      ? {
          onProgress: (loaded: number, total: number) =>
            options.onProgress!(clampProgress(Math.round((loaded / (total || size || 1)) * 100))),
        }
      : {}),
  };
}

function suffix(options: DownloadOptions): { suffix?: string } {
  return options.suffix ? { suffix: options.suffix } : {};
}

/** A browser download: an object URL on a temporary link, released after the click. */
@injectable()
export class BrowserFileSaver implements FileSaver {
  save(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

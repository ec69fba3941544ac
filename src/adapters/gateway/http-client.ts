// The one shared HTTP client (SPEC §7.1). Every gateway adapter goes through it, so the conventions live in
// one place: base address and time-out, repeated-key array parameters, the five headers, a newer identical
// request cancelling the earlier one, the loading mask unless silent, AES parameters when enabled, the
// envelope (success 0 / '0'), placeholder numbers → '', error toasts, silent cancellations, and code
// 160300004 handed to the session flow instead of a toast. It composes small pure parts, each tested on its
// own: content-disposition.ts (download names), request-registry.ts (duplicate cancellation) and
// envelope.ts (codes, placeholders and the Chinese message of every failure).
import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type Method,
} from 'axios';
import { inject, injectable, type ServiceIdentifier } from 'inversify';
import { HTTP_TIMEOUT_MS } from '../../domain/constants';
import type { Envelope } from '../../domain/gateway/result-codes';
import type { EncryptionSetting } from '../../domain/session/session';
import { GatewayError, RequestCancelledError } from '../../application/ports/gateway-error';
import { type LoadingIndicator, LoadingIndicatorId } from '../../application/ports/loading-indicator.port';
import { type Notifier, NotifierId } from '../../application/ports/notifier.port';
import type { RequestControl } from '../../application/ports/request-control.port';
import { type SessionStore, SessionStoreId } from '../../application/ports/session-store.port';
import { fileNameFromDisposition, withSuffix } from './content-disposition';
import {
  describeFailure,
  isEnvelope,
  parseEnvelope,
  readEnvelope,
  type Refusal,
  refusalOf,
  statusRefusal,
} from './envelope';
import { encryptParameters } from './parameter-cipher';
import { RequestRegistry, requestKey } from './request-registry';

// The download-name helpers belong to content-disposition.ts; re-exported for the callers that knew them here.
export { fileNameFromDisposition, withSuffix };

export interface HttpConfig {
  /** The gateway's base address; '' for the same origin. */
  baseURL: string;
  timeoutMs?: number;
}
export const HttpConfigId: ServiceIdentifier<HttpConfig> = Symbol.for('HttpConfig');

export interface CallOptions {
  params?: Record<string, unknown>;
  data?: unknown;
  /** No loading mask (SPEC §7.1). */
  silent?: boolean;
  headers?: Record<string, string>;
}

/** A download (SPEC §7.2): how to ask, and the name to save under. */
export interface BlobCallOptions extends CallOptions {
  /** Inserted before the extension of the server's file name ('合同.pdf' + '_副本' → '合同_副本.pdf'). */
  suffix?: string;
  /** The name when the server sends none. */
  fallbackName?: string;
}

export interface DownloadedBlob {
  blob: Blob;
  fileName: string;
}

export interface UploadCallOptions {
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
  /** Uploads show their own progress, so no loading mask unless asked for. */
  silent?: boolean;
}

// A JSON envelope is small; a body larger than this with a file name is a file, and is not decoded as text.
const ENVELOPE_SNIFF_BYTES = 64 * 1024;

/** SPEC §3: encryption is on by default with a default key until the gateway's own setting is read. */
export const DEFAULT_ENCRYPTION: EncryptionSetting = { enabled: true, key: 'WsfScfDefaultParamKey2026abcdefg' };

@injectable()
export class HttpClient implements RequestControl {
  private readonly http: AxiosInstance;
  private encryption: EncryptionSetting = DEFAULT_ENCRYPTION;
  private readonly pending = new RequestRegistry();
  private readonly expiredListeners: Array<() => void> = [];

  constructor(
    @inject(HttpConfigId) config: HttpConfig,
    @inject(SessionStoreId) private readonly store: SessionStore,
    @inject(NotifierId) private readonly notifier: Notifier,
    @inject(LoadingIndicatorId) private readonly loading: LoadingIndicator,
  ) {
    this.http = axios.create({
      baseURL: config.baseURL,
      timeout: config.timeoutMs ?? HTTP_TIMEOUT_MS,
      paramsSerializer: { indexes: null },
    });
  }

  setEncryption(setting: EncryptionSetting): void {
    this.encryption = setting;
  }

  get<T>(url: string, options?: CallOptions): Promise<T> {
    return this.request<T>('GET', url, options);
  }

  post<T>(url: string, options?: CallOptions): Promise<T> {
    return this.request<T>('POST', url, options);
  }

  put<T>(url: string, options?: CallOptions): Promise<T> {
    return this.request<T>('PUT', url, options);
  }

  delete<T>(url: string, options?: CallOptions): Promise<T> {
    return this.request<T>('DELETE', url, options);
  }

  /**
   * A file download (SPEC §7.2): the body is read as text first, and JSON with a code is the gateway's
   * refusal (error toast with its message, or the session flow for 160300004); anything else is the file,
   * named by Content-Disposition with the optional suffix before the extension.
   */
  blob(method: Method, url: string, options: BlobCallOptions = {}): Promise<DownloadedBlob> {
    return this.send<ArrayBuffer, DownloadedBlob>(method, url, options, {
      dedupe: 'blob',
      config: { responseType: 'arraybuffer', validateStatus: () => true },
      read: async (response) => {
        const header = (name: string) => {
          const value: unknown = response.headers[name];
          return typeof value === 'string' ? value : null;
        };
        const blob = new Blob([response.data], { type: header('content-type') ?? 'application/octet-stream' });
        const named = fileNameFromDisposition(header('content-disposition'));
        const failed = response.status >= 400;
        if (failed || !named || blob.size <= ENVELOPE_SNIFF_BYTES) {
          const envelope = parseEnvelope(await blob.text());
          if (envelope && (failed || !named)) throw this.refusal(refusalOf(envelope));
        }
        if (failed) throw this.refusal(statusRefusal(response.status));
        return { blob, fileName: withSuffix(named ?? options.fallbackName ?? 'download', options.suffix) };
      },
    });
  }

  /**
   * A multipart upload with progress; `signal` cancels it (a RequestCancelledError, no message). Uploads
   * are never cancelled as duplicates of each other — two files may well look alike — but sign-out cancels
   * them with every other pending request. Silent unless told otherwise.
   */
  upload<T>(url: string, form: FormData, options: UploadCallOptions = {}): Promise<T> {
    return this.send<Envelope<T>, T>(
      'POST',
      url,
      { params: options.params, data: form, silent: options.silent !== false },
      {
        dedupe: false,
        signal: options.signal,
        config: { onUploadProgress: (event) => options.onProgress?.(event.loaded, event.total ?? event.loaded) },
        read: (response) => this.unwrap(response.data),
      },
    );
  }

  cancelPending(): void {
    this.pending.cancelAll();
  }

  onSessionExpired(listener: () => void): void {
    this.expiredListeners.push(listener);
  }

  request<T>(method: Method, url: string, options: CallOptions = {}): Promise<T> {
    return this.send<Envelope<T>, T>(method, url, options, {
      dedupe: 'json',
      read: (response) => this.unwrap(response.data),
    });
  }

  /**
   * Every call's life: the path from the gateway root, the session headers, protected parameters, the
   * loading mask unless silent, cancellation (a newer identical call, navigation, sign-out, the caller's
   * signal) and the one mapping of failures. `dedupe` names the kind of call an identical newer one
   * replaces; false makes every call unique.
   */
  private async send<R, T>(
    method: Method,
    url: string,
    options: CallOptions,
    how: {
      dedupe: string | false;
      read: (response: AxiosResponse<R>) => T | Promise<T>;
      config?: Pick<AxiosRequestConfig, 'responseType' | 'validateStatus' | 'onUploadProgress'>;
      signal?: AbortSignal;
    },
  ): Promise<T> {
    // Spec paths are written with and without a leading slash; both mean the gateway's root.
    const path = url.startsWith('/') ? url : `/${url}`;
    const key = requestKey(method, path, options.params, options.data, how.dedupe, this.pending.nextUnique);
    const request = this.pending.begin(key, how.signal);
    if (!options.silent) this.loading.start();
    try {
      const response = await this.http.request<R>({
        method,
        url: path,
        params: this.protect(options.params),
        data: this.protect(options.data),
        headers: { ...this.sessionHeaders(), ...options.headers },
        signal: request.signal,
        ...how.config,
      });
      return await how.read(response);
    } catch (error) {
      throw this.failure(error);
    } finally {
      request.end();
      if (!options.silent) this.loading.stop();
    }
  }

  private sessionHeaders(): Record<string, string> {
    const session = this.store.read();
    if (!session?.token) return {};
    const user = this.store.readUser();
    const headers: Record<string, string> = {
      Authorization: `Bearer ${session.token}`,
      token: session.token,
      operatorId: user?.userId ?? '',
    };
    if (session.tenantId) headers.tenantId = session.tenantId;
    if (user?.clientId) headers.client = user.clientId;
    return headers;
  }

  private protect(value: unknown): unknown {
    if (value === undefined || value === null || !this.encryption.enabled) return value;
    if (typeof FormData !== 'undefined' && value instanceof FormData) return value;
    return { encryptData: encryptParameters(value, this.encryption.key) };
  }

  private unwrap<T>(envelope: Envelope<T>): T {
    const reading = readEnvelope(envelope);
    if (reading.ok) return reading.data as T;
    throw this.refusal(reading.refusal);
  }

  /** A gateway refusal: code 160300004 goes to the session flow, any other code becomes a toast. */
  private refusal(refusal: Refusal): GatewayError {
    if (refusal.sessionExpired) {
      for (const listener of this.expiredListeners) listener();
    } else {
      this.notifier.error(refusal.message);
    }
    return new GatewayError(refusal.code, refusal.message);
  }

  /** A failure without an envelope (a proxy's status, a time-out, no network) is a plain Error in Chinese. */
  private failure(error: unknown): Error {
    if (error instanceof GatewayError) return error;
    if (axios.isCancel(error)) return new RequestCancelledError();
    const axiosError = axios.isAxiosError(error) ? (error as AxiosError) : undefined;
    const body = axiosError?.response?.data;
    if (isEnvelope(body)) return this.refusal(refusalOf(body));
    const { message } = describeFailure({ status: axiosError?.response?.status, errorCode: axiosError?.code });
    this.notifier.error(message);
    return new Error(message);
  }
}

export const HttpClientId: ServiceIdentifier<HttpClient> = Symbol.for('HttpClient');

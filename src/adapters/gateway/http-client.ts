// The one shared HTTP client (SPEC §7.1). Every gateway adapter goes through it, so the conventions live in
// one place: base address and time-out, repeated-key array parameters, the five headers, a newer identical
// request cancelling the earlier one, the loading mask unless silent, AES parameters when enabled, the
// envelope (success 0 / '0'), placeholder numbers → '', error toasts, silent cancellations, and code
// 160300004 handed to the session flow instead of a toast. It composes small pure parts, each tested on its
// own: content-disposition.ts (download names), request-registry.ts (duplicate cancellation) and
// envelope.ts (codes, placeholders and the Chinese message of every failure).
// It speaks the browser's own fetch (and XMLHttpRequest for an upload's progress, which fetch cannot report)
// rather than axios: these conventions were all this client took from axios, whose 23 KB (gzip) came on the
// login page and in every signed-in page before their own code. The parameter cipher (crypto-js) is loaded
// with the first call that sends parameters, so that the login page does not wait for it either.
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
  type FailureFacts,
  isEnvelope,
  parseEnvelope,
  readEnvelope,
  type Refusal,
  refusalOf,
  statusRefusal,
} from './envelope';
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

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What came back: the status, the headers and the body's bytes (read as JSON or kept as a file by the caller). */
interface Answer {
  status: number;
  header: (name: string) => string | null;
  bytes: ArrayBuffer;
}

/** A request as it goes out. */
interface Call {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
}

/** The bytes of a form's files and fields, for the one progress report of an upload sent by fetch. */
function bodySize(form: FormData): number {
  let size = 0;
  for (const [, value] of form) size += typeof value === 'string' ? new TextEncoder().encode(value).length : value.size;
  return size;
}

/** A call that got no usable answer, described as envelope.ts reads it. */
class CallFailure extends Error {
  constructor(readonly facts: FailureFacts) {
    super(facts.errorCode ?? `HTTP ${facts.status ?? '?'}`);
  }
}

// The error codes describeFailure knows for failures without an answer.
const TIMED_OUT = 'ECONNABORTED';
const NO_NETWORK = 'ERR_NETWORK';

/** Repeated keys for arrays without brackets (keyIds=a&keyIds=b), as the gateway reads them. */
export function queryOf(params: unknown): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Date) query.append(key, item.toISOString());
      else query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function jsonOf(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

let cipher: Promise<typeof import('./parameter-cipher')> | undefined;
/** The parameter cipher's chunk, fetched once; the sign-in form asks for it ahead of the first call. */
export function loadParameterCipher() {
  cipher ??= import('./parameter-cipher');
  return cipher;
}

// A JSON envelope is small; a body larger than this with a file name is a file, and is not decoded as text.
const ENVELOPE_SNIFF_BYTES = 64 * 1024;

/** SPEC §3: encryption is on by default with a default key until the gateway's own setting is read. */
export const DEFAULT_ENCRYPTION: EncryptionSetting = { enabled: true, key: 'WsfScfDefaultParamKey2026abcdefg' };

@injectable()
export class HttpClient implements RequestControl {
  private readonly baseURL: string;
  private readonly timeoutMs: number;
  private encryption: EncryptionSetting = DEFAULT_ENCRYPTION;
  private readonly pending = new RequestRegistry();
  private readonly expiredListeners: Array<() => void> = [];

  constructor(
    @inject(HttpConfigId) config: HttpConfig,
    @inject(SessionStoreId) private readonly store: SessionStore,
    @inject(NotifierId) private readonly notifier: Notifier,
    @inject(LoadingIndicatorId) private readonly loading: LoadingIndicator,
  ) {
    this.baseURL = config.baseURL;
    this.timeoutMs = config.timeoutMs ?? HTTP_TIMEOUT_MS;
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
    return this.send<DownloadedBlob>(method, url, options, {
      dedupe: 'blob',
      anyStatus: true,
      read: async (response) => {
        const { header } = response;
        const blob = new Blob([response.bytes], { type: header('content-type') ?? 'application/octet-stream' });
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
    return this.send<T>(
      'POST',
      url,
      { params: options.params, data: form, silent: options.silent !== false },
      {
        dedupe: false,
        signal: options.signal,
        onProgress: options.onProgress,
        read: (response) => this.unwrap(jsonOf(response.bytes) as Envelope<T>),
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
    return this.send<T>(method, url, options, {
      dedupe: 'json',
      read: (response) => this.unwrap(jsonOf(response.bytes) as Envelope<T>),
    });
  }

  /**
   * Every call's life: the path from the gateway root, the session headers, protected parameters, the
   * loading mask unless silent, cancellation (a newer identical call, navigation, sign-out, the caller's
   * signal) and the one mapping of failures. `dedupe` names the kind of call an identical newer one
   * replaces; false makes every call unique.
   */
  private async send<T>(
    method: Method,
    url: string,
    options: CallOptions,
    how: {
      dedupe: string | false;
      read: (response: Answer) => T | Promise<T>;
      /** A download reads every status itself; a JSON call's answer outside 2xx is a failure. */
      anyStatus?: boolean;
      onProgress?: (loaded: number, total: number) => void;
      signal?: AbortSignal;
    },
  ): Promise<T> {
    // Spec paths are written with and without a leading slash; both mean the gateway's root.
    const path = url.startsWith('/') ? url : `/${url}`;
    const key = requestKey(method, path, options.params, options.data, how.dedupe, this.pending.nextUnique);
    const request = this.pending.begin(key, how.signal);
    if (!options.silent) this.loading.start();
    try {
      const params = await this.protect(options.params);
      const data = await this.protect(options.data);
      const headers: Record<string, string> = { ...this.sessionHeaders(), ...options.headers };
      let body: string | FormData | undefined;
      if (data instanceof FormData) body = data;
      else if (data !== undefined && data !== null) {
        body = JSON.stringify(data);
        headers['Content-Type'] = 'application/json';
      }
      const call = { method, url: `${this.baseURL}${path}${queryOf(params)}`, headers, body };
      const response = how.onProgress
        ? await this.sendWithProgress(call, request.signal, how.onProgress)
        : await this.fetch(call, request.signal);
      if (!how.anyStatus && (response.status < 200 || response.status >= 300)) {
        throw new CallFailure({ status: response.status, body: jsonOf(response.bytes) });
      }
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

  private async protect(value: unknown): Promise<unknown> {
    if (value === undefined || value === null || !this.encryption.enabled) return value;
    if (value instanceof FormData) return value;
    const { encryptParameters } = await loadParameterCipher();
    return { encryptData: encryptParameters(value, this.encryption.key) };
  }

  /** One call by fetch, with the client's time-out; cancellation and time-out are told apart. */
  private async fetch(call: Call, cancel: AbortSignal): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = AbortSignal.any([cancel, timeout]);
    try {
      const response = await fetch(call.url, { ...call, signal });
      const bytes = await response.arrayBuffer();
      return { status: response.status, header: (name) => response.headers.get(name), bytes };
    } catch {
      if (cancel.aborted) throw new RequestCancelledError();
      if (timeout.aborted) throw new CallFailure({ errorCode: TIMED_OUT });
      throw new CallFailure({ errorCode: NO_NETWORK });
    }
  }

  /**
   * An upload that reports its progress: only XMLHttpRequest tells how much of a body has gone. Where there
   * is none (Node, where the contract tests run), fetch sends it and the progress is told once, whole.
   */
  private sendWithProgress(
    call: Call,
    cancel: AbortSignal,
    onProgress: (loaded: number, total: number) => void,
  ): Promise<Answer> {
    if (typeof XMLHttpRequest === 'undefined') {
      return this.fetch(call, cancel).then((answer) => {
        const size = call.body instanceof FormData ? bodySize(call.body) : 0;
        onProgress(size, size);
        return answer;
      });
    }
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(call.method, call.url);
      for (const [name, value] of Object.entries(call.headers)) xhr.setRequestHeader(name, value);
      xhr.responseType = 'arraybuffer';
      xhr.timeout = this.timeoutMs;
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : event.loaded);
      xhr.onload = () =>
        resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), bytes: xhr.response });
      xhr.onerror = () => reject(new CallFailure({ errorCode: NO_NETWORK }));
      xhr.ontimeout = () => reject(new CallFailure({ errorCode: TIMED_OUT }));
      xhr.onabort = () => reject(new RequestCancelledError());
      if (cancel.aborted) {
        reject(new RequestCancelledError());
        return;
      }
      cancel.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(call.body ?? null);
    });
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
    if (error instanceof GatewayError || error instanceof RequestCancelledError) return error;
    const facts: FailureFacts = error instanceof CallFailure ? error.facts : {};
    if (isEnvelope(facts.body)) return this.refusal(refusalOf(facts.body));
    const { message } = describeFailure(facts);
    this.notifier.error(message);
    return new Error(message);
  }
}

export const HttpClientId: ServiceIdentifier<HttpClient> = Symbol.for('HttpClient');

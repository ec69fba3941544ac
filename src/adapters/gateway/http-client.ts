// The one shared HTTP client (SPEC §7.1). Every gateway adapter goes through it, so the conventions live in
// one place: base address and time-out, repeated-key array parameters, the five headers, a newer identical
// request cancelling the earlier one, the loading mask unless silent, AES parameters when enabled, the
// envelope (success 0 / '0'), placeholder numbers → '', error toasts, silent cancellations, and code
// 160300004 handed to the session flow instead of a toast.
import axios, { type AxiosError, type AxiosInstance, type Method } from 'axios';
import { inject, injectable, type ServiceIdentifier } from 'inversify';
import { HTTP_TIMEOUT_MS } from '../../domain/constants';
import { blankPlaceholders } from '../../domain/gateway/response-data';
import { type Envelope, isSuccessCode, ResultCode } from '../../domain/gateway/result-codes';
import type { EncryptionSetting } from '../../domain/session/session';
import { GatewayError, RequestCancelledError } from '../../application/ports/gateway-error';
import { type LoadingIndicator, LoadingIndicatorId } from '../../application/ports/loading-indicator.port';
import { type Notifier, NotifierId } from '../../application/ports/notifier.port';
import type { RequestControl } from '../../application/ports/request-control.port';
import { type SessionStore, SessionStoreId } from '../../application/ports/session-store.port';
import { encryptParameters } from './parameter-cipher';

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

/** SPEC §3: encryption is on by default with a default key until the gateway's own setting is read. */
export const DEFAULT_ENCRYPTION: EncryptionSetting = { enabled: true, key: 'WsfScfDefaultParamKey2026abcdefg' };

const NETWORK_MESSAGES: Record<string, string> = {
  ECONNABORTED: '请求超时，请稍后再试',
  ETIMEDOUT: '请求超时，请稍后再试',
  ERR_NETWORK: '网络异常，请检查网络连接',
  ECONNREFUSED: '网络异常，请检查网络连接',
  ECONNRESET: '网络异常，请检查网络连接',
};

@injectable()
export class HttpClient implements RequestControl {
  private readonly http: AxiosInstance;
  private encryption: EncryptionSetting = DEFAULT_ENCRYPTION;
  private readonly pending = new Map<string, AbortController>();
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

  cancelPending(): void {
    for (const controller of this.pending.values()) controller.abort();
    this.pending.clear();
  }

  onSessionExpired(listener: () => void): void {
    this.expiredListeners.push(listener);
  }

  async request<T>(method: Method, url: string, options: CallOptions = {}): Promise<T> {
    // Spec paths are written with and without a leading slash; both mean the gateway's root.
    const path = url.startsWith('/') ? url : `/${url}`;
    const key = `${method} ${path} ${JSON.stringify(options.params ?? null)} ${JSON.stringify(options.data ?? null)}`;
    this.pending.get(key)?.abort();
    const controller = new AbortController();
    this.pending.set(key, controller);
    if (!options.silent) this.loading.start();
    try {
      const response = await this.http.request<Envelope<T>>({
        method,
        url: path,
        params: this.protect(options.params),
        data: this.protect(options.data),
        headers: { ...this.sessionHeaders(), ...options.headers },
        signal: controller.signal,
      });
      return this.unwrap(response.data);
    } catch (error) {
      throw this.failure(error);
    } finally {
      if (this.pending.get(key) === controller) this.pending.delete(key);
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
    if (envelope && isSuccessCode(envelope.code)) return blankPlaceholders(envelope.data) as T;
    throw this.refusal(envelope);
  }

  /** A gateway refusal: code 160300004 goes to the session flow, any other code becomes a toast. */
  private refusal(envelope: Partial<Envelope<unknown>> | undefined): GatewayError {
    const code = envelope?.code ?? ResultCode.internal;
    const message = envelope?.message || '系统繁忙，请稍后再试';
    if (Number(code) === ResultCode.sessionExpired) {
      for (const listener of this.expiredListeners) listener();
    } else {
      this.notifier.error(message);
    }
    return new GatewayError(code, message);
  }

  private failure(error: unknown): Error {
    if (error instanceof GatewayError) return error;
    if (axios.isCancel(error)) return new RequestCancelledError();
    const axiosError = error as AxiosError<Envelope<unknown>>;
    const body = axiosError.response?.data;
    if (body && typeof body === 'object' && 'code' in body) return this.refusal(body);
    const message = NETWORK_MESSAGES[axiosError.code ?? ''] ?? axiosError.message ?? String(error);
    this.notifier.error(message);
    return new Error(message);
  }
}

export const HttpClientId: ServiceIdentifier<HttpClient> = Symbol.for('HttpClient');

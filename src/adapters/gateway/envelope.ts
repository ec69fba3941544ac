// What a gateway answer means for the caller (SPEC §7.1, DESIGN.md §2), as pure functions: the envelope's
// success codes and placeholder numbers, its refusals (160300004 goes to the session flow), and the Chinese
// message for every failure that has no envelope — an HTTP status from a proxy, a time-out, a lost network.
// The user never reads an HTTP library's English ('Request failed with status code 500'); a gateway envelope's own
// message is shown as sent.
import { blankPlaceholders, type Blanked } from '../../domain/gateway/response-data';
import { type Envelope, isSuccessCode, ResultCode } from '../../domain/gateway/result-codes';

/** A refusal to show (or, for an expired session, to hand to the session flow). */
export interface Refusal {
  code: number | string;
  message: string;
  sessionExpired: boolean;
}

export type EnvelopeReading<T> = { ok: true; data: Blanked<T> } | { ok: false; refusal: Refusal };

export const BUSY_MESSAGE = '系统繁忙，请稍后再试';
export const SERVER_ERROR_MESSAGE = '服务器开小差了，请稍后重试';
export const TIMEOUT_MESSAGE = '请求超时，请稍后再试';
export const NETWORK_MESSAGE = '网络异常，请检查网络连接';
export const REQUEST_FAILED_MESSAGE = '请求失败，请稍后重试';

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: '请求参数有误',
  401: '登录状态已失效，请重新登录',
  403: '没有权限执行此操作',
  404: '请求的资源不存在',
  405: '请求方式不被允许',
  408: TIMEOUT_MESSAGE,
  413: '上传的内容过大',
  429: '请求过于频繁，请稍后再试',
  502: '服务暂时不可用，请稍后重试',
  503: '服务暂时不可用，请稍后重试',
  504: '服务器响应超时，请稍后重试',
};

// The codes of failures without an HTTP answer (time-out, no network), named as Node and browsers name them.
const NETWORK_MESSAGES: Readonly<Record<string, string>> = {
  ECONNABORTED: TIMEOUT_MESSAGE,
  ETIMEDOUT: TIMEOUT_MESSAGE,
  ERR_NETWORK: NETWORK_MESSAGE,
  ECONNREFUSED: NETWORK_MESSAGE,
  ECONNRESET: NETWORK_MESSAGE,
};

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return body !== null && typeof body === 'object' && 'code' in body;
}

/** The envelope in a text body (a download the gateway refused), or null when the body is something else. */
export function parseEnvelope(text: string): Envelope<unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isEnvelope(value) ? value : null;
  } catch {
    return null;
  }
}

/** A refusal from an envelope: its code and message as sent, a busy message when it has none. */
export function refusalOf(envelope: Partial<Envelope<unknown>>): Refusal {
  const code = envelope.code ?? ResultCode.internal;
  return {
    code,
    message: envelope.message || BUSY_MESSAGE,
    sessionExpired: Number(code) === ResultCode.sessionExpired,
  };
}

/** Success (code 0 or '0') gives the data with placeholder numbers blanked; anything else is a refusal. */
export function readEnvelope<T>(envelope: Envelope<T> | null | undefined): EnvelopeReading<T> {
  if (envelope && isSuccessCode(envelope.code)) return { ok: true, data: blankPlaceholders(envelope.data) };
  return { ok: false, refusal: refusalOf(envelope ?? {}) };
}

/** The user's words for an HTTP status that came without an envelope. */
export function statusMessage(status: number): string {
  const known = STATUS_MESSAGES[status];
  if (known) return known;
  if (status >= 500) return SERVER_ERROR_MESSAGE;
  return `${REQUEST_FAILED_MESSAGE}（${status}）`;
}

/** A refusal for a bare HTTP status: not the session flow's business, even a 401 without the code. */
export function statusRefusal(status: number): Refusal {
  return { code: ResultCode.internal, message: statusMessage(status), sessionExpired: false };
}

/** What went wrong with a call that did not succeed, from what the HTTP client knows of it. */
export interface FailureFacts {
  /** The HTTP status, when an answer came. */
  status?: number;
  /** The answer's body, when one came. */
  body?: unknown;
  /** The failure's code ('ECONNABORTED' for a time-out, 'ERR_NETWORK', …). */
  errorCode?: string;
}

/**
 * An envelope in the body wins (its message is the gateway's); else the status; else the network error;
 * else a plain Chinese failure. Never the English text of the underlying error.
 */
export function describeFailure(facts: FailureFacts): Refusal {
  if (isEnvelope(facts.body)) return refusalOf(facts.body);
  if (facts.status) return statusRefusal(facts.status);
  const network = NETWORK_MESSAGES[facts.errorCode ?? ''];
  return {
    code: ResultCode.internal,
    message: network ?? (facts.errorCode ? NETWORK_MESSAGE : REQUEST_FAILED_MESSAGE),
    sessionExpired: false,
  };
}

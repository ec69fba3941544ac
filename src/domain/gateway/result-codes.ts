// The envelope codes the gateway answers with (DESIGN.md §2). Shared by the gateway, which sends them, and
// the client's HTTP adapter, which reacts to them; the messages are the user's words and must not drift.
export const ResultCode = {
  ok: 0,
  badCredentials: 160300001,
  accountLocked: 160300002,
  forbidden: 160300003,
  sessionExpired: 160300004,
  invalidInput: 160300400,
  notFound: 160300404,
  staleVersion: 160300409,
  internal: 160300500,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export const SESSION_EXPIRED_MESSAGE = '用户信息过期,请重新登录';

export interface Envelope<T> {
  code: number | string;
  message: string;
  data: T;
}

/** SPEC §7.1: success is code 0 or '0'. */
export function isSuccessCode(code: unknown): boolean {
  return code === 0 || code === '0';
}

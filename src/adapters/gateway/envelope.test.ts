import { describe, expect, it } from 'vitest';
import {
  BUSY_MESSAGE,
  describeFailure,
  NETWORK_MESSAGE,
  parseEnvelope,
  readEnvelope,
  REQUEST_FAILED_MESSAGE,
  refusalOf,
  SERVER_ERROR_MESSAGE,
  statusMessage,
  statusRefusal,
  TIMEOUT_MESSAGE,
} from './envelope';

const hasLatinWords = (text: string) => /[A-Za-z]{3,}/.test(text);

describe('readEnvelope (SPEC §7.1)', () => {
  it("gives the data of code 0 or '0' with placeholder numbers blanked", () => {
    expect(readEnvelope({ code: 0, message: '', data: { a: -999, b: 1, c: [-2209017600000, 'x'] } })).toEqual({
      ok: true,
      data: { a: '', b: 1, c: ['', 'x'] },
    });
    expect(readEnvelope({ code: '0', message: '', data: 'yes' })).toEqual({ ok: true, data: 'yes' });
  });

  it('turns any other code into a refusal with the message as sent', () => {
    expect(readEnvelope({ code: 160300400, message: '参数校验失败：username 不能为空', data: null })).toEqual({
      ok: false,
      refusal: { code: 160300400, message: '参数校验失败：username 不能为空', sessionExpired: false },
    });
  });

  it('marks 160300004, as a number or a string, as the expired session', () => {
    expect(refusalOf({ code: 160300004, message: '用户信息过期,请重新登录' }).sessionExpired).toBe(true);
    expect(refusalOf({ code: '160300004', message: '' }).sessionExpired).toBe(true);
    expect(refusalOf({ code: 160300404, message: '' }).sessionExpired).toBe(false);
  });

  it('gives a busy message for a refusal without one, and for no envelope at all', () => {
    expect(refusalOf({ code: 160300500, message: '' }).message).toBe(BUSY_MESSAGE);
    expect(readEnvelope(null)).toEqual({
      ok: false,
      refusal: { code: 160300500, message: BUSY_MESSAGE, sessionExpired: false },
    });
  });
});

describe('parseEnvelope', () => {
  it('reads JSON with a code, and nothing else', () => {
    expect(parseEnvelope('{"code":160300404,"message":"文件不存在","data":null}')?.code).toBe(160300404);
    expect(parseEnvelope('{"note":"a JSON file"}')).toBeNull();
    expect(parseEnvelope('%PDF-1.7')).toBeNull();
    expect(parseEnvelope('null')).toBeNull();
  });
});

describe('failure messages are Chinese', () => {
  it('maps statuses: 5xx to 服务器开小差了, gateway statuses and client errors to their own words', () => {
    expect(statusMessage(500)).toBe(SERVER_ERROR_MESSAGE);
    expect(statusMessage(599)).toBe(SERVER_ERROR_MESSAGE);
    expect(statusMessage(504)).toBe('服务器响应超时，请稍后重试');
    expect(statusMessage(502)).toBe('服务暂时不可用，请稍后重试');
    expect(statusMessage(404)).toBe('请求的资源不存在');
    expect(statusMessage(408)).toBe(TIMEOUT_MESSAGE);
    expect(statusMessage(418)).toBe(`${REQUEST_FAILED_MESSAGE}（418）`);
    for (let status = 300; status < 600; status++) expect(hasLatinWords(statusMessage(status))).toBe(false);
  });

  it('keeps a bare 401 away from the session flow (only the envelope code 160300004 signs out)', () => {
    expect(statusRefusal(401).sessionExpired).toBe(false);
  });

  it('prefers the envelope in the body, then the status, then the network error', () => {
    expect(describeFailure({ status: 500, body: { code: 160300500, message: 'Internal error' } }).message).toBe(
      'Internal error',
    );
    expect(
      describeFailure({ status: 500, body: '<html>Bad Gateway</html>', errorCode: 'ERR_BAD_RESPONSE' }).message,
    ).toBe(SERVER_ERROR_MESSAGE);
    expect(describeFailure({ errorCode: 'ECONNABORTED' }).message).toBe(TIMEOUT_MESSAGE);
    expect(describeFailure({ errorCode: 'ETIMEDOUT' }).message).toBe(TIMEOUT_MESSAGE);
    expect(describeFailure({ errorCode: 'ERR_NETWORK' }).message).toBe(NETWORK_MESSAGE);
    expect(describeFailure({ errorCode: 'ERR_SOMETHING_NEW' }).message).toBe(NETWORK_MESSAGE);
    expect(describeFailure({}).message).toBe(REQUEST_FAILED_MESSAGE);
  });
});

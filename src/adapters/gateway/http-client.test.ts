import { createDecipheriv } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayError, RequestCancelledError } from '../../application/ports/gateway-error';
import type { SessionStore } from '../../application/ports/session-store.port';
import { fileNameFromDisposition, HttpClient, withSuffix } from './http-client';

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let baseURL = '';
let seen: Seen[] = [];

const FILE_BYTES = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10, 0x80]);

function reply(url: string): {
  status: number;
  body: unknown;
  delayMs?: number;
  raw?: Buffer;
  headers?: Record<string, string>;
} {
  const attachment = (name: string) => ({
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
  });
  if (url.startsWith('/api/file/named'))
    return { status: 200, body: null, raw: FILE_BYTES, headers: attachment('融资合同（终稿）.pdf') };
  if (url.startsWith('/api/file/json-file'))
    return {
      status: 200,
      body: null,
      raw: Buffer.from('{"code":1,"note":"a stored JSON file"}'),
      headers: { ...attachment('数据.json'), 'content-type': 'application/json' },
    };
  if (url.startsWith('/api/file/unnamed'))
    return { status: 200, body: null, raw: FILE_BYTES, headers: { 'content-type': 'application/octet-stream' } };
  if (url.startsWith('/api/file/refused-as-200'))
    return { status: 200, body: { code: 160300404, message: '文件不存在', data: null } };
  if (url.startsWith('/api/file/refused'))
    return { status: 404, body: { code: 160300404, message: '文件不存在', data: null } };
  if (url.startsWith('/api/file/expired'))
    return { status: 401, body: { code: 160300004, message: '用户信息过期,请重新登录', data: null } };
  if (url.startsWith('/api/upload'))
    return {
      status: 200,
      body: { code: 0, message: '', data: { keyId: 'k1' } },
      delayMs: url.includes('slow') ? 300 : 0,
    };
  if (url.startsWith('/api/ok'))
    return {
      status: 200,
      body: { code: 0, message: '', data: { amount: -999, when: -2209017600000, name: '张三', list: [1, -99900] } },
    };
  if (url.startsWith('/api/string-ok')) return { status: 200, body: { code: '0', message: '', data: 'yes' } };
  if (url.startsWith('/api/refused'))
    return { status: 400, body: { code: 160300400, message: '参数校验失败：username 不能为空', data: null } };
  if (url.startsWith('/api/expired'))
    return { status: 401, body: { code: 160300004, message: '用户信息过期,请重新登录', data: null } };
  if (url.startsWith('/api/crash'))
    return {
      status: 500,
      body: null,
      raw: Buffer.from('Internal Server Error'),
      headers: { 'content-type': 'text/plain' },
    };
  if (url.startsWith('/api/file/crash'))
    return {
      status: 502,
      body: null,
      raw: Buffer.from('<html>Bad Gateway</html>'),
      headers: { 'content-type': 'text/html' },
    };
  if (url.startsWith('/api/slow')) return { status: 200, body: { code: 0, message: '', data: 'slow' }, delayMs: 300 };
  return { status: 404, body: { code: 160300404, message: '接口不存在', data: null } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const r = reply(req.url ?? '');
      setTimeout(() => {
        if (res.destroyed) return;
        res
          .writeHead(r.status, { 'content-type': 'application/json', ...r.headers })
          .end(r.raw ?? JSON.stringify(r.body));
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

function client(
  session: { token: string; tenantId: string } | null = { token: 'tok-1', tenantId: 't1' },
  url = baseURL,
) {
  const store = {
    read: () => session,
    readUser: () => (session ? { userId: 'u1', clientId: 'wsf_web' } : null),
  } as unknown as SessionStore;
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const loading = { start: vi.fn(), stop: vi.fn() };
  const http = new HttpClient({ baseURL: url }, store, notifier, loading);
  http.setEncryption({ enabled: false, key: '' });
  return { http, notifier, loading };
}

describe('HttpClient (SPEC §7.1)', () => {
  it('sends the five headers, repeats array keys without brackets and turns placeholder numbers into empty strings', async () => {
    const { http } = client();
    const data = await http.get('api/ok', { params: { keyIds: ['a', 'b'], loadOp: 1 } });
    expect(data).toEqual({ amount: '', when: '', name: '张三', list: [1, ''] });
    const req = seen[0]!;
    expect(req.url).toBe('/api/ok?keyIds=a&keyIds=b&loadOp=1');
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers.token).toBe('tok-1');
    expect(req.headers.operatorid).toBe('u1');
    expect(req.headers.tenantid).toBe('t1');
    expect(req.headers.client).toBe('wsf_web');
  });

  it('sends no session headers without a token', async () => {
    const { http } = client(null);
    await http.get('/api/ok');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers.token).toBeUndefined();
  });

  it("accepts '0' as success", async () => {
    await expect(client().http.get('/api/string-ok')).resolves.toBe('yes');
  });

  it("shows the server's message as an error toast and rejects with the code", async () => {
    const { http, notifier } = client();
    const error = await http.post('/api/refused', { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe(160300400);
    expect(notifier.error).toHaveBeenCalledWith('参数校验失败：username 不能为空');
  });

  it('hands code 160300004 to the session flow instead of a toast', async () => {
    const { http, notifier } = client();
    const expired = vi.fn();
    http.onSessionExpired(expired);
    await expect(http.get('/api/expired')).rejects.toBeInstanceOf(GatewayError);
    expect(expired).toHaveBeenCalledOnce();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('cancels an earlier identical request silently when a newer one starts', async () => {
    const { http, notifier } = client();
    const first = http.get('/api/slow', { params: { q: 1 } }).catch((e: unknown) => e);
    const second = http.get('/api/slow', { params: { q: 1 } });
    expect(await first).toBeInstanceOf(RequestCancelledError);
    await expect(second).resolves.toBe('slow');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('does not cancel requests that differ in their parameters', async () => {
    const { http } = client();
    const [a, b] = await Promise.all([
      http.get('/api/slow', { params: { q: 1 } }),
      http.get('/api/slow', { params: { q: 2 } }),
    ]);
    expect([a, b]).toEqual(['slow', 'slow']);
  });

  it('cancels every pending request on demand, without a message', async () => {
    const { http, notifier } = client();
    const pending = http.get('/api/slow').catch((e: unknown) => e);
    http.cancelPending();
    expect(await pending).toBeInstanceOf(RequestCancelledError);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('shows the loading mask unless the call is silent', async () => {
    const { http, loading } = client();
    await http.get('/api/ok');
    await http.get('/api/ok', { silent: true });
    expect(loading.start).toHaveBeenCalledTimes(1);
    expect(loading.stop).toHaveBeenCalledTimes(1);
  });

  it('encrypts body and query under the gateway key when enabled', async () => {
    const { http } = client();
    const key = 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4';
    http.setEncryption({ enabled: true, key });
    await http.post('/api/ok', { data: { username: 'admin' }, params: { loadOp: 1 } });
    const decrypt = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      const d = createDecipheriv('aes-256-cbc', Buffer.from(key), bytes.subarray(0, 16));
      return JSON.parse(Buffer.concat([d.update(bytes.subarray(16)), d.final()]).toString());
    };
    const req = seen[0]!;
    expect(decrypt(JSON.parse(req.body).encryptData)).toEqual({ username: 'admin' });
    expect(decrypt(new URL(req.url, baseURL).searchParams.get('encryptData')!)).toEqual({ loadOp: 1 });
  });

  it('gives up after its time-out, in Chinese, and is not taken for a cancellation', async () => {
    const store = { read: () => null, readUser: () => null } as unknown as SessionStore;
    const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
    const http = new HttpClient({ baseURL, timeoutMs: 50 }, store, notifier, { start: vi.fn(), stop: vi.fn() });
    http.setEncryption({ enabled: false, key: '' });
    await expect(http.get('/api/slow')).rejects.toThrow('请求超时，请稍后再试');
    expect(notifier.error).toHaveBeenCalledWith('请求超时，请稍后再试');
  });

  it('shows a network failure in Chinese', async () => {
    const { http, notifier } = client(null, 'http://127.0.0.1:1');
    await expect(http.get('/api/ok')).rejects.toThrow('网络异常，请检查网络连接');
    expect(notifier.error).toHaveBeenCalledWith('网络异常，请检查网络连接');
  });
});

describe('HttpClient failures without an envelope', () => {
  it('shows a 500 answered without an envelope in Chinese, never English', async () => {
    const { http, notifier } = client();
    const error = await http.get('/api/crash').catch((e: unknown) => e);
    expect((error as Error).message).toBe('服务器开小差了，请稍后重试');
    expect(notifier.error).toHaveBeenCalledWith('服务器开小差了，请稍后重试');
    expect(notifier.error).not.toHaveBeenCalledWith(expect.stringContaining('status code'));
  });

  it('shows a proxy failure during a download in Chinese', async () => {
    const { http, notifier } = client();
    await expect(http.blob('GET', '/api/file/crash')).rejects.toBeInstanceOf(GatewayError);
    expect(notifier.error).toHaveBeenCalledWith('服务暂时不可用，请稍后重试');
  });
});

describe('HttpClient downloads and uploads (SPEC §7.2)', () => {
  it('reads the file name from Content-Disposition, filename* first, and puts a suffix before the extension', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''${encodeURIComponent('合同.pdf')}`),
    ).toBe('合同.pdf');
    expect(fileNameFromDisposition('attachment; filename="%E5%90%88%E5%90%8C.pdf"')).toBe('合同.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(withSuffix('合同.pdf', '_副本')).toBe('合同_副本.pdf');
    expect(withSuffix('README', '_1')).toBe('README_1');
    expect(withSuffix('.env', '_1')).toBe('.env_1');
    expect(withSuffix('a.pdf', undefined)).toBe('a.pdf');
  });

  it('gives the bytes and the server name, with the suffix', async () => {
    const { http, notifier } = client();
    const file = await http.blob('GET', '/api/file/named', { params: { keyId: '1' }, suffix: '_20260101' });
    expect(file.fileName).toBe('融资合同（终稿）_20260101.pdf');
    expect(Buffer.from(await file.blob.arrayBuffer()).equals(FILE_BYTES)).toBe(true);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(seen[0]!.headers.authorization).toBe('Bearer tok-1');
  });

  it('shows the message of a JSON body with a code as an error toast and rejects', async () => {
    for (const url of ['/api/file/refused-as-200', '/api/file/refused']) {
      const { http, notifier } = client();
      const error = await http.blob('GET', url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).code).toBe(160300404);
      expect(notifier.error).toHaveBeenCalledWith('文件不存在');
    }
  });

  it('hands 160300004 in a download to the session flow', async () => {
    const { http, notifier } = client();
    const expired = vi.fn();
    http.onSessionExpired(expired);
    await expect(http.blob('GET', '/api/file/expired')).rejects.toBeInstanceOf(GatewayError);
    expect(expired).toHaveBeenCalledOnce();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('saves a named JSON file as a file, and an unnamed body under the fallback name', async () => {
    const { http, notifier } = client();
    expect((await http.blob('GET', '/api/file/json-file')).fileName).toBe('数据.json');
    expect((await http.blob('GET', '/api/file/unnamed', { fallbackName: '附件.bin' })).fileName).toBe('附件.bin');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('uploads multipart with progress and the session headers', async () => {
    const { http } = client();
    const form = new FormData();
    form.append('file', new Blob(['你好，世界']), '问候.txt');
    const progress = vi.fn();
    await expect(
      http.upload('/api/upload', form, { onProgress: progress, params: { accept: 'txt' } }),
    ).resolves.toEqual({ keyId: 'k1' });
    const req = seen[0]!;
    expect(req.url).toBe('/api/upload?accept=txt');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.headers.token).toBe('tok-1');
    expect(req.body).toContain('filename="问候.txt"');
    expect(req.body).toContain('你好，世界');
    expect(progress).toHaveBeenCalled();
    expect(progress.mock.lastCall![0]).toBe(progress.mock.lastCall![1]);
  });

  it('cancels an upload through its signal without a message, and never cancels one upload by another', async () => {
    const { http, notifier } = client();
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob(['x']), 'x.txt');
      return f;
    };
    const controller = new AbortController();
    const cancelled = http.upload('/api/upload-slow', form(), { signal: controller.signal }).catch((e: unknown) => e);
    const other = http.upload('/api/upload-slow', form());
    controller.abort();
    expect(await cancelled).toBeInstanceOf(RequestCancelledError);
    await expect(other).resolves.toEqual({ keyId: 'k1' });
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

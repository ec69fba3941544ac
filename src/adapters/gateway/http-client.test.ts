import { createDecipheriv } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayError, RequestCancelledError } from '../../application/ports/gateway-error';
import type { SessionStore } from '../../application/ports/session-store.port';
import { HttpClient } from './http-client';

interface Seen { url: string; headers: IncomingMessage['headers']; body: string }
let server: Server;
let baseURL = '';
let seen: Seen[] = [];

function reply(url: string): { status: number; body: unknown; delayMs?: number } {
  if (url.startsWith('/api/ok')) return { status: 200, body: { code: 0, message: '', data: { amount: -999, when: -2209017600000, name: '张三', list: [1, -99900] } } };
  if (url.startsWith('/api/string-ok')) return { status: 200, body: { code: '0', message: '', data: 'yes' } };
  if (url.startsWith('/api/refused')) return { status: 400, body: { code: 160300400, message: '参数校验失败：username 不能为空', data: null } };
  if (url.startsWith('/api/expired')) return { status: 401, body: { code: 160300004, message: '用户信息过期,请重新登录', data: null } };
  if (url.startsWith('/api/slow')) return { status: 200, body: { code: 0, message: '', data: 'slow' }, delayMs: 300 };
  return { status: 404, body: { code: 160300404, message: '接口不存在', data: null } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const r = reply(req.url ?? '');
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => { seen = []; });

function client(session: { token: string; tenantId: string } | null = { token: 'tok-1', tenantId: 't1' }, url = baseURL) {
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
    const [a, b] = await Promise.all([http.get('/api/slow', { params: { q: 1 } }), http.get('/api/slow', { params: { q: 2 } })]);
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

  it('shows a network failure in Chinese', async () => {
    const { http, notifier } = client(null, 'http://127.0.0.1:1');
    await expect(http.get('/api/ok')).rejects.toThrow('网络异常，请检查网络连接');
    expect(notifier.error).toHaveBeenCalledWith('网络异常，请检查网络连接');
  });
});

// The cross-cutting behaviour of the app: envelopes for every kind of bad input, parameter decryption,
// the built client with history fallback, security headers, a log without tokens, the docs, and the
// refusal of routes that do not declare their access.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.mjs';
import { ResultCode } from '../../src/domain/gateway/result-codes';
import { buildApp, urlForLog } from './app';
import { encryptParams } from './modules/gateway/param-cipher';
import { COMPRESS_MIN_BYTES } from './plugins/compression';
import { HELMET_OPTIONS } from './plugins/security-headers';
import type { TestGateway } from './testing/test-gateway';
import { createTestGateway, databasesUnderTest, signIn } from './testing/test-gateway';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-3f9a1c.js"></script></body></html>';
const LOGIN_HTML =
  '<!doctype html><html><body><main id="drawn-login"><form aria-label="登录"></form></main><div id="root"></div></body></html>';
/** A script as the build writes it, large enough that its compressed copies pay; copies made as the build makes them. */
const BUILT_SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export function screen${i}(props){return jsx("div",{className:"row-${i}",children:props.title});}`,
).join('\n');

describe.each(databasesUnderTest())('the gateway app on $name', ({ name, databaseUrl }) => {
  let gw: TestGateway;
  let staticDir: string;
  let log = '';
  let headers: Record<string, string>;
  let key: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'gw-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(staticDir, 'login.html'), LOGIN_HTML);
    writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js'), 'console.log("client")');
    writeFileSync(join(staticDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    writeFileSync(join(staticDir, 'assets', 'main-5e1d2b.js'), BUILT_SCRIPT);
    await precompressDir(staticDir);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), staticDir, logStream });
    headers = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    key = (await gw.app.inject({ method: 'GET', url: '/api/gateway/encryptKey' })).json().data.key;
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const login = (payload: string, contentType = 'application/json') =>
    gw.app.inject({ method: 'POST', url: '/api/authcenter/login', payload, headers: { 'content-type': contentType } });

  describe('parameter encryption', () => {
    it('hands out a 32-character key, enabled by default, the same on every call', async () => {
      const body = (await gw.app.inject({ method: 'GET', url: '/api/gateway/encryptKey' })).json();
      expect(body.data).toEqual({ key, enabled: true });
      expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
      const stored = await gw.db
        .selectFrom('setting')
        .select('value')
        .where('key', '=', 'encrypt_key')
        .executeTakeFirst();
      expect(stored?.value).toBe(key);
    });

    it('reports encryption disabled when configured so', async () => {
      const app = await buildApp({ db: gw.db, database: name, encryptEnabled: false });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/gateway/encryptKey' })).json().data).toEqual({
          key,
          enabled: false,
        });
      } finally {
        await app.close();
      }
    });

    it('decrypts an encrypted body before validating it', async () => {
      const ok = await login(
        JSON.stringify({ encryptData: encryptParams({ username: 'admin', password: 'Admin@2026' }, key) }),
      );
      expect(ok.json()).toMatchObject({ code: 0, data: { nickName: '平台管理员' } });
      const incomplete = await login(JSON.stringify({ encryptData: encryptParams({ username: 'admin' }, key) }));
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().message).toBe('参数校验失败：password 不能为空');
    });

    it('decrypts an encrypted query', async () => {
      const encryptData = encodeURIComponent(encryptParams({ loadOp: 1 }, key));
      const response = await gw.app.inject({
        method: 'GET',
        url: `/api/authcenter/authority/menu/list?encryptData=${encryptData}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      const items: Array<{ opAuthorityDTOList: unknown[] }> = response.json().data;
      expect(items.some((i) => i.opAuthorityDTOList.length > 0)).toBe(true);
    });

    it('still accepts plain parameters', async () => {
      expect((await login(JSON.stringify({ username: 'admin', password: 'Admin@2026' }))).json().code).toBe(0);
    });

    it('refuses what does not decrypt', async () => {
      const otherKey = 'A'.repeat(32);
      const cases = [
        await login(JSON.stringify({ encryptData: 'bm90IGEgY2lwaGVydGV4dA==' })),
        await login(JSON.stringify({ encryptData: encryptParams({ username: 'admin', password: 'x' }, otherKey) })),
        await gw.app.inject({
          method: 'GET',
          url: '/api/authcenter/authority/menu/list?encryptData=%%%garbage',
          headers,
        }),
        await gw.app.inject({
          method: 'GET',
          url: `/api/authcenter/authority/menu/list?encryptData=${encodeURIComponent(encryptParams([1], key))}`,
          headers,
        }),
      ];
      for (const response of cases) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: ResultCode.invalidInput, message: '参数解密失败', data: null });
      }
    });
  });

  describe('bad input', () => {
    it.each([
      ['malformed JSON', '{"username":', 'application/json', '请求体不是合法的 JSON'],
      ['an empty JSON body where one is required', '', 'application/json', '参数校验失败：请求体 应为对象'],
      ['a missing field', '{}', 'application/json', '参数校验失败：username 不能为空'],
      ['an empty field', '{"username":"","password":"x"}', 'application/json', '参数校验失败：username 不能为空'],
      [
        'a number for a string',
        '{"username":123,"password":"x"}',
        'application/json',
        '参数校验失败：username 应为字符串',
      ],
      ['an array for the body', '[]', 'application/json', '参数校验失败：请求体 应为对象'],
      ['plain text', 'username=admin', 'text/plain', '参数校验失败：请求体 应为对象'],
      ['a form post', 'username=admin&password=x', 'application/x-www-form-urlencoded', '不支持的请求内容类型'],
      ['XML', '<login/>', 'application/xml', '不支持的请求内容类型'],
    ])('answers %s with 160300400 and a Chinese message', async (_case, payload, contentType, message) => {
      const response = await login(payload, contentType);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: ResultCode.invalidInput, message, data: null });
    });

    it.each([
      ['sent as JSON', { 'content-type': 'application/json' }],
      ["with no content type and chunked encoding (as Pact's verifier sends it)", { 'transfer-encoding': 'chunked' }],
    ])('takes an empty body %s as no body where none is required', async (_case, extra) => {
      const { headers: own } = await signIn(gw.app, 'operator', 'Operator@2026');
      const response = await gw.app.inject({
        method: 'POST',
        url: '/api/authcenter/logout',
        headers: { ...own, ...extra },
        payload: '',
      });
      expect(response.json()).toEqual({ code: 0, message: '操作成功', data: null });
    });

    it('answers an oversize body with 413 in an envelope', async () => {
      const response = await login(JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x' }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: ResultCode.invalidInput, message: '请求体过大', data: null });
    });

    it('answers an unknown API path with a 404 envelope, whatever the method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await gw.app.inject({ method, url: '/api/nothing/here', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: ResultCode.notFound, message: '接口不存在', data: null });
      }
    });

    it('answers an unexpected failure with the generic message and no details', async () => {
      const app = await buildApp({ db: gw.db, database: name });
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('relation "secret_table" does not exist at select * from secret_table');
      });
      try {
        const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ code: ResultCode.internal, message: '系统繁忙，请稍后再试', data: null });
      } finally {
        await app.close();
      }
    });
  });

  describe('the built client', () => {
    it('serves index.html for a client route (history fallback), not to be cached', async () => {
      const response = await gw.app.inject({ method: 'GET', url: '/business/examine' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
      expect((await gw.app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX_HTML);
    });

    it("serves the login page's own document for /login, and index.html for every other client route", async () => {
      const login = await gw.app.inject({ method: 'GET', url: '/login' });
      expect(login.statusCode).toBe(200);
      expect(login.headers['content-type']).toMatch(/^text\/html/);
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(login.headers['content-security-policy']).toContain("script-src 'self'");
      expect(login.body).toBe(LOGIN_HTML);
      expect((await gw.app.inject({ method: 'GET', url: '/login?redirect=%2F' })).body).toBe(LOGIN_HTML);
      for (const url of ['/register', '/login/x', '/loginx']) {
        expect((await gw.app.inject({ method: 'GET', url })).body).toBe(INDEX_HTML);
      }
    });

    it('does not fall back for /api paths', async () => {
      const response = await gw.app.inject({ method: 'GET', url: '/api/x' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(ResultCode.notFound);
    });

    it('serves hashed assets with a long immutable cache, and 404s a missing one', async () => {
      const asset = await gw.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).toBe('console.log("client")');
      expect((await gw.app.inject({ method: 'GET', url: '/assets/index-000000.js' })).statusCode).toBe(404);
      expect((await gw.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Disallow');
    });

    it("answers a hashed file without a document's headers, a page with them all", async () => {
      const script = await gw.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
      expect(script.headers['content-security-policy']).toBeUndefined();
      expect(script.headers['x-frame-options']).toBeUndefined();
      expect(script.headers['strict-transport-security']).toBeUndefined();
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(script.headers['referrer-policy']).toBe('no-referrer');
      const page = await gw.app.inject({ method: 'GET', url: '/business/examine' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
    const fetchScript = (acceptEncoding?: string) =>
      gw.app.inject({
        method: 'GET',
        url: '/assets/main-5e1d2b.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    it("answers a built script with its brotli copy, gzip's when only gzip is accepted, the file when neither", async () => {
      const br = await fetchScript(BROWSER_ENCODINGS);
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.rawPayload.length).toBeLessThan(BUILT_SCRIPT.length / 5);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUILT_SCRIPT);

      const gz = await fetchScript('gzip, deflate');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(BUILT_SCRIPT);

      for (const identity of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const plain = await fetchScript(identity);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.body).toBe(BUILT_SCRIPT);
      }
    });

    it('answers the history fallback compressed or not as the client accepts, never cached', async () => {
      const br = await gw.app.inject({
        method: 'GET',
        url: '/business/examine',
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);
      const plain = await gw.app.inject({ method: 'GET', url: '/business/examine' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(INDEX_HTML);
    });

    it('does not serve files outside the folder', async () => {
      const response = await gw.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
      expect(response.body).not.toContain('root:');
    });
  });

  describe('API answers on the wire', () => {
    const menuList = (acceptEncoding?: string) =>
      gw.app.inject({
        method: 'GET',
        url: '/api/authcenter/authority/menu/list?loadOp=1',
        headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });

    it('compresses a large list as the client accepts, and says it varies with that', async () => {
      const plain = await menuList();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);

      const br = await menuList('gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

      const gz = await menuList('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    });

    it('compresses a very large answer (the API description) off the request thread, the same way', async () => {
      const plain = await gw.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
      const br = await gw.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    });

    it('leaves an export, compressed already, as it is', async () => {
      const xlsx = await gw.app.inject({
        method: 'GET',
        url: '/api/authcenter/base/user/export',
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(xlsx.headers['content-encoding']).toBeUndefined();
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('sends a small answer as it is', async () => {
      const response = await gw.app.inject({
        method: 'GET',
        url: '/api/gateway/encryptKey',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBeUndefined();
      expect(response.json().data.key).toBe(key);
    });
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/business/examine', '/api/health']) {
      const response = await gw.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("sends @fastify/helmet's own headers, asked of it once, on answers and refusals alike", async () => {
    const plain = Fastify();
    await plain.register(helmet, HELMET_OPTIONS);
    plain.get('/x', async () => ({ ok: true }));
    const expected = (await plain.inject({ method: 'GET', url: '/x' })).headers;
    await plain.close();
    const fastifyOwn = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    const helmetOwn = Object.entries(expected).filter(([name]) => !fastifyOwn.has(name));
    expect(helmetOwn.length).toBeGreaterThan(10);
    // An answer, a refused call (no session) and a page of the client.
    for (const url of ['/api/health', '/api/authcenter/base/user/page', '/business/examine']) {
      const response = await gw.app.inject({ method: 'GET', url });
      for (const [name, value] of helmetOwn) expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('keeps tokens out of the log', async () => {
    log = '';
    await gw.app.inject({
      method: 'GET',
      url: '/api/authcenter/base/user?token=secret-value&x=1',
      headers: { authorization: 'Bearer secret-value', token: 'secret-value' },
    });
    expect(log).toContain('/api/authcenter/base/user?x=1');
    expect(log).not.toContain('secret-value');
    expect(urlForLog('/a?token=t&b=2&token=u')).toBe('/a?b=2');
  });

  it('answers a broken or over-long path in the envelope, with security headers and without echoing it', async () => {
    const urls = ['/api/x/%E0%A4%A', '/api/authcenter/base/user/%E0%A4%A', `/api/file/file/uri/${'k'.repeat(300)}`];
    for (const url of urls) {
      const response = await gw.app.inject({ method: 'GET', url, headers });
      // An over-long segment may fall through to the built client's catch-all, which answers 404 for /api.
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String), data: null });
      expect(response.json().code).not.toBe(ResultCode.internal);
      expect(response.body).not.toContain('%E0');
      expect(response.body).not.toContain('kkkk');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses a NUL character anywhere in body, query or path as invalid input, never a 500', async () => {
    const nul = 'a\u0000b';
    const calls = [
      gw.app.inject({ method: 'POST', url: '/api/authcenter/login', payload: { username: nul, password: 'x' } }),
      gw.app.inject({
        method: 'GET',
        url: `/api/authcenter/base/user/exist?userName=${encodeURIComponent(nul)}`,
        headers,
      }),
      gw.app.inject({ method: 'GET', url: `/api/file/file/uri/${encodeURIComponent(nul)}`, headers }),
      gw.app.inject({
        method: 'POST',
        url: '/api/authcenter/base/role',
        headers,
        payload: { roleName: nul, roleCode: 'NUL_TEST' },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.json()).toMatchObject({ code: ResultCode.invalidInput, data: null });
    }
  });

  it('keeps the WOPI access_token out of the log', async () => {
    log = '';
    await gw.app.inject({
      method: 'POST',
      url: '/api/file/wopi/files/nope?access_token=wopi-secret-value&y=2',
      headers: { 'x-wopi-override': 'GET_LOCK' },
    });
    expect(log).toContain('/api/file/wopi/files/nope?y=2');
    expect(log).not.toContain('wopi-secret-value');
    expect(urlForLog('/w?access_token=t&y=2')).toBe('/w?y=2');
  });

  it('publishes OpenAPI from the route schemas, and the docs page needs no inline script', async () => {
    const spec = (await gw.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.paths['/api/authcenter/login'].post.requestBody).toBeDefined();
    expect(spec.paths['/api/authcenter/authority/menu/list'].get.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/authcenter/login'].post.security).toBeUndefined();
    expect(spec.paths['/{*}']).toBeUndefined();
    const page = await gw.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses at startup a route that does not declare its access', async () => {
    const app = await buildApp({ db: gw.db, database: name });
    const start = async () => {
      await app.register(async (scope) => {
        scope.get('/api/test/open-by-mistake', async () => ({ code: 0, message: 'ok', data: null }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/declares no access/);
    await app.close().catch(() => undefined);
  });
});

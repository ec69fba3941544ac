// The file service's guards (SPEC §7.2, DESIGN.md §2): who may touch a file, which types are never stored,
// the bounds of a PDF conversion and that it runs off the event loop, and the sweep of what a crash left
// in the temporary area.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { FILE_BINDING_MESSAGE } from '../../../../src/domain/upload/file-binding';
import { UploadMessage } from '../../../../src/domain/upload/upload-rules';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway, signIn } from '../../testing/test-gateway';
import { FileMessage, KEY_IDS_MAX, STALE_TEMP_MS } from './file-context';
import { PdfMessage } from './pdf-convert';

interface Part {
  name: string;
  content: Buffer | string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----gw-file-guard-5c1e';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
    );
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PNG whose header declares the given size; its pixel data is a stub (the header is what is judged). */
function pngDeclaring(width: number, height: number, data = deflateSync(Buffer.alloc(16))): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real RGBA PNG of a noisy pattern (so it does not pack to nothing), heavy enough to render for a while. */
function realPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = i % (width * 4 + 1) === 0 ? 0 : seed & 0xff;
  }
  return pngDeclaring(width, height, deflateSync(raw, { level: 1 }));
}

describe("the file service's guards", () => {
  let gw: TestGateway;
  let admin: Record<string, string>;
  let operator: Record<string, string>;
  let auditor: Record<string, string>;
  let operatorToken: string;
  const filesDir = mkdtempSync(join(tmpdir(), 'gw-file-guards-'));

  beforeAll(async () => {
    // What a crashed gateway left: one stale temporary upload and one stale conversion folder, and one
    // fresh file another gateway on the same folder may be writing right now.
    const tmp = join(filesDir, 'tmp');
    mkdirSync(join(tmp, 'gw-pdf-crashed'), { recursive: true });
    writeFileSync(join(tmp, 'stale-upload'), 'half an upload');
    writeFileSync(join(tmp, 'gw-pdf-crashed', 'out.pdf'), '%PDF-1.');
    writeFileSync(join(tmp, 'fresh-upload'), 'in progress');
    // Both ages told by the clock the gateway reads, not by the file system's own (they differ when the
    // suite runs under a moved clock, npm run test:moved-clock).
    const now = Date.now();
    const old = new Date(now - STALE_TEMP_MS - 60_000);
    utimesSync(join(tmp, 'stale-upload'), old, old);
    utimesSync(join(tmp, 'gw-pdf-crashed'), old, old);
    utimesSync(join(tmp, 'fresh-upload'), new Date(now), new Date(now));
    gw = await createTestGateway({ filesDir });
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    const o = await signIn(gw.app, 'operator', 'Operator@2026');
    operator = o.headers;
    operatorToken = o.token;
    auditor = (await signIn(gw.app, 'auditor', 'Auditor@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const upload = (parts: Part[], headers = admin, url = '/api/file/file') => {
    const body = multipart(parts);
    return gw.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const uploaded = async (name: string, content: Buffer | string, headers = admin, url = '/api/file/file') => {
    const response = await upload([{ name, content }], headers, url);
    expect(response.json().code, response.body).toBe(0);
    return response.json().data as { keyId: string };
  };

  it('removes at start what a crash left in the temporary area, and only what is stale', () => {
    expect(existsSync(join(filesDir, 'tmp', 'stale-upload'))).toBe(false);
    expect(existsSync(join(filesDir, 'tmp', 'gw-pdf-crashed'))).toBe(false);
    expect(existsSync(join(filesDir, 'tmp', 'fresh-upload'))).toBe(true);
  });

  it('never stores HTML, SVG or an executable, whatever accept asks for', async () => {
    for (const [accept, name, content] of [
      ['html', '页面.html', '<script>alert(1)</script>'],
      ['html', '说明.txt', 'plain'],
      ['svg', '图.svg', '<svg onload="alert(1)"/>'],
      ['exe', '程序.exe', 'MZ'],
      ['nonsense', '说明.txt', 'plain'],
    ] as const) {
      const response = await upload([{ name, content }], admin, `/api/file/file?accept=${accept}`);
      expect(response.json(), `${accept} ${name}`).toEqual({
        code: ResultCode.invalidInput,
        message: UploadMessage.format(`.${accept}`),
        data: null,
      });
    }
    const rows = await gw.db
      .selectFrom('stored_file')
      .select('file_name')
      .where('extension', 'in', ['html', 'svg', 'exe'])
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers another user's file as not found on every file route", async () => {
    const mine = await uploaded('我的合同.txt', 'admin only');
    const notFound = { code: ResultCode.notFound, message: FileMessage.notFound, data: null };
    const calls = [
      { method: 'GET' as const, url: `/api/file/file/download?keyId=${mine.keyId}` },
      { method: 'GET' as const, url: `/api/file/file/downloads?keyIds=${mine.keyId}` },
      { method: 'GET' as const, url: `/api/file/file/uri/${mine.keyId}` },
      { method: 'GET' as const, url: `/api/file/file/copy?keyId=${mine.keyId}` },
      { method: 'POST' as const, url: `/api/file/filegen/trans/file?keyIds=${mine.keyId}&transFileType=PDF` },
    ];
    for (const call of calls) {
      const response = await gw.app.inject({ ...call, headers: operator });
      expect(response.json(), call.url).toEqual(notFound);
    }
    // Attaching it is refused in the words every refused attachment gets (file-binding.ts).
    const attach = { keyIds: [mine.keyId], businessType: 'X', businessId: 'Y' };
    expect(
      (await gw.app.inject({ method: 'POST', url: '/api/file/file/save', headers: operator, payload: attach })).json(),
    ).toEqual({ code: ResultCode.invalidInput, message: FILE_BINDING_MESSAGE, data: null });
    const wopi = await gw.app.inject({
      method: 'POST',
      url: `/api/file/wopi/files/${mine.keyId}?access_token=${operatorToken}`,
      headers: { 'x-wopi-override': 'LOCK', 'x-wopi-lock': 'x' },
    });
    expect(wopi.json()).toEqual(notFound);
    const moduleFile = await uploaded('附件.txt', 'module file', admin, '/api/business/contract/upload');
    const removal = await gw.app.inject({
      method: 'DELETE',
      url: `/api/business/contract/delete?keyId=${moduleFile.keyId}`,
      headers: operator,
    });
    expect(removal.json()).toEqual(notFound);
    // Nothing was bound, copied or removed by those calls; the uploader still has it all.
    const row = await gw.db
      .selectFrom('stored_file')
      .select(['business_id'])
      .where('key_id', '=', mine.keyId)
      .executeTakeFirstOrThrow();
    expect(row.business_id).toBeNull();
    expect(
      (await gw.app.inject({ method: 'GET', url: `/api/file/file/download?keyId=${mine.keyId}`, headers: admin }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await gw.app.inject({
          method: 'DELETE',
          url: `/api/business/contract/delete?keyId=${moduleFile.keyId}`,
          headers: admin,
        })
      ).json().code,
    ).toBe(0);
  });

  it("attaches only the caller's own uploads that no other record holds, refusing the rest alike", async () => {
    const save = (headers: Record<string, string>, keyIds: string[], businessId: string) =>
      gw.app.inject({
        method: 'POST',
        url: '/api/file/file/save',
        headers,
        payload: { keyIds, businessType: 'FINANCING_APPLICATION', businessId },
      });
    const refused = { code: ResultCode.invalidInput, message: FILE_BINDING_MESSAGE, data: null };
    const mine = await uploaded('我的附件.txt', 'operator own', operator);
    const theirs = await uploaded('他人附件.txt', 'admin own', admin);
    const unknown = '0'.repeat(32);
    expect((await save(operator, [mine.keyId, theirs.keyId], 'A-1')).json()).toEqual(refused);
    expect((await save(operator, [unknown], 'A-1')).json()).toEqual(refused);
    expect((await save(operator, ['../../etc/passwd'], 'A-1')).json().code).toBe(ResultCode.invalidInput);
    expect((await save(operator, [mine.keyId], 'A-1')).json().code).toBe(0);
    // Saving the record again keeps it; another record cannot take it, not even by its uploader.
    expect((await save(operator, [mine.keyId], 'A-1')).json().code).toBe(0);
    expect((await save(operator, [mine.keyId], 'A-2')).json()).toEqual(refused);
    const rows = await gw.db
      .selectFrom('stored_file')
      .select(['key_id', 'business_id'])
      .where('key_id', 'in', [mine.keyId, theirs.keyId])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.key_id, r.business_id]))).toEqual({
      [mine.keyId]: 'A-1',
      [theirs.keyId]: null,
    });
  });

  it("lets holders of the bound record's menu read a file, and the module's administrators", async () => {
    const draft = await uploaded('简历.txt', 'draft', operator, '/api/authcenter/user/upload');
    // Unbound: the auditor holds 用户管理 without an operation, so is no administrator of it; the admin is.
    expect(
      (
        await gw.app.inject({ method: 'GET', url: `/api/file/file/download?keyId=${draft.keyId}`, headers: auditor })
      ).json().code,
    ).toBe(ResultCode.notFound);
    expect(
      (await gw.app.inject({ method: 'GET', url: `/api/file/file/download?keyId=${draft.keyId}`, headers: admin }))
        .statusCode,
    ).toBe(200);
    const bind = { keyIds: [draft.keyId], businessType: 'USER', businessId: '1300000000000000002' };
    expect(
      (await gw.app.inject({ method: 'POST', url: '/api/file/file/save', headers: operator, payload: bind })).json()
        .code,
    ).toBe(0);
    expect(
      (await gw.app.inject({ method: 'GET', url: `/api/file/file/download?keyId=${draft.keyId}`, headers: auditor }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an image that would decode to too many pixels from its header, before decoding it', async () => {
    const huge = await uploaded('超大图.png', pngDeclaring(16000, 16000));
    const response = await gw.app.inject({
      method: 'POST',
      url: `/api/file/filegen/trans/file?keyIds=${huge.keyId}&transFileType=PDF`,
      headers: admin,
    });
    expect(response.json()).toEqual({
      code: ResultCode.invalidInput,
      message: PdfMessage.imageTooLarge(16000, 16000),
      data: null,
    });
  });

  it('bounds the files one call may name', async () => {
    const keyIds = Array.from({ length: KEY_IDS_MAX + 1 }, (_, i) => `k${i}`).join(',');
    for (const url of [
      `/api/file/filegen/trans/file?keyIds=${keyIds}&transFileType=PDF`,
      `/api/file/file/downloads?keyIds=${keyIds}`,
    ]) {
      const response = await gw.app.inject({ method: url.includes('trans') ? 'POST' : 'GET', url, headers: admin });
      expect(response.json(), url).toEqual({
        code: ResultCode.invalidInput,
        message: FileMessage.tooManyKeys,
        data: null,
      });
    }
  });

  it('keeps answering other requests while a conversion runs', async () => {
    const images = [
      await uploaded('大图一.png', realPng(1600, 1600)),
      await uploaded('大图二.png', realPng(1600, 1601)),
    ];
    const events: string[] = [];
    const conversion = gw.app
      .inject({
        method: 'POST',
        url: `/api/file/filegen/trans/file?keyIds=${images.map((i) => i.keyId).join(',')}&transFileType=PDF`,
        headers: admin,
      })
      .then((response) => {
        events.push('conversion');
        return response;
      });
    // The rendering runs in a child process of the gateway's: once it is there, a health call is answered
    // while the conversion is still under way.
    const renderingChild = () =>
      execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).includes(
        'pdf-render.child',
      );
    while (!renderingChild()) {
      if (events.includes('conversion')) throw new Error('the conversion ran without a rendering child process');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const health = await gw.app.inject({ method: 'GET', url: '/api/health' });
    events.push('health');
    expect(health.statusCode).toBe(200);
    const converted = await conversion;
    expect(converted.statusCode, converted.body.slice(0, 200)).toBe(200);
    expect(converted.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(events).toEqual(['health', 'conversion']);
  }, 60_000);
});

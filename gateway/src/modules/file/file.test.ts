// The file service end to end through the app: what is stored, what is refused (and that a refusal leaves no
// byte behind), tenant isolation, the zip, PDF conversion, signed URLs, copy, save and the editing lock.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { FILE_BINDING_MESSAGE } from '../../../../src/domain/upload/file-binding';
import { UploadMessage } from '../../../../src/domain/upload/upload-rules';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway, databasesUnderTest, issueToken, signIn } from '../../testing/test-gateway';
import { type BuildAppOptions, buildApp } from '../../app';
import { NAME_INVALID } from './file-names';
import { decodeText, PdfMessage } from './pdf-convert';
import { FileMessage } from './routes';
import { insertUsers } from '../../testing/test-users';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MAX = 64 * 1024;

interface Part {
  name: string;
  content: Buffer | string;
  field?: string;
  type?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----gw-file-test-7d3a';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
    );
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe.each(databasesUnderTest())('the file service on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Record<string, string>;
  let operator: Record<string, string>;
  let adminToken: string;
  let operatorToken: string;
  const other = { authorization: 'Bearer file-test-other-tenant-token-000000000' };

  beforeAll(async () => {
    gw = await createTestGateway({
      ...(databaseUrl ? { databaseUrl } : {}),
      maxUploadBytes: MAX,
      sofficePath: '/nonexistent/soffice',
    });
    const a = await signIn(gw.app, 'admin', 'Admin@2026');
    const o = await signIn(gw.app, 'operator', 'Operator@2026');
    admin = a.headers;
    adminToken = a.token;
    operator = o.headers;
    operatorToken = o.token;
    // A second tenant with one user: its files and ours must never meet.
    await gw.db.insertInto('tenant').values({ tenant_id: 'tenant-other', tenant_name: '另一集团' }).execute();
    await gw.db
      .insertInto('organization')
      .values({
        org_id: 'org-other',
        tenant_id: 'tenant-other',
        parent_id: null,
        org_name: '另一集团',
        org_type: 'GROUP',
        gys_id: null,
        data_auth_state: null,
        sort_no: 0,
      })
      .execute();
    await insertUsers(gw.db, {
      user_id: 'user-other',
      tenant_id: 'tenant-other',
      user_name: 'other_admin',
      nick_name: '他人',
      organization_id: 'org-other',
    });
    await issueToken(gw.db, { userName: 'other_admin', token: other.authorization.slice(7) });
  });
  afterAll(async () => {
    await gw?.close();
  });

  /**
   * A second app on this describe's database and files, set up otherwise (another converter, a missing font): what
   * it is set up with is the app's, not the database's, so it needs no database of its own to start from.
   */
  const beside = async (options: Pick<BuildAppOptions, 'sofficePath' | 'cjkFont'>) => {
    const app = await buildApp({
      db: gw.db,
      database: databaseUrl ? 'postgres' : 'pglite',
      filesDir: gw.filesDir,
      ...options,
    });
    await app.ready();
    return app;
  };

  /** The app on a real socket (once), for what inject cannot show: early answers and dropped clients. */
  const listening = async () =>
    gw.app.server.listening
      ? `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}`
      : gw.app.listen({ port: 0, host: '127.0.0.1' });
  const upload = (parts: Part[], headers = admin, url = '/api/file/file') => {
    const body = multipart(parts);
    return gw.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const uploaded = async (name: string, content: Buffer | string, headers = admin) => {
    const response = await upload([{ name, content }], headers);
    expect(response.json()).toMatchObject({ code: 0 });
    return response.json().data as {
      keyId: string;
      name: string;
      size: number;
      contentType: string;
      extension: string;
    };
  };
  const rowCount = async () =>
    Number(
      (
        await gw.db
          .selectFrom('stored_file')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectRefused = (response: LightMyRequestResponse, message: string, status = 400) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code: ResultCode.invalidInput, message, data: null });
  };

  describe('upload and download', () => {
    it('stores a file with a Chinese name by its sha-256 and gives the same bytes back under that name', async () => {
      const content = '供应链金融合同 第一条：甲方向乙方……\n';
      const info = await uploaded('2026年 采购合同（终稿）.txt', content);
      expect(info).toEqual({
        keyId: expect.any(String),
        name: '2026年 采购合同（终稿）.txt',
        size: Buffer.byteLength(content),
        contentType: 'text/plain',
        extension: 'txt',
      });

      const response = await gw.app.inject({
        method: 'GET',
        url: `/api/file/file/download?keyId=${info.keyId}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(Buffer.from(content))).toBe(true);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="2026_ ________.txt"; filename*=UTF-8''${encodeURIComponent('2026年 采购合同（终稿）.txt')}`,
      );
      const blobs = filesUnder(gw.filesDir);
      expect(blobs.some((p) => /\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(p))).toBe(true);
      expect(blobs.every((p) => !p.includes('采购合同'))).toBe(true);
      expect(filesUnder(join(gw.filesDir, 'tmp'))).toEqual([]);
    });

    it('keeps one blob for the same bytes uploaded twice', async () => {
      const before = filesUnder(gw.filesDir).length;
      const a = await uploaded('一.png', PNG);
      const b = await uploaded('二.png', PNG);
      expect(a.keyId).not.toBe(b.keyId);
      expect(filesUnder(gw.filesDir).length).toBe(before + 1);
    });

    it('uploads several files at once in a batch', async () => {
      const response = await upload(
        [
          { name: 'a.txt', content: 'A' },
          { name: 'b.png', content: PNG },
        ],
        admin,
        '/api/file/file/batch',
      );
      expect(response.json().data.map((f: { name: string }) => f.name)).toEqual(['a.txt', 'b.png']);
    });

    it('narrows the allowed extensions when the caller asks', async () => {
      const response = await upload([{ name: 'a.txt', content: 'A' }], admin, '/api/file/file?accept=pdf,png');
      expectRefused(response, UploadMessage.format('.pdf,.png'));
    });
  });

  describe('refusals leave nothing behind', () => {
    let filesBefore: string[];
    let rowsBefore: number;
    beforeAll(async () => {
      await uploaded('warm.txt', 'warm');
    });
    const snapshot = async () => {
      filesBefore = filesUnder(gw.filesDir);
      rowsBefore = await rowCount();
    };
    const nothingLeft = async () => {
      expect(filesUnder(gw.filesDir).sort()).toEqual(filesBefore.sort());
      expect(await rowCount()).toBe(rowsBefore);
    };

    it.each([
      ['../../etc/passwd.txt', NAME_INVALID],
      ['..\\evil.txt', NAME_INVALID],
      ['%2e%2e%2fevil.txt', NAME_INVALID],
      ['%2e%2e', NAME_INVALID],
      ['a\u0000b.txt', NAME_INVALID],
      [`${'长'.repeat(300)}.txt`, UploadMessage.nameTooLong],
      ['程序.exe', UploadMessage.format('')],
      ['页面.html', UploadMessage.format('')],
    ])('refuses the name %j', async (name, message) => {
      await snapshot();
      const response = await upload([{ name, content: 'hello' }]);
      if (message === UploadMessage.format('')) {
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^文件格式不正确，只能上传格式为【\.doc,.*】的文件$/);
      } else {
        expectRefused(response, message);
      }
      await nothingLeft();
    });

    it('refuses an empty file with the spec message', async () => {
      await snapshot();
      expectRefused(await upload([{ name: '空.txt', content: '' }]), UploadMessage.empty);
      await nothingLeft();
    });

    it('refuses an oversize file with an envelope, not a dropped connection', async () => {
      await snapshot();
      const response = await upload([{ name: '大.txt', content: Buffer.alloc(MAX + 10, 0x61) }]);
      expectRefused(response, UploadMessage.size('64KB'), 413);
      await nothingLeft();
    });

    it('answers an oversize upload over a real socket with the envelope while the client is still sending', async () => {
      await snapshot();
      const url = await listening();
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(5 * 1024 * 1024, 0x61)]), '大.txt');
      const response = await fetch(`${url}/api/file/file`, {
        method: 'POST',
        headers: { authorization: admin.authorization! },
        body: form,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        code: ResultCode.invalidInput,
        message: UploadMessage.size('64KB'),
        data: null,
      });
      await nothingLeft();
    });

    it('removes the partial file when the client goes away in the middle of an upload', async () => {
      await snapshot();
      const url = new URL(await listening());
      const boundary = 'gw-abort-test';
      const req = request({
        host: url.hostname,
        port: url.port,
        path: '/api/file/file',
        method: 'POST',
        headers: { authorization: admin.authorization!, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('error', () => undefined);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="半截.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      );
      req.write(Buffer.alloc(1024 * 1024, 0x61));
      await vi.waitFor(() => expect(filesUnder(join(gw.filesDir, 'tmp')).length).toBe(1));
      req.destroy();
      await vi.waitFor(() => expect(filesUnder(join(gw.filesDir, 'tmp'))).toEqual([]));
      await nothingLeft();
    });

    it('refuses bytes that do not match the extension', async () => {
      await snapshot();
      expectRefused(await upload([{ name: '发票.pdf', content: 'not a pdf at all' }]), FileMessage.mismatch);
      expectRefused(
        await upload([{ name: '照片.png', content: Buffer.from('MZ\x90\x00 executable') }]),
        FileMessage.mismatch,
      );
      expectRefused(await upload([{ name: '说明.txt', content: PNG }]), FileMessage.mismatch);
      await nothingLeft();
    });

    it('refuses a whole batch when one file fails, keeping none of it', async () => {
      await snapshot();
      const response = await upload(
        [
          { name: 'ok.txt', content: 'fine' },
          { name: 'bad.pdf', content: 'nope' },
        ],
        admin,
        '/api/file/file/batch',
      );
      expectRefused(response, FileMessage.mismatch);
      await nothingLeft();
    });

    it('refuses malformed multipart bodies and non-multipart bodies', async () => {
      await snapshot();
      const noBoundary = await gw.app.inject({
        method: 'POST',
        url: '/api/file/file',
        payload: 'garbage',
        headers: { ...admin, 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json().code).toBe(ResultCode.invalidInput);
      const truncated = multipart([{ name: 'cut.txt', content: 'x'.repeat(1000) }]);
      const cut = await gw.app.inject({
        method: 'POST',
        url: '/api/file/file',
        payload: truncated.payload.subarray(0, 200),
        headers: { ...admin, ...truncated.headers },
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().code).toBe(ResultCode.invalidInput);
      const json = await gw.app.inject({ method: 'POST', url: '/api/file/file', payload: { a: 1 }, headers: admin });
      expectRefused(json, FileMessage.notMultipart);
      expectRefused(await upload([]), FileMessage.noFile);
      expectRefused(
        await upload([
          { name: 'a.txt', content: 'a' },
          { name: 'b.txt', content: 'b' },
        ]),
        FileMessage.oneFile,
      );
      await nothingLeft();
    });

    it('refuses an upload without a session before reading it', async () => {
      await snapshot();
      const response = await upload([{ name: 'a.txt', content: 'a' }], {});
      expect(response.json().code).toBe(ResultCode.sessionExpired);
      await nothingLeft();
    });
  });

  describe('tenants', () => {
    it("answers 160300404 for another tenant's keyId on every call", async () => {
      const mine = await uploaded('本租户.txt', 'ours');
      const calls = [
        { method: 'GET', url: `/api/file/file/download?keyId=${mine.keyId}` },
        { method: 'GET', url: `/api/file/file/uri/${mine.keyId}` },
        { method: 'GET', url: `/api/file/file/copy?keyId=${mine.keyId}` },
        { method: 'GET', url: `/api/file/file/downloads?keyIds=${mine.keyId}` },
        { method: 'POST', url: `/api/file/filegen/trans/file?keyIds=${mine.keyId}&transFileType=PDF` },
        { method: 'DELETE', url: `/api/file/file/delete?keyId=${mine.keyId}` },
      ] as const;
      for (const call of calls) {
        const response = await gw.app.inject({ ...call, headers: other });
        expect(response.json(), call.url).toEqual({
          code: ResultCode.notFound,
          message: FileMessage.notFound,
          data: null,
        });
      }
      const attach = await gw.app.inject({
        method: 'POST',
        url: '/api/file/file/save',
        payload: { keyIds: [mine.keyId], businessType: 'X', businessId: '1' },
        headers: other,
      });
      expect(attach.json()).toEqual({ code: ResultCode.invalidInput, message: FILE_BINDING_MESSAGE, data: null });
      const lock = await gw.app.inject({
        method: 'POST',
        url: `/api/file/wopi/files/${mine.keyId}?access_token=${other.authorization.slice(7)}`,
        headers: { 'x-wopi-override': 'LOCK', 'x-wopi-lock': 'L' },
      });
      expect(lock.json().code).toBe(ResultCode.notFound);
      // and it is still there for its owner
      expect(
        (await gw.app.inject({ method: 'GET', url: `/api/file/file/download?keyId=${mine.keyId}`, headers: admin }))
          .body,
      ).toBe('ours');
    });
  });

  describe('zip, copy, save, module upload and delete', () => {
    it('packs several files into one zip with unique names', async () => {
      const a = await uploaded('报告.txt', 'first');
      const b = await uploaded('报告.txt', 'second');
      const response = await gw.app.inject({
        method: 'GET',
        url: `/api/file/file/downloads?keyIds=${a.keyId}&keyIds=${b.keyId}&fileName=${encodeURIComponent('融资资料')}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('融资资料.zip')}`,
      );
      const zip = response.rawPayload;
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      expect(zip.includes(Buffer.from('报告.txt'))).toBe(true);
      expect(zip.includes(Buffer.from('报告(1).txt'))).toBe(true);
    });

    it('copies a file under a new keyId and binds files to a business record', async () => {
      const a = await uploaded('授权书.png', PNG);
      const copy = (
        await gw.app.inject({ method: 'GET', url: `/api/file/file/copy?keyId=${a.keyId}`, headers: admin })
      ).json().data;
      expect(copy).toMatchObject({ name: '授权书.png', size: PNG.length });
      expect(copy.keyId).not.toBe(a.keyId);
      const saved = await gw.app.inject({
        method: 'POST',
        url: '/api/file/file/save',
        payload: { keyIds: [a.keyId, copy.keyId], businessType: 'FINANCING', businessId: 'B-1' },
        headers: admin,
      });
      expect(saved.json().data.map((f: { keyId: string }) => f.keyId)).toEqual([a.keyId, copy.keyId]);
      const row = await gw.db
        .selectFrom('stored_file')
        .select(['business_type', 'business_id'])
        .where('key_id', '=', copy.keyId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ business_type: 'FINANCING', business_id: 'B-1' });
    });

    it('takes uploads for a module and deletes them there, removing a blob nobody else uses', async () => {
      const unique = `module-only ${Date.now()}`;
      const info = (
        await upload([{ name: '附件.txt', content: unique }], admin, '/api/business/contract/upload')
      ).json().data;
      const row = await gw.db
        .selectFrom('stored_file')
        .select(['sha256', 'sub_sys', 'module'])
        .where('key_id', '=', info.keyId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ sub_sys: 'business', module: 'contract' });
      const blob = filesUnder(gw.filesDir).find((p) => p.endsWith(row.sha256))!;
      expect(existsSync(blob)).toBe(true);
      const wrongModule = await gw.app.inject({
        method: 'DELETE',
        url: `/api/business/other/delete?keyId=${info.keyId}`,
        headers: admin,
      });
      expect(wrongModule.json().code).toBe(ResultCode.notFound);
      const response = await gw.app.inject({
        method: 'DELETE',
        url: `/api/business/contract/delete?keyId=${info.keyId}`,
        headers: admin,
      });
      expect(response.json()).toMatchObject({ code: 0, data: null });
      expect(existsSync(blob)).toBe(false);
    });
  });

  describe('PDF conversion', () => {
    const trans = (keyIds: string[]) =>
      gw.app.inject({
        method: 'POST',
        url: `/api/file/filegen/trans/file?${keyIds.map((k) => `keyIds=${k}`).join('&')}&transFileType=PDF`,
        headers: admin,
      });

    it('lays out images and Chinese text as a real PDF', async () => {
      const image = await uploaded('扫描件.png', PNG);
      const text = await uploaded('说明.txt', '应收账款转让通知书\n甲方：远景控股集团');
      const response = await trans([image.keyId, text.keyId]);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(encodeURIComponent('扫描件等2个文件.pdf'));
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.includes(Buffer.from('NotoSansCJK'))).toBe(true);
      expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    });

    it('answers a clear Chinese error when LibreOffice is missing, and converts with it when present', async () => {
      const docx = await uploaded(
        '合同.docx',
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('word/document.xml')]),
      );
      const missing = await trans([docx.keyId]);
      expect(missing.statusCode).toBe(503);
      expect(missing.json()).toEqual({ code: ResultCode.internal, message: PdfMessage.noOffice, data: null });

      // A stand-in for soffice that records its arguments and writes what LibreOffice would.
      const bin = mkdtempSync(join(tmpdir(), 'fake-soffice-'));
      const script = join(bin, 'soffice');
      writeFileSync(
        script,
        '#!/bin/sh\necho "$@" > "$(dirname "$0")/args"\nfor a; do last="$a"; prev2="$prev"; prev="$a"; done\nout=""\nwhile [ $# -gt 0 ]; do if [ "$1" = "--outdir" ]; then out="$2"; fi; shift; done\nprintf "%%PDF-1.7 converted" > "$out/source.pdf"\n',
      );
      chmodSync(script, 0o755);
      const withOffice = await beside({ sofficePath: script });
      try {
        const { headers } = await signIn(withOffice, 'admin', 'Admin@2026');
        const body = multipart([
          { name: '合同.docx', content: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('word/document.xml')]) },
        ]);
        const info = (
          await withOffice.inject({
            method: 'POST',
            url: '/api/file/file',
            payload: body.payload,
            headers: { ...headers, ...body.headers },
          })
        ).json().data;
        const converted = await withOffice.inject({
          method: 'POST',
          url: `/api/file/filegen/trans/file?keyIds=${info.keyId}&transFileType=PDF`,
          headers,
        });
        expect(converted.statusCode).toBe(200);
        expect(converted.body).toBe('%PDF-1.7 converted');
        const args = (await import('node:fs')).readFileSync(join(bin, 'args'), 'utf8');
        expect(args).toMatch(/--headless .*--convert-to pdf --outdir \S+ \S+\/source\.docx/);
        expect(args).not.toContain('合同');
      } finally {
        await withOffice.close();
        rmSync(bin, { recursive: true, force: true });
      }
    });

    it('answers a clear Chinese error when the CJK font is missing', async () => {
      const noFont = await beside({ cjkFont: { path: '/nonexistent/font.ttc', family: 'X' } });
      try {
        const { headers } = await signIn(noFont, 'admin', 'Admin@2026');
        const body = multipart([{ name: '说明.txt', content: '中文' }]);
        const info = (
          await noFont.inject({
            method: 'POST',
            url: '/api/file/file',
            payload: body.payload,
            headers: { ...headers, ...body.headers },
          })
        ).json().data;
        const response = await noFont.inject({
          method: 'POST',
          url: `/api/file/filegen/trans/file?keyIds=${info.keyId}&transFileType=PDF`,
          headers,
        });
        expect(response.json()).toEqual({ code: ResultCode.internal, message: PdfMessage.noFont, data: null });
      } finally {
        await noFont.close();
      }
    });

    it('reads text written in GB18030 as well as UTF-8', () => {
      expect(decodeText(Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xba, 0xcf, 0xcd, 0xac]))).toBe('中文合同');
      expect(decodeText(Buffer.from('中文合同'))).toBe('中文合同');
    });

    it('passes a PDF through and refuses what it cannot convert', async () => {
      const pdf = await uploaded('原件.pdf', '%PDF-1.4\n%test\n');
      expect((await trans([pdf.keyId])).body).toBe('%PDF-1.4\n%test\n');
      const zip = await uploaded('包.zip', Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary'));
      expectRefused(await trans([zip.keyId]), PdfMessage.unsupported('zip'));
      const image = await uploaded('图.png', PNG);
      expectRefused(await trans([pdf.keyId, image.keyId]), PdfMessage.mixed);
    });
  });

  describe('import templates', () => {
    it('makes the user import template as a real .xlsx, and refuses a missing or unknown code', async () => {
      const response = await gw.app.inject({
        method: 'POST',
        url: '/api/file/filegen/download/code?code=USER_IMPORT',
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(encodeURIComponent('用户导入模板.xlsx'));
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const missing = await gw.app.inject({ method: 'POST', url: '/api/file/filegen/download/code', headers: admin });
      expectRefused(missing, UploadMessage.templateCode);
      const unknown = await gw.app.inject({
        method: 'POST',
        url: '/api/file/filegen/download/code?code=NOPE',
        headers: admin,
      });
      expect(unknown.json()).toEqual({ code: ResultCode.notFound, message: '模板不存在', data: null });
    });
  });

  describe('signed URLs', () => {
    it('hands out a short-lived URL that serves the file inline, and refuses a forged or stale one', async () => {
      const info = await uploaded('预览.png', PNG);
      const { data } = (
        await gw.app.inject({ method: 'GET', url: `/api/file/file/uri/${info.keyId}`, headers: admin })
      ).json();
      expect(data).toMatchObject({
        name: '预览.png',
        contentType: 'image/png',
        url: expect.stringMatching(/^\/api\/file\/file\/signed\//),
      });
      const response = await gw.app.inject({ method: 'GET', url: data.url });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PNG)).toBe(true);
      expect(response.headers['content-disposition']).toMatch(/^inline; /);
      expect(response.headers['content-security-policy']).toContain('sandbox');
      // Flip the first signature character to one it can never be, so the forgery always differs.
      const flip = (_: string, c: string) => `signature=${c === '0' ? '1' : '0'}`;
      const forgedUrl = data.url.replace(/signature=(.)/, flip);
      expect(forgedUrl).not.toBe(data.url);
      const forged = await gw.app.inject({ method: 'GET', url: forgedUrl });
      expect(forged.json().code).toBe(ResultCode.forbidden);
      const stale = data.url.replace(/expires=\d+/, `expires=${Date.now() - 1}`);
      expect((await gw.app.inject({ method: 'GET', url: stale })).json().code).toBe(ResultCode.forbidden);
    });
  });

  describe('the document-editing lock', () => {
    it('locks, refreshes and unlocks, and answers a conflict while another user holds it', async () => {
      // A document two users may both touch: bound to a user record, whose menu (用户管理) the auditor holds.
      const shared = await upload([{ name: '共享文档.txt', content: 'shared' }], admin, '/api/authcenter/user/upload');
      const doc = shared.json().data;
      const bind = { keyIds: [doc.keyId], businessType: 'USER', businessId: '1300000000000000001' };
      const bound = await gw.app.inject({ method: 'POST', url: '/api/file/file/save', headers: admin, payload: bind });
      expect(bound.json().code).toBe(0);
      const operatorToken = (await signIn(gw.app, 'auditor', 'Auditor@2026')).token;
      const call = (token: string, override: string, lock?: string) =>
        gw.app.inject({
          method: 'POST',
          url: `/api/file/wopi/files/${doc.keyId}?access_token=${token}`,
          headers: { 'x-wopi-override': override, ...(lock ? { 'x-wopi-lock': lock } : {}) },
        });
      expect((await call(adminToken, 'LOCK', 'lock-a')).json()).toMatchObject({ code: 0, data: { lock: 'lock-a' } });
      const conflict = await call(operatorToken, 'LOCK', 'lock-b');
      expect(conflict.statusCode).toBe(409);
      expect(conflict.headers['x-wopi-lock']).toBe('lock-a');
      expect(conflict.json()).toEqual({
        code: ResultCode.staleVersion,
        message: FileMessage.lockConflict('平台管理员'),
        data: null,
      });
      expect((await call(operatorToken, 'GET_LOCK')).json().data.lock).toBe('lock-a');
      expect((await call(adminToken, 'REFRESH_LOCK', 'lock-a')).json().code).toBe(0);
      expect((await call(operatorToken, 'UNLOCK', 'lock-b')).statusCode).toBe(409);
      expect((await call(adminToken, 'UNLOCK', 'lock-a')).json()).toMatchObject({ code: 0, data: { lock: '' } });
      expect((await call(operatorToken, 'LOCK', 'lock-b')).json().code).toBe(0);
      expect((await call('not-a-token', 'LOCK', 'x')).json().code).toBe(ResultCode.sessionExpired);
      const noToken = await gw.app.inject({
        method: 'POST',
        url: `/api/file/wopi/files/${doc.keyId}`,
        headers: { 'x-wopi-override': 'LOCK' },
      });
      expect(noToken.json().code).toBe(ResultCode.invalidInput);
    });
  });

  it('keeps no temporary file after all of the above', () => {
    expect(filesUnder(join(gw.filesDir, 'tmp'))).toEqual([]);
    expect(statSync(gw.filesDir).isDirectory()).toBe(true);
  });
});

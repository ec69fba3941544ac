// The file calls of SPEC §7.2 as the client's FileGatewayAdapter makes them: multipart uploads, downloads
// named by Content-Disposition, PDF conversion, zip, template, signed URL, copy, save, module delete and
// the editing lock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { GatewayError } from '../../src/application/ports/gateway-error';
import type { FileSaver, LocalFile } from '../../src/application/ports/file-gateway.port';
import { FileGatewayAdapter } from '../../src/adapters/gateway/file-gateway.adapter';
import type { SessionStore } from '../../src/application/ports/session-store.port';
import {
  bearer,
  createPact,
  DEMO_TENANT_ID,
  FILE_KEY,
  FILE_TEXT,
  httpClientFor,
  PACT_TOKEN,
  State,
} from './support/consumer';

const { integer, like, regex, string } = MatchersV3;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });

const fileInfo = (name: string, contentType: string, extension: string) => ({
  keyId: string('5f0c6a3e9b2d4c1f8a7e6d5c4b3a2918'),
  name: string(name),
  size: integer(27),
  contentType: string(contentType),
  extension: string(extension),
});

const disposition = (example: string) =>
  regex(
    /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
    `attachment; filename="_.x"; filename*=UTF-8''${encodeURIComponent(example)}`,
  );

// The multipart body Pact records is read from a file; its part is named 'file' like the adapter's.
// A fixed boundary keeps the recorded body the same from run to run (the client's own boundary may differ).
const PACT_BOUNDARY = 'wsf-pact-multipart-boundary';
const fixtureDir = mkdtempSync(join(tmpdir(), 'pact-files-'));
const fixture = join(fixtureDir, 'contract-note.txt');
writeFileSync(fixture, 'supply chain finance contract note\n');
const picked: LocalFile = Object.assign(new Blob(['supply chain finance contract note\n'], { type: 'text/plain' }), {
  name: 'contract-note.txt',
});

function adapter(url: string, token = PACT_TOKEN.admin) {
  const { http, notifier } = httpClientFor(url, token);
  const saved: Array<{ blob: Blob; fileName: string }> = [];
  const saver: FileSaver = { save: (blob, fileName) => saved.push({ blob, fileName }) };
  const store = { read: () => ({ token, tenantId: DEMO_TENANT_ID }) } as unknown as SessionStore;
  return { files: new FileGatewayAdapter(http, saver, notifier, store), saved, notifier };
}

describe('file gateway contract', () => {
  it('uploads one file as multipart', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('an upload of one text file')
      .withRequest('POST', '/api/file/file', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).multipartBody('text/plain', fixture, 'file', PACT_BOUNDARY),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(fileInfo('contract-note.txt', 'text/plain', 'txt'))))
      .executeTest(async (mock) => {
        const progress = vi.fn();
        const stored = await adapter(mock.url).files.upload(picked, { onProgress: progress });
        expect(stored.name).toBe('contract-note.txt');
        expect(progress).toHaveBeenCalled();
      });
  });

  it('uploads a batch as multipart', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('a batch upload')
      .withRequest('POST', '/api/file/file/batch', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).multipartBody('text/plain', fixture, 'file', PACT_BOUNDARY),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok([fileInfo('contract-note.txt', 'text/plain', 'txt')])))
      .executeTest(async (mock) => {
        const stored = await adapter(mock.url).files.uploadBatch([picked]);
        expect(stored).toHaveLength(1);
      });
  });

  it("uploads to a module's target", async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving("an upload to a business module's target")
      .withRequest('POST', '/api/business/contract/upload', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).multipartBody('text/plain', fixture, 'file', PACT_BOUNDARY),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(fileInfo('contract-note.txt', 'text/plain', 'txt'))))
      .executeTest(async (mock) => {
        const stored = await adapter(mock.url).files.upload(picked, {
          target: { subSys: 'business', module: 'contract' },
        });
        expect(stored.extension).toBe('txt');
      });
  });

  it('downloads a file under the name of its Content-Disposition', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a download of a stored text file')
      .withRequest('GET', '/api/file/file/download', (b) =>
        b.query({ keyId: FILE_KEY.text }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b
          .headers({ 'Content-Type': 'text/plain', 'Content-Disposition': disposition(FILE_TEXT.name) })
          .body('text/plain', Buffer.from(FILE_TEXT.content)),
      )
      .executeTest(async (mock) => {
        const { files, saved } = adapter(mock.url);
        expect(await files.download(FILE_KEY.text, { suffix: '_副本' })).toBe('合同说明_副本.txt');
        expect(await saved[0]!.blob.text()).toBe(FILE_TEXT.content);
      });
  });

  it('shows the refusal of a download as an error toast', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a download of a file that does not exist')
      .withRequest('GET', '/api/file/file/download', (b) =>
        b.query({ keyId: 'no-such-file' }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(404, (b) => b.jsonBody({ code: 160300404, message: string('文件不存在'), data: null }))
      .executeTest(async (mock) => {
        const { files, saved, notifier } = adapter(mock.url);
        const error = await files.download('no-such-file').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(GatewayError);
        expect(notifier.error).toHaveBeenCalledWith('文件不存在');
        expect(saved).toEqual([]);
      });
  });

  it('downloads files converted to one PDF', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a conversion of an image and a text file to PDF')
      .withRequest('POST', '/api/file/filegen/trans/file', (b) =>
        b.query({ keyIds: [FILE_KEY.image, FILE_KEY.text], transFileType: 'PDF' }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': 'application/pdf', 'Content-Disposition': disposition('扫描件等2个文件.pdf') }),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).files.downloadAsPdf([FILE_KEY.image, FILE_KEY.text])).toBe(
          '扫描件等2个文件.pdf',
        );
      });
  });

  it('downloads several files as one zip', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a zip of two stored files')
      .withRequest('GET', '/api/file/file/downloads', (b) =>
        b.query({ keyIds: [FILE_KEY.text, FILE_KEY.image], fileName: '融资资料' }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': 'application/zip', 'Content-Disposition': disposition('融资资料.zip') }),
      )
      .executeTest(async (mock) => {
        expect(
          await adapter(mock.url).files.downloadZip([FILE_KEY.text, FILE_KEY.image], { fileName: '融资资料' }),
        ).toBe('融资资料.zip');
      });
  });

  it('downloads an import template by its code', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('a download of the user import template')
      .withRequest('POST', '/api/file/filegen/download/code', (b) =>
        b.query({ code: 'USER_IMPORT' }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': disposition('用户导入模板.xlsx'),
        }),
      )
      .executeTest(async (mock) => {
        const { files, notifier } = adapter(mock.url);
        expect(await files.downloadTemplate('USER_IMPORT')).toBe('用户导入模板.xlsx');
        // Without a code nothing is sent (SPEC §5).
        await expect(files.downloadTemplate('')).rejects.toThrow('请传入模板下载参数');
        expect(notifier.error).toHaveBeenCalledWith('请传入模板下载参数');
      });
  });

  it('gets a signed URL for inline preview', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a request for the signed URL of a stored image')
      .withRequest('GET', `/api/file/file/uri/${FILE_KEY.image}`, (b) => b.headers(bearer(PACT_TOKEN.admin)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            url: regex(
              /^\/api\/file\/file\/signed\/[0-9a-zA-Z_-]+\?expires=\d+&signature=[0-9a-f]{64}$/,
              `/api/file/file/signed/${FILE_KEY.image}?expires=1790000000000&signature=${'a'.repeat(64)}`,
            ),
            expiresAt: integer(1790000000000),
            name: string('扫描件.png'),
            contentType: string('image/png'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const preview = await adapter(mock.url).files.preview(FILE_KEY.image);
        expect(preview.url).toContain('/signed/');
      });
  });

  it('copies a file', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a copy of a stored file')
      .withRequest('GET', '/api/file/file/copy', (b) =>
        b.query({ keyId: FILE_KEY.text }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(fileInfo(FILE_TEXT.name, 'text/plain', 'txt'))))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).files.copy(FILE_KEY.text)).name).toBe(FILE_TEXT.name);
      });
  });

  it('binds files to a business record', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a save of files for a business record')
      .withRequest('POST', '/api/file/file/save', (b) =>
        b
          .headers(bearer(PACT_TOKEN.admin))
          .jsonBody({ keyIds: [FILE_KEY.text], businessType: 'FINANCING', businessId: 'B-2026-001' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok([fileInfo(FILE_TEXT.name, 'text/plain', 'txt')])))
      .executeTest(async (mock) => {
        const saved = await adapter(mock.url).files.save([FILE_KEY.text], {
          businessType: 'FINANCING',
          businessId: 'B-2026-001',
        });
        expect(saved[0]!.name).toBe(FILE_TEXT.name);
      });
  });

  it("deletes a file from a module's target", async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving("a delete of a file from a business module's target")
      .withRequest('DELETE', '/api/business/contract/delete', (b) =>
        b.query({ keyId: FILE_KEY.module }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await expect(
          adapter(mock.url).files.remove({ subSys: 'business', module: 'contract' }, FILE_KEY.module),
        ).resolves.toBeUndefined();
      });
  });

  it('takes the editing lock with the token in the query', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminHasFiles)
      .uponReceiving('a request for the editing lock of a free document')
      .withRequest('POST', `/api/file/wopi/files/${FILE_KEY.text}`, (b) =>
        b.query({ access_token: PACT_TOKEN.admin }).headers({ 'X-WOPI-Override': 'LOCK', 'X-WOPI-Lock': 'admin-lock' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers({ 'X-WOPI-Lock': 'admin-lock' })
          .jsonBody(ok({ lock: 'admin-lock', expiresAt: integer(1790000000000) })),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).files.lock(FILE_KEY.text, 'LOCK', 'admin-lock')).lock).toBe('admin-lock');
      });
  });

  it('is answered with a conflict while another user holds the lock', async () => {
    await createPact()
      .addInteraction()
      .given(State.fileLockedByOperator)
      .uponReceiving('a request for the editing lock of a document operator is editing')
      .withRequest('POST', `/api/file/wopi/files/${FILE_KEY.text}`, (b) =>
        b.query({ access_token: PACT_TOKEN.admin }).headers({ 'X-WOPI-Override': 'LOCK', 'X-WOPI-Lock': 'admin-lock' }),
      )
      .willRespondWith(409, (b) =>
        b
          .headers({ 'X-WOPI-Lock': 'operator-lock' })
          .jsonBody({ code: 160300409, message: like('文档正在被业务经办编辑，请稍后再试'), data: null }),
      )
      .executeTest(async (mock) => {
        const { files, notifier } = adapter(mock.url);
        const error = await files.lock(FILE_KEY.text, 'LOCK', 'admin-lock').catch((e: unknown) => e);
        expect((error as GatewayError).code).toBe(160300409);
        expect(notifier.error).toHaveBeenCalledWith('文档正在被业务经办编辑，请稍后再试');
      });
  });
});

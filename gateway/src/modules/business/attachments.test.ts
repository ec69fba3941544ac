// The documents of a business are read by everyone who may see it, not only by their uploader: the operator's
// 准入资料 are previewed and downloaded by the reviewers (reviewer1, risk1), the admin and the business's own
// supplier; another scope's user, a user with no business page and another tenant's are told 文件不存在. 业务详情's
// 附件 lists every file by stage and field with its real size and uploader, a move's attachment included, and
// 下载全部附件 packs them in one zip, a folder per stage and field, Chinese names kept. On PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttachmentMessage,
  attachmentPath,
  attachmentsZipName,
  type BusinessAttachment,
} from '../../../../src/domain/financing/attachments';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { zipEntries } from '../../testing/zip-entries';
import { BlobStore } from '../file/blob-store';
import { FileMessage } from '../file/file-context';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

type Headers = Record<string, string>;
const APPLICATION = '/api/business/financingApplication';
const BUSINESS = '/api/business/business';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(name: string, content: Buffer): { payload: Buffer; headers: Headers } {
  const boundary = '----gw-attachments-7f3a';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databasesUnderTest())('业务的附件 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const who: Record<string, Headers> = {};
  /** A seeded business of 华东建材 at 融资申请·草稿 whose checklist holds the operator's two real uploads. */
  let businessId: string;
  let businessNo: string;
  let pdfId: string;
  let pngId: string;

  const upload = async (headers: Headers, name: string, content: Buffer) => {
    const body = multipart(name, content);
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/file/file',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.json().code, res.json().message).toBe(0);
    return res.json().data.keyId as string;
  };
  const ok = async (method: string, url: string, headers: Headers, body?: unknown) => {
    const res = await call(method, url, headers, body);
    expect(res.code, `${method} ${url}: ${res.message}`).toBe(0);
    return res.data;
  };
  const seededIn = (state: string) =>
    gw.db
      .selectFrom('financing_application as a')
      .innerJoin('financing_business as b', 'b.business_id', 'a.application_id')
      .select(['b.business_id', 'b.business_no', 'b.project_company_id', 'b.version'])
      .where('b.tenant_id', '=', DEMO_TENANT_ID)
      .where('b.state', '=', state)
      .orderBy('b.business_no')
      .execute();
  const seededAt = async (state: string) => (await seededIn(state))[0]!;
  /** The seeded application waiting at level 1 (reviewer1's), as the business reads. */
  const pendingAtLevel1 = async () => {
    for (const row of await seededIn('APPLICATION/PENDING')) {
      const detail = await ok('GET', `${BUSINESS}/${row.business_id}`, who.reviewer1!);
      if (detail.review?.level === 1) return detail;
    }
    throw new Error('no seeded application at level 1');
  };

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    const draft = await seededAt('APPLICATION/DRAFT');
    businessId = draft.business_id;
    businessNo = draft.business_no;
    // reviewer2, saved with 数据授权 on a project company that is not this business's: outside its scope.
    const elsewhere =
      draft.project_company_id === DemoOrg.nanjingProject ? DemoOrg.suzhouProject : DemoOrg.nanjingProject;
    await gw.db
      .updateTable('app_user')
      .set({ is_auth_data: true, organization_id: elsewhere })
      .where('user_name', '=', 'reviewer2')
      .execute();
    for (const [name, password] of [
      ['operator', 'Operator@2026'],
      ['reviewer1', 'Staff@2026'],
      ['risk1', 'Staff@2026'],
      ['admin', 'Admin@2026'],
      ['supplier', 'Supplier@2026'],
      ['auditor', 'Auditor@2026'],
      ['reviewer2', 'Staff@2026'],
      ['xh_admin', 'Admin@2026'],
    ] as const) {
      who[name] = (await signIn(gw.app, name, password)).headers;
    }
    pdfId = await upload(who.operator!, '基础交易合同.pdf', PDF);
    pngId = await upload(who.operator!, '营业执照.png', PNG);
    // The maker saves the checklist with the two files: from now on they are bound to the application.
    const detail = await ok('GET', `${APPLICATION}/${businessId}`, who.operator!);
    await ok('PUT', `${APPLICATION}/${businessId}`, who.operator!, {
      termDays: detail.termDays,
      repaymentSource: detail.repaymentSource,
      payeeBank: detail.payeeBank,
      payeeAccount: detail.payeeAccount,
      lines: detail.lines.map((l: { orderId: string; financeAmount: number }) => ({
        orderId: l.orderId,
        financeAmount: l.financeAmount,
      })),
      docs: [
        { docType: 'BUSINESS_LICENSE', fileIds: [pngId], validTo: '2030-12-31' },
        { docType: 'BASE_CONTRACT', fileIds: [pdfId], validTo: '2030-12-31' },
      ],
      version: detail.version,
    });
  });
  afterAll(() => gw?.close());

  const READERS = ['operator', 'reviewer1', 'risk1', 'admin', 'supplier'] as const;
  const STRANGERS = ['reviewer2', 'auditor', 'xh_admin'] as const;

  it('lets the maker, the reviewers, the admin and the own supplier download and preview the bound files', async () => {
    for (const name of READERS) {
      const download = await call('GET', `/api/file/file/download?keyId=${pdfId}`, who[name]!);
      expect(download.status, name).toBe(200);
      expect(Buffer.compare(download.data, PDF), name).toBe(0);
      const uri = await ok('GET', `/api/file/file/uri/${pngId}`, who[name]!);
      expect(uri.name, name).toBe('营业执照.png');
      const shown = await gw.app.inject({ method: 'GET', url: uri.url });
      expect(shown.statusCode, name).toBe(200);
      expect(shown.headers['content-disposition'], name).toMatch(/^inline;/);
      expect(Buffer.compare(shown.rawPayload, PNG), name).toBe(0);
      const zip = await call('GET', `/api/file/file/downloads?keyIds=${pdfId},${pngId}`, who[name]!);
      expect(zip.status, name).toBe(200);
      expect([...zipEntries(zip.data).keys()].sort(), name).toEqual(['基础交易合同.pdf', '营业执照.png']);
    }
  });

  it('tells another scope, a user with no business page and another tenant that the file does not exist', async () => {
    for (const name of STRANGERS) {
      for (const url of [
        `/api/file/file/download?keyId=${pdfId}`,
        `/api/file/file/uri/${pdfId}`,
        `/api/file/file/downloads?keyIds=${pdfId}`,
      ]) {
        const res = await call('GET', url, who[name]!);
        expect([res.status, res.code, res.message], `${name} ${url}`).toEqual([
          404,
          ResultCode.notFound,
          FileMessage.notFound,
        ]);
      }
      const converted = await call(
        'POST',
        `/api/file/filegen/trans/file?keyIds=${pdfId}&transFileType=PDF`,
        who[name]!,
      );
      expect([converted.code, converted.message], name).toEqual([ResultCode.notFound, FileMessage.notFound]);
    }
    // Reading is not touching: a reviewer may not copy the maker's upload into a record of its own.
    const copy = await call('GET', `/api/file/file/copy?keyId=${pdfId}`, who.reviewer1!);
    expect([copy.code, copy.message]).toEqual([ResultCode.notFound, FileMessage.notFound]);
  });

  it('lists the business attachments by stage and field with real sizes and the uploader', async () => {
    const list = await ok('GET', `${BUSINESS}/${businessId}/attachments`, who.reviewer1!);
    expect(list).toEqual([
      expect.objectContaining({
        keyId: pngId,
        name: '营业执照.png',
        size: PNG.length,
        stage: 'APPLICATION',
        group: '营业执照',
        uploaderName: '业务经办',
        missing: false,
      }),
      expect.objectContaining({
        keyId: pdfId,
        name: '基础交易合同.pdf',
        size: PDF.length,
        stage: 'APPLICATION',
        group: '基础交易合同',
        missing: false,
      }),
    ]);
    expect(await ok('GET', `${BUSINESS}/${businessId}/attachments`, who.supplier!)).toHaveLength(2);
    // The detail's 融资申请 tab names each document's files too, to open them.
    const business = await ok('GET', `${BUSINESS}/${businessId}`, who.reviewer1!);
    const contract = business.sections.application.docs.find((d: { label: string }) => d.label === '基础交易合同');
    expect(contract).toMatchObject({ fileCount: 1, files: [{ keyId: pdfId, name: '基础交易合同.pdf' }] });
    const outside = await call('GET', `${BUSINESS}/${businessId}/attachments`, who.reviewer2!);
    expect([outside.code, outside.message]).toEqual([ResultCode.notFound, '业务不存在']);
    const tenant = await call('GET', `${BUSINESS}/${businessId}/attachments`, who.xh_admin!);
    expect([tenant.code, tenant.message]).toEqual([ResultCode.notFound, '业务不存在']);
    const pageless = await call('GET', `${BUSINESS}/${businessId}/attachments`, who.auditor!);
    expect([pageless.code, pageless.message]).toEqual([ResultCode.forbidden, '无权限访问']);
  });

  it('packs every attachment into one zip, a folder per stage and field, for a reviewer and the own supplier', async () => {
    for (const name of ['reviewer1', 'supplier'] as const) {
      const res = await call('GET', `${BUSINESS}/${businessId}/attachments/zip`, who[name]!);
      expect(res.status, name).toBe(200);
      const entries = zipEntries(res.data);
      expect([...entries.keys()], name).toEqual([
        '融资申请/营业执照/营业执照.png',
        '融资申请/基础交易合同/基础交易合同.pdf',
      ]);
      expect(Buffer.compare(entries.get('融资申请/基础交易合同/基础交易合同.pdf')!, PDF), name).toBe(0);
    }
    const head = await gw.app.inject({
      method: 'GET',
      url: `${BUSINESS}/${businessId}/attachments/zip`,
      headers: who.risk1!,
    });
    expect(head.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(attachmentsZipName(businessNo))}`,
    );
    const outside = await call('GET', `${BUSINESS}/${businessId}/attachments/zip`, who.reviewer2!);
    expect([outside.code, outside.message]).toEqual([ResultCode.notFound, '业务不存在']);
  });

  it("stores every seeded document's real bytes, true to its row's size and sha-256", async () => {
    const rows = await gw.db
      .selectFrom('stored_file')
      .select(['file_name', 'extension', 'size', 'sha256'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('business_type', '=', 'financingApplication')
      .where('key_id', 'not in', [pdfId, pngId])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const store = new BlobStore(gw.filesDir);
    for (const row of rows) {
      const bytes = await readFile(store.pathOf(row.sha256));
      expect(createHash('sha256').update(bytes).digest('hex'), row.file_name).toBe(row.sha256);
      expect(bytes.length, row.file_name).toBe(Number(row.size));
      expect(bytes.subarray(0, 5).toString('latin1'), row.file_name).toBe('%PDF-');
    }
    // One document drawn once: the same name of the same company is one blob, different documents are not.
    const byName = new Map(rows.map((r) => [r.file_name, r.sha256]));
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(byName.size);
  });

  it("packs a seeded application's documents for reviewer1, every entry its row's bytes", async () => {
    const pending = await pendingAtLevel1();
    const list = await ok('GET', `${BUSINESS}/${pending.keyId}/attachments`, who.reviewer1!);
    expect(list.map((a: { group: string }) => a.group)).toEqual([
      '营业执照',
      '法定代表人身份证',
      '基础交易合同',
      '确权凭证（付款确认书/商票）',
    ]);
    expect(list.some((a: { missing: boolean }) => a.missing)).toBe(false);
    const res = await call('GET', `${BUSINESS}/${pending.keyId}/attachments/zip`, who.reviewer1!);
    expect(res.status).toBe(200);
    const entries = zipEntries(res.data);
    const rows = await gw.db
      .selectFrom('stored_file')
      .select(['key_id', 'sha256', 'size'])
      .where(
        'key_id',
        'in',
        list.map((a: { keyId: string }) => a.keyId),
      )
      .execute();
    const rowOf = new Map(rows.map((r) => [r.key_id, r]));
    expect([...entries.keys()]).toEqual(list.map(attachmentPath));
    for (const a of list as BusinessAttachment[]) {
      const bytes = entries.get(attachmentPath(a))!;
      expect(createHash('sha256').update(bytes).digest('hex'), a.name).toBe(rowOf.get(a.keyId)!.sha256);
      expect(bytes.length, a.name).toBe(a.size);
    }
    const one = list[0] as BusinessAttachment;
    const download = await call('GET', `/api/file/file/download?keyId=${one.keyId}`, who.reviewer1!);
    expect(Buffer.compare(download.data, entries.get(attachmentPath(one))!)).toBe(0);
  });

  it('names the files whose bytes are missing instead of a broken zip', async () => {
    // A seeded document whose blob is gone from the files folder (a row naming bytes nobody stored).
    const pending = await seededAt('APPLICATION/PENDING');
    const before = await ok('GET', `${BUSINESS}/${pending.business_id}/attachments`, who.reviewer1!);
    const lost = before[0] as { keyId: string; name: string };
    await gw.db
      .updateTable('stored_file')
      .set({ sha256: 'f'.repeat(64) })
      .where('key_id', '=', lost.keyId)
      .execute();
    const list = await ok('GET', `${BUSINESS}/${pending.business_id}/attachments`, who.reviewer1!);
    expect(list.filter((a: { missing: boolean }) => a.missing).map((a: { keyId: string }) => a.keyId)).toEqual([
      lost.keyId,
    ]);
    const zip = await call('GET', `${BUSINESS}/${pending.business_id}/attachments/zip`, who.reviewer1!);
    expect([zip.code, zip.message]).toEqual([ResultCode.notFound, AttachmentMessage.missing([lost.name])]);
  });

  it("lists a move's attachment under the move and lets the maker read the reviewer's upload", async () => {
    const detail = await pendingAtLevel1();
    const note = await upload(who.reviewer1!, '核查意见.pdf', PDF);
    await ok('POST', `${BUSINESS}/${detail.keyId}/transition`, who.reviewer1!, {
      action: 'return',
      version: detail.version,
      comment: '请补充发票',
      fileIds: [note],
    });
    const list = await ok('GET', `${BUSINESS}/${detail.keyId}/attachments`, who.operator!);
    expect(list).toContainEqual(
      expect.objectContaining({ keyId: note, group: '退回', uploaderName: '周敏', missing: false }),
    );
    const download = await call('GET', `/api/file/file/download?keyId=${note}`, who.operator!);
    expect(Buffer.compare(download.data, PDF)).toBe(0);
  });
});

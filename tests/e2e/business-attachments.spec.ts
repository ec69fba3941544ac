// Reviewers open the documents they review: the operator's 准入资料 (a PDF and an image, uploaded and submitted
// through the API) are opened by reviewer1 from the examine page in 文件预览, and by the maker from its read-only
// make page; 业务详情's 附件 lists them by field with their real sizes, and 下载全部附件 gives a zip whose entries
// are the files, Chinese names kept — for reviewer1 and for the business's own supplier. axe finds no serious
// or critical violation on the screens opened. Screens at 1440 and 390 go to .tmp.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../../gateway/src/testing/zip-entries';
import { seriousViolations } from './support/axe';
import { signInThroughForm, screenshots } from './support/browser';
import { apiLogin } from './support/gateway-process';
import { journey, useBrowserSuite } from './support/suite';

const suite = useBrowserSuite({ acceptDownloads: true });

/** A one-page PDF with a line of text, its cross-reference table at the right offsets. */
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CONTRACT = onePagePdf('Base transaction contract - sample');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const DOCS = [
  { docType: 'BUSINESS_LICENSE', label: '营业执照', name: '营业执照.png', bytes: PNG, type: 'image/png' },
  { docType: 'LEGAL_REP_ID', label: '法定代表人身份证', name: '法定代表人身份证.png', bytes: PNG, type: 'image/png' },
  {
    docType: 'BASE_CONTRACT',
    label: '基础交易合同',
    name: '基础交易合同.pdf',
    bytes: CONTRACT,
    type: 'application/pdf',
  },
  {
    docType: 'CONFIRMATION',
    label: '确权凭证（付款确认书/商票）',
    name: '付款确认书.pdf',
    bytes: CONTRACT,
    type: 'application/pdf',
  },
];

// biome-ignore lint/suspicious/noExplicitAny: the envelope's data is whatever the route answers
type Envelope = { code: number; message: string; data: any };

async function as(username: string, password: string) {
  const { token } = await apiLogin(suite.gateway.url, username, password);
  const headers = { authorization: `Bearer ${token}`, token };
  const call = async (method: string, path: string, body?: unknown): Promise<Envelope> => {
    const res = await fetch(`${suite.gateway.url}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Envelope;
    expect(json.code, `${method} ${path}: ${json.message}`).toBe(0);
    return json;
  };
  const upload = async (name: string, bytes: Buffer, type: string): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${suite.gateway.url}/api/file/file`, { method: 'POST', headers, body: form });
    const json = (await res.json()) as Envelope;
    expect(json.code, `upload ${name}: ${json.message}`).toBe(0);
    return json.data.keyId as string;
  };
  return { call, upload };
}

async function fresh(page: Page, username: string, password: string) {
  await suite.context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInThroughForm(page, suite.gateway.url, username, password);
}

async function noSeriousViolation(page: Page, screen: string) {
  const serious = (await seriousViolations(page)).map((v) => `${screen} ${v.rule}: ${v.targets.join(', ')}`);
  expect(serious).toEqual([]);
}

/** 下载全部附件 on 业务详情's 附件 tab: the zip's entries by name. */
async function downloadAll(page: Page): Promise<Map<string, Buffer>> {
  const button = page.getByRole('button', { name: '下载全部附件' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^RZ\d{12}全部附件\.zip$/);
  return zipEntries(readFileSync((await download.path())!));
}

describe('业务的附件', () => {
  it(
    'lets reviewer1 and the maker preview the documents, and reviewer1 and the supplier take them as a zip',
    journey(15),
    async () => {
      const page = suite.page;
      await page.setViewportSize({ width: 1440, height: 900 });
      // The operator completes the seeded draft application of 华东建材 with real files and submits it.
      const operator = await as('operator', 'Operator@2026');
      const drafts = (await operator.call('GET', '/api/business/financingApplication/page?size=50')).data.records as {
        keyId: string;
        actions: string[];
      }[];
      const draft = drafts.find((r) => r.actions.includes('submit'));
      expect(draft, 'a seeded draft application').toBeTruthy();
      const id = draft!.keyId;
      const detail = (await operator.call('GET', `/api/business/financingApplication/${id}`)).data;
      const docs = [];
      for (const d of DOCS) {
        docs.push({
          docType: d.docType,
          fileIds: [await operator.upload(d.name, d.bytes, d.type)],
          validTo: '2030-12-31',
        });
      }
      await operator.call('PUT', `/api/business/financingApplication/${id}`, {
        termDays: detail.termDays,
        repaymentSource: detail.repaymentSource,
        payeeBank: detail.payeeBank,
        payeeAccount: detail.payeeAccount,
        lines: detail.lines.map((l: { orderId: string; financeAmount: number }) => ({
          orderId: l.orderId,
          financeAmount: l.financeAmount,
        })),
        docs,
        version: detail.version,
      });
      const business = (await operator.call('GET', `/api/business/business/${id}`)).data;
      const submitted = (
        await operator.call('POST', `/api/business/business/${id}/transition`, {
          action: 'submit',
          version: business.version,
        })
      ).data;
      expect(submitted.state).toBe('APPLICATION/PENDING');

      // reviewer1 opens the contract from the examine page: 文件预览 shows the PDF inline.
      await signInThroughForm(page, suite.gateway.url, 'reviewer1', 'Staff@2026');
      await page.goto(`${suite.gateway.url}/business/financingApplicationExamineInfo?id=${id}`);
      const checklist = page.getByRole('table', { name: '准入资料清单' });
      await checklist.getByRole('link', { name: '基础交易合同.pdf' }).waitFor();
      await screenshots(page, 'attachments-examine');
      await noSeriousViolation(page, 'financingApplicationExamineInfo');
      const signed = page.waitForResponse((r) => r.url().includes('/api/file/file/signed/'));
      await checklist.getByRole('link', { name: '基础交易合同.pdf' }).click();
      await page.getByRole('heading', { name: '基础交易合同.pdf' }).waitFor();
      const pdf = await signed;
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const frame = await page.locator('iframe[title="基础交易合同.pdf"]').elementHandle();
      await (await frame!.contentFrame())!.waitForLoadState('load');
      await screenshots(page, 'attachments-preview-pdf');
      await noSeriousViolation(page, 'preViewMain');

      // 业务详情: the 融资申请 tab names each document's files; 附件 lists every document by field, real sizes, the
      // uploader; 下载全部附件 packs them.
      await page.goto(`${suite.gateway.url}/business/newDetails?id=${id}`);
      await page.getByRole('tab', { name: '融资申请' }).click();
      await page.getByRole('table', { name: '准入资料' }).getByRole('link', { name: '基础交易合同.pdf' }).waitFor();
      await page.getByRole('tab', { name: '附件' }).click();
      const contract = page.getByRole('table', { name: '融资申请 基础交易合同 附件' });
      const row = contract.getByRole('row').filter({ hasText: '基础交易合同.pdf' });
      await row.waitFor();
      expect(await row.textContent()).toContain(`${CONTRACT.length}B`);
      expect(await row.textContent()).toContain('业务经办');
      await screenshots(page, 'attachments-tab');
      await noSeriousViolation(page, 'newDetails 附件');
      const zip = await downloadAll(page);
      expect([...zip.keys()]).toEqual([
        '融资申请/营业执照/营业执照.png',
        '融资申请/法定代表人身份证/法定代表人身份证.png',
        '融资申请/基础交易合同/基础交易合同.pdf',
        '融资申请/确权凭证（付款确认书／商票）/付款确认书.pdf',
      ]);
      expect(zip.get('融资申请/基础交易合同/基础交易合同.pdf')?.equals(CONTRACT)).toBe(true);
      // An image opens in the image viewer from the tab.
      await page
        .getByRole('table', { name: '融资申请 营业执照 附件' })
        .getByRole('link', { name: '营业执照.png' })
        .click();
      const image = page.getByRole('img', { name: '营业执照.png' });
      await image.waitFor();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

      // The maker's read-only page opens the same document.
      await fresh(page, 'operator', 'Operator@2026');
      await page.goto(`${suite.gateway.url}/business/accessDocumentsMake?id=${id}`);
      await page.getByRole('group', { name: '基础交易合同' }).getByRole('link', { name: '基础交易合同.pdf' }).click();
      await page.getByRole('heading', { name: '基础交易合同.pdf' }).waitFor();
      await page.locator('iframe[title="基础交易合同.pdf"]').waitFor();

      // The business's own supplier takes the zip from its 业务详情 (its data-query consent answered another day, at
      // once: a prompt opening under a loaded machine just as a tab is clicked would take the click).
      await fresh(page, 'supplier', 'Supplier@2026');
      const prompt = page.getByRole('dialog', { name: '提示' });
      await prompt.getByRole('button', { name: '关闭', exact: true }).click();
      await prompt.waitFor({ state: 'hidden' });
      await page.goto(`${suite.gateway.url}/business/newDetails?id=${id}`);
      await page.getByRole('tab', { name: '附件' }).click();
      await page.getByRole('table', { name: '融资申请 营业执照 附件' }).waitFor();
      const own = await downloadAll(page);
      expect(own.size).toBe(4);
      expect(own.get('融资申请/营业执照/营业执照.png')?.equals(PNG)).toBe(true);
    },
  );
});

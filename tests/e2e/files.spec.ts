// Files in Debian's Chromium against the real gateway — upload a file with a Chinese name through
// the upload widget, download it and compare the bytes; the exact SPEC §5 messages for a wrong extension
// and an empty file; an image previewed inline on /preView/preViewMain.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { UploadMessage } from '../../src/domain/upload/upload-rules';
import { DEMO_ACCOUNTS, signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const suite = useBrowserSuite({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });

beforeEach(async () => {
  const { username, password } = DEMO_ACCOUNTS.admin;
  await signInThroughForm(suite.page, suite.gateway.url, username, password);
  await suite.page.goto(`${suite.gateway.url}/preView/preViewMain`);
  await suite.page.getByRole('button', { name: '上传文件', exact: true }).waitFor();
});

const picker = () => suite.page.getByLabel('上传文件（选择文件）');
const toast = (text: string) => suite.page.locator('.fui-Toast').filter({ hasText: text });

describe('files in the browser', () => {
  it('uploads a file with a Chinese name and downloads the same bytes under that name', async () => {
    const name = '供应链融资合同（2026 终稿）.txt';
    const bytes = Buffer.from('甲方：远景控股集团\n乙方：华东建材有限公司\n应收账款转让金额：¥1,234,567.89\n', 'utf8');
    await picker().setInputFiles({ name, mimeType: 'text/plain', buffer: bytes });
    const link = suite.page.getByRole('button', { name, exact: true });
    await link.waitFor();
    await suite.page.getByText(/上传成功/).waitFor();
    const [download] = await Promise.all([suite.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect(readFileSync((await download.path())!).equals(bytes)).toBe(true);
    await shot(suite.page, { path: '.tmp/e2e-files-upload.png' });
  });

  it('shows the exact spec messages for a wrong extension and for an empty file', async () => {
    await picker().setInputFiles({ name: '工具.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await toast('文件格式不正确').first().waitFor();
    const format = await toast('文件格式不正确').first().innerText();
    expect(format).toBe(
      UploadMessage.format('.pdf,.jpg,.jpeg,.png,.gif,.bmp,.webp,.txt,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip'),
    );
    await picker().setInputFiles({ name: '空白.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
    await toast(UploadMessage.empty).first().waitFor();
    await expect(suite.page.getByRole('list', { name: '上传列表' }).count()).resolves.toBe(0);
  });

  it('shows the server refusal of bytes that do not match the extension on the item', async () => {
    await picker().setInputFiles({
      name: '伪造发票.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('this is not a pdf'),
    });
    await suite.page.getByRole('alert').filter({ hasText: '文件内容与扩展名不符，请上传真实的文件' }).first().waitFor();
    await suite.page.getByRole('button', { name: '重试' }).waitFor();
  });

  it('previews an uploaded image inline with the image viewer', async () => {
    await picker().setInputFiles({ name: '营业执照扫描件.png', mimeType: 'image/png', buffer: PNG });
    await suite.page.getByRole('link', { name: '预览 营业执照扫描件.png' }).click();
    await suite.page.getByRole('heading', { name: '营业执照扫描件.png' }).waitFor();
    const image = suite.page.getByRole('img', { name: '营业执照扫描件.png' });
    await image.waitFor();
    await expect(image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(1);
    await suite.page.getByRole('button', { name: '放大' }).click();
    await suite.page.getByRole('button', { name: '向右旋转' }).click();
    await expect(image.getAttribute('style')).resolves.toContain('scale(1.2) rotate(90deg)');
    await shot(suite.page, { path: '.tmp/e2e-files-preview.png' });
  });
});

// 资产管理 in Chromium: admin opens 付款单信息, filters by 付款单号, confirms an order (确权 with its evidence
// and amount) and sees its 可融资 and the footer's sums, imports a small template file (one row in, one reported
// by its row number), and opens an order's details with its invoices.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { shot } from './support/shots';

const suite = useBrowserSuite({ viewport: { width: 1440, height: 900 } });

async function importFile(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('付款单');
  sheet.addRow([
    '付款单号*',
    '项目编码*',
    '供应商*',
    '合同编号*',
    '合同类型*',
    '应收金额（元）*',
    '已付金额（元）',
    '应付日*',
  ]);
  sheet.addRow([
    'FK-E2E-0001',
    'XM-NJ-2026002',
    '浙江绿源园林景观有限公司',
    'HT-E2E-01',
    '设计',
    '360000.00',
    '0',
    '2026-12-15',
  ]);
  sheet.addRow([
    'FK-E2E-0002',
    'XM-NJ-2026002',
    '浙江绿源园林景观有限公司',
    'HT-E2E-02',
    '设计',
    '100.00',
    '200.00',
    '2026-12-15',
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('资产管理 · 付款单信息', () => {
  it('admin filters, confirms an order and sees its eligible amount, imports a file and opens the details', async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenuItem(page, '资产管理', '付款单信息');
    await page.getByRole('heading', { name: '付款单信息' }).waitFor();
    const table = page.getByRole('table', { name: '付款单列表' });
    await table.getByRole('row').nth(1).waitFor();

    // The seeded order FKSZ20260002 is 确权中: 应收 1,179,123.13, 已付 0.
    await page.getByRole('textbox', { name: '付款单号' }).fill('FKSZ20260002');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const row = table.getByRole('row').filter({ hasText: 'FKSZ20260002' });
    await row.waitFor();
    await expect.poll(async () => table.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('确权中');
    expect(await page.getByLabel('合计').textContent()).toContain('应收金额：1,179,123.13 元');

    await row.getByRole('button', { name: '确权', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '确权付款单' });
    await dialog.getByLabel('确权凭证').selectOption({ label: '商票' });
    await dialog.getByLabel('确权金额').fill('2000000');
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await dialog.getByText('确权金额不能大于应收金额减已付金额（1,179,123.13元）').waitFor();
    await dialog.getByLabel('确权金额').fill('1000000');
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('已确权').waitFor();
    expect(await row.textContent()).toContain('1,000,000.00');
    expect(await page.getByLabel('合计').textContent()).toContain('可融资：1,000,000.00 元');
    await shot(page, { path: '.tmp/e2e-assets-confirmed.png' });

    await page.getByRole('button', { name: '导入', exact: true }).click();
    const importing = page.getByRole('dialog', { name: '导入付款单' });
    await importing.getByLabel('导入文件').setInputFiles({
      name: '付款单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importFile(),
    });
    await importing.getByRole('button', { name: '导入', exact: true }).click();
    const result = importing.getByRole('region', { name: '导入结果' });
    await result.waitFor();
    expect(await result.textContent()).toContain('共 2 条，成功 1 条，失败 1 条');
    expect(await result.textContent()).toContain('第 3 行：已付金额不能大于应收金额');
    await shot(page, { path: '.tmp/e2e-assets-import.png' });
    await importing.getByRole('button', { name: '关闭', exact: true }).click();
    await importing.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: '付款单号' }).fill('FK-E2E');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const imported = table.getByRole('row').filter({ hasText: 'FK-E2E-0001' });
    await imported.waitFor();
    await imported.getByRole('button', { name: '查看', exact: true }).click();
    await page.getByRole('heading', { name: '付款单详情' }).waitFor();
    await page.getByRole('region', { name: '付款单信息' }).getByText('FK-E2E-0001').first().waitFor();
    expect(await page.getByRole('region', { name: '融资记录' }).textContent()).toContain('暂无融资记录');
    await shot(page, { path: '.tmp/e2e-assets-details.png' });
  });
});

// 参数管理 and 资金管理 in Chromium — admin adds a fund product on /addFund (capital side chosen, two repayment
// methods ticked) and finds it in 资金方管理; saves the risk summary and sees version 4 in force and at the top
// of the version history; the lists and forms render at 1440 and 390 px.
import { describe, expect, it } from 'vitest';
import { signInThroughForm, screenshots as shoot } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';

const suite = useBrowserSuite();

const screenshots = (name: string) => shoot(suite.page, name);

async function openRoute(path: string, title: string) {
  const page = suite.page;
  await page.goto(`${suite.gateway.url}${path}`);
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  await nothingBusyShown(page);
}

describe('参数管理 and 资金管理', () => {
  it('admin adds a product on /addFund and sees it in 资金方管理', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenuItem(page, '资金管理', '资金方管理');
    await page.getByRole('heading', { name: '资金方管理' }).waitFor();
    const table = page.getByRole('table', { name: '资金产品列表' });
    await table.getByRole('row').filter({ hasText: '华润信托应收账款收益权' }).waitFor();
    await screenshots('fund-management');

    await page.getByRole('button', { name: '新增资金方' }).click();
    await page.waitForURL(/\/addFund$/);
    // The page says what the button said.
    await page.getByRole('heading', { name: '新增资金方' }).waitFor();
    const form = page.getByRole('form', { name: '资金产品信息' });
    await form.getByRole('combobox', { name: '资金方' }).selectOption({ label: '华润深国投信托有限公司' });
    await form.getByLabel('产品编号').fill('e2e-trust-09');
    await form.getByLabel('产品名称').fill('端到端信托应收账款产品');
    await form.getByLabel('最低年利率').fill('0.0650');
    await form.getByLabel('最高年利率').fill('0.2500');
    await form.getByLabel('服务费率').fill('0.0080');
    await form.getByLabel('产品额度（元）').fill('300000000');
    await form.getByLabel('最短期限（天）').fill('90');
    await form.getByLabel('最长期限（天）').fill('360');
    await form.getByLabel('最高融资比例').fill('0.8500');
    await form.getByRole('checkbox', { name: '等额本息' }).check();
    await form.getByLabel('宽限期（天）').fill('10');
    await form.getByLabel('生效日').fill('2026-12-01');
    await form.getByLabel('到期日').fill('2027-11-30');
    await form.getByRole('button', { name: '提交' }).click();
    // The definition's rule, in its words, before anything is sent.
    await form.getByText('最高年利率不能大于24%').waitFor();
    await form.getByLabel('最高年利率').fill('0.1100');
    await screenshots('add-fund');
    await form.getByRole('button', { name: '提交' }).click();

    await page.waitForURL(/\/fundManagement\/fundmanagement$/);
    const row = page.getByRole('table', { name: '资金产品列表' }).getByRole('row').filter({ hasText: 'E2E-TRUST-09' });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('华润深国投信托有限公司');
    expect(text).toContain('信托');
    expect(text).toContain('300,000,000.00');
    expect(text).toContain('6.50%');
    await row.getByRole('button', { name: '查看' }).click();
    const detail = page.getByRole('dialog', { name: '资金产品详情' });
    await detail.getByText('到期一次还本付息、等额本息').waitFor();
    await detail.getByText('50.00%').waitFor();
  });

  it('admin saves the risk summary and sees version 4 in force and in the history', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openRoute('/parameterManage/summaryRiskControl', '风控汇总参数');
    const form = page.getByRole('form', { name: '生效中的风控汇总参数' });
    await form.getByText('当前生效：第3版').waitFor();
    const history = page.getByRole('table', { name: '风控汇总参数列表' });
    await history.getByRole('row').nth(3).waitFor();
    await screenshots('summary-risk-control');

    await form.getByLabel('宽限期（天）').fill('10');
    await form.getByLabel('最高融资比例').fill('0.8200');
    await form.getByRole('button', { name: '保存为新版本' }).click();
    await form.getByText('当前生效：第4版').waitFor();
    const newest = history.getByRole('row').nth(1);
    await newest.filter({ hasText: '生效中' }).waitFor();
    const text = await newest.textContent();
    expect(text).toContain('最高融资比例：85.00% → 82.00%');
    expect(text).toContain('宽限期（天）：15 → 10');
    expect(await history.getByRole('row').nth(2).textContent()).toContain('历史版本');

    await openRoute('/parameterManage/parameterSubsidiary', '子公司参数');
    await page
      .getByRole('table', { name: '子公司参数列表' })
      .getByRole('row')
      .filter({ hasText: '苏州远景置业有限公司' })
      .waitFor();
    await screenshots('parameter-subsidiary');
  });
});

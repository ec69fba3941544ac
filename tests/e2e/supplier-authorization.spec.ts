// SPEC §4: the supplier's data-query authorization prompt, in Debian's Chromium against the real gateway.
// The tests run in order on one gateway: the consent given in the third changes the fourth.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { shot } from './support/shots';

const suite = useBrowserSuite({ viewport: { width: 1366, height: 800 } });
/** How many authorization checks the page has sent. */
let checks = 0;

beforeEach(() => {
  checks = 0;
  suite.page.on('request', (request) => {
    if (request.url().includes('/api/product/supplier/checkAuthorization')) checks++;
  });
});

const prompt = () => suite.page.getByRole('dialog', { name: '提示' });
const letter = () => prompt().getByRole('document', { name: '数据查询授权书' });
const agree = () => prompt().getByRole('button', { name: '同意' });
const offer = () => suite.page.getByRole('button', { name: '数据查询授权' });

/** Scrolls the letter to its end, as the reader does with the wheel. */
async function readToEnd() {
  const box = prompt().locator('[data-letter-scroll]');
  await box.hover();
  for (let i = 0; i < 40 && (await agree().isDisabled()); i++) await suite.page.mouse.wheel(0, 400);
}

async function signInAs(account: 'admin' | 'supplier') {
  const { username, password } = DEMO_ACCOUNTS[account];
  await signInThroughForm(suite.page, suite.gateway.url, username, password);
}

async function signOut() {
  await suite.page.getByRole('button', { name: /^你好，/ }).click();
  await suite.page.getByRole('menuitem', { name: '退出登录' }).click();
  await suite.page.waitForURL(`${suite.gateway.url}/login`);
}

/** Lets a check that would have been sent after entry arrive and be answered. */
async function settle() {
  await suite.page.waitForLoadState('networkidle');
}

describe('the supplier data-query authorization prompt', () => {
  it('never shows for the admin', async () => {
    await signInAs('admin');
    await settle();
    expect(checks).toBe(0);
    await expect(prompt().count()).resolves.toBe(0);
  });

  it('shows the letter to the supplier; 关闭 declines it for the session, and a new sign-in asks again', async () => {
    await signInAs('supplier');
    await letter().waitFor();
    const text = await letter().innerText();
    expect(text).toContain('远景控股集团及其下属子公司');
    for (const kind of [
      '身份信息',
      '增值税发票信息',
      '结算账户流水信息',
      '应收账款信息',
      '产值及结算信息',
      '放款及还款信息',
    ])
      expect(text).toContain(kind);
    // The computed width, not the bounding box: the dialog's entrance animation scales it for a moment.
    await expect(prompt().evaluate((el) => getComputedStyle(el).width)).resolves.toBe('600px');
    await agree().waitFor();
    await shot(suite.page, { path: '.tmp/e2e-supplier-authorization.png' });
    await expect(offer().count()).resolves.toBe(0);

    await prompt().getByRole('button', { name: '关闭', exact: true }).click();
    await prompt().waitFor({ state: 'detached' });
    await expect(suite.page.evaluate(() => sessionStorage.getItem('authStatus'))).resolves.toBe('false');

    // The header offers the letter again while the consent is pending.
    await offer().click();
    await letter().waitFor();
    await prompt().getByRole('button', { name: '关闭', exact: true }).click();
    await prompt().waitFor({ state: 'detached' });

    // Moving around the application, or reloading it, does not pop it up again; the header still offers it.
    await openMenuItem(suite.page, '融资需求', '融资需求管理');
    await suite.page.waitForURL(`${suite.gateway.url}/financingDemandManagement/financingDemandManagement`);
    await suite.page.goto(`${suite.gateway.url}/`);
    await suite.page.getByRole('heading', { name: /^你好，/ }).waitFor();
    await settle();
    await expect(prompt().count()).resolves.toBe(0);
    await offer().waitFor();

    await signOut();
    await signInAs('supplier');
    await letter().waitFor();
    // One check at entry, a quiet one after the reload (to know whether to offer it), one at the new sign-in.
    expect(checks).toBe(3);
  });

  it('同意 waits until the letter was read to its end, then gives the consent: 授权成功 and the prompt closes', async () => {
    await signInAs('supplier');
    await letter().waitFor();
    await expect(agree().isDisabled()).resolves.toBe(true);
    await prompt().getByText('请阅读至授权书末尾').waitFor();
    await readToEnd();
    await expect(agree().isDisabled()).resolves.toBe(false);
    await expect(prompt().getByText('请阅读至授权书末尾').count()).resolves.toBe(0);
    await agree().click();
    await suite.page
      .getByRole('alert')
      .filter({ hasText: '授权成功' })
      .or(suite.page.getByText('授权成功'))
      .first()
      .waitFor();
    await prompt().waitFor({ state: 'detached' });
    await expect(suite.page.evaluate(() => sessionStorage.getItem('capitalSideCode'))).resolves.toBe(
      // Every capital side of the tenant: the core seed's two banks and the three the fund seed adds.
      JSON.stringify([
        '1100000000000000021',
        '1100000000000000022',
        '1100000000000000231',
        '1100000000000000232',
        '1100000000000000233',
      ]),
    );
    await expect(offer().count()).resolves.toBe(0);
  });

  it('does not come back after the consent, even on a new sign-in', async () => {
    await signInAs('supplier');
    await settle();
    await expect(prompt().count()).resolves.toBe(0);
    await expect(offer().count()).resolves.toBe(0);
    // The gateway now reports the supplier authorized, so the client does not even ask.
    expect(checks).toBe(0);
    await expect(suite.page.evaluate(() => sessionStorage.getItem('authStatus'))).resolves.toBeNull();
  });
});

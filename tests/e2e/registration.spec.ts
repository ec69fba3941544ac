// /register in Chromium: a new supplier fills the form (a wrong credit code and a weak password are told as
// typed), reads the user agreement to its end before 同意, applies, and cannot sign in while it is reviewed;
// the admin approves its 企业认证; the supplier signs in and is asked for the data-query authorization.
import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '../../src/domain/patterns/social-credit-code';
import { RegistrationMessage } from '../../src/domain/registration/registration';
import { signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { shot } from './support/shots';

const suite = useBrowserSuite();
const FIRST17 = '91320500MA2KX7RG5';
const CODE = FIRST17 + creditCodeCheckChar(FIRST17);
const WRONG = FIRST17 + (CODE[17] === 'A' ? 'B' : 'A');

describe('供应商注册', () => {
  it('registers, waits for review, is approved by the admin and signs in to the authorization prompt', async () => {
    const page = suite.page;
    const url = suite.gateway.url;
    await page.goto(`${url}/login`);
    await page.getByRole('link', { name: '供应商注册' }).click();
    await page.waitForURL(`${url}/register`);
    const form = page.getByRole('form', { name: '注册' });
    await form.getByLabel('企业名称').fill('苏州新锐幕墙工程有限公司');
    await form.getByLabel('统一社会信用代码').fill(WRONG);
    await form.getByText('请输入正确的统一社会信用代码').waitFor();
    await form.getByLabel('统一社会信用代码').fill(CODE);
    await form.getByLabel('法定代表人').fill('顾新锐');
    await form.getByLabel('联系人').fill('沈经理');
    await form.getByLabel('手机号码').fill('13962001234');
    await form.getByLabel('电子邮箱').fill('shen@xinrui.example.com');
    await form.getByLabel('用户名').fill('xinrui_mq');
    await form.getByLabel(/^密码/).fill('abcdefgh1');
    await form.getByText('密码强度不够,大写字母、小写字母、数字和符号至少包含3种').waitFor();
    await form.getByLabel(/^密码/).fill('Xinrui@2026');
    await form.getByLabel('确认密码').fill('Xinrui@2026');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, { path: '.tmp/e2e-register-form.png' });

    await form.getByRole('button', { name: '提交注册' }).click();
    await form.getByText(RegistrationMessage.agreement).waitFor();
    await form.getByRole('button', { name: '《平台用户协议》' }).click();
    const agreement = page.getByRole('dialog', { name: '平台用户协议' });
    expect(await agreement.getByRole('button', { name: '同意' }).isDisabled()).toBe(true);
    await agreement.getByRole('document').evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect.poll(() => agreement.getByRole('button', { name: '同意' }).isDisabled()).toBe(false);
    await agreement.getByRole('button', { name: '同意' }).click();
    await form.getByRole('button', { name: '提交注册' }).click();
    await page.getByText(RegistrationMessage.submitted).waitFor();
    await shot(page, { path: '.tmp/e2e-register-submitted.png' });

    await page.goto(`${url}/login`);
    await page.getByLabel('用户名').fill('xinrui_mq');
    await page.getByLabel(/^密码/).fill('Xinrui@2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText(RegistrationMessage.underReview).first().waitFor();

    await signInThroughForm(page, url, 'admin', 'Admin@2026');
    await page.goto(`${url}/basicDataManagement/enterpriseCertification`);
    await page.getByRole('textbox', { name: '企业名称' }).fill('新锐幕墙');
    await page.getByRole('button', { name: '查询' }).click();
    const row = page
      .getByRole('table', { name: '企业认证列表' })
      .getByRole('row')
      .filter({ hasText: '苏州新锐幕墙工程有限公司' });
    await row.filter({ hasText: '待审核' }).waitFor();
    await row.getByRole('button', { name: '通过' }).click();
    await page.getByRole('dialog', { name: '通过企业认证' }).getByRole('button', { name: '确定' }).click();
    await row.filter({ hasText: '已通过' }).waitFor();
    await page.getByRole('button', { name: /^你好，/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(`${url}/login`);

    await signInThroughForm(page, url, 'xinrui_mq', 'Xinrui@2026');
    await page.getByRole('dialog', { name: '提示' }).waitFor();
    await shot(page, { path: '.tmp/e2e-register-approved-prompt.png' });
  });

  it('fits a phone screen', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.gateway.url}/register`);
    await page.getByRole('form', { name: '注册' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, { path: '.tmp/e2e-register-390.png', fullPage: true });
  });
});

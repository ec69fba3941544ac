// 放款登记 and 还款计划 in Chromium, as the README's people: the demo's business waiting at 放款·待放款 (walked
// there by the seed's people, 资金方通过); finance registers its loan (amount, loan date, 前置利息 and 服务费 with 实际到账 computed, the 放款回单),
// ops1 approves it, and the plan shows every installment beside the interest calculator. Screens at 1440 and 390 px
// go to .tmp for a look.
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { seededBusinessAt } from '../../gateway/src/testing/seeded-business';
import { launchBrowser, screenshots, sessionAs } from './support/browser';
import { type RunningGateway, startGateway } from './support/gateway-process';
import { MINIMAL_PDF } from '../../gateway/src/testing/minimal-pdf';

let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let businessNo = '';

async function waitingForItsLoan(db: Kysely<Database>) {
  ({ businessId, businessNo } = await seededBusinessAt(db, 'LENDING/WAIT_LOAN'));
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: waitingForItsLoan }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const session = (userName: string) => sessionAs(browser, gateway.url, userName);

describe('放款登记', () => {
  it('finance registers the loan, ops1 approves it, the plan shows its installments', async () => {
    const finance = await session('finance');
    await finance.goto(`${gateway.url}/business/lendingRegistration`);
    await finance.getByText(businessNo).first().waitFor();
    await screenshots(finance, 'lending-list');
    await finance.goto(`${gateway.url}/business/lendingRegistration?id=${businessId}`);
    const form = finance.getByRole('region', { name: '登记放款' });
    await form.waitFor();
    await form.getByLabel(/^前置利息/).fill('1,000.00');
    await form.getByLabel(/^服务费/).fill('500.00');
    await form.locator('input[type=file]').setInputFiles({
      name: '放款回单.pdf',
      mimeType: 'application/pdf',
      buffer: MINIMAL_PDF,
    });
    await form.getByText('放款回单.pdf').first().waitFor();
    await screenshots(finance, 'lending-register');
    await form.getByRole('button', { name: '登记放款' }).click();
    await finance.getByText('放款已登记，待复核').first().waitFor();
    await finance.context().close();

    const ops = await session('ops1');
    await ops.goto(`${gateway.url}/business/lendingRegistration?id=${businessId}`);
    await ops.getByRole('region', { name: '放款复核' }).waitFor();
    await screenshots(ops, 'lending-review');
    await ops.getByRole('button', { name: '通过', exact: true }).click();
    await ops.getByText('复核通过，已生成还款计划').first().waitFor();
    await ops.getByRole('button', { name: '查看还款计划' }).click();
    await ops.getByRole('table', { name: '还款计划' }).waitFor();
    expect(await ops.getByRole('table', { name: '还款计划' }).textContent()).toContain('未到期');
    await ops
      .getByRole('region', { name: '利息试算' })
      .getByText(/^利息合计/)
      .waitFor();
    await screenshots(ops, 'repayment-plan-info');
    await ops.goto(`${gateway.url}/business/repaymentplan`);
    await ops.getByText(businessNo).first().waitFor();
    await screenshots(ops, 'repayment-plan-list');
    await ops.context().close();
  }, 240_000);
});

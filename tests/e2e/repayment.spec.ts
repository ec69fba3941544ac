// 还款登记 in Chromium, as the README's people: the seeded business at 要素落实 is walked to 放款·待放款 before the
// gateway starts, then lent through the gateway's own routes (finance registers the loan, ops1 approves it);
// finance registers a tenth of the loan as a repayment (付款方, amount, 起息日 today, 流水号, 还款回单), finance2 confirms
// it, and the plan shows the repayment allocated to its installment. Screens at 1440 and 390 px go to .tmp.
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { demoPassword } from '../../gateway/src/testing/demo-passwords';
import { walkToLending } from '../../gateway/src/testing/lending-walk';
import { formatFen } from '../../src/domain/format/money-format';
import { launchBrowser, screenshots, sessionAs } from './support/browser';
import { type RunningGateway, apiLogin, startGateway } from './support/gateway-process';
import { journey } from './support/suite';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let businessNo = '';

async function waitingForItsLoan(db: Kysely<Database>) {
  const row = await db
    .selectFrom('financing_business')
    .select(['business_id', 'business_no'])
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .where('state', '=', 'ELEMENTS/DRAFT')
    .orderBy('business_id')
    .executeTakeFirstOrThrow();
  businessId = row.business_id;
  businessNo = row.business_no;
  await walkToLending(db, DEMO_TENANT_ID, businessId, new Date());
}

/** One call of the gateway's API as `userName`, answering its data (a refusal fails the test with its words). */
async function api(userName: string, method: string, path: string, body?: unknown) {
  const { token } = await apiLogin(gateway.url, userName, demoPassword(userName));
  const res = await fetch(`${gateway.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}

/** finance registers the loan of the whole approved amount today, ops1 approves it: the business repays. */
async function lend(): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), '放款回单.pdf');
  const receipt = await api('finance', 'POST', '/api/file/file', form);
  const d = await api('finance', 'GET', `/api/business/lending/${businessId}`);
  const lent = await api('finance', 'POST', `/api/business/lending/${businessId}/register`, {
    ...{ version: d.version, amount: d.capitalApprovedAmount, loanDate: d.today, upfrontInterest: 0 },
    ...{ serviceFee: 0, receiptFileId: receipt.keyId },
  });
  await api('ops1', 'POST', `/api/business/business/${businessId}/transition`, {
    action: 'approve',
    version: lent.version,
  });
  return Number(d.capitalApprovedAmount);
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: waitingForItsLoan }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const session = (userName: string) => sessionAs(browser, gateway.url, userName);

describe('还款登记', () => {
  it('finance registers part of the loan, finance2 confirms it, the plan shows it allocated', journey(20), async () => {
    const loan = await lend();
    const part = formatFen(BigInt(Math.round(loan / 10)));
    const finance = await session('finance');
    await finance.goto(`${gateway.url}/business/paymentRegistration`);
    await finance.getByText(businessNo).first().waitFor();
    await screenshots(finance, 'repayment-list');
    await finance.goto(`${gateway.url}/business/paymentRegistration?id=${businessId}`);
    const form = finance.getByRole('region', { name: '登记还款' });
    await form.waitFor();
    await form.getByLabel(/^还款金额/).fill(part);
    await form.getByLabel(/^银行流水号/).fill('LS20261129E2E01');
    await form.locator('input[type=file]').setInputFiles({
      name: '还款回单.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await form.getByText('还款回单.pdf').first().waitFor();
    await form.getByText(/上传成功/).waitFor();
    await screenshots(finance, 'repayment-register');
    await form.getByRole('button', { name: '登记还款' }).click();
    await finance.getByText('还款已登记，待另一位财务确认').first().waitFor();
    const records = finance.getByRole('table', { name: '还款记录' });
    await records.getByText('待确认').waitFor();
    // The registrar is offered nothing on their own repayment.
    expect(await records.getByRole('button', { name: '确认' }).count()).toBe(0);
    await finance.context().close();

    const finance2 = await session('finance2');
    await finance2.goto(`${gateway.url}/business/paymentRegistration?id=${businessId}`);
    const waiting = finance2.getByRole('table', { name: '还款记录' });
    await waiting.getByRole('button', { name: '确认' }).waitFor();
    await screenshots(finance2, 'repayment-confirm');
    await waiting.getByRole('button', { name: '确认' }).click();
    await finance2.getByText('还款已确认').first().waitFor();
    await finance2.getByRole('table', { name: '还款记录' }).getByText('已确认').waitFor();
    await finance2.getByRole('button', { name: '查看还款计划' }).click();
    const allocated = finance2.getByRole('table', { name: '还款分配' });
    await allocated.waitFor();
    expect(await allocated.textContent()).toContain('提前还款');
    await screenshots(finance2, 'repayment-plan-allocated');
    await finance2.context().close();
  });
});

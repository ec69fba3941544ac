// 存续期报告 in Chromium, as the README's people: before the gateway starts, the demo's business at 放款·待放款 is lent
// (the seeded people through the gateway's own functions on a copy of the data template) and the close
// of business's step makes its first monthly report; operator, its 经办人, fills in the check and 提交s it; riskhead
// approves it; 贷后报告统计 and 业务详情's 存续期 tab show it. Screens at 1440 and 390 px go to .tmp for a look.
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { addMonths } from '../../src/domain/financing/repayment-schedule';
import type { Database } from '../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { dueReportUnits } from '../../gateway/src/modules/duration/store';
import { lendApproved } from '../../gateway/src/testing/lending-walk';
import { seededBusinessAt } from '../../gateway/src/testing/seeded-business';
import { launchBrowser, screenshots, sessionAs } from './support/browser';
import { type RunningGateway, startGateway } from './support/gateway-process';

const T = DEMO_TENANT_ID;
let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let businessNo = '';

/** The business repaying, and its first month's report made as the close of business makes it. */
async function repayingWithItsReport(db: Kysely<Database>) {
  ({ businessId, businessNo } = await seededBusinessAt(db, 'LENDING/WAIT_LOAN'));
  const { loanDate } = await lendApproved(db, T, businessId, new Date());
  const day = addMonths(`${loanDate.slice(0, 7)}-01`, 1);
  const units = await dueReportUnits(db, { day, at: new Date(`${day}T00:10:00+08:00`) });
  for (const unit of units) await db.transaction().execute((trx) => unit.apply(trx));
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: repayingWithItsReport }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const session = (userName: string) => sessionAs(browser, gateway.url, userName);

describe('存续期报告', () => {
  it('operator makes and submits the month’s report, riskhead approves it, the statistics count it', async () => {
    const operator = await session('operator');
    await operator.goto(`${gateway.url}/durationManage/durationExamineReport`);
    const row = operator.getByRole('row').filter({ hasText: businessNo });
    await row.waitFor();
    await operator.getByRole('button', { name: '导出' }).waitFor();
    await screenshots(operator, 'duration-list');
    await row.getByRole('button', { name: '查看' }).click();
    const form = operator.getByRole('region', { name: '制作存续期报告' });
    await form.waitFor();
    const reportUrl = operator.url();
    await form.getByLabel('项目公司付款能力').fill('项目公司回款放缓，付款能力下降');
    await form.getByLabel('应收账款状态').fill('部分应收账款已逾期');
    await form.getByLabel('监管账户回款').fill('本月监管账户未见回款');
    await form.getByLabel('舆情/司法').fill('项目公司涉及一起合同纠纷');
    await form.getByLabel('风险分类').selectOption({ label: '次级' });
    await form.getByLabel('结论').selectOption({ label: '待条件维持' });
    await screenshots(operator, 'duration-make');
    await form.getByRole('button', { name: '提交' }).click();
    await operator.getByText('已提交审核').first().waitFor();
    await operator.getByText('待审核').first().waitFor();
    await operator.context().close();

    const head = await session('riskhead');
    await head.goto(reportUrl);
    const review = head.getByRole('region', { name: '审核存续期报告' });
    await review.waitFor();
    await review.getByLabel('审核意见').fill('同意，持续关注回款');
    await screenshots(head, 'duration-review');
    await review.getByRole('button', { name: '通过' }).click();
    await head.getByText('审核通过').first().waitFor();
    await head.getByLabel('报告', { exact: true }).getByText('已通过').waitFor();

    await head.goto(`${gateway.url}/durationManage/loanReportMakeStatistics`);
    const stats = head.getByRole('table', { name: '贷后报告统计' });
    await stats.getByText('合计').waitFor();
    await screenshots(head, 'duration-statistics');

    await head.goto(`${gateway.url}/business/newDetails?id=${businessId}`);
    await head.getByRole('tab', { name: '存续期' }).click();
    await head.getByRole('table', { name: '存续期报告' }).getByText('已通过').waitFor();
    await screenshots(head, 'duration-detail-tab', { wideOnly: true });
    await head.context().close();
  }, 240_000);
});

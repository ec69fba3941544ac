// 融资决议 in Chromium, as the README's people: the chair approves the minutes of a meeting that passed a business
// (评审会审核), which drafts its decision; risk1 makes the decision within its limits (决议制作) and submits it;
// riskhead and the approver each approve their level (决议审核); the business then shows the approved terms on
// its 决议 tab. The meeting up to the chair's review is walked before the gateway starts, by the seeded people
// through the gateway's own functions on a copy of the data template (the meeting's own screens have their
// spec). Screens at 1440 and 390 px go to .tmp for a look.
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { loadBusiness } from '../../gateway/src/modules/business/aggregate';
import { boundsOf } from '../../gateway/src/modules/decision/store';
import { walkToChairReview } from '../../gateway/src/modules/meeting/walk';
import { businessesAwaitingMeeting } from '../../gateway/src/testing/awaiting-meeting';
import { termRange } from '../../src/domain/financing/financing-terms';
import { launchBrowser, screenshots, sessionAs } from './support/browser';
import { type RunningGateway, startGateway } from './support/gateway-process';
import { rateToPercentText } from '../../src/domain/format/percent-format';
import { journey } from './support/suite';

const T = DEMO_TENANT_ID;
let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let businessNo = '';
let meetingNo = '';
let rate = '';
let termDays = 90;

/** The meeting walked to the chair's review, passing the business; the decision's bounds read from its product. */
async function meetingPassedTheBusiness(db: Kysely<Database>) {
  const [id] = await businessesAwaitingMeeting(db, T, 1);
  businessId = id as string;
  const now = new Date();
  const m = await walkToChairReview(
    db,
    T,
    { title: '融资决议评审会', location: '远景大厦8楼会议室', businessIds: [businessId] },
    now,
  );
  meetingNo = m.meetingNo;
  const business = await loadBusiness(db, T, businessId);
  businessNo = business.businessNo;
  const limits = await boundsOf(db, T, business, now);
  if (!limits) throw new Error('no product holds the decision');
  rate = limits.product.minRate;
  termDays = Math.max(90, termRange(limits.bounds).min);
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: meetingPassedTheBusiness }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const session = (userName: string) => sessionAs(browser, gateway.url, userName);

describe('融资决议', () => {
  it(
    'the chair approves the minutes, risk1 makes the decision, riskhead and the approver approve it',
    journey(19),
    async () => {
      const chair = await session('chair');
      await chair.goto(`${gateway.url}/business/approvalReviewMeetingExamine`);
      await chair.getByText(meetingNo).click();
      await chair.getByRole('region', { name: '议题1' }).getByText('会议结论：通过').waitFor();
      await screenshots(chair, 'minutes-review');
      await chair.getByRole('button', { name: '通过' }).click();
      await chair.getByText('纪要已审核通过').first().waitFor();
      await chair.context().close();

      const risk1 = await session('risk1');
      await risk1.goto(`${gateway.url}/business/decisionMake?id=${businessId}`);
      await risk1.getByRole('heading', { name: '决议制作' }).waitFor();
      await risk1.getByLabel(/^年利率/).fill(rateToPercentText(rate));
      await risk1.getByLabel(/^期限/).fill(String(termDays));
      await risk1.getByLabel(/^担保措施/).fill('实际控制人提供连带责任保证');
      // Each limit stands beside its field before 提交.
      await risk1
        .getByText(/^限额：不超过申请金额/)
        .first()
        .waitFor();
      await screenshots(risk1, 'decision-make');
      await risk1.getByRole('button', { name: '提交' }).click();
      await risk1.getByText('提交成功').first().waitFor();
      await risk1.context().close();

      for (const who of ['riskhead', 'approver']) {
        const page = await session(who);
        await page.goto(`${gateway.url}/business/resolutionReview`);
        await page.getByText(businessNo).first().waitFor();
        await page.goto(`${gateway.url}/business/resolutionReview/audit?id=${businessId}`);
        await page.getByRole('region', { name: '融资决议' }).waitFor();
        if (who === 'approver') await screenshots(page, 'decision-review');
        await page.getByRole('button', { name: '通过', exact: true }).click();
        await page.waitForURL(/\/business\/resolutionReview$/);
        await page.context().close();
      }

      const view = await session('risk1');
      await view.goto(`${gateway.url}/business/newDetails?id=${businessId}`);
      await view.getByRole('tab', { name: '决议' }).click();
      const section = view.getByRole('region', { name: '融资决议' });
      await section.getByText('同意', { exact: true }).waitFor();
      expect(await section.textContent()).toContain(`${(Number(rate) * 100).toFixed(2)}%`);
      await section.getByRole('table', { name: '要素' }).waitFor();
      await screenshots(view, 'decision-detail');
    },
  );
});

// 尽调报告 in Chromium, as the README's people: risk1 opens the business that has no report yet from 报告制作,
// fills the eight steps of the stepper (each saved on its own as it moves on; 核心指标 computed from the
// statements; 方案建议 checked against its limits as typed) and submits; risk2 approves level 1 and riskhead
// level 2 from 报告审核; the business is then on the secretary's agenda candidates of a new meeting. Unsaved
// typing is asked about before a sidebar move or a reload, and the stepper reopens on the step left. Screens
// at 1440 and 390 px go to .tmp for a look.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportField, reportStep } from '../../src/domain/financing/report';
import { launchBrowser, screenshots as shoot, sessionAs } from './support/browser';
import { apiLogin, type RunningGateway, startGateway } from './support/gateway-process';
import { openMenuItem } from './support/menu';
import { fillReportSteps, labelOf } from './support/report-stepper';
import { journey } from './support/suite';

const PASSWORD = 'Staff@2026';
let gateway: RunningGateway;
let browser: Browser;

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway(), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const session = (userName: string) => sessionAs(browser, gateway.url, userName);
const screenshots = (page: Page, name: string) => shoot(page, `report-${name}`);

async function api(userName: string, path: string) {
  const { token } = await apiLogin(gateway.url, userName, PASSWORD);
  const res = await fetch(`${gateway.url}${path}`, { headers: { authorization: `Bearer ${token}`, token } });
  return (await res.json()) as { code: number; data: any };
}

describe('尽调报告', () => {
  it(
    'risk1 makes the report in the stepper and submits; risk2 and riskhead approve; the secretary may schedule it',
    journey(15),
    async () => {
      const page = (await api('risk1', '/api/business/report/page?current=1&size=50')).data.records as {
        keyId: string;
        businessNo: string;
        reportNo: string | null;
      }[];
      const fresh = page.find((r) => r.reportNo === null);
      expect(fresh).toBeDefined();
      const { keyId, businessNo } = fresh as { keyId: string; businessNo: string };

      const risk1 = await session('risk1');
      await risk1.goto(`${gateway.url}/business/reportProductionMake`);
      const row = risk1.getByRole('row').filter({ hasText: businessNo });
      await row.getByRole('button', { name: '编辑' }).click();
      await risk1.getByRole('heading', { name: '尽调报告制作' }).waitFor();

      await fillReportSteps(risk1, async (key, region) => {
        if (key === 'FINANCIALS') await screenshots(risk1, 'stepper-financials');
        if (key === 'INDICATORS') {
          // 资产负债率 = 1,000,000 ÷ 1,000,000, computed from the statements typed a step before.
          await region.getByRole('table', { name: '核心指标' }).getByText('100.00%').first().waitFor();
        }
        if (key === 'PROPOSAL') {
          // Checked as the maker types: above the amount applied for is named beside the field at once.
          const amount = region.getByLabel(labelOf(reportStep('PROPOSAL').fields[0] as ReportField));
          await amount.fill('99999999');
          await region
            .getByText(/^建议金额不得超过申请金额/)
            .first()
            .waitFor();
          await screenshots(risk1, 'stepper-proposal-limit');
          await amount.fill('100000');
          await risk1.waitForFunction(() => !document.body.innerText.includes('建议金额不得超过'));
        }
      });
      // 方案建议 is typed and not yet saved: a sidebar move asks, and staying keeps the typing; a reload asks too.
      await openMenuItem(risk1, '业务管理', '报告制作');
      await risk1.getByRole('alertdialog', { name: '离开此页面？' }).getByRole('button', { name: '留在此页' }).click();
      await risk1.getByRole('region', { name: '方案建议', exact: true }).waitFor();
      const asked = new Promise<string>((resolve) =>
        risk1.once('dialog', (d) => {
          resolve(d.type());
          void d.dismiss();
        }),
      );
      void risk1.evaluate(() => window.location.reload());
      expect(await asked).toBe('beforeunload');
      await risk1.getByRole('button', { name: '保存', exact: true }).click();
      await risk1.getByText('本章已保存').first().waitFor();
      // Saved, the page reloads without a question and reopens on the step it was left on.
      await risk1.reload();
      await risk1.getByRole('region', { name: '方案建议', exact: true }).waitFor();
      expect(await risk1.getByRole('tab', { name: /^8\. 方案建议/ }).getAttribute('aria-selected')).toBe('true');
      await risk1.getByRole('button', { name: '提交', exact: true }).click();
      await risk1.getByText('提交成功').first().waitFor();
      expect((await api('risk1', `/api/business/report/${keyId}`)).data).toMatchObject({
        state: 'REPORT/PENDING',
        doneSteps: 8,
        revision: 1,
      });
      await risk1.context().close();

      for (const [who, comment] of [
        ['risk2', '调查充分，同意'],
        ['riskhead', '同意提交评审会'],
      ] as const) {
        const reviewer = await session(who);
        await reviewer.goto(`${gateway.url}/business/reportProductionExamine`);
        const queued = reviewer.getByRole('row').filter({ hasText: businessNo });
        await queued.getByRole('button', { name: '审核' }).click();
        await reviewer.getByRole('region', { name: '尽调报告' }).waitFor();
        if (who === 'riskhead') await screenshots(reviewer, 'examine');
        const box = reviewer.getByRole('region', { name: '审核意见' });
        await box.getByLabel('审核意见').fill(comment);
        await box.getByRole('button', { name: '通过' }).click();
        await reviewer.getByText('通过成功').first().waitFor();
        await reviewer.context().close();
      }
      expect((await api('risk1', `/api/business/report/${keyId}`)).data).toMatchObject({
        state: 'MEETING/WAIT_SCHEDULE',
        status: 'APPROVED',
      });

      const secretary = await session('secretary');
      await secretary.goto(`${gateway.url}/business/meetingInfoManage`);
      await secretary.getByRole('button', { name: '新增' }).click();
      await secretary.getByRole('heading', { name: '新建评审会' }).waitFor();
      await secretary.getByRole('checkbox', { name: `选择议题 ${businessNo}` }).waitFor();
      await screenshots(secretary, 'meeting-candidates');
      await secretary.context().close();
    },
  );
});

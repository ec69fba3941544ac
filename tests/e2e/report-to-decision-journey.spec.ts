// The lifecycle's second half end to end in Chromium, as the README's people, each in a browser session of their
// own: the business whose 融资申请 the seed approved (尽调报告, no report yet) gets its report — risk1 fills the
// eight steps and submits, risk2 (level 1) and riskhead (level 2) approve from 报告审核; the secretary makes a
// 评审会 with the chair and member1–3, its agenda the approved report, sends the notice and opens the vote;
// member1, member2 and member3 each vote in their own session on 评审会执行 while the secretary's page shows the
// tally as the votes arrive; the secretary marks the chair 缺席, closes the vote, records the conclusion the
// tally allows and submits the minutes; the chair approves them; risk1 submits the prefilled 融资决议, riskhead
// and the approver approve it; the business then shows the approved terms and its next stage. Every page is
// reached through 主菜单. Screens at 1440 and 390 px go to .tmp for a look.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshots as shoot } from './support/browser';
import { apiLogin, type RunningGateway, startGateway } from './support/gateway-process';
import { openMenuItem } from './support/menu';
import { fillReportSteps } from './support/report-stepper';
import { nothingBusyShown } from './support/settled';
import { journey } from './support/suite';
import { tokenSessionAs } from './support/token-sign-in';

const PASSWORD = 'Staff@2026';
const AREA = '业务管理';
let gateway: RunningGateway;
let browser: Browser;

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway(), launchBrowser()]);
}, 150_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/**
 * A browser context of its own for `userName`, on the home screen: signed in by token, as the sign-in is not this
 * journey's subject (sign-in.spec covers the form); each page from there is reached through 主菜单.
 */
// The people work in Shanghai: the meeting's time is typed and shown in Asia/Shanghai.
const session = (userName: string) => tokenSessionAs(browser, gateway.url, userName, { timezoneId: 'Asia/Shanghai' });
const screenshots = (page: Page, name: string, narrow = false) => shoot(page, `journey-${name}`, { wideOnly: !narrow });

/** What the gateway answers `userName` on GET `path`. */
async function api(userName: string, path: string) {
  const { token } = await apiLogin(gateway.url, userName, PASSWORD);
  const res = await fetch(`${gateway.url}${path}`, { headers: { authorization: `Bearer ${token}`, token } });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is whatever the route answers
  return ((await res.json()) as { data: any }).data;
}

const settled = (page: Page) => nothingBusyShown(page);

describe('融资全流程（尽调报告 → 评审会 → 融资决议）', () => {
  it(
    'takes an approved application through report, meeting, minutes and decision to its approved terms',
    journey(60),
    async () => {
      // 尽调报告: risk1 makes it from 报告制作, for the business the seed approved at 融资申请 and left without one.
      const { records } = await api('risk1', '/api/business/report/page?current=1&size=50');
      const fresh = (records as { keyId: string; businessNo: string; reportNo: string | null }[]).find(
        (r) => r.reportNo === null,
      );
      expect(fresh, 'a business awaiting its first report').toBeDefined();
      const { keyId: businessId, businessNo } = fresh as { keyId: string; businessNo: string };
      expect((await api('risk1', `/api/business/business/${businessId}`)).state).toBe('REPORT/DRAFT');
      const risk1 = await session('risk1');
      await openMenuItem(risk1, AREA, '报告制作');
      const awaiting = risk1.getByRole('row').filter({ hasText: businessNo });
      await awaiting.waitFor();
      await screenshots(risk1, 'report-list');
      await awaiting.getByRole('button', { name: '编辑' }).click();
      await risk1.getByRole('heading', { name: '尽调报告制作' }).waitFor();
      await fillReportSteps(risk1, async (key) => {
        if (key === 'PROPOSAL') await screenshots(risk1, 'report-proposal', true);
      });
      await risk1.getByRole('button', { name: '提交', exact: true }).click();
      await risk1.getByText('提交成功').first().waitFor();
      await risk1.context().close();

      // 报告审核: level 1 by risk2, level 2 by riskhead.
      for (const [who, comment] of [
        ['risk2', '调查充分，同意'],
        ['riskhead', '同意提交评审会'],
      ] as const) {
        const reviewer = await session(who);
        await openMenuItem(reviewer, AREA, '报告审核');
        await reviewer.getByRole('row').filter({ hasText: businessNo }).getByRole('button', { name: '审核' }).click();
        await reviewer.getByRole('region', { name: '尽调报告' }).waitFor();
        const box = reviewer.getByRole('region', { name: '审核意见' });
        await box.getByLabel('审核意见').fill(comment);
        if (who === 'riskhead') await screenshots(reviewer, 'report-examine');
        await box.getByRole('button', { name: '通过' }).click();
        await reviewer.getByText('通过成功').first().waitFor();
        await reviewer.context().close();
      }

      // 评审会: the secretary makes it with the approved report on the agenda.
      const secretary = await session('secretary');
      await openMenuItem(secretary, AREA, '会议信息管理');
      await secretary.getByRole('button', { name: '新增' }).click();
      await secretary.getByRole('heading', { name: '新建评审会' }).waitFor();
      await secretary.getByLabel('会议主题').fill('2026年第20次融资评审会');
      const day = new Date(Date.now() + 3 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
      await secretary.getByLabel('会议时间').fill(`${day}T09:30`);
      await secretary.getByLabel('会议地点').fill('远景大厦8楼第一会议室');
      await secretary.getByLabel('郑国华的身份').selectOption({ label: '主任委员' });
      for (const name of ['冯涛', '褚云', '卫东'])
        await secretary.getByLabel(`${name}的身份`).selectOption({ label: '委员' });
      await secretary.getByRole('checkbox', { name: `选择议题 ${businessNo}` }).check();
      await screenshots(secretary, 'meeting-make', true);
      await secretary.getByRole('button', { name: '保存' }).click();
      await secretary.getByText('评审会已保存').first().waitFor();
      const meetingNo =
        ((await secretary.getByRole('heading', { name: /^编辑评审会 HY\d{12}$/ }).textContent()) ?? '').match(
          /HY\d{12}/,
        )?.[0] ?? '';
      await secretary.getByRole('button', { name: '发送通知' }).click();
      await secretary.getByText('会议通知已发送').first().waitFor();
      await secretary.waitForURL(/\/business\/meetingInfoManage$/);
      await settled(secretary);
      await secretary
        .getByRole('table', { name: '评审会列表' })
        .getByRole('row')
        .filter({ hasText: meetingNo })
        .getByText('已通知')
        .waitFor();
      await openMenuItem(secretary, AREA, '评审会执行');
      await secretary
        .getByRole('table', { name: '我参加的评审会' })
        .getByRole('row')
        .filter({ hasText: meetingNo })
        .getByRole('button', { name: '进入' })
        .click();
      await secretary.getByRole('button', { name: '开始表决' }).click();
      // Before the meeting's own time, it asks first.
      await secretary.getByRole('alertdialog').getByRole('button', { name: '开始表决' }).click();
      await secretary.getByText('开始表决成功').first().waitFor();

      // Three members vote, each in a session of their own; the secretary's page counts them as they arrive.
      const tally = secretary.getByLabel('议题1计票');
      for (const [k, member] of ['member1', 'member2', 'member3'].entries()) {
        const page = await session(member);
        await openMenuItem(page, AREA, '评审会执行');
        await page
          .getByRole('table', { name: '我参加的评审会' })
          .getByRole('row')
          .filter({ hasText: meetingNo })
          .getByRole('button', { name: '投票' })
          .click();
        const item = page.getByRole('region', { name: '议题1' });
        await item.getByLabel('表决意见').selectOption({ label: '同意' });
        await item.getByLabel('意见说明').fill('基础交易真实，还款来源清晰，同意');
        if (k === 0) await screenshots(page, 'meeting-vote', true);
        await item.getByRole('button', { name: '提交表决' }).click();
        await item.getByText('我的表决：同意').waitFor();
        await page.context().close();
        await expect.poll(async () => tally.textContent(), { timeout: 20_000 }).toContain(`已表决 ${k + 1} 票`);
      }
      expect(await tally.textContent()).toContain('同意（含有条件同意）3 票');
      await screenshots(secretary, 'meeting-tally', true);
      await secretary.getByRole('button', { name: '登记郑国华缺席' }).click();
      await secretary.getByText('已登记缺席').first().waitFor();
      await secretary.getByRole('button', { name: '结束表决' }).click();
      await secretary.getByText('结束表决成功').first().waitFor();

      // 纪要: only the conclusions the tally allows are offered; 通过 with the minutes, then 提交纪要.
      await openMenuItem(secretary, AREA, '会议信息管理');
      await settled(secretary);
      await secretary
        .getByRole('table', { name: '评审会列表' })
        .getByRole('row')
        .filter({ hasText: meetingNo })
        .getByRole('button', { name: '纪要' })
        .click();
      const minutesItem = secretary.getByRole('region', { name: '议题1' });
      const choices = await minutesItem.getByLabel('会议结论').locator('option').allTextContents();
      expect(choices.filter((c) => c !== '请选择')).not.toContain('否决');
      await minutesItem.getByLabel('会议结论').selectOption({ label: '通过' });
      await minutesItem
        .getByLabel('议题纪要')
        .fill('到会委员3人一致同意，基础交易真实、还款来源清晰，同意上报融资决议。');
      await minutesItem.getByRole('button', { name: '记录结论' }).click();
      await minutesItem.getByText('会议结论：通过').waitFor();
      await minutesItem.getByRole('table', { name: '议题1记名表决' }).getByText('冯涛').waitFor();
      await secretary.getByRole('button', { name: '提交纪要' }).click();
      await secretary.getByText('纪要已提交主任委员审核').first().waitFor();
      await screenshots(secretary, 'minutes', true);
      await secretary.context().close();

      // 评审会审核: the chair approves the minutes, which drafts the decision.
      const chair = await session('chair');
      await openMenuItem(chair, AREA, '评审会审核');
      await chair.getByText(meetingNo).click();
      await chair.getByRole('region', { name: '议题1' }).getByText('会议结论：通过').waitFor();
      await screenshots(chair, 'minutes-review');
      await chair.getByRole('button', { name: '通过', exact: true }).click();
      await chair.getByText('纪要已审核通过').first().waitFor();
      await chair.context().close();
      await expect
        .poll(async () => (await api('risk1', `/api/business/business/${businessId}`)).state)
        .toBe('DECISION/DRAFT');

      // 融资决议: risk1 submits the prefilled decision, each limit beside its field.
      const maker = await session('risk1');
      await openMenuItem(maker, AREA, '融资决议管理');
      await maker.getByRole('row').filter({ hasText: businessNo }).waitFor();
      await screenshots(maker, 'decision-list');
      await maker.getByRole('row').filter({ hasText: businessNo }).getByRole('button', { name: '编辑' }).click();
      await maker.getByRole('heading', { name: '决议制作' }).waitFor();
      await maker
        .getByText(/^限额：不超过申请金额/)
        .first()
        .waitFor();
      await expect.poll(async () => maker.getByLabel(/^年利率/).inputValue()).not.toBe('');
      const rate = await maker.getByLabel(/^年利率/).inputValue();
      const guarantee = maker.getByLabel(/^担保措施/);
      if (!(await guarantee.inputValue())) await guarantee.fill('实际控制人提供连带责任保证');
      await screenshots(maker, 'decision-make', true);
      await maker.getByRole('button', { name: '提交', exact: true }).click();
      await maker.getByText('提交成功').first().waitFor();
      await maker.context().close();

      // 决议审核: riskhead (level 1), then the approver (level 2).
      for (const who of ['riskhead', 'approver']) {
        const page = await session(who);
        await openMenuItem(page, AREA, '决议审核');
        await page.getByRole('row').filter({ hasText: businessNo }).getByRole('button', { name: '审核' }).click();
        await page.getByRole('region', { name: '融资决议' }).waitFor();
        if (who === 'approver') await screenshots(page, 'decision-review');
        await page.getByRole('button', { name: '通过', exact: true }).click();
        await page.waitForURL(/\/business\/resolutionReview$/);
        await page.context().close();
      }

      // The business carries the approved terms and stands at its next stage.
      const done = await api('risk1', `/api/business/business/${businessId}`);
      expect(done.state).toBe('ELEMENTS/DRAFT');
      const view = await session('risk1');
      await openMenuItem(view, AREA, '融资业务管理');
      await view.getByRole('row').filter({ hasText: businessNo }).getByText('要素落实').first().waitFor();
      await view.goto(`${gateway.url}/business/newDetails?id=${businessId}`);
      // The 评审会 tab: the meeting, its conclusion and the named votes of member1–3.
      await view.getByRole('tab', { name: '评审会' }).click();
      const heard = view.getByRole('region', { name: `评审会 ${meetingNo}` });
      await heard.getByLabel(`评审会 ${meetingNo} 概要`).getByText('通过', { exact: true }).waitFor();
      const named = heard.getByRole('table', { name: '议题1记名表决' });
      for (const name of ['冯涛', '褚云', '卫东']) await named.getByRole('row').filter({ hasText: name }).waitFor();
      await screenshots(view, 'business-meeting', true);
      await view.getByRole('tab', { name: '决议' }).click();
      const decision = view.getByRole('region', { name: '融资决议' });
      await decision.getByText('同意', { exact: true }).waitFor();
      // The make page types the rate as a percentage ('4.5'); the decision reads it with two places.
      expect(await decision.textContent()).toContain(`${Number(rate).toFixed(2)}%`);
      await decision.getByRole('table', { name: '要素' }).waitFor();
      await screenshots(view, 'business-decision', true);
      await view.getByRole('tab', { name: /^时间线/ }).click();
      const timeline = view.getByRole('list', { name: '时间线' });
      await timeline.waitFor();
      await screenshots(view, 'business-timeline');
      await view.context().close();
    },
  );
});

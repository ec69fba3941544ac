// 评审会 in Chromium, as the README's people: the secretary makes a meeting of one business awaiting a meeting
// (保存, 发送通知, which the business's 时间线 then lists) and opens the vote; member1, member2 and member3 each vote
// 同意 (through the API: the vote on 评审会执行 is the report-to-decision journey's) and the secretary's page counts
// them live; the secretary marks the chair 缺席, closes the vote, records 通过 with the minutes and
// prints them, sends them with the meeting's 纪要 and, once the chair returned them, corrects them and sends them
// again. Before the gateway starts, one more business of 华东建材 is walked to 待上会 by the seeded people in the
// gateway's data directory, as the demo seed walks its own (gateway/src/testing/awaiting-meeting.ts). Screens at
// 1440 and 390 px go to .tmp for a look.
import type { Kysely } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { businessesAwaitingMeeting } from '../../gateway/src/testing/awaiting-meeting';
import { launchBrowser, screenshots } from './support/browser';
import { apiLogin, type RunningGateway, startGateway } from './support/gateway-process';
import { nothingBusyShown } from './support/settled';
import { journey } from './support/suite';
import { tokenSessionAs } from './support/token-sign-in';

let gateway: RunningGateway;
let browser: Browser;
let businessNo = '';
let businessId = '';

async function awaitingOne(db: Kysely<Database>) {
  const [id] = await businessesAwaitingMeeting(db, DEMO_TENANT_ID, 1);
  businessId = id!;
  businessNo = (
    await db
      .selectFrom('financing_business')
      .select('business_no')
      .where('business_id', '=', id!)
      .executeTakeFirstOrThrow()
  ).business_no;
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: awaitingOne }), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** A session of its own for `userName` (signed in by token: the sign-in is sign-in.spec's), opened at `path`. */
const session = (userName: string, path: string) => tokenSessionAs(browser, gateway.url, userName, {}, path);

const settled = (page: Page) => nothingBusyShown(page);

describe('评审会', () => {
  it(
    'the secretary makes a meeting, three members vote, the secretary sees the tally live and concludes',
    journey(19),
    async () => {
      const secretary = await session('secretary', '/business/meetingInfoManage');
      await secretary.getByRole('heading', { name: '会议信息管理' }).waitFor();
      await secretary.getByRole('button', { name: '新增' }).click();
      await secretary.getByRole('heading', { name: '新建评审会' }).waitFor();
      await secretary.getByLabel('会议主题').fill('2026年第12次评审会');
      const at = new Date(Date.now() + 3 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
      await secretary.getByLabel('会议时间').fill(`${at}T09:30`);
      await secretary.getByLabel('会议地点').fill('远景大厦8楼会议室');
      await secretary.getByLabel('郑国华的身份').selectOption({ label: '主任委员' });
      for (const name of ['冯涛', '褚云', '卫东'])
        await secretary.getByLabel(`${name}的身份`).selectOption({ label: '委员' });
      await secretary.getByRole('checkbox', { name: `选择议题 ${businessNo}` }).check();
      await screenshots(secretary, 'meeting-make');
      await secretary.getByRole('button', { name: '保存' }).click();
      await secretary.getByText('评审会已保存').first().waitFor();
      await secretary.getByRole('heading', { name: /^编辑评审会 HY\d{12}$/ }).waitFor();
      await secretary.getByRole('button', { name: '发送通知' }).click();
      await secretary.getByText('会议通知已发送').first().waitFor();
      await secretary.waitForURL(/\/business\/meetingInfoManage$/);
      await settled(secretary);
      await screenshots(secretary, 'meeting-list');
      const row = secretary
        .getByRole('table', { name: '评审会列表' })
        .getByRole('row')
        .filter({ hasText: '2026年第12次评审会' });
      expect(await row.first().textContent()).toContain('已通知');
      // The business's 流转记录 names the step by its button, 发送通知, and by who pressed it.
      await secretary.goto(`${gateway.url}/business/newDetails?id=${businessId}`);
      await secretary.getByRole('tab', { name: /^时间线/ }).click();
      const notice = secretary
        .getByRole('list', { name: '时间线' })
        .getByRole('listitem')
        .filter({ has: secretary.getByText('发送通知', { exact: true }) });
      expect(await notice.textContent()).toContain('钱芳（会议秘书）');
      await notice.scrollIntoViewIfNeeded();
      await screenshots(secretary, 'meeting-business-timeline', { wideOnly: true });

      await secretary.goto(`${gateway.url}/business/approvalReviewMeetingImplementList`);
      await secretary
        .getByRole('table', { name: '我参加的评审会' })
        .getByRole('button', { name: '进入' })
        .first()
        .click();
      await secretary.getByRole('button', { name: '开始表决' }).click();
      // Before the meeting's own time, it asks first.
      await secretary.getByRole('alertdialog').getByRole('button', { name: '开始表决' }).click();
      await secretary.getByText('开始表决成功').first().waitFor();

      // member1–3 vote 同意, each for themselves, through the gateway's API: voting on 评审会执行 in a member's own
      // session is the report-to-decision journey's step, which walks this same meeting room.
      const roomId = new URL(secretary.url()).searchParams.get('id');
      expect(roomId, 'the meeting room names its meeting').toBeTruthy();
      for (const member of ['member1', 'member2', 'member3']) {
        const { token, tenantId } = await apiLogin(gateway.url, member, 'Staff@2026');
        const res = await fetch(`${gateway.url}/api/business/meeting/${roomId}/vote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, tenantid: tenantId },
          body: JSON.stringify({ seq: 1, opinion: 'AGREE', comment: '还款来源清晰，同意' }),
        });
        const vote = (await res.json()) as { code: number; message: string };
        expect(vote.code, vote.message).toBe(0);
      }

      // The live tally reaches the secretary's page without a reload.
      const tally = secretary.getByLabel('议题1计票');
      await secretary.waitForFunction(
        () => document.querySelector('[aria-label="议题1计票"]')?.textContent?.includes('已表决 3 票'),
        undefined,
        { timeout: 20_000 },
      );
      expect(await tally.textContent()).toContain('同意（含有条件同意）3 票');
      await secretary.getByRole('button', { name: '登记郑国华缺席' }).click();
      await secretary.getByText('已登记缺席').first().waitFor();
      await secretary.getByRole('button', { name: '结束表决' }).click();
      await secretary.getByText('结束表决成功').first().waitFor();

      await secretary.goto(`${gateway.url}/business/meetingInfoManage`);
      await settled(secretary);
      await secretary.getByRole('button', { name: '纪要' }).first().click();
      const item = secretary.getByRole('region', { name: '议题1' });
      await item.getByLabel('会议结论').selectOption({ label: '通过' });
      await item.getByLabel('议题纪要').fill('与会委员一致认为还款来源清晰，同意通过。');
      await item.getByRole('button', { name: '记录结论' }).click();
      await item.getByText('会议结论：通过').waitFor();
      await screenshots(secretary, 'meeting-minutes');
      const download = secretary.waitForEvent('download');
      await secretary.getByRole('button', { name: '打印纪要' }).click();
      expect((await download).suggestedFilename()).toMatch(/^评审会纪要-HY\d{12}\.pdf$/);

      // The minutes go to the chair with the meeting's 纪要; the chair returns them (by the API, as the chair's
      // page has a spec of its own) and the secretary corrects the item's minutes and sends them again.
      await secretary.getByRole('textbox', { name: '会议纪要' }).fill('会议审议议题一项，通过一项。');
      await secretary.getByRole('button', { name: '提交纪要' }).click();
      await secretary.getByText('纪要已提交主任委员审核').first().waitFor();
      const meetingId = new URL(secretary.url()).searchParams.get('id') as string;
      const chair = await apiLogin(gateway.url, 'chair', 'Staff@2026');
      const chairCall = async (method: string, path: string, body?: object) => {
        const res = await fetch(`${gateway.url}/api/business/meeting/${meetingId}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${chair.token}`,
            tenantid: chair.tenantId,
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await res.json()) as { code: number; message: string; data: { version: number } };
      };
      const { version } = (await chairCall('GET', '')).data;
      const back = await chairCall('POST', '/examine', { action: 'return', version, comment: '请写明还款来源' });
      expect(back.code, back.message).toBe(0);
      await secretary.reload();
      await secretary.getByRole('note', { name: '主任委员退回意见' }).waitFor();
      await item.getByRole('button', { name: '更正议题1' }).click();
      await item.getByLabel('议题纪要').fill('还款来源为项目公司应付账款，与会委员一致同意通过。');
      await item.getByRole('button', { name: '保存更正' }).click();
      await item.getByText('议题纪要：还款来源为项目公司应付账款，与会委员一致同意通过。').waitFor();
      await screenshots(secretary, 'meeting-minutes-corrected');
      expect(await secretary.getByRole('textbox', { name: '会议纪要' }).inputValue()).toBe(
        '会议审议议题一项，通过一项。',
      );
      await secretary.getByRole('button', { name: '提交纪要' }).click();
      await secretary.getByText('纪要已提交主任委员审核').first().waitFor();
    },
  );
});

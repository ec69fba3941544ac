import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../../src/domain/financing/roles';
import { REVIEW_TYPES } from '../../../../src/domain/financing/stages';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { XH_TENANT_ID, XhOrg } from '../../db/seed/admin-seed';
import { sql } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  issueToken,
  type TestGateway,
} from '../../testing/test-gateway';
import { ensureRole, ensureUser, pendingPreCredit, REVIEWER_GRANTS } from '../../testing/review-fixtures';

const AUDIT = '/api/business/auditType';
const QUEUE = '/api/business/examine/page';
const TODO = '/api/business/workbench/todo';
const BIZ = '/api/business/business';

describe.each(databasesUnderTest())('审核类型配置, 业务审核 and 我的待办 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const who: Record<string, { id: string; h: Record<string, string> }> = {};

  const person = async (userName: string, roleId: string, tenantId = DEMO_TENANT_ID, orgId?: string) => {
    const id = await ensureUser(gw.db, userName, userName, roleId, tenantId, orgId);
    const token = `t-${userName}-${Math.random().toString(36).slice(2)}`;
    await issueToken(gw.db, { userName, token });
    who[userName] = { id, h: { authorization: `Bearer ${token}` } };
  };

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    const reviewer = await ensureRole(gw.db, ROLE.BIZ_REVIEWER, '业务复核');
    const risk = await ensureRole(gw.db, ROLE.RISK, '风控经理');
    const maker = await ensureRole(gw.db, ROLE.OPERATOR, '业务经办', DEMO_TENANT_ID, [
      ...REVIEWER_GRANTS,
      ['/business/applyForRufs', ['submit']],
    ]);
    const admin = await ensureRole(gw.db, 'D_CONFIG', '配置管理', DEMO_TENANT_ID, [
      ['/business/auditTypeList', ['edit']],
    ]);
    await person('d_rev_a', reviewer);
    await person('d_rev_b', reviewer);
    await person('d_risk', risk);
    await person('d_maker', maker);
    await person('d_admin', admin);
    const xhReviewer = await ensureRole(gw.db, ROLE.BIZ_REVIEWER, '业务复核', XH_TENANT_ID);
    await person('d_xh_rev', xhReviewer, XH_TENANT_ID, XhOrg.group);
  });
  afterAll(async () => {
    await gw?.close();
  });

  const queue = async (name: string, query = '') => (await call('GET', `${QUEUE}${query}`, who[name]!.h)).data;
  const idsIn = async (name: string) =>
    ((await queue(name, '?size=100')).records as Array<{ businessId: string }>).map((r) => r.businessId);

  describe('审核类型配置', () => {
    it('lists every review type with its levels, the defaults first', async () => {
      const res = await call('GET', `${AUDIT}/list`, who.d_admin!.h);
      expect(res.code).toBe(0);
      expect(res.data.map((t: { code: string }) => t.code)).toEqual(REVIEW_TYPES);
      const pre = res.data[0];
      expect(pre).toMatchObject({ name: '预授信审核', enabled: true });
      expect(pre.levels.map((l: { roles: string[] }) => l.roles)).toEqual([[ROLE.BIZ_REVIEWER], [ROLE.RISK]]);
      const candidates = await call('GET', `${AUDIT}/candidates`, who.d_admin!.h);
      expect(candidates.data.roles.map((r: { code: string }) => r.code)).toContain(ROLE.BIZ_REVIEWER);
      expect(candidates.data.users.map((u: { userName: string }) => u.userName)).toContain('d_rev_a');
      expect(candidates.data.users.map((u: { userName: string }) => u.userName)).not.toContain('supplier');
    });

    it('saves a valid change under its version, and answers 160300409 to a stale one', async () => {
      const list = (await call('GET', `${AUDIT}/list`, who.d_admin!.h)).data;
      const report = list.find((t: { code: string }) => t.code === 'REPORT');
      const levels = [
        { roles: [ROLE.RISK], userIds: [], approveMethod: 'RATIO', ratioPercent: 60, rejectHandler: 'RETURN_TO_MAKER' },
        {
          roles: [],
          userIds: [who.d_risk!.id],
          approveMethod: 'ANY',
          rejectHandler: 'RETURN_TO_LEVEL',
          returnToLevel: 1,
          timeoutHours: 24,
          ratioPercent: 40,
        },
      ];
      const saved = await call('PUT', `${AUDIT}/REPORT`, who.d_admin!.h, {
        enabled: false,
        levels,
        version: report.version,
      });
      expect(saved.code).toBe(0);
      expect(saved.data).toMatchObject({ code: 'REPORT', enabled: false, version: report.version + 1 });
      // What the method or handler does not use is not kept.
      expect(saved.data.levels[1]).toMatchObject({ ratioPercent: null, returnToLevel: 1, timeoutHours: 24 });
      expect(saved.data.updatedByName).toBe('d_admin');
      const stale = await call('PUT', `${AUDIT}/REPORT`, who.d_admin!.h, {
        enabled: true,
        levels,
        version: report.version,
      });
      expect(stale).toMatchObject({
        status: 409,
        code: ResultCode.staleVersion,
        message: '审核类型配置已被他人修改，请刷新后重试',
      });
    });

    it("refuses what checkAuditType refuses, in its words, and roles or people the tenant doesn't have", async () => {
      const version = (await call('GET', `${AUDIT}/list`, who.d_admin!.h)).data.find(
        (t: { code: string }) => t.code === 'PUSH',
      ).version;
      const level = { roles: [ROLE.BIZ_REVIEWER], userIds: [], approveMethod: 'ANY', rejectHandler: 'RETURN_TO_MAKER' };
      const cases: Array<[unknown[], string]> = [
        [[], '审核类型未配置审核级次'],
        [Array.from({ length: 6 }, () => level), '审核级次最多5级'],
        [[{ ...level, roles: [] }], '第1级未配置审核角色或人员'],
        [[{ ...level, approveMethod: 'RATIO' }], '第1级的通过比例应为1–100'],
        [[{ ...level, approveMethod: 'RATIO', ratioPercent: 101 }], '第1级的通过比例应为1–100'],
        [[level, { ...level, rejectHandler: 'RETURN_TO_LEVEL', returnToLevel: 2 }], '第2级的退回级次应小于本级'],
        [[{ ...level, roles: ['NO_SUCH_ROLE'] }], '第1级的角色不存在或已停用：NO_SUCH_ROLE'],
        [[{ ...level, userIds: [who.d_xh_rev!.id] }], '第1级的指定人员不存在或已停用'],
      ];
      for (const [levels, message] of cases) {
        const res = await call('PUT', `${AUDIT}/PUSH`, who.d_admin!.h, { enabled: true, levels, version });
        expect(res, message).toMatchObject({ status: 400, code: ResultCode.invalidInput, message });
      }
      const still = (await call('GET', `${AUDIT}/list`, who.d_admin!.h)).data.find(
        (t: { code: string }) => t.code === 'PUSH',
      );
      expect(still.version).toBe(version);
    });

    it('refuses malformed bodies, an unknown type, and anyone without 编辑', async () => {
      const level = { roles: [ROLE.BIZ_REVIEWER], userIds: [], approveMethod: 'ANY', rejectHandler: 'RETURN_TO_MAKER' };
      for (const body of [
        { enabled: true, levels: [level] },
        { enabled: 'yes', levels: [level], version: 1 },
        { enabled: true, levels: 'all', version: 1 },
        { enabled: true, levels: [{ ...level, approveMethod: 'MOST' }], version: 1 },
        { enabled: true, levels: [{ ...level, roles: 'RISK' }], version: 1 },
        { enabled: true, levels: [{ ...level, ratioPercent: '50' }], version: 1 },
        { enabled: true, levels: [level], version: 0 },
      ]) {
        const res = await call('PUT', `${AUDIT}/PUSH`, who.d_admin!.h, body);
        expect(res.code, JSON.stringify(body)).toBe(ResultCode.invalidInput);
      }
      expect(
        (await call('PUT', `${AUDIT}/NOPE`, who.d_admin!.h, { enabled: true, levels: [level], version: 1 })).code,
      ).toBe(ResultCode.invalidInput);
      const reviewer = await call('PUT', `${AUDIT}/PUSH`, who.d_rev_a!.h, {
        enabled: true,
        levels: [level],
        version: 1,
      });
      expect(reviewer.code).toBe(ResultCode.forbidden);
      expect((await call('GET', `${AUDIT}/list`, who.d_rev_a!.h)).code).toBe(ResultCode.forbidden);
    });

    it("keeps each tenant's configuration apart", async () => {
      const xhAdmin = await ensureRole(gw.db, 'D_CONFIG', '配置管理', XH_TENANT_ID, [
        ['/business/auditTypeList', ['edit']],
      ]);
      await person('d_xh_admin', xhAdmin, XH_TENANT_ID, XhOrg.group);
      const xh = (await call('GET', `${AUDIT}/list`, who.d_xh_admin!.h)).data;
      expect(xh.find((t: { code: string }) => t.code === 'REPORT')).toMatchObject({ enabled: true, version: 1 });
    });
  });

  describe('业务审核 queue', () => {
    it('lists only my items at my level; the maker never sees its own, level 2 does not see level 1', async () => {
      const mine = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [[who.d_rev_a!.id, who.d_maker!.id], [who.d_risk!.id]],
      });
      const others = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [[who.d_rev_b!.id], [who.d_risk!.id]],
      });
      expect(await idsIn('d_rev_a')).toContain(mine.businessId);
      expect(await idsIn('d_rev_a')).not.toContain(others.businessId);
      expect(await idsIn('d_rev_b')).toContain(others.businessId);
      expect(await idsIn('d_rev_b')).not.toContain(mine.businessId);
      // Four-eyes: the maker is listed on level 1 but may not review its own item.
      expect(await idsIn('d_maker')).not.toContain(mine.businessId);
      expect(await idsIn('d_risk')).not.toContain(mine.businessId);
      const row = (await queue('d_rev_a', `?businessNo=${mine.businessNo}`)).records[0];
      expect(row).toMatchObject({
        businessNo: mine.businessNo,
        type: 'PRE_CREDIT',
        typeLabel: '预授信审核',
        level: 1,
        levels: 2,
        makerName: 'd_maker',
        amount: 500_000_00,
        state: 'PRE_CREDIT/PENDING',
        version: 2,
      });
      expect(row.waitingMinutes).toBeGreaterThanOrEqual(0);
      expect(row.overdue).toBe(false);
      expect((await queue('d_rev_a', '?type=APPLICATION')).total).toBe(0);
    });

    it("does not show another tenant's items, and answers 404 for their ids", async () => {
      const item = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [[who.d_rev_a!.id, who.d_xh_rev!.id]],
      });
      expect(await idsIn('d_xh_rev')).not.toContain(item.businessId);
      const detail = await call('GET', `/api/business/examine/${item.businessId}`, who.d_xh_rev!.h);
      expect(detail.status).toBe(404);
      const act = await call('POST', `${BIZ}/${item.businessId}/transition`, who.d_xh_rev!.h, {
        action: 'approve',
        version: item.version,
      });
      expect(act.status).toBe(404);
    });

    it('依次审批 waits for the turn; 会签 leaves the queue of who approved, level 2 sees it after level 1', async () => {
      const seq = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [{ reviewerIds: [who.d_rev_b!.id, who.d_rev_a!.id], approveMethod: 'SEQUENTIAL' }, [who.d_risk!.id]],
      });
      expect(await idsIn('d_rev_a')).not.toContain(seq.businessId);
      expect(await idsIn('d_rev_b')).toContain(seq.businessId);

      const all = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [{ reviewerIds: [who.d_rev_a!.id, who.d_rev_b!.id], approveMethod: 'ALL' }, [who.d_risk!.id]],
      });
      const first = await call('POST', `${BIZ}/${all.businessId}/transition`, who.d_rev_a!.h, {
        action: 'approve',
        version: all.version,
        comment: '同意',
      });
      expect(first.code).toBe(0);
      expect(await idsIn('d_rev_a')).not.toContain(all.businessId);
      expect(await idsIn('d_rev_b')).toContain(all.businessId);
      expect(await idsIn('d_risk')).not.toContain(all.businessId);
      const second = await call('POST', `${BIZ}/${all.businessId}/transition`, who.d_rev_b!.h, {
        action: 'approve',
        version: all.version + 1,
      });
      expect(second.code).toBe(0);
      expect(await idsIn('d_rev_b')).not.toContain(all.businessId);
      expect(await idsIn('d_risk')).toContain(all.businessId);
    });

    it('shows the review page with progress, timeline and the offered actions; 退回 needs 5 characters', async () => {
      const item = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [[who.d_rev_a!.id], { reviewerIds: [who.d_risk!.id], rejectHandler: 'TERMINATE' }],
      });
      const page = await call('GET', `/api/business/examine/${item.businessId}?type=PRE_CREDIT`, who.d_rev_a!.h);
      expect(page.code).toBe(0);
      expect(page.data).toMatchObject({
        businessNo: item.businessNo,
        typeLabel: '预授信审核',
        state: 'PRE_CREDIT/PENDING',
        stateLabel: '预授信·待审核',
        makerName: 'd_maker',
        version: 2,
        review: {
          level: 1,
          levels: [
            { level: 1, approveMethodLabel: '或签', rejectHandlerLabel: '退回经办', reviewerNames: ['d_rev_a'] },
            { level: 2, rejectHandlerLabel: '终止流程', reviewerNames: ['d_risk'] },
          ],
        },
      });
      expect(page.data.actions.sort()).toEqual(['approve', 'return']);
      expect(page.data.events.map((e: { action: string }) => e.action)).toEqual(['create']);
      // Another review type's page offers nothing here.
      const other = await call('GET', `/api/business/examine/${item.businessId}?type=APPLICATION`, who.d_rev_a!.h);
      expect(other.data.actions).toEqual([]);
      // Someone not on the level sees the page but may do nothing.
      expect((await call('GET', `/api/business/examine/${item.businessId}`, who.d_rev_b!.h)).data.actions).toEqual([]);

      const short = await call('POST', `${BIZ}/${item.businessId}/transition`, who.d_rev_a!.h, {
        action: 'return',
        version: 2,
        comment: '太少',
      });
      expect(short).toMatchObject({ status: 400, code: ResultCode.invalidInput, message: '退回意见至少5个字' });
      const approved = await call('POST', `${BIZ}/${item.businessId}/transition`, who.d_rev_a!.h, {
        action: 'approve',
        version: 2,
        comment: '材料齐全，同意',
      });
      expect(approved.code).toBe(0);
      const atTwo = await call('GET', `/api/business/examine/${item.businessId}?type=PRE_CREDIT`, who.d_risk!.h);
      expect(atTwo.data.actions.sort()).toEqual(['approve', 'refuse', 'return']);
      expect(atTwo.data.review.levels[0].approvedNames).toEqual(['d_rev_a']);
      expect(atTwo.data.events.at(-1)).toMatchObject({
        action: 'approve',
        actionLabel: '通过',
        comment: '材料齐全，同意',
        level: 1,
      });
    });

    it('退回指定级次 puts the item back in the queue of that level, with its opinions cleared', async () => {
      const item = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [
          [who.d_rev_a!.id],
          { reviewerIds: [who.d_risk!.id], rejectHandler: 'RETURN_TO_LEVEL', returnToLevel: 1 },
        ],
      });
      const approved = await call('POST', `${BIZ}/${item.businessId}/transition`, who.d_rev_a!.h, {
        action: 'approve',
        version: item.version,
      });
      expect(approved.code).toBe(0);
      expect(await idsIn('d_rev_a')).not.toContain(item.businessId);
      const back = await call('POST', `${BIZ}/${item.businessId}/transition`, who.d_risk!.h, {
        action: 'return',
        version: item.version + 1,
        comment: '额度测算需复核',
      });
      expect(back.code, back.message).toBe(0);
      expect(back.data.state).toBe('PRE_CREDIT/PENDING');
      expect(await idsIn('d_risk')).not.toContain(item.businessId);
      const again = (await queue('d_rev_a', `?businessNo=${item.businessNo}`)).records[0];
      expect(again).toMatchObject({ businessId: item.businessId, level: 1, levels: 2 });
    });

    it('marks an item waiting past the 超时提醒 of its level (a reminder: it stays where it is)', async () => {
      const late = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [{ reviewerIds: [who.d_rev_b!.id], timeoutHours: 2 }],
        arrivedAt: new Date(Date.now() - 3 * 3_600_000),
      });
      const fresh = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [{ reviewerIds: [who.d_rev_b!.id], timeoutHours: 24 }],
        arrivedAt: new Date(Date.now() - 3 * 3_600_000),
      });
      const rows = (await queue('d_rev_b', '?size=100')).records as Array<{
        businessId: string;
        overdue: boolean;
        waitingMinutes: number;
      }>;
      expect(rows.find((r) => r.businessId === late.businessId)).toMatchObject({ overdue: true });
      expect(rows.find((r) => r.businessId === fresh.businessId)?.overdue).toBe(false);
      expect(rows.find((r) => r.businessId === late.businessId)!.waitingMinutes).toBeGreaterThanOrEqual(180);
      const todo = (await call('GET', `${TODO}?tab=REVIEW&size=100`, who.d_rev_b!.h)).data.records;
      expect(todo.find((r: { businessId: string }) => r.businessId === late.businessId)).toMatchObject({
        overdue: true,
      });
    });

    it('refuses malformed queries and callers without 业务审核', async () => {
      for (const q of ['?type=FOO', '?size=101', '?current=0', `?businessNo=${'9'.repeat(41)}`]) {
        expect((await call('GET', `${QUEUE}${q}`, who.d_rev_a!.h)).code, q).toBe(ResultCode.invalidInput);
      }
      expect((await call('GET', QUEUE, who.d_admin!.h)).code).toBe(ResultCode.forbidden);
      expect((await call('GET', QUEUE, {})).code).toBe(ResultCode.sessionExpired);
    });
  });

  describe('我的待办 and 我的已办', () => {
    it('a returned item leaves the reviewer’s to-do, joins its done list and the maker’s 待制作', async () => {
      const item = await pendingPreCredit(gw.db, {
        makerId: who.d_maker!.id,
        levels: [[who.d_rev_a!.id], [who.d_risk!.id]],
      });
      const before = (await call('GET', `${TODO}?tab=REVIEW&size=100`, who.d_rev_a!.h)).data;
      const row = before.records.find((r: { businessId: string }) => r.businessId === item.businessId);
      expect(row).toMatchObject({
        itemType: 'REVIEW',
        itemTypeLabel: '预授信审核',
        stateLabel: '预授信·待审核',
        level: 1,
        levels: 2,
        link: `/business/examine?type=PRE_CREDIT&id=${item.businessId}`,
      });
      const count = (await call('GET', `${TODO}/count`, who.d_rev_a!.h)).data.count;
      expect(count).toBe(before.total);

      const returned = await call('POST', `${BIZ}/${item.businessId}/transition`, who.d_rev_a!.h, {
        action: 'return',
        version: item.version,
        comment: '请补充付款单',
      });
      expect(returned.code).toBe(0);
      const after = (await call('GET', `${TODO}?tab=REVIEW&size=100`, who.d_rev_a!.h)).data;
      expect(after.records.map((r: { businessId: string }) => r.businessId)).not.toContain(item.businessId);
      expect((await call('GET', `${TODO}/count`, who.d_rev_a!.h)).data.count).toBe(count - 1);

      const done = (await call('GET', '/api/business/workbench/done', who.d_rev_a!.h)).data;
      expect(done.records[0]).toMatchObject({
        businessId: item.businessId,
        businessNo: item.businessNo,
        action: 'return',
        actionLabel: '退回',
        comment: '请补充付款单',
        stateLabel: '预授信·已退回',
        level: 1,
      });

      const make = (await call('GET', `${TODO}?tab=MAKE&size=100`, who.d_maker!.h)).data;
      const mine = make.records.find((r: { businessId: string }) => r.businessId === item.businessId);
      if (mine) {
        // Offered only where the supplier's consent and locks allow 提交 (the table decides).
        expect(mine).toMatchObject({ itemType: 'MAKE', link: `/business/applyForRufs?id=${item.businessId}` });
      }
      expect((await call('GET', `${TODO}?tab=DUE`, who.d_rev_a!.h)).data).toMatchObject({ total: 0, records: [] });
    });

    it('stops the count at 100 (the menu shows 99+), while the list pages them all', async () => {
      await person('d_busy', await ensureRole(gw.db, ROLE.BIZ_REVIEWER, '业务复核'));
      const review = JSON.stringify({
        level: 1,
        opinions: [],
        snapshot: {
          type: 'PRE_CREDIT',
          makerId: who.d_maker!.id,
          levels: [
            {
              roles: [],
              userIds: [],
              approveMethod: 'ANY',
              rejectHandler: 'RETURN_TO_MAKER',
              reviewerIds: [who.d_busy!.id],
            },
          ],
        },
      });
      await sql`insert into financing_business (business_id, tenant_id, business_no, supplier_id, state, stage, owner_id,
          apply_amount, review, review_arrived_at, created_at, updated_at, version)
        select (1990000000000000000 + g)::text, ${DEMO_TENANT_ID}, 'RZT' || g, ${DemoOrg.hengguSteel}, 'PRE_CREDIT/PENDING',
          'PRE_CREDIT', ${who.d_maker!.id}, 100, ${review}::jsonb, now(), now(), now(), 2
        from generate_series(1, 150) g`.execute(gw.db);
      expect((await call('GET', `${TODO}/count`, who.d_busy!.h)).data.count).toBe(100);
      const page = (await call('GET', `${TODO}?tab=REVIEW&current=2&size=100`, who.d_busy!.h)).data;
      expect(page).toMatchObject({ total: 150, current: 2 });
      expect(page.records).toHaveLength(50);
    });

    it('refuses a bad tab and callers without the workbench', async () => {
      expect((await call('GET', `${TODO}?tab=LATER`, who.d_rev_a!.h)).code).toBe(ResultCode.invalidInput);
      expect((await call('GET', `${TODO}/count`, who.d_admin!.h)).code).toBe(ResultCode.forbidden);
    });
  });
});

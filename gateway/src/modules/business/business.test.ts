import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE, LifecycleMessage, REVIEW_STAGES } from '../../../../src/domain/financing/lifecycle';
import { ROLE } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { grantedMenus } from '../menu/repository';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { FILE_BINDING_MESSAGE } from '../../../../src/domain/upload/file-binding';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import {
  type GatewayAnswer,
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  type TestGateway,
} from '../../testing/test-gateway';
import { insertFiles } from '../file/repository';
import { newId } from '../../ids';
import { type Actor, createBusiness, systemActor } from './aggregate';
import { consent } from '../../testing/demand-fixtures';
import { forgetCheckpoint, registerCheckpoint } from './facts';
import { LIFECYCLE_ACCOUNTS, STAFF_PASSWORD, SeededBusiness, seed } from './seed';
import { DEFAULT_AUDIT_LEVELS } from '../../../../src/domain/financing/stages';

const API = '/api/business/business';

// 融资申请's submission rule belongs to a module not built yet; the review walk-through stands in for it.
let applicationProblems: string[] = [];

const idOf = (userName: string) => LIFECYCLE_ACCOUNTS.find((a) => a.userName === userName)?.userId as string;

describe.each(databasesUnderTest())('融资业务 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const as: Record<string, Record<string, string>> = {};
  let operatorId: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    const op = await signIn(gw.app, 'operator', 'Operator@2026');
    as.operator = op.headers;
    operatorId = op.userId;
    as.supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
    as.admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    as.xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    for (const name of ['reviewer1', 'reviewer2', 'risk1', 'risk2']) {
      as[name] = (await signIn(gw.app, name, STAFF_PASSWORD)).headers;
    }
  });
  afterAll(async () => {
    await gw?.close();
  });

  const newBusiness = async (supplierId: string = DemoOrg.hengguSteel) => {
    const actor: Actor = { ...systemActor(), userId: operatorId, userName: '业务经办', roleName: '业务经办' };
    return gw.db.transaction().execute((trx) =>
      createBusiness(trx, {
        tenantId: DEMO_TENANT_ID,
        supplierId,
        projectCompanyId: DemoOrg.suzhouProject,
        ownerId: operatorId,
        applyAmount: 1_000_000_00n,
        actor,
        now: new Date(),
      }),
    );
  };
  const move = (who: string, id: string, body: unknown) => call('POST', `${API}/${id}/transition`, as[who]!, body);
  const detail = async (id: string, who = 'operator') => (await call('GET', `${API}/${id}`, as[who]!)).data;
  const events = async (id: string, who = 'operator') => (await call('GET', `${API}/${id}/events`, as[who]!)).data;
  const refused = (res: GatewayAnswer, status: number, code: number, message?: string) => {
    expect(res.status, res.message).toBe(status);
    expect(res.code).toBe(code);
    if (message !== undefined) expect(res.message).toBe(message);
  };

  describe('creation and the list', () => {
    it('creates a business at 预授信·草稿 with a daily RZ number and a first event', async () => {
      const a = await newBusiness();
      const b = await newBusiness();
      expect(a.state).toBe('PRE_CREDIT/DRAFT');
      expect(a.businessNo).toMatch(/^RZ\d{8}\d{4}$/);
      expect(Number(b.businessNo.slice(-4))).toBe(Number(a.businessNo.slice(-4)) + 1);
      const timeline = await events(a.keyId);
      expect(timeline).toHaveLength(1);
      expect(timeline[0]).toMatchObject({ action: 'create', toState: 'PRE_CREDIT/DRAFT', actorName: '业务经办' });
    });

    it('pages the seeded businesses by tab with names, review levels and the actions each may take', async () => {
      const active = await call('GET', `${API}/page?tab=ACTIVE&size=100`, as.operator!);
      expect(active.code).toBe(0);
      const ids = active.data.records.map((r: { keyId: string }) => r.keyId);
      expect(ids).toEqual(expect.arrayContaining([SeededBusiness.preCreditLevel1, SeededBusiness.applicationDraft]));
      expect(ids).not.toContain(SeededBusiness.terminated);
      const level1 = active.data.records.find((r: { keyId: string }) => r.keyId === SeededBusiness.preCreditLevel1);
      expect(level1).toMatchObject({
        supplierName: '江苏恒固钢结构工程有限公司',
        projectCompanyName: '苏州远景置业有限公司',
        capitalSideName: '中国工商银行股份有限公司上海市分行',
        applyAmount: 300_000_000,
        stage: 'PRE_CREDIT',
        state: 'PRE_CREDIT/PENDING',
        stateLabel: '预授信·待审核',
        reviewLevel: 1,
        reviewLevels: 2,
        ownerName: '业务经办',
      });
      expect(level1.actions).toEqual(expect.arrayContaining(['withdraw', 'terminate']));
      expect(level1.actions).not.toContain('approve');

      const terminated = await call('GET', `${API}/page?tab=TERMINATED&size=100`, as.operator!);
      expect(terminated.data.records.map((r: { keyId: string }) => r.keyId)).toContain(SeededBusiness.terminated);
      for (const r of terminated.data.records) expect(r.stage).toBe('TERMINATED');

      const reviewer = await call('GET', `${API}/page?tab=ACTIVE&size=100`, as.reviewer1!);
      const seen = reviewer.data.records.find((r: { keyId: string }) => r.keyId === SeededBusiness.preCreditLevel1);
      expect(seen.actions).toEqual(['approve', 'return']);
      const risk = await call('GET', `${API}/page?tab=ACTIVE&size=100`, as.risk1!);
      const paused = risk.data.records.find((r: { keyId: string }) => r.keyId === SeededBusiness.suspended);
      expect(paused).toMatchObject({ suspended: true, actions: ['resume'] });
    });

    it('filters by number, stage, state, amount and date, and refuses bad filters and another menu', async () => {
      const all = (await call('GET', `${API}/page?size=100`, as.operator!)).data.records;
      const one = all.find((r: { keyId: string }) => r.keyId === SeededBusiness.preCreditLevel2);
      const byNo = await call('GET', `${API}/page?businessNo=${one.businessNo.slice(2, 12)}`, as.operator!);
      expect(byNo.data.records.map((r: { keyId: string }) => r.keyId)).toContain(one.keyId);
      const byStage = await call('GET', `${API}/page?stage=APPLICATION&size=100`, as.operator!);
      expect(byStage.data.records.map((r: { stage: string }) => r.stage)).toEqual(
        byStage.data.records.map(() => 'APPLICATION'),
      );
      const byState = await call('GET', `${API}/page?state=PRE_CREDIT/RETURNED&size=100`, as.operator!);
      expect(byState.data.records.map((r: { keyId: string }) => r.keyId)).toContain(SeededBusiness.preCreditReturned);
      const byAmount = await call('GET', `${API}/page?amountFrom=400000000&amountTo=500000000&size=100`, as.operator!);
      for (const r of byAmount.data.records) expect(r.applyAmount).toBeGreaterThanOrEqual(400_000_000);
      expect(byAmount.data.records.map((r: { keyId: string }) => r.keyId)).toContain(SeededBusiness.preCreditReturned);
      const future = await call('GET', `${API}/page?updatedFrom=2099-01-01`, as.operator!);
      expect(future.data.total).toBe(0);
      for (const q of [
        'tab=DONE',
        'amountFrom=-1',
        'updatedFrom=2026/01/01',
        'updatedTo=2026-02-30',
        'size=101',
        'stage=NOPE',
      ]) {
        refused(await call('GET', `${API}/page?${q}`, as.operator!), 400, ResultCode.invalidInput);
      }
      refused(await call('GET', `${API}/page?menuId=/risk/riskDetection`, as.operator!), 400, ResultCode.invalidInput);
      expect((await call('GET', `${API}/page?menuId=/business/financingBusinessManage`, as.operator!)).code).toBe(0);
    });

    it('exports the filter as a workbook, only for a holder of the export code', async () => {
      const res = await gw.app.inject({ method: 'GET', url: `${API}/export?tab=ACTIVE`, headers: as.operator });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      // Amounts are number cells in 元 that sum to the list's 分; times are Shanghai wall-clock, as on screen.
      const page = await call('GET', `${API}/page?tab=ACTIVE&size=100`, as.operator!);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = sheet.getRow(1).values as unknown[];
      const amounts = sheet.getColumn(header.indexOf('申请金额（元）'));
      let fen = 0n;
      amounts.eachCell((cell, row) => {
        if (row === 1) return;
        expect(typeof cell.value).toBe('number');
        expect(cell.numFmt).toBe('#,##0.00');
        fen += BigInt(Math.round((cell.value as number) * 100));
      });
      const listed = page.data.records.reduce(
        (sum: bigint, r: { applyAmount: number }) => sum + BigInt(r.applyAmount),
        0n,
      );
      expect(fen).toBe(listed);
      const first = page.data.records[0] as { businessNo: string; updatedAt: string };
      const row = sheet.getColumn(1).values.indexOf(first.businessNo);
      const shown = String(sheet.getRow(row).getCell(header.indexOf('更新时间')).value);
      expect(shown).toBe(
        new Date(Date.parse(first.updatedAt) + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19),
      );
      refused(await call('GET', `${API}/export`, as.supplier!), 403, ResultCode.forbidden);
    });

    it('keeps a supplier user to its own businesses and another tenant out', async () => {
      // The list shows a supplier user its own supplier's businesses, and offers it nothing to do there.
      const own = await call('GET', `${API}/page?size=100`, as.supplier!);
      expect(own.data.records.length).toBeGreaterThan(0);
      for (const r of own.data.records) {
        expect(r.supplierId).toBe(DemoOrg.huadongBuildingMaterials);
        for (const a of ['terminate', 'suspend', 'resume']) expect(r.actions).not.toContain(a);
      }
      expect((await detail(SeededBusiness.supplierDraft, 'supplier')).keyId).toBe(SeededBusiness.supplierDraft);
      refused(await call('GET', `${API}/${SeededBusiness.preCreditLevel1}`, as.supplier!), 404, ResultCode.notFound);
      refused(
        await call('GET', `${API}/${SeededBusiness.preCreditLevel1}/events`, as.supplier!),
        404,
        ResultCode.notFound,
      );
      for (const url of [
        `${API}/${SeededBusiness.preCreditLevel1}`,
        `${API}/${SeededBusiness.preCreditLevel1}/events`,
      ]) {
        refused(await call('GET', url, as.xh!), 404, ResultCode.notFound);
      }
      refused(
        await call('POST', `${API}/${SeededBusiness.terminated}/transition`, as.xh!, { action: 'suspend', version: 1 }),
        404,
        ResultCode.notFound,
      );
      const theirs = (await call('GET', `${API}/page?size=100`, as.xh!)).data.records.map(
        (r: { keyId: string }) => r.keyId,
      );
      for (const id of Object.values(SeededBusiness)) expect(theirs).not.toContain(id);
    });

    it("keeps a user saved with 数据授权 to its organisation's subtree of project companies", async () => {
      const scoped = (on: boolean) =>
        gw.db.updateTable('app_user').set({ is_auth_data: on }).where('user_id', '=', operatorId).execute();
      await scoped(true);
      try {
        // 业务经办 belongs to 远景地产(上海), whose subtree holds 苏州远景置业 but not 南京远景城市发展.
        const page = await call('GET', `${API}/page?size=100`, as.operator!);
        expect(page.data.total).toBeGreaterThan(0);
        for (const r of page.data.records) expect(r.projectCompanyId).toBe(DemoOrg.suzhouProject);
        refused(await call('GET', `${API}/${SeededBusiness.preCreditLevel2}`, as.operator!), 404, ResultCode.notFound);
        refused(
          await move('operator', SeededBusiness.preCreditLevel2, {
            action: 'terminate',
            version: 3,
            comment: '越权终止',
          }),
          404,
          ResultCode.notFound,
        );
        expect((await detail(SeededBusiness.applicationDraft)).keyId).toBe(SeededBusiness.applicationDraft);
      } finally {
        await scoped(false);
      }
    });

    it('shows the review snapshot with its reviewers, and the timeline oldest first', async () => {
      const d = await detail(SeededBusiness.preCreditLevel2);
      expect(d.review).toMatchObject({ type: 'PRE_CREDIT', typeLabel: '预授信审核', level: 2 });
      expect(d.review.levels).toEqual([
        { level: 1, approveMethod: 'ANY', reviewerNames: ['周敏', '吴磊'] },
        { level: 2, approveMethod: 'ANY', reviewerNames: ['陈静', '孙浩'] },
      ]);
      expect(d.review.opinions).toEqual([
        { level: 1, actorId: idOf('reviewer1'), actorName: '周敏', result: 'APPROVE' },
      ]);
      const timeline = await events(SeededBusiness.preCreditLevel2);
      expect(timeline.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'approve']);
      expect(timeline[2]).toMatchObject({
        actorName: '周敏',
        actorRole: '业务复核',
        level: 1,
        fromLabel: '预授信·待审核',
        toLabel: '预授信·待审核',
        comment: '付款单真实，额度合理',
      });
    });
  });

  describe('the seeded people', () => {
    it('can walk every default review level: each level role has a demo user holding the review page’s codes', async () => {
      for (const stage of REVIEW_STAGES) {
        for (const role of DEFAULT_AUDIT_LEVELS[stage.type]) {
          const holders = await gw.db
            .selectFrom('user_role as ur')
            .innerJoin('role as r', 'r.role_id', 'ur.role_id')
            .select('ur.user_id')
            .where('r.tenant_id', '=', DEMO_TENANT_ID)
            .where('r.role_code', '=', role)
            .execute();
          expect(holders.length, `${stage.type} ${role}`).toBeGreaterThan(0);
          for (const h of holders) {
            const ops = (await grantedMenus(gw.db, h.user_id, DEMO_TENANT_ID)).get(menuIdForPath(stage.examine));
            expect([...(ops ?? [])], `${stage.type} ${role} ${h.user_id}`).toEqual(
              expect.arrayContaining(['examine', 'reject']),
            );
          }
        }
      }
    });

    it('gives every seeded role the pages its own transitions name, with their codes', async () => {
      for (const t of LIFECYCLE.transitions) {
        for (const role of t.who ?? []) {
          if (!t.menu || role === ROLE.SYSTEM) continue;
          const holder = await gw.db
            .selectFrom('user_role as ur')
            .innerJoin('role as r', 'r.role_id', 'ur.role_id')
            .select('ur.user_id')
            .where('r.tenant_id', '=', DEMO_TENANT_ID)
            .where('r.role_code', '=', role)
            .executeTakeFirst();
          if (!holder) continue;
          const ops = (await grantedMenus(gw.db, holder.user_id, DEMO_TENANT_ID)).get(menuIdForPath(t.menu));
          expect([...(ops ?? [])], `${t.action} ${role} ${t.menu}`).toContain(t.op);
        }
      }
    });
  });

  describe('the seeded businesses', () => {
    it('are walked again by the seed when missing, the same timeline by the same people, and left when present', async () => {
      const id = SeededBusiness.terminated;
      const read = async () => ({
        business: await gw.db
          .selectFrom('financing_business')
          .select(['business_no', 'state', 'version', 'terminate_reason', 'created_at'])
          .where('business_id', '=', id)
          .executeTakeFirstOrThrow(),
        events: await gw.db
          .selectFrom('business_event')
          .select(['action', 'actor_id', 'actor_role', 'comment', 'at', 'version'])
          .where('business_id', '=', id)
          .orderBy('version')
          .execute(),
        basis: (
          await gw.db.selectFrom('pre_credit').select('basis_order_ids').where('business_id', '=', id).execute()
        ).map((r) => r.basis_order_ids),
      });
      const seeded = await read();
      expect(seeded.events.map((e) => [e.action, e.actor_id, e.comment])).toEqual([
        ['create', operatorId, ''],
        ['terminate', operatorId, '供应商已通过其他渠道融资，放弃本次申请'],
      ]);
      expect(seeded.basis).toHaveLength(1);

      await gw.db.deleteFrom('business_event').where('business_id', '=', id).execute();
      await gw.db.deleteFrom('financing_business').where('business_id', '=', id).execute();
      const now = new Date(seeded.business.created_at.getTime() + 12 * 24 * 3600_000);
      await seed(gw.db, now);
      const walked = await read();
      expect(walked.business).toEqual(seeded.business);
      expect(walked.events).toEqual(seeded.events);
      // The orders it rests on are the ones seeded the first time, not a second copy.
      expect(walked.basis).toEqual(seeded.basis);

      await seed(gw.db, new Date());
      expect(await read()).toEqual(walked);
    });
  });

  describe('transitions', () => {
    it('terminates with a reason and refuses a stale version with 160300409', async () => {
      const b = await newBusiness();
      refused(
        await move('operator', b.keyId, { action: 'terminate', version: 1 }),
        400,
        ResultCode.invalidInput,
        '请输入终止原因',
      );
      const done = await move('operator', b.keyId, { action: 'terminate', version: 1, comment: '供应商放弃融资' });
      expect(done.code).toBe(0);
      expect(done.data).toMatchObject({ state: 'TERMINATED/CANCELLED', version: 2, terminateReason: '供应商放弃融资' });
      expect(done.data.actions).toEqual([]);
      refused(
        await move('operator', b.keyId, { action: 'terminate', version: 1, comment: '再次终止' }),
        409,
        ResultCode.staleVersion,
      );
      const timeline = await events(b.keyId);
      expect(timeline[1]).toMatchObject({
        fromState: 'PRE_CREDIT/DRAFT',
        toState: 'TERMINATED/CANCELLED',
        actionLabel: '终止',
        actorRole: '业务经办',
        comment: '供应商放弃融资',
        level: null,
      });
    });

    it('ends the review under way when a waiting business is terminated', async () => {
      const id = SeededBusiness.preCreditLevel1;
      const before = await detail(id);
      expect(before.review).not.toBeNull();
      const done = await move('operator', id, {
        action: 'terminate',
        version: before.version,
        comment: '项目暂停建设',
      });
      expect(done.data).toMatchObject({
        state: 'TERMINATED/CANCELLED',
        review: null,
        reviewLevel: null,
        reviewArrivedAt: null,
      });
      const reviewer = await call('GET', `${API}/page?tab=TERMINATED&size=100`, as.reviewer1!);
      const row = reviewer.data.records.find((r: { keyId: string }) => r.keyId === id);
      expect(row).toMatchObject({ actions: [], reviewLevel: null });
    });

    it('refuses with 160300003 who holds neither the code nor the role', async () => {
      const b = await newBusiness();
      // A reviewer holds no 终止 code; the operator holds 暂停's code but not a role that may pause.
      refused(
        await move('reviewer1', b.keyId, { action: 'terminate', version: 1, comment: '试图终止' }),
        403,
        ResultCode.forbidden,
      );
      refused(
        await move('operator', b.keyId, { action: 'suspend', version: 1, comment: '试图暂停' }),
        403,
        ResultCode.forbidden,
      );
      refused(
        await move('supplier', SeededBusiness.supplierDraft, { action: 'approve', version: 1 }),
        403,
        ResultCode.forbidden,
      );
      expect((await detail(b.keyId)).version).toBe(1);
    });

    it('refuses with 160300400 and the rule in words: wrong state, unknown action, guard', async () => {
      const b = await newBusiness();
      refused(
        await move('reviewer1', b.keyId, { action: 'approve', version: 1 }),
        400,
        ResultCode.invalidInput,
        '当前状态的业务不能通过',
      );
      refused(
        await move('operator', b.keyId, { action: 'fly', version: 1 }),
        400,
        ResultCode.invalidInput,
        '不支持的操作',
      );
      refused(
        await move('risk1', b.keyId, { action: 'resume', version: 1 }),
        400,
        ResultCode.invalidInput,
        LifecycleMessage.notSuspended,
      );
      // 提交 of a stage whose rules nobody registered is never let through unchecked.
      const rule = forgetCheckpoint(gw.app.extensions, 'SUBMIT_PRE_CREDIT');
      try {
        refused(
          await move('operator', b.keyId, { action: 'submit', version: 1 }),
          400,
          ResultCode.invalidInput,
          LifecycleMessage.notChecked,
        );
      } finally {
        if (rule) registerCheckpoint(gw.app.extensions, 'SUBMIT_PRE_CREDIT', rule);
      }
    });

    it('pauses and resumes with a reason; a paused business moves no further', async () => {
      const b = await newBusiness();
      refused(
        await move('risk1', b.keyId, { action: 'suspend', version: 1 }),
        400,
        ResultCode.invalidInput,
        '请输入暂停原因',
      );
      const paused = await move('risk1', b.keyId, { action: 'suspend', version: 1, comment: '资产变更待核实' });
      expect(paused.data).toMatchObject({ suspended: true, suspendReason: '资产变更待核实', version: 2 });
      expect(paused.data.actions).toEqual(['resume']);
      refused(
        await move('operator', b.keyId, { action: 'submit', version: 2 }),
        400,
        ResultCode.invalidInput,
        LifecycleMessage.suspended,
      );
      const resumed = await move('risk1', b.keyId, { action: 'resume', version: 2, comment: '核实无误' });
      expect(resumed.data).toMatchObject({ suspended: false, suspendReason: null, version: 3 });
      const timeline = await events(b.keyId);
      expect(timeline.map((e: { actionLabel: string }) => e.actionLabel)).toEqual(['新建业务', '暂停', '恢复']);
      expect(timeline[1]).toMatchObject({ actorName: '陈静', actorRole: '风控经理' });
    });

    it('lets exactly one of two concurrent transitions of one business win', async () => {
      const b = await newBusiness();
      const results = await Promise.all([
        move('operator', b.keyId, { action: 'terminate', version: 1, comment: '并发终止一' }),
        move('risk1', b.keyId, { action: 'suspend', version: 1, comment: '并发暂停二' }),
      ]);
      const codes = results.map((r) => r.code).sort();
      expect(codes).toEqual([0, ResultCode.staleVersion]);
      const timeline = await events(b.keyId);
      expect(timeline).toHaveLength(2);
      expect((await detail(b.keyId)).version).toBe(2);
    });

    it("attaches to a move only the actor's own unbound uploads", async () => {
      const supplierId = (await signIn(gw.app, 'supplier', 'Supplier@2026')).userId;
      const upload = async (createdBy: string) => {
        const keyId = newId(new Date());
        await insertFiles(gw.db, [
          {
            ...{ keyId, tenantId: DEMO_TENANT_ID, fileName: '附件.pdf', extension: 'pdf' },
            ...{ contentType: 'application/pdf', size: 10, sha256: '0'.repeat(64), subSys: 'business' },
            ...{ module: 'business', createdBy },
          },
        ]);
        return keyId;
      };
      const other = await newBusiness();
      const elsewhere = await upload(operatorId);
      const taken = await move('operator', other.keyId, {
        ...{ action: 'terminate', version: 1, comment: '另一笔', fileIds: [elsewhere] },
      });
      expect(taken.code, taken.message).toBe(0);
      const b = await newBusiness();
      for (const fileIds of [[await upload(supplierId)], ['1999999999999999999'], ['../../etc/passwd'], [elsewhere]]) {
        const res = await move('operator', b.keyId, { action: 'terminate', version: 1, comment: '终止', fileIds });
        refused(res, 400, ResultCode.invalidInput, FILE_BINDING_MESSAGE);
      }
      expect((await detail(b.keyId)).version).toBe(1);
      const mine = await upload(operatorId);
      const done = await move('operator', b.keyId, {
        action: 'terminate',
        version: 1,
        comment: '终止',
        fileIds: [mine],
      });
      expect(done.code, done.message).toBe(0);
      expect((await events(b.keyId)).at(-1)).toMatchObject({ action: 'terminate', fileIds: [mine] });
    });

    it('refuses malformed bodies with 160300400', async () => {
      const id = SeededBusiness.preCreditLevel1;
      for (const body of [
        {},
        { action: 'terminate' },
        { action: 'terminate', version: '1' },
        { action: 'terminate', version: 0 },
        { action: '', version: 1 },
        { action: 'terminate', version: 1, comment: 'x'.repeat(2001) },
        { action: 'terminate', version: 1, values: { result: { nested: true } } },
        { action: 'terminate', version: 1, fileIds: 'abc' },
        [],
      ]) {
        refused(await move('operator', id, body), 400, ResultCode.invalidInput);
      }
      const raw = await gw.app.inject({
        method: 'POST',
        url: `${API}/${id}/transition`,
        headers: { ...as.operator, 'content-type': 'application/json' },
        payload: '{"action":',
      });
      expect(raw.statusCode).toBe(400);
      refused(
        await move('operator', 'no-such-business', { action: 'terminate', version: 1, comment: '无' }),
        404,
        ResultCode.notFound,
      );
      refused(
        await call('POST', `${API}/${id}/transition`, {}, { action: 'terminate', version: 1 }),
        401,
        ResultCode.sessionExpired,
      );
    });
  });

  describe('a review walked through', () => {
    let ownRule: ReturnType<typeof forgetCheckpoint>;
    afterAll(() => {
      forgetCheckpoint(gw.app.extensions, 'SUBMIT_APPLICATION');
      if (ownRule) registerCheckpoint(gw.app.extensions, 'SUBMIT_APPLICATION', ownRule);
    });
    beforeAll(async () => {
      // After the gateway loaded its modules, so that this stand-in wins over any rule they registered.
      ownRule = forgetCheckpoint(gw.app.extensions, 'SUBMIT_APPLICATION');
      registerCheckpoint(gw.app.extensions, 'SUBMIT_APPLICATION', async () => applicationProblems);
      // 融资申请's review: 周敏 at level 1; 周敏 and 陈静 at level 2 (so four-eyes across levels can be shown).
      await gw.db
        .updateTable('audit_type')
        .set({
          levels: JSON.stringify([
            {
              roles: [],
              userIds: [idOf('reviewer1'), '1300000000000000001'],
              approveMethod: 'ANY',
              rejectHandler: 'RETURN_TO_MAKER',
            },
            {
              roles: [],
              userIds: [idOf('reviewer1'), idOf('risk1')],
              approveMethod: 'ANY',
              rejectHandler: 'TERMINATE',
            },
          ]),
        })
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('code', '=', 'APPLICATION')
        .execute();
      // The seeded locks of the risk area would stand in the way of the submission.
      await (gw.db as unknown as import('kysely').Kysely<Record<string, { supplier_id: string; status: string }>>)
        .updateTable('supplier_lock')
        .set({ status: 'UNLOCKED' })
        .where('supplier_id', '=', DemoOrg.lvyuanLandscape)
        .execute();
      // Nor has 绿源 consented for 招商银行, its business's capital side: it does so now (recorded by 风控).
      await consent(gw, DemoOrg.lvyuanLandscape, idOf('risk1'), DemoOrg.cmbHangzhou);
    });

    it('refuses the submission with the rule’s words, and while the supplier is locked', async () => {
      const id = SeededBusiness.applicationDraft;
      const { version } = await detail(id);
      applicationProblems = ['准入资料“营业执照”未上传'];
      refused(
        await move('admin', id, { action: 'submit', version }),
        400,
        ResultCode.invalidInput,
        '准入资料“营业执照”未上传',
      );
      applicationProblems = [];
      await (gw.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('supplier_lock')
        .values({
          lock_id: 'TEST-LOCK-1',
          tenant_id: DEMO_TENANT_ID,
          supplier_id: DemoOrg.lvyuanLandscape,
          scope: 'NEW_APPLICATION',
          reason: '测试锁定',
          status: 'LOCKED',
          version: 1,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      refused(
        await move('admin', id, { action: 'submit', version }),
        400,
        ResultCode.invalidInput,
        LifecycleMessage.locked,
      );
      await (gw.db as unknown as import('kysely').Kysely<Record<string, { lock_id: string }>>)
        .deleteFrom('supplier_lock')
        .where('lock_id', '=', 'TEST-LOCK-1')
        .execute();
    });

    it('snapshots the levels on submit, and holds four-eyes for the maker and across levels', async () => {
      const id = SeededBusiness.applicationDraft;
      const { version } = await detail(id);
      const submitted = await move('admin', id, { action: 'submit', version, comment: '准入资料齐全' });
      expect(submitted.code, submitted.message).toBe(0);
      expect(submitted.data).toMatchObject({ state: 'APPLICATION/PENDING', reviewLevel: 1, reviewLevels: 2 });
      // The maker was left out of the level it is configured in.
      expect(submitted.data.review.levels[0].reviewerNames).toEqual(['周敏']);
      expect(submitted.data.reviewArrivedAt).not.toBeNull();
      refused(
        await move('admin', id, { action: 'approve', version: version + 1 }),
        400,
        ResultCode.invalidInput,
        ReviewMessage.maker,
      );
      const first = await move('reviewer1', id, { action: 'approve', version: version + 1, comment: '初审通过' });
      expect(first.data).toMatchObject({ state: 'APPLICATION/PENDING', reviewLevel: 2 });
      refused(
        await move('reviewer1', id, { action: 'approve', version: version + 2 }),
        400,
        ResultCode.invalidInput,
        ReviewMessage.otherLevel,
      );
      refused(
        await move('risk2', id, { action: 'approve', version: version + 2 }),
        400,
        ResultCode.invalidInput,
        ReviewMessage.notReviewer,
      );
      const last = await move('risk1', id, { action: 'approve', version: version + 2, comment: '复核通过' });
      expect(last.data).toMatchObject({ state: 'REPORT/DRAFT', review: null, reviewArrivedAt: null });
      const timeline = (await events(id)).slice(-3);
      expect(timeline.map((e: { action: string; level: number | null }) => [e.action, e.level])).toEqual([
        ['submit', null],
        ['approve', 1],
        ['approve', 2],
      ]);
      expect(timeline[1]).toMatchObject({ actorRole: '业务复核', comment: '初审通过' });
    });
  });
});

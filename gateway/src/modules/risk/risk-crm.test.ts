// What the risk and CRM resources promise beyond the kit's generic tests: account numbers masked in pages and
// exports and whole on the detail only with a write code; lock and unlock with a reason and the history;
// the live locks the guards load; own-only deletion of minutes and their numbers; 企业信息 as the
// organisation row with one profile (no second copy, another tenant's organisation refused); menuId scoping;
// another tenant's organisations in reference fields; malformed bodies. On PGlite and PostgreSQL.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import { isContractLocked, isSupplierLocked } from '../../../../src/domain/risk/locks';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { XhOrg } from '../../db/seed/admin-seed';
import { MORE_CAPITAL_SIDES } from '../../db/seed/params-funds.seed';
import {
  createTestGateway,
  databasesUnderTest,
  issueToken,
  signIn,
  type TestGateway,
  callerOf,
} from '../../testing/test-gateway';
import { liveContractLocks, liveSupplierLocks } from './repository';
import { insertUsers } from '../../testing/test-users';

type Headers = Record<string, string>;

const ACCOUNTS = '/api/risk/superviseAccount';
const SUPPLIER_LOCKS = '/api/risk/supplierLock';
const CONTRACT_LOCKS = '/api/risk/contractLock';
const MINUTES = '/api/crm/interviewMinutes';
const ENTERPRISE = '/api/crm/enterprise';
const ACCOUNT_MENU = normalizeMenuPath('/risk/accountManage');

describe.each(databasesUnderTest())('risk and CRM on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let reader: Headers;
  let operator: Headers;
  let xh: Headers;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    // A reader of 监管账户 and 访谈纪要 without any code, and a second author of minutes (delete only).
    const roles = [
      {
        id: '1200000000000000981',
        code: 'RISK_READER',
        menus: ['/risk/accountManage'],
        ops: [] as string[],
        user: '1300000000000000981',
        name: 'risk.reader',
      },
      {
        id: '1200000000000000982',
        code: 'MINUTES_AUTHOR',
        menus: ['/CRM/interviewMinutesManagement'],
        ops: ['add', 'delete'],
        user: '1300000000000000982',
        name: 'minutes.author',
      },
    ];
    for (const r of roles) {
      await gw.db
        .insertInto('role')
        .values({ role_id: r.id, tenant_id: DEMO_TENANT_ID, role_code: r.code, role_name: r.code })
        .execute();
      await gw.db
        .insertInto('role_menu')
        .values(r.menus.map((m) => ({ role_id: r.id, menu_id: normalizeMenuPath(m) })))
        .execute();
      if (r.ops.length) {
        await gw.db
          .insertInto('role_menu_operation')
          .values(
            r.menus.flatMap((m) =>
              r.ops.map((op) => ({ role_id: r.id, menu_id: normalizeMenuPath(m), operation_code: op })),
            ),
          )
          .execute();
      }
      await insertUsers(gw.db, { user_id: r.user, user_name: r.name });
      await gw.db.insertInto('user_role').values({ user_id: r.user, role_id: r.id }).execute();
      await issueToken(gw.db, { userName: r.name, token: `${r.name}-token` });
    }
    reader = { authorization: 'Bearer risk.reader-token' };
    operator = { authorization: 'Bearer minutes.author-token' };
  });
  afterAll(async () => {
    await gw?.close();
  });

  const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(gw.app)(...args);
  const sheetRows = async (url: string, headers: Headers) => {
    const res = await gw.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  };

  describe('监管账户', () => {
    const accountNo = '6222028888777766665';
    let id = '';

    it('masks the account number in the page and the export, and shows it whole on the detail only with a write code', async () => {
      const made = await call('POST', ACCOUNTS, admin, {
        accountName: '掩码测试监管户',
        accountNo: '6222 0288 8877 7766 665',
        bank: '中国银行上海分行',
        supplierId: DemoOrg.hengguSteel,
        capitalSideId: DemoOrg.cmbHangzhou,
        balance: 12_345_67,
      });
      expect(made.code, made.message).toBe(0);
      id = made.data.keyId;
      expect(made.data).toMatchObject({
        accountNo,
        supplierIdName: '江苏恒固钢结构工程有限公司',
        capitalSideIdName: '招商银行股份有限公司杭州分行',
      });
      const page = await call('GET', `${ACCOUNTS}/page?size=100&accountName=${encodeURIComponent('掩码测试')}`, admin);
      expect(page.data.records).toHaveLength(1);
      expect(page.data.records[0].accountNo).toBe('**** 6665');
      const rows = await sheetRows(`${ACCOUNTS}/export?accountName=${encodeURIComponent('掩码测试')}`, admin);
      expect(rows[0]).toContain('账号');
      expect(rows[1]).toContain('**** 6665');
      expect(rows.flat().join('|')).not.toContain(accountNo);
      expect(rows[1]).toContain('12345.67'); // a number cell, shown with separators by its format
      expect((await call('GET', `${ACCOUNTS}/${id}`, admin)).data.accountNo).toBe(accountNo);
      expect((await call('GET', `${ACCOUNTS}/${id}`, reader)).data.accountNo).toBe('**** 6665');
    });

    it('refuses an account number that is not 8 to 30 digits, and a live duplicate', async () => {
      const base = {
        accountName: '格式测试',
        bank: '中国银行',
        supplierId: DemoOrg.hengguSteel,
        capitalSideId: DemoOrg.cmbHangzhou,
        balance: 0,
      };
      for (const bad of ['1234567', '6222-0212-3456', '6222021234567890123456789012X']) {
        expect(await call('POST', ACCOUNTS, admin, { ...base, accountNo: bad })).toMatchObject({
          code: ResultCode.invalidInput,
          message: '请输入正确的账号（8至30位数字）',
        });
      }
      expect(await call('POST', ACCOUNTS, admin, { ...base, accountNo: '1'.repeat(31) })).toMatchObject({
        code: ResultCode.invalidInput,
        message: '账号不能超过30个字符',
      });
      expect((await call('POST', ACCOUNTS, admin, { ...base, accountNo })).message).toBe('该账号已登记为监管账户');
    });

    it("refuses another tenant's supplier or capital side, and a supplier given as the capital side", async () => {
      const base = { accountName: '越权测试', accountNo: '6222020000111122223', bank: '中国银行', balance: 0 };
      expect(
        await call('POST', ACCOUNTS, admin, {
          ...base,
          supplierId: XhOrg.supplier,
          capitalSideId: DemoOrg.cmbHangzhou,
        }),
      ).toMatchObject({ code: ResultCode.invalidInput, message: '供应商不正确' });
      expect(
        await call('POST', ACCOUNTS, admin, {
          ...base,
          supplierId: DemoOrg.hengguSteel,
          capitalSideId: DemoOrg.hengguSteel,
        }),
      ).toMatchObject({ code: ResultCode.invalidInput, message: '资金方不正确' });
      const choices = await call('GET', `${ACCOUNTS}/options/supplierId`, admin);
      expect(choices.data.map((c: { keyId: string }) => c.keyId)).toContain(DemoOrg.hengguSteel);
      expect(choices.data.map((c: { keyId: string }) => c.keyId)).not.toContain(XhOrg.supplier);
      expect(
        (await call('GET', `${ACCOUNTS}/options/capitalSideId`, admin)).data.map((c: { name: string }) => c.name),
      ).toEqual([
        '中国工商银行股份有限公司上海市分行',
        '招商银行股份有限公司杭州分行',
        ...MORE_CAPITAL_SIDES.map((s) => s.name),
      ]);
    });

    it('offers only enabled suppliers, yet still saves an account that names one since disabled', async () => {
      const form = {
        accountName: '停用供应商监管户',
        accountNo: '6222020000111199998',
        bank: '中国银行',
        supplierId: DemoOrg.hengguSteel,
        capitalSideId: DemoOrg.cmbHangzhou,
        balance: 0,
      };
      const made = await call('POST', ACCOUNTS, admin, form);
      expect(made.code, made.message).toBe(0);
      const heldBy = (status: 'ENABLED' | 'DISABLED') =>
        gw.db
          .updateTable('organization')
          .set({ status })
          .where('tenant_id', '=', DEMO_TENANT_ID)
          .where('org_id', '=', DemoOrg.hengguSteel)
          .execute();
      await heldBy('DISABLED');
      try {
        const choices = await call('GET', `${ACCOUNTS}/options/supplierId`, admin);
        expect(choices.data.length).toBeGreaterThan(0);
        expect(choices.data.map((c: { keyId: string }) => c.keyId)).not.toContain(DemoOrg.hengguSteel);
        const edited = await call('PUT', `${ACCOUNTS}/${made.data.keyId}`, admin, {
          ...form,
          balance: 100,
          version: made.data.version,
        });
        expect(edited.code, edited.message).toBe(0);
        expect(edited.data).toMatchObject({ balance: 100, supplierIdName: '江苏恒固钢结构工程有限公司' });
      } finally {
        await heldBy('ENABLED');
      }
    });

    it('freezes and unfreezes with a reason, behind lock and unlock, and keeps the history', async () => {
      const url = `${ACCOUNTS}/${id}/transition`;
      expect((await call('POST', url, admin, { action: 'freeze', version: 1 })).message).toBe('请输入冻结原因');
      expect((await call('POST', url, reader, { action: 'freeze', version: 1, comment: '只读' })).code).toBe(
        ResultCode.forbidden,
      );
      const frozen = await call('POST', url, admin, { action: 'freeze', version: 1, comment: '回款异常' });
      expect(frozen.data).toMatchObject({ status: 'FROZEN', statusReason: '回款异常', version: 2 });
      const open = await call('POST', url, admin, { action: 'unfreeze', version: 2, comment: '核实无误' });
      expect(open.data).toMatchObject({ status: 'NORMAL', statusReason: '核实无误' });
      const history = await call('GET', `${ACCOUNTS}/${id}/history`, reader);
      expect(history.data.map((h: { label: string; comment: string | null }) => [h.label, h.comment])).toEqual([
        ['解冻', '核实无误'],
        ['冻结', '回款异常'],
        ['新增监管账户', null],
      ]);
    });

    it('takes menuId on its reads (SPEC §7.2) and refuses any other menu', async () => {
      const own = await call('GET', `${ACCOUNTS}/page?menuId=${encodeURIComponent(ACCOUNT_MENU)}`, admin);
      expect(own.code).toBe(0);
      expect(own.data.total).toBeGreaterThan(20);
      for (const url of [
        `${ACCOUNTS}/page?menuId=%2Frisk%2Friskdetection`,
        `${ACCOUNTS}/export?menuId=%2Fdashboard`,
        `${ACCOUNTS}/${id}?menuId=%2Fx`,
      ]) {
        expect(await call('GET', url, admin), url).toMatchObject({
          status: 400,
          code: ResultCode.invalidInput,
          message: '菜单参数不正确',
        });
      }
      expect((await call('GET', '/api/risk/riskAlert/page?menuId=%2Frisk%2Friskdetection', admin)).code).toBe(0);
      expect((await call('GET', '/api/risk/riskAlert/page?menuId=%2Frisk%2Faccountmanage', admin)).code).toBe(
        ResultCode.invalidInput,
      );
    });

    it("reads nothing of another tenant's accounts", async () => {
      expect((await call('GET', `${ACCOUNTS}/${id}`, xh)).code).toBe(ResultCode.notFound);
      expect((await call('GET', `${ACCOUNTS}/${id}/history`, xh)).code).toBe(ResultCode.notFound);
      const theirs = await call('GET', `${ACCOUNTS}/page?size=100`, xh);
      expect(theirs.data.records.length).toBeGreaterThan(0);
      expect(
        theirs.data.records.every((r: { supplierIdName: string }) => r.supplierIdName === '四川蜀道建材有限公司'),
      ).toBe(true);
    });
  });

  describe('供应商锁定 and 合同锁定', () => {
    it('locks a supplier with a reason, unlocks it only with a reason, and the guards read it live until then', async () => {
      const now = new Date('2026-11-20T04:00:00Z');
      expect(
        await call('POST', SUPPLIER_LOCKS, admin, {
          supplierId: DemoOrg.shentongMechanical,
          scope: 'ALL',
          reason: ' ',
        }),
      ).toMatchObject({ code: ResultCode.invalidInput, message: '请输入锁定原因' });
      const lock = await call('POST', SUPPLIER_LOCKS, admin, {
        supplierId: DemoOrg.shentongMechanical,
        scope: 'ALL',
        reason: '涉诉待核实',
      });
      expect(lock.data).toMatchObject({
        status: 'LOCKED',
        supplierIdName: '上海申通机电安装有限公司',
        lockedByName: '平台管理员',
      });
      const live = await liveSupplierLocks(gw.db as never, DEMO_TENANT_ID, DemoOrg.shentongMechanical);
      expect(isSupplierLocked(live, DemoOrg.shentongMechanical, 'LENDING', now)).toBe(true);
      expect(await liveSupplierLocks(gw.db as never, 'another-tenant', DemoOrg.shentongMechanical)).toEqual([]);

      const url = `${SUPPLIER_LOCKS}/${lock.data.keyId}/transition`;
      expect((await call('POST', url, admin, { action: 'unlock', version: 1, comment: '' })).message).toBe(
        '请输入解锁原因',
      );
      const unlocked = await call('POST', url, admin, { action: 'unlock', version: 1, comment: '已和解' });
      expect(unlocked.data).toMatchObject({ status: 'UNLOCKED', unlockReason: '已和解', unlockedByName: '平台管理员' });
      expect((await call('POST', url, admin, { action: 'unlock', version: 2, comment: '再次' })).code).toBe(
        ResultCode.invalidInput,
      );
      const after = await liveSupplierLocks(gw.db as never, DEMO_TENANT_ID, DemoOrg.shentongMechanical);
      expect(isSupplierLocked(after, DemoOrg.shentongMechanical, 'LENDING', now)).toBe(
        after.some((l) => l.scope !== 'NEW_APPLICATION' && (!l.expiresAt || l.expiresAt >= '2026-11-20')),
      );
      const history = await call('GET', `${SUPPLIER_LOCKS}/${lock.data.keyId}/history`, admin);
      expect(
        history.data.map((h: { action: string; comment: string | null; userName: string }) => [
          h.action,
          h.comment,
          h.userName,
        ]),
      ).toEqual([
        ['unlock', '已和解', '平台管理员'],
        ['create', null, '平台管理员'],
      ]);
    });

    it('locks a contract by its number or its payment order, never by neither', async () => {
      expect(await call('POST', CONTRACT_LOCKS, admin, { reason: '争议' })).toMatchObject({
        code: ResultCode.invalidInput,
        message: '请输入合同编号或付款单号',
      });
      const lock = await call('POST', CONTRACT_LOCKS, admin, {
        contractNo: 'HT-TEST-777',
        reason: '争议',
        projectCompanyId: DemoOrg.suzhouProject,
      });
      expect(lock.data).toMatchObject({ status: 'LOCKED', projectCompanyIdName: '苏州远景置业有限公司' });
      const byOrder = await call('POST', CONTRACT_LOCKS, admin, { paymentOrderNo: 'FKD-TEST-1', reason: '金额待复核' });
      expect(byOrder.code).toBe(0);
      const now = new Date();
      expect(
        isContractLocked(
          await liveContractLocks(gw.db as never, DEMO_TENANT_ID, { contractNo: 'HT-TEST-777' }),
          { contractNo: 'HT-TEST-777' },
          now,
        ),
      ).toBe(true);
      expect(
        isContractLocked(
          await liveContractLocks(gw.db as never, DEMO_TENANT_ID, { paymentOrderId: 'FKD-TEST-1' }),
          { paymentOrderId: 'FKD-TEST-1' },
          now,
        ),
      ).toBe(true);
      expect(await liveContractLocks(gw.db as never, DEMO_TENANT_ID, { contractNo: 'HT-NONE' })).toEqual([]);
      expect(
        (await call('POST', CONTRACT_LOCKS, admin, { contractNo: 'HT-X', reason: '越权', supplierId: XhOrg.supplier }))
          .message,
      ).toBe('供应商不正确');
    });
  });

  describe('访谈纪要', () => {
    const minutes = {
      minutesType: 'POST_LOAN',
      interviewDate: '2026-06-01',
      place: '项目现场',
      interviewees: '张明（财务总监）',
      interviewers: '李娜',
      content: '回款正常',
      conclusion: '风险可控',
      businessNos: '',
    };

    it("numbers minutes FT + the Shanghai date + the day's sequence, and lets only their author delete them", async () => {
      const mine = await call('POST', MINUTES, operator, { ...minutes, enterpriseName: '作者删除测试企业' });
      const theirs = await call('POST', MINUTES, admin, { ...minutes, enterpriseName: '他人纪要测试企业' });
      expect(mine.data.minutesNo).toMatch(/^FT\d{8}\d{4}$/);
      expect(Number(theirs.data.minutesNo.slice(-4))).toBe(Number(mine.data.minutesNo.slice(-4)) + 1);
      const refused = await call('DELETE', `${MINUTES}/${theirs.data.keyId}?version=1`, operator);
      expect(refused).toMatchObject({ status: 403, code: ResultCode.forbidden, message: '只能删除本人创建的访谈纪要' });
      expect((await call('GET', `${MINUTES}/${theirs.data.keyId}`, admin)).code).toBe(0);
      expect((await call('DELETE', `${MINUTES}/${mine.data.keyId}?version=1`, operator)).code).toBe(0);
      expect((await call('GET', `${MINUTES}/${mine.data.keyId}`, admin)).code).toBe(ResultCode.notFound);
      expect((await call('DELETE', `${MINUTES}/${theirs.data.keyId}?version=1`, xh)).code).toBe(ResultCode.notFound);
    });

    it('refuses content over 2000 characters in its own words', async () => {
      expect(
        await call('POST', MINUTES, admin, { ...minutes, enterpriseName: '超长', content: '字'.repeat(2001) }),
      ).toMatchObject({ code: ResultCode.invalidInput, message: '内容不能超过2000个字符' });
    });
  });

  describe('企业信息', () => {
    const profile = {
      scale: 'LARGE',
      legalRep: '周建华',
      registeredCapital: 80_000_000_00,
      establishedOn: '2005-09-01',
      address: '江苏省南京市建邺区江东中路1号',
      industry: '房地产开发',
      taxpayerType: 'GENERAL',
      rating: 'AAA',
      whitelist: 'SYSTEM',
    };

    it("lists the tenant's enterprises from the organisation rows, with their roles and profiles", async () => {
      const page = await call('GET', `${ENTERPRISE}/page?size=100`, admin);
      expect(page.code).toBe(0);
      const names = page.data.records.map((r: { enterpriseName: string }) => r.enterpriseName);
      expect(names).toContain('华东建材有限公司');
      expect(names).toContain('招商银行股份有限公司杭州分行');
      expect(names).not.toContain('远景控股集团');
      expect(names).not.toContain('四川蜀道建材有限公司');
      const roles = await call('GET', `${ENTERPRISE}/page?size=100&role=CAPITAL_SIDE`, admin);
      expect(roles.data.records.map((r: { enterpriseName: string }) => r.enterpriseName).sort()).toEqual(
        [
          '中国工商银行股份有限公司上海市分行',
          '招商银行股份有限公司杭州分行',
          ...MORE_CAPITAL_SIDES.map((s) => s.name),
        ].sort(),
      );
      const rows = await sheetRows(`${ENTERPRISE}/export?role=CAPITAL_SIDE`, admin);
      expect(rows).toHaveLength(3 + MORE_CAPITAL_SIDES.length);
      expect(rows[1]).toContain('资金方');
    });

    it('makes the profile on the first save, keyed by the organisation: no second copy, stale versions refused', async () => {
      const count = async () =>
        Number(
          (
            await gw.db
              .selectFrom('organization')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const organisations = await count();
      await gw.db
        .deleteFrom('enterprise_profile' as never)
        .where('org_id' as never, '=', DemoOrg.nanjingProject as never)
        .execute();
      const before = await call('GET', `${ENTERPRISE}/${DemoOrg.nanjingProject}`, admin);
      expect(before.data).toMatchObject({
        keyId: DemoOrg.nanjingProject,
        enterpriseName: '南京远景城市发展有限公司',
        role: 'PROJECT_COMPANY',
        status: 'UNPROFILED',
        version: 1,
        legalRep: null,
      });
      const saved = await call('PUT', `${ENTERPRISE}/${DemoOrg.nanjingProject}`, admin, { ...profile, version: 1 });
      expect(saved.code, saved.message).toBe(0);
      expect(saved.data).toMatchObject({
        ...profile,
        status: 'PROFILED',
        version: 2,
        enterpriseName: '南京远景城市发展有限公司',
      });
      expect(
        (await call('PUT', `${ENTERPRISE}/${DemoOrg.nanjingProject}`, admin, { ...profile, version: 1 })).code,
      ).toBe(ResultCode.staleVersion);
      const again = await call('PUT', `${ENTERPRISE}/${DemoOrg.nanjingProject}`, admin, {
        ...profile,
        rating: 'AA',
        version: 2,
      });
      expect(again.data).toMatchObject({ rating: 'AA', version: 3 });
      const profiles = await gw.db
        .selectFrom('enterprise_profile' as never)
        .selectAll()
        .where('org_id' as never, '=', DemoOrg.nanjingProject as never)
        .execute();
      expect(profiles).toHaveLength(1);
      expect(await count()).toBe(organisations);
    });

    it("refuses another tenant's organisation, the group itself, a wrong value and a malformed body", async () => {
      expect((await call('PUT', `${ENTERPRISE}/${XhOrg.supplier}`, admin, { ...profile, version: 1 })).code).toBe(
        ResultCode.notFound,
      );
      expect((await call('GET', `${ENTERPRISE}/${XhOrg.supplier}`, admin)).code).toBe(ResultCode.notFound);
      expect((await call('GET', `${ENTERPRISE}/${DemoOrg.group}`, admin)).code).toBe(ResultCode.notFound);
      expect(
        (await call('PUT', `${ENTERPRISE}/${DemoOrg.huadongBuildingMaterials}`, xh, { ...profile, version: 1 })).code,
      ).toBe(ResultCode.notFound);
      const current = (await call('GET', `${ENTERPRISE}/${DemoOrg.hengguSteel}`, admin)).data;
      expect(
        await call('PUT', `${ENTERPRISE}/${DemoOrg.hengguSteel}`, admin, {
          ...profile,
          scale: 'HUGE',
          version: current.version,
        }),
      ).toMatchObject({ code: ResultCode.invalidInput, message: '规模不正确' });
      for (const body of [
        { ...profile },
        { ...profile, version: 'x' },
        { ...profile, version: 1, legalRep: { a: 1 } },
        [1],
        'x',
      ]) {
        const res = await call('PUT', `${ENTERPRISE}/${DemoOrg.hengguSteel}`, admin, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.code).toBe(ResultCode.invalidInput);
      }
    });
  });
});

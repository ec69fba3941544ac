// 数据授权 reaches every stage record (BUSINESS.md Decisions, "Whose data"): an operator saved with it sees
// the businesses of its organisation's subtree of project companies only — in the business list and in every
// stage's list, export, detail, 编辑 and transition alike — and the review queues follow. On PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { DemoOrg } from '../db/seed/demo-seed';
import { actorById } from '../modules/business/aggregate';
import { SeededBusiness } from '../modules/business/seed';
import { fixedScopeOf, scopeOfUser } from './stage-scope';
import { type callerOf, databasesUnderTest, openSignedIn, type TestGateway } from '../testing/test-gateway';

type Headers = Record<string, string>;
const LISTS = [
  { api: '/api/business/demand', view: 'financing_demand_view', id: 'demand_id' },
  { api: '/api/business/preCredit', view: 'pre_credit_view', id: 'pre_credit_id' },
  { api: '/api/business/financingApplication', view: 'financing_application_view', id: 'application_id' },
  { api: '/api/business/report', view: 'due_diligence_report_view', id: 'report_id' },
  { api: '/api/business/decision', view: 'financing_decision_view', id: 'decision_id' },
];

describe.each(databasesUnderTest())('数据授权 on every stage on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let operator: Headers;
  let operatorId: string;
  /** The operator's organisation's subtree (远景地产(上海)): 苏州远景置业 is in it, 南京远景城市发展 is not. */
  let inside: Set<string>;
  let tenantId: string;

  beforeAll(async () => {
    ({
      gw,
      call,
      as: { operator },
      idOf: { operator: operatorId },
    } = await openSignedIn(databaseUrl, ['operator']));
    const user = await gw.db
      .selectFrom('app_user')
      .select(['organization_id', 'tenant_id'])
      .where('user_id', '=', operatorId)
      .executeTakeFirstOrThrow();
    tenantId = user.tenant_id;
    const subtree = await sql<{ org_id: string }>`
      with recursive sub(org_id) as (
        select org_id from organization where org_id = ${user.organization_id}
        union select o.org_id from organization o join sub on o.parent_id = sub.org_id)
      select org_id from sub`.execute(gw.db);
    inside = new Set(subtree.rows.map((r) => r.org_id));
    expect(inside.has(DemoOrg.suzhouProject) && !inside.has(DemoOrg.nanjingProject)).toBe(true);
    await gw.db.updateTable('app_user').set({ is_auth_data: true }).where('user_id', '=', operatorId).execute();
  });
  afterAll(() => gw?.close());

  /** The ids the stage's view holds for these project companies (its list's own filter, read directly). */
  const idsIn = async (view: string, id: string, companies: string[] | null) => {
    // biome-ignore lint/suspicious/noExplicitAny: the views are named by the stage definitions
    let q = (gw.db as any)
      .selectFrom(view)
      .select(`${id} as id`)
      .where('deleted', '=', false)
      .where('tenant_id', '=', tenantId);
    if (companies) q = q.where('project_company_id', 'in', companies);
    return ((await q.execute()) as { id: string }[]).map((r) => String(r.id)).sort();
  };

  it('lists, in every stage, exactly the records whose business is inside the subtree', async () => {
    for (const { api, view, id } of LISTS) {
      const page = await call('GET', `${api}/page?size=100`, operator);
      expect(page.code, `${api}: ${page.message}`).toBe(0);
      const ids: string[] = page.data.records.map((r: { keyId: string }) => r.keyId);
      const expected = await idsIn(view, id, [...inside]);
      expect(page.data.total, api).toBe(expected.length);
      for (const shown of ids) expect(expected, api).toContain(shown);
      expect(expected.length, api).toBeLessThan((await idsIn(view, id, null)).length);
    }
  });

  it('reads the caller’s scope alone as the whole actor has it: 数据授权 staff, a supplier user, other staff', async () => {
    const idOf = async (name: string) =>
      (
        await gw.db
          .selectFrom('app_user')
          .select('user_id')
          .where('tenant_id', '=', tenantId)
          .where('user_name', '=', name)
          .executeTakeFirstOrThrow()
      ).user_id;
    const scopes = [];
    for (const userId of [operatorId, await idOf('supplier'), await idOf('admin')]) {
      const actor = await actorById(gw.db, tenantId, userId);
      const scope = await scopeOfUser(gw.db, tenantId, userId);
      expect({ ...scope, orgScope: scope.orgScope && [...scope.orgScope].sort() }).toEqual({
        supplierId: actor.supplierId,
        orgScope: actor.orgScope ? [...actor.orgScope].sort() : null,
      });
      scopes.push(fixedScopeOf(scope));
    }
    // One of each: a subtree of project companies, a supplier, the whole tenant.
    expect(new Set(scopes[0]?.project_company_id)).toEqual(inside);
    expect(scopes.map((f) => Object.keys(f))).toEqual([['project_company_id'], ['supplier_id'], []]);
  });

  it('answers 404 for the detail, 编辑 and moves of a stage record outside the subtree; inside, they work', async () => {
    const outside = SeededBusiness.preCreditReturned;
    for (const url of [
      `/api/business/preCredit/${outside}`,
      `/api/business/preCredit/${SeededBusiness.preCreditLevel2}`,
    ]) {
      expect(await call('GET', url, operator)).toMatchObject({ status: 404, code: ResultCode.notFound });
    }
    const put = await call('PUT', `/api/business/preCredit/${outside}`, operator, {
      applyAmount: 100_00,
      basisOrderIds: [],
      version: 3,
    });
    expect(put.code).not.toBe(0);
    expect([ResultCode.notFound, ResultCode.invalidInput]).toContain(put.code);
    const bodyPut = await call('PUT', `/api/business/preCredit/${outside}`, operator, {
      applyAmount: 100_00,
      version: 3,
    });
    expect(bodyPut.code).not.toBe(0);
    const move = await call('POST', `/api/business/preCredit/${outside}/transition`, operator, {
      action: 'submit',
      version: 3,
    });
    expect(move).toMatchObject({ status: 404, code: ResultCode.notFound });
    const stored = await gw.db
      .selectFrom('financing_business')
      .select(['version', 'state'])
      .where('business_id', '=', outside)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ version: 3, state: 'PRE_CREDIT/RETURNED' });
    // Inside the subtree the same operator reads its records.
    const own = await call('GET', `/api/business/preCredit/${SeededBusiness.preCreditLevel1}`, operator);
    expect(own.code, own.message).toBe(0);
  });

  it('keeps the export, the business list and the review queue to the subtree too', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/business/preCredit/export', headers: operator });
    expect(res.statusCode).toBe(200);
    const businesses = await call('GET', '/api/business/business/page?size=100', operator);
    expect(businesses.code, businesses.message).toBe(0);
    for (const r of businesses.data.records) expect(inside.has(r.projectCompanyId)).toBe(true);
  });

  it('shows nothing to a scoped user whose organisation has no project company below it', async () => {
    const { organization_id: home } = await gw.db
      .selectFrom('app_user')
      .select('organization_id')
      .where('user_id', '=', operatorId)
      .executeTakeFirstOrThrow();
    const moveTo = (org: string) =>
      gw.db.updateTable('app_user').set({ organization_id: org }).where('user_id', '=', operatorId).execute();
    await moveTo(DemoOrg.huadongBuildingMaterials);
    try {
      for (const { api } of LISTS) {
        const page = await call('GET', `${api}/page?size=100`, operator);
        expect(page.data.total, api).toBe(0);
      }
      const d = await call('GET', `/api/business/preCredit/${SeededBusiness.preCreditLevel1}`, operator);
      expect(d).toMatchObject({ status: 404, code: ResultCode.notFound });
    } finally {
      await moveTo(home);
    }
  });
});

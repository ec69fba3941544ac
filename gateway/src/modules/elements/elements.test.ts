// 要素落实 on the kit's stage items, through HTTP as the README's people sign in (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): the seeded decision's approval made the items, TERM ones typed; OPS 落实s with
// evidence and asks waivers, RISK_HEAD — never the one who asked — grants or refuses them; a stale version is
// 160300409; a paused, reviewed or terminated business moves no item; 要素落实's 提交 names the first item due;
// 放款审核 and 放款复核 are two people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElementMessage } from '../../../../src/domain/financing/elements';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import { ItemMessage } from '../../../../src/domain/workflow/items';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  uploadFile,
  type TestGateway,
} from '../../testing/test-gateway';
import { LifecycleRole } from '../business/seed';
import { seededBusinessAt } from '../../testing/seeded-business';
import { moveNamedItem } from '../../stage/stage-items';
import { systemActor } from '../business/aggregate';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const API = '/api/business/elements';
const BUSINESS = '/api/business/business';

interface Item {
  keyId: string;
  name: string;
  kind: string;
  status: string;
  version: number;
  actions: string[];
  valueType: string | null;
  requiredFen: number | null;
  requiredRate: string | null;
  requiredDays: number | null;
  checkpoint: string | null;
}

describe.each(databasesUnderTest())('要素落实 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const headers: Record<string, Record<string, string>> = {};
  let business: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    // riskhead also records elements (so may ask a waiver and is then not the one to grant it); the approver also
    // heads risk (another RISK_HEAD to grant it).
    const idOf = async (name: string) =>
      (await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', name).executeTakeFirstOrThrow())
        .user_id;
    await gw.db
      .insertInto('user_role')
      .values([
        { user_id: await idOf('riskhead'), role_id: LifecycleRole.LOAN_OPS as string },
        { user_id: await idOf('approver'), role_id: LifecycleRole.RISK_HEAD as string },
      ])
      .execute();
    for (const name of ['ops1', 'ops2', 'riskhead', 'approver', 'risk1']) {
      headers[name] = (await signIn(gw.app, name, 'Staff@2026')).headers;
    }
    headers.admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    headers.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    business = (await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT')).businessId;
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
  });

  const items = async (who = 'ops1'): Promise<Item[]> => {
    const page = await call('GET', `${API}/${business}/items?size=100`, headers[who]!);
    expect(page.code, page.message).toBe(0);
    return page.data.records;
  };
  const named = async (name: string, who = 'ops1') => (await items(who)).find((i) => i.name === name) as Item;
  const move = (who: string, item: Item, action: string, extra: Record<string, unknown> = {}) =>
    call('POST', `${API}/items/${item.keyId}/transition`, headers[who]!, { action, version: item.version, ...extra });
  const businessVersion = async () =>
    (await call('GET', `${BUSINESS}/${business}`, headers.admin!)).data.version as number;
  const moveBusiness = async (who: string, action: string, comment?: string) =>
    call('POST', `${BUSINESS}/${business}/transition`, headers[who]!, {
      action,
      version: await businessVersion(),
      ...(comment ? { comment } : {}),
    });
  const upload = async (who: string) => {
    const res = await uploadFile(gw.app, headers[who]!, '回执.pdf', PDF);
    expect(res.code, res.message).toBe(0);
    return res.data.keyId;
  };
  const fulfil = async (who: string, item: Item) =>
    move(who, item, 'fulfil', { values: { actualValue: '已落实', evidenceFileId: await upload(who) } });

  it('made the approved decision’s items, TERM values typed, each with what the caller may do', async () => {
    const all = await items();
    const b = await gw.db
      .selectFrom('financing_business')
      .select(['approved_amount', 'approved_annual_rate', 'approved_term_days'])
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    expect(all.find((i) => i.name === '金额')).toMatchObject({
      valueType: 'AMOUNT',
      requiredFen: Number(b.approved_amount),
    });
    expect(Number(all.find((i) => i.name === '利率')?.requiredRate)).toBe(Number(b.approved_annual_rate));
    expect(all.find((i) => i.name === '期限')).toMatchObject({ valueType: 'DAYS', requiredDays: b.approved_term_days });
    expect(all.every((i) => i.status === 'PENDING' && i.version === 1)).toBe(true);
    expect(all[0]?.actions).toEqual(['fulfil', 'askWaiver']);
    // RISK_HEAD acts only on a waiver asked for; another tenant finds no business.
    expect((await items('approver'))[0]?.actions).toEqual([]);
    expect((await call('GET', `${API}/${business}/items`, headers.xh_admin!)).code).toBe(ResultCode.notFound);
    // 要素管理's list counts them: none finished yet, the decision's number beside the business.
    const list = await call('GET', `${API}/page?size=100`, headers.ops1!);
    expect(list.code, list.message).toBe(0);
    expect(list.data.records.find((r: { keyId: string }) => r.keyId === business)).toMatchObject({
      ...{ finishedCount: 0, itemCount: all.length, status: 'DRAFT' },
      decisionNo: expect.stringMatching(/\S/),
    });
    expect((await call('GET', `${API}/page?size=100`, headers.xh_admin!)).data.records).toEqual([]);
    // The decision's detail shows them, read by name.
    const decision = await call('GET', `/api/business/decision/${business}`, headers.risk1!);
    expect(decision.data.elements.map((e: { name: string }) => e.name)).toEqual(all.map((i) => i.name));
  });

  it('blocks 要素落实’s 提交 naming the first item neither done nor waived', async () => {
    const submit = await moveBusiness('ops1', 'submit');
    expect(submit).toMatchObject({ code: ResultCode.invalidInput, message: '要素「金额」尚未落实或豁免' });
  });

  it('落实 needs its value and evidence, on the version read; OPS grants no waiver', async () => {
    const amount = await named('金额');
    expect(await move('ops1', amount, 'fulfil', { values: { actualValue: '800万' } })).toMatchObject({
      code: ResultCode.invalidInput,
      message: ElementMessage.evidenceRequired,
    });
    const done = await fulfil('ops1', amount);
    expect(done.code, done.message).toBe(0);
    expect(done.data).toMatchObject({ status: 'DONE', version: 2, actualValue: '已落实' });
    // The version read before the move is stale now.
    expect((await fulfil('ops2', amount)).code).toBe(ResultCode.staleVersion);
    const rate = await named('利率');
    const asked = await move('ops1', rate, 'askWaiver', { comment: '按集团统一定价' });
    expect(asked.data).toMatchObject({ status: 'WAIVER_ASKED', waiverReason: '按集团统一定价' });
    expect((await move('ops2', asked.data, 'waive')).code).toBe(ResultCode.forbidden);
  });

  it('RISK_HEAD grants or refuses a waiver, never one they asked for', async () => {
    let rate = await named('利率');
    const refused = await move('riskhead', rate, 'refuseWaiver', { comment: '利率须落实' });
    expect(refused.data.status).toBe('PENDING');
    rate = (await move('ops1', refused.data, 'askWaiver', { comment: '按集团统一定价' })).data;
    expect((await move('riskhead', rate, 'waive')).data.status).toBe('WAIVED');
    const term = (await move('riskhead', await named('期限'), 'askWaiver', { comment: '期限同合同' })).data;
    expect(await move('riskhead', term, 'waive')).toMatchObject({
      code: ResultCode.invalidInput,
      message: ElementMessage.ownWaiver,
    });
    expect((await move('approver', term, 'waive')).data.status).toBe('WAIVED');
  });

  it('reads no evidence file for a condition another record proved without one', async () => {
    const later = (await items()).filter(
      (i) => i.kind === 'CONDITION' && i.status === 'PENDING' && i.checkpoint !== 'BEFORE_CONTRACT',
    );
    expect(later.length).toBeGreaterThan(1);
    const condition = later.at(-1) as Item;
    await moveNamedItem(gw.db, 'elementItem', {
      ...{ tenantId: DEMO_TENANT_ID, actor: systemActor(), now: new Date(), id: condition.keyId },
      body: {
        action: 'confirmByRecord',
        version: condition.version,
        values: { actualValue: '已回执', evidenceFileId: null },
      },
    });
    expect(await named(condition.name)).toMatchObject({ status: 'DONE', actualValue: '已回执', evidenceFileId: null });
  });

  it('moves no item of a paused business, and none while 要素落实 is reviewed', async () => {
    expect((await moveBusiness('risk1', 'suspend', '资产变动，暂停')).code).toBe(0);
    const method = await named('还款方式');
    expect(await fulfil('ops1', method)).toMatchObject({
      code: ResultCode.invalidInput,
      message: LifecycleMessage.suspended,
    });
    expect((await named('还款方式')).actions).toEqual([]);
    expect((await moveBusiness('risk1', 'resume')).code).toBe(0);
    for (const item of (await items()).filter((i) => i.kind === 'TERM' && i.status === 'PENDING')) {
      expect((await fulfil('ops1', item)).code).toBe(0);
    }
    for (const item of (await items()).filter((i) => i.checkpoint === 'BEFORE_CONTRACT' && i.status === 'PENDING')) {
      expect((await fulfil('ops1', item)).code).toBe(0);
    }
    const submit = await moveBusiness('ops1', 'submit');
    expect(submit.code, submit.message).toBe(0);
    expect(submit.data.state).toBe('ELEMENTS/PENDING');
    const condition = (await items()).find((i) => i.status === 'PENDING') as Item;
    expect(await fulfil('ops1', condition)).toMatchObject({
      code: ResultCode.invalidInput,
      message: ItemMessage.notNow('要素'),
    });
  });

  it('takes 放款审核 and 放款复核 from two different people', async () => {
    // riskhead also reviews loans; ops2 takes level 1 and may not take level 2 as well.
    const first = await moveBusiness('ops2', 'approve');
    expect(first.code, first.message).toBe(0);
    expect(first.data.state).toBe('ELEMENTS/PENDING');
    expect(await moveBusiness('ops2', 'approve')).toMatchObject({
      code: ResultCode.invalidInput,
      message: ReviewMessage.otherLevel,
    });
    expect((await call('GET', `${BUSINESS}/${business}`, headers.admin!)).data.state).toBe('ELEMENTS/PENDING');
  });

  it('moves no item of a terminated business, and changes nothing', async () => {
    expect((await moveBusiness('admin', 'terminate', '客户放弃融资')).code).toBe(0);
    const condition = (await items()).find((i) => i.status === 'PENDING') as Item;
    expect(await move('ops1', condition, 'askWaiver', { comment: '不再需要' })).toMatchObject({
      code: ResultCode.invalidInput,
      message: ItemMessage.terminated,
    });
    expect(await named(condition.name)).toMatchObject({ status: 'PENDING', version: condition.version });
  });

  it('keeps the items to the caller’s 数据授权 subtree: another subtree’s are not found', async () => {
    const item = (await items())[0] as Item;
    const elsewhere = await gw.db
      .selectFrom('organization')
      .select('org_id')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('org_type', '=', 'PROJECT_COMPANY')
      .orderBy('org_id', 'desc')
      .executeTakeFirstOrThrow();
    await gw.db
      .updateTable('app_user')
      .set({ is_auth_data: true, organization_id: elsewhere.org_id })
      .where('user_name', '=', 'ops2')
      .execute();
    expect((await call('GET', `${API}/${business}/items`, headers.ops2!)).code).toBe(ResultCode.notFound);
    expect((await fulfil('ops2', item)).code).toBe(ResultCode.notFound);
  });
});

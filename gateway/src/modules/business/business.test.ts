import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { type Actor, createBusiness, systemActor } from './aggregate';

const API = '/api/business/business';

describe.each(databasesUnderTest())('融资业务 aggregate on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let operator: Record<string, string>;
  let supplier: Record<string, string>;
  let operatorId: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    const op = await signIn(gw.app, 'operator', 'Operator@2026');
    operator = op.headers;
    operatorId = op.userId;
    supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const newBusiness = async (ownerId: string | null = operatorId) => {
    const actor: Actor = { ...systemActor(), userId: operatorId, userName: '业务经办', roleName: '业务经办' };
    return gw.db.transaction().execute((trx) =>
      createBusiness(trx, {
        tenantId: DEMO_TENANT_ID,
        supplierId: DemoOrg.hengguSteel,
        projectCompanyId: DemoOrg.suzhouProject,
        ownerId,
        applyAmount: 1_000_000_00,
        actor,
        now: new Date(),
      }),
    );
  };

  it('creates a business at 预授信·草稿 with a daily RZ number and a first event', async () => {
    const a = await newBusiness();
    const b = await newBusiness();
    expect(a.state).toBe('PRE_CREDIT/DRAFT');
    expect(a.businessNo).toMatch(/^RZ\d{8}\d{4}$/);
    expect(Number(b.businessNo.slice(-4))).toBe(Number(a.businessNo.slice(-4)) + 1);
    const events = await call('GET', `${API}/${a.keyId}/events`, operator);
    expect(events.code).toBe(0);
    expect(events.data).toHaveLength(1);
    expect(events.data[0]).toMatchObject({ action: 'create', toState: 'PRE_CREDIT/DRAFT', actorName: '业务经办' });
  });

  it('terminates with a reason, writes the event, and refuses a stale version with 160300409', async () => {
    const b = await newBusiness();
    const noReason = await call('POST', `${API}/${b.keyId}/transition`, operator, { action: 'terminate', version: 1 });
    expect(noReason).toMatchObject({ status: 400, code: ResultCode.invalidInput, message: '请输入终止原因' });
    const done = await call('POST', `${API}/${b.keyId}/transition`, operator, {
      action: 'terminate',
      version: 1,
      comment: '供应商放弃融资',
    });
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({ state: 'TERMINATED/CANCELLED', version: 2, terminateReason: '供应商放弃融资' });
    const again = await call('POST', `${API}/${b.keyId}/transition`, operator, {
      action: 'terminate',
      version: 1,
      comment: '再次终止',
    });
    expect(again).toMatchObject({ status: 409, code: ResultCode.staleVersion });
    const events = (await call('GET', `${API}/${b.keyId}/events`, operator)).data;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['create', 'terminate']);
    expect(events[1]).toMatchObject({
      fromState: 'PRE_CREDIT/DRAFT',
      toState: 'TERMINATED/CANCELLED',
      actionLabel: '终止',
      actorRole: '业务经办',
      comment: '供应商放弃融资',
    });
  });

  it("hides another supplier's business from a supplier user (404)", async () => {
    const b = await newBusiness();
    const res = await call('POST', `${API}/${b.keyId}/transition`, supplier, {
      action: 'terminate',
      version: 1,
      comment: '不要了',
    });
    expect(res).toMatchObject({ status: 404 });
  });
});

// An external party's callback on a real app over a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), through a provider of the test's own added to this app only: a signed event moves its flow's business once,
// as the system (暂停, an action the table lets the system take); a wrong signature, a stale or future timestamp,
// another tenant's flow and an unknown flow are refused with nothing moved; a repeated event is answered as the
// first was and moves nothing, also when both deliveries arrive at once; a person's concurrent change is outlived by
// a retry; a move the table refuses leaves no inbox row. Every call is in the interface log, without the secret.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XH_TENANT_ID, XhOrg } from '../db/seed/admin-seed';
import { DEMO_TENANT_ID, DemoOrg } from '../db/seed/demo-seed';
import { actorById, createBusiness, reviseBusiness, systemActor } from '../modules/business/aggregate';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../testing/test-gateway';
import type { CallbackBusiness, CallbackEvent, CallbackFlow, CallbackProvider } from './callback-provider';
import { CALLBACK_WINDOW_MS, signCallback } from './callback-signature';
import { callbackSecret, recordFlow } from './callback-store';

const PROVIDER = 'test-sign';

/** e签宝-like: status 7 is 拒签, which the test maps to the system's 暂停; other statuses only inform. */
interface SignEvent extends CallbackEvent {
  status: number;
}

describe.each(databasesUnderTest())('inbound callbacks on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let clock = new Date('2026-11-29T04:00:00Z');
  /** Runs inside the provider's `moveOf`, between the read of the business and the move: a test's interference. */
  let beforeMove: ((flow: CallbackFlow, business: CallbackBusiness) => Promise<void> | void) | null = null;
  let moveOfCalls = 0;

  const provider: CallbackProvider<SignEvent> = {
    code: PROVIDER,
    parse(body) {
      const b = body as Partial<SignEvent> | null;
      if (typeof b?.eventId !== 'string' || typeof b.flowId !== 'string' || typeof b.status !== 'number') return null;
      return { eventId: b.eventId, flowId: b.flowId, status: b.status };
    },
    async moveOf(event, flow, business) {
      moveOfCalls += 1;
      await beforeMove?.(flow, business);
      return event.status === 7 ? { action: 'suspend', comment: '签署方拒签' } : null;
    },
  };

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    gw.app.callbackProviders.add(provider);
  });
  afterAll(async () => {
    await gw?.close();
  });

  /** A new business at 预授信·草稿 of the tenant, with a signing flow recorded for it. */
  async function business(tenantId = DEMO_TENANT_ID) {
    const supplierId = tenantId === DEMO_TENANT_ID ? DemoOrg.huadongBuildingMaterials : XhOrg.supplier;
    const row = await createBusiness(gw.db, {
      tenantId,
      supplierId,
      projectCompanyId: null,
      ownerId: null,
      applyAmount: 1_000_000n,
      actor: systemActor(),
      now: clock,
    });
    const flowId = `flow-${randomBytes(6).toString('hex')}`;
    await recordFlow(gw.db, { provider: PROVIDER, flowId, tenantId, businessId: row.keyId, purpose: 'SIGNING' }, clock);
    return { id: row.keyId, flowId, tenantId };
  }

  const secretOf = (tenantId: string) => callbackSecret(gw.db, tenantId, PROVIDER, clock);

  async function post(body: object, sign: { secret: string; at?: Date; signature?: string }) {
    const raw = JSON.stringify(body);
    const headers = signCallback(sign.secret, raw, sign.at ?? clock);
    if (sign.signature) headers['x-callback-signature'] = sign.signature;
    const res = await gw.app.inject({
      method: 'POST',
      url: `/api/callback/${PROVIDER}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json<{ code: number; message: string; data: unknown }>() };
  }

  const stateOf = (id: string) =>
    gw.db
      .selectFrom('financing_business')
      .select(['state', 'suspended', 'version'])
      .where('business_id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => ({ state: r.state, suspended: r.suspended, version: Number(r.version) }));
  const eventsOf = (id: string) =>
    gw.db
      .selectFrom('business_event')
      .select(['action', 'actor_id'])
      .where('business_id', '=', id)
      .where('action', '=', 'suspend')
      .execute();
  const inboxOf = (businessId: string) =>
    gw.db.selectFrom('callback_inbox').selectAll().where('business_id', '=', businessId).execute();
  const logOf = (eventId: string) =>
    gw.db.selectFrom('interface_log').selectAll().where('event_id', '=', eventId).orderBy('at').execute();

  /** Asserts the business is as it was made: not moved, no inbox row. */
  async function unmoved(id: string) {
    expect(await stateOf(id)).toEqual({ state: 'PRE_CREDIT/DRAFT', suspended: false, version: 1 });
    expect(await eventsOf(id)).toEqual([]);
    expect(await inboxOf(id)).toEqual([]);
  }

  it('moves the flow’s business once, as the system, and answers a repeat as it answered the first', async () => {
    const b = await business();
    const secret = await secretOf(b.tenantId);
    const event = { eventId: 'evt-1', flowId: b.flowId, status: 7 };
    const first = await post(event, { secret });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 0, data: { eventId: 'evt-1', receivedAt: clock.toISOString() } });
    expect(await stateOf(b.id)).toEqual({ state: 'PRE_CREDIT/DRAFT', suspended: true, version: 2 });
    expect(await eventsOf(b.id)).toEqual([{ action: 'suspend', actor_id: systemActor().userId }]);
    expect(await inboxOf(b.id)).toMatchObject([{ provider: PROVIDER, event_id: 'evt-1', action: 'suspend' }]);

    // The provider delivers it again a minute later, freshly signed: the same answer, nothing moved.
    clock = new Date(clock.getTime() + 60_000);
    const again = await post(event, { secret });
    expect(again).toEqual(first);
    expect(await stateOf(b.id)).toEqual({ state: 'PRE_CREDIT/DRAFT', suspended: true, version: 2 });
    expect(await eventsOf(b.id)).toHaveLength(1);
    expect(await inboxOf(b.id)).toHaveLength(1);

    const log = await logOf('evt-1');
    expect(log.map((l) => [l.tenant_id, l.business_id, l.result_code, l.direction])).toEqual([
      [DEMO_TENANT_ID, b.id, 0, 'IN'],
      [DEMO_TENANT_ID, b.id, 0, 'IN'],
    ]);
    expect(log[1]?.message).toContain('重复事件');
    expect(log[0]?.body).toBe(JSON.stringify(event));
  });

  it('refuses a wrong signature, a stale or future timestamp and an unknown flow, moving nothing', async () => {
    const b = await business();
    const secret = await secretOf(b.tenantId);
    const event = (eventId: string) => ({ eventId, flowId: b.flowId, status: 7 });

    const forged = await post(event('evt-forged'), { secret: randomBytes(32).toString('hex') });
    expect(forged).toMatchObject({ status: 403, body: { code: ResultCode.forbidden, data: null } });
    const tampered = await post(event('evt-tampered'), { secret, signature: 'ab'.repeat(32) });
    expect(tampered.body.code).toBe(ResultCode.forbidden);
    const unsigned = await post(event('evt-unsigned'), { secret, signature: 'not-hex' });
    expect(unsigned.body.code).toBe(ResultCode.forbidden);
    // The signature covers the bytes as sent: the same event with one more space is not what was signed.
    const signed = signCallback(secret, JSON.stringify(event('evt-respaced')), clock);
    const respaced = await gw.app.inject({
      method: 'POST',
      url: `/api/callback/${PROVIDER}`,
      headers: { ...signed, 'content-type': 'application/json' },
      payload: JSON.stringify(event('evt-respaced'), null, 1),
    });
    expect(respaced.json()).toMatchObject({ code: ResultCode.forbidden, data: null });

    const late = new Date(clock.getTime() - CALLBACK_WINDOW_MS - 1000);
    const stale = await post(event('evt-stale'), { secret, at: late });
    expect(stale).toMatchObject({ status: 403, body: { code: ResultCode.forbidden } });
    expect(stale.body.message).toContain('时间戳');
    const early = new Date(clock.getTime() + CALLBACK_WINDOW_MS + 1000);
    expect((await post(event('evt-future'), { secret, at: early })).body.code).toBe(ResultCode.forbidden);

    const unknown = await post({ eventId: 'evt-nowhere', flowId: 'flow-nobody-started', status: 7 }, { secret });
    expect(unknown).toMatchObject({ status: 404, body: { code: ResultCode.notFound, data: null } });

    await unmoved(b.id);
    // Each refusal is in the interface log; the secret is nowhere in it.
    const logged = await gw.db
      .selectFrom('interface_log')
      .selectAll()
      .where('event_id', 'in', [
        'evt-forged',
        'evt-tampered',
        'evt-unsigned',
        'evt-respaced',
        'evt-stale',
        'evt-future',
        'evt-nowhere',
      ])
      .execute();
    expect(logged).toHaveLength(7);
    expect(logged.every((l) => l.result_code !== 0)).toBe(true);
    expect(JSON.stringify(logged)).not.toContain(secret);
  });

  it('refuses a flow of another tenant than the secret’s', async () => {
    const theirs = await business(XH_TENANT_ID);
    const ourSecret = await secretOf(DEMO_TENANT_ID);
    const res = await post({ eventId: 'evt-cross', flowId: theirs.flowId, status: 7 }, { secret: ourSecret });
    expect(res).toMatchObject({ status: 403, body: { code: ResultCode.forbidden } });
    await unmoved(theirs.id);
    // Signed with that tenant's own secret, it is accepted.
    const own = await post(
      { eventId: 'evt-cross', flowId: theirs.flowId, status: 7 },
      { secret: await secretOf(XH_TENANT_ID) },
    );
    expect(own.body.code).toBe(0);
    expect((await stateOf(theirs.id)).suspended).toBe(true);
  });

  it('moves once when the same event arrives twice at once', async () => {
    const b = await business();
    const secret = await secretOf(b.tenantId);
    const event = { eventId: 'evt-twice', flowId: b.flowId, status: 7 };
    const [one, two] = await Promise.all([post(event, { secret }), post(event, { secret })]);
    expect(one.body.code).toBe(0);
    expect(two).toEqual(one);
    expect(await stateOf(b.id)).toEqual({ state: 'PRE_CREDIT/DRAFT', suspended: true, version: 2 });
    expect(await eventsOf(b.id)).toHaveLength(1);
    expect(await inboxOf(b.id)).toHaveLength(1);
  });

  it('outlives a person’s concurrent change by weighing the event again', async () => {
    const b = await business();
    const secret = await secretOf(b.tenantId);
    const operator = await gw.db
      .selectFrom('app_user')
      .select('user_id')
      .where('user_name', '=', 'operator')
      .executeTakeFirstOrThrow();
    const actor = await actorById(gw.db, DEMO_TENANT_ID, operator.user_id);
    // The operator saves the draft's amount after the callback read the business and before it moves it.
    beforeMove = async (flow, read) => {
      beforeMove = null;
      const saved = await reviseBusiness(gw.db, {
        tenantId: flow.tenantId,
        businessId: flow.businessId,
        version: read.version,
        states: ['PRE_CREDIT/DRAFT'],
        actor,
        now: clock,
        set: { applyAmount: 2_000_000n },
      });
      expect(saved).toBe(true);
    };
    moveOfCalls = 0;
    const res = await post({ eventId: 'evt-stale-version', flowId: b.flowId, status: 7 }, { secret });
    expect(res.body.code).toBe(0);
    expect(moveOfCalls).toBe(2);
    expect(await stateOf(b.id)).toEqual({ state: 'PRE_CREDIT/DRAFT', suspended: true, version: 3 });
    expect(await eventsOf(b.id)).toHaveLength(1);
    expect(await inboxOf(b.id)).toHaveLength(1);
  });

  it('leaves no inbox row when the table refuses the move, so a retry is weighed afresh', async () => {
    const b = await business();
    const secret = await secretOf(b.tenantId);
    expect((await post({ eventId: 'evt-a', flowId: b.flowId, status: 7 }, { secret })).body.code).toBe(0);
    // Already paused: the table refuses a second 暂停, and the event is not recorded as received.
    const refused = await post({ eventId: 'evt-b', flowId: b.flowId, status: 7 }, { secret });
    expect(refused).toMatchObject({ status: 400, body: { code: ResultCode.invalidInput, data: null } });
    expect((await inboxOf(b.id)).map((r) => r.event_id)).toEqual(['evt-a']);
    expect((await stateOf(b.id)).version).toBe(2);
    // An event that asks for no move is received all the same.
    expect((await post({ eventId: 'evt-c', flowId: b.flowId, status: 1 }, { secret })).body.code).toBe(0);
    expect((await inboxOf(b.id)).map((r) => [r.event_id, r.action])).toEqual([
      ['evt-a', 'suspend'],
      ['evt-c', null],
    ]);
  });

  it('refuses an unsigned call, an unknown provider and a body that is no event', async () => {
    const call = (url: string, headers: Record<string, string>) =>
      gw.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{}',
      });
    const secret = await secretOf(DEMO_TENANT_ID);
    expect((await call(`/api/callback/${PROVIDER}`, {})).json()).toMatchObject({ code: ResultCode.invalidInput });
    const nobody = await call('/api/callback/nobody', signCallback(secret, '{}', clock));
    expect(nobody.json()).toMatchObject({ code: ResultCode.notFound, data: null });
    expect((await post({ hello: 'world' }, { secret })).body.code).toBe(ResultCode.invalidInput);
    const big = await post({ eventId: 'evt-big', flowId: 'x', status: 1, pad: 'x'.repeat(20_000) }, { secret });
    expect(big.status).toBe(413);
  });
});

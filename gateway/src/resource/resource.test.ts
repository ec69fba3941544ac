// Every plain resource the domain defines (`src/domain/**/*.resource.ts`), held to the kit's promises on a
// real database: pages and filters, create from its sample and the refusal of a missing field in its own
// words, the operation codes, the optimistic version, its workflow's transitions allowed and refused,
// removal, export, malformed requests, and another tenant's records. A new definition is covered here
// without anyone adding it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import {
  type ResourceDef,
  type ResourceRecord,
  ResourceMessage,
  formFields,
  isRequired,
  normalizeForm,
  searchFields,
} from '../../../src/domain/resource/resource';
import { DEMO_TENANT_ID, DemoOrg } from '../db/seed/demo-seed';
import {
  createTestGateway,
  databasesUnderTest,
  issueToken,
  signIn,
  type TestGateway,
  callerOf,
} from '../testing/test-gateway';

const modules = import.meta.glob<Record<string, unknown>>('../../../src/domain/**/*.resource.ts', { eager: true });
const isDef = (value: unknown): value is ResourceDef =>
  typeof value === 'object' && value !== null && 'api' in value && 'fields' in value && 'storage' in value;
const DEFINITIONS: ResourceDef[] = Object.values(modules).flatMap((m) => Object.values(m).filter(isDef));

type Headers = Record<string, string>;

/** 'YYYY-MM-DD HH:mm:ss' of an instant as a clock in 上海 reads it. */
const wallClock = (instant: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));

describe.each(databasesUnderTest())('every plain resource on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let xh: Headers;
  let viewer: Headers;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    // A reader: every resource's menu, no operation code.
    const now = new Date();
    const roleId = '1200000000000000971';
    await gw.db
      .insertInto('role')
      .values({ role_id: roleId, tenant_id: DEMO_TENANT_ID, role_code: 'KIT_READER', role_name: '只读' })
      .execute();
    await gw.db
      .insertInto('role_menu')
      .values(DEFINITIONS.map((d) => ({ role_id: roleId, menu_id: normalizeMenuPath(d.menuPath) })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await gw.db
      .insertInto('app_user')
      .values({
        user_id: '1300000000000000971',
        tenant_id: DEMO_TENANT_ID,
        user_name: 'kit.reader',
        nick_name: '只读',
        organization_id: DemoOrg.group,
        user_type: 'STAFF',
        mobile: null,
        password_hash: 'not-a-hash',
        status: 'ENABLED',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await gw.db.insertInto('user_role').values({ user_id: '1300000000000000971', role_id: roleId }).execute();
    await issueToken(gw.db, { userName: 'kit.reader', token: 'kit-reader-token' });
    viewer = { authorization: 'Bearer kit-reader-token' };
  });
  afterAll(async () => {
    await gw?.close();
  });

  const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(gw.app)(...args);

  it('finds at least one definition', () => {
    expect(DEFINITIONS.length).toBeGreaterThanOrEqual(4);
  });

  describe.each(DEFINITIONS.map((def) => ({ def, name: def.title })))('$name', ({ def }) => {
    let made: ResourceRecord;

    it('pages in the envelope, 10 a page by default, and refuses bad paging', async () => {
      const page = await call('GET', `${def.api}/page`, admin);
      expect(page).toMatchObject({ code: 0, data: { current: 1, size: 10 } });
      expect(page.data.records.length).toBeLessThanOrEqual(10);
      for (const query of ['size=101', 'current=0', 'status=NOPE', 'sort=robots']) {
        expect((await call('GET', `${def.api}/page?${query}`, admin)).code, query).toBe(ResultCode.invalidInput);
      }
    });

    it('creates from its sample, reads it back, and finds it by its search fields', async () => {
      if (!def.create) return;
      const missing = formFields(def, 'create').find(isRequired);
      if (missing) {
        const refused = await call('POST', def.api, admin, { ...def.sample, [missing.key]: '' });
        expect(refused).toMatchObject({
          status: 400,
          code: ResultCode.invalidInput,
          message: ResourceMessage.required(missing),
        });
      }
      expect((await call('POST', def.api, viewer, def.sample)).code).toBe(ResultCode.forbidden);
      const created = await call('POST', def.api, admin, def.sample);
      expect(created.code, created.message).toBe(0);
      made = created.data;
      expect(made.status).toBe(def.initialStatus);
      expect(made.version).toBe(1);
      const expected = normalizeForm(def, def.sample, 'create');
      for (const [key, value] of Object.entries(expected)) {
        if (value !== '' && value !== null) expect(made[key], key).toEqual(value);
      }
      expect((await call('GET', `${def.api}/${made.keyId}`, admin)).data).toEqual(made);
      for (const f of searchFields(def).filter((x) => x.search === 'like' && typeof made[x.key] === 'string')) {
        const text = String(made[f.key]).slice(0, 6);
        const found = await call('GET', `${def.api}/page?size=100&${f.key}=${encodeURIComponent(text)}`, admin);
        expect(
          found.data.records.map((r: ResourceRecord) => r.keyId),
          f.key,
        ).toContain(made.keyId);
      }
      if (def.unique) expect((await call('POST', def.api, admin, def.sample)).message).toBe(def.unique.message);
    });

    it('edits with the version read, and answers 160300409 to a stale one', async () => {
      if (!def.update || !made || !def.update.when.includes(made.status)) return;
      const body = Object.fromEntries(formFields(def, 'update').map((f) => [f.key, made[f.key]]));
      expect((await call('PUT', `${def.api}/${made.keyId}`, admin, { ...body, version: made.version + 1 })).code).toBe(
        ResultCode.staleVersion,
      );
      expect((await call('PUT', `${def.api}/${made.keyId}`, viewer, { ...body, version: made.version })).code).toBe(
        ResultCode.forbidden,
      );
      const saved = await call('PUT', `${def.api}/${made.keyId}`, admin, { ...body, version: made.version });
      expect(saved.code, saved.message).toBe(0);
      expect(saved.data.version).toBe(made.version + 1);
      made = saved.data;
    });

    it('takes the transitions its table allows, and refuses the rest', async () => {
      const table = def.workflow;
      if (!table || !made) return;
      const t = table.transitions.find((x) => x.from.includes(made.status as never));
      if (!t) return;
      const url = `${def.api}/${made.keyId}/transition`;
      expect((await call('POST', url, viewer, { action: t.action, version: made.version, comment: '只读' })).code).toBe(
        ResultCode.forbidden,
      );
      expect((await call('POST', url, admin, { action: 'nonsense', version: made.version })).code).toBe(
        ResultCode.invalidInput,
      );
      if (t.comment === 'required') {
        expect((await call('POST', url, admin, { action: t.action, version: made.version, comment: ' ' })).code).toBe(
          ResultCode.invalidInput,
        );
      }
      expect(
        (await call('POST', url, admin, { action: t.action, version: made.version + 5, comment: '过期' })).code,
      ).toBe(ResultCode.staleVersion);
      const done = await call('POST', url, admin, { action: t.action, version: made.version, comment: '按规定处理' });
      expect(done.code, done.message).toBe(0);
      const to =
        typeof t.to === 'function' ? t.to(made, {}, { actorId: '', grants: new Set(), now: new Date() }) : t.to;
      expect(done.data).toMatchObject({ status: to, version: made.version + 1 });
      const again = table.transitions.find((x) => x.action === t.action && x.from.includes(to as never));
      if (!again) {
        const refused = await call('POST', url, admin, {
          action: t.action,
          version: done.data.version,
          comment: '再次',
        });
        expect(refused.code).toBe(ResultCode.invalidInput);
      }
      made = done.data;
    });

    it('removes where its statuses allow, with the version', async () => {
      if (!def.remove || !def.create || def.unique) return;
      const fresh = (await call('POST', def.api, admin, def.sample)).data as ResourceRecord;
      expect((await call('DELETE', `${def.api}/${fresh.keyId}?version=9`, admin)).code).toBe(ResultCode.staleVersion);
      expect((await call('DELETE', `${def.api}/${fresh.keyId}?version=1`, viewer)).code).toBe(ResultCode.forbidden);
      expect((await call('DELETE', `${def.api}/${fresh.keyId}?version=1`, admin)).code).toBe(0);
      expect((await call('GET', `${def.api}/${fresh.keyId}`, admin)).code).toBe(ResultCode.notFound);
    });

    it('exports the filtered list as .xlsx to those holding export only', async () => {
      const res = await gw.app.inject({ method: 'GET', url: `${def.api}/export`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect((await call('GET', `${def.api}/export`, viewer)).code).toBe(ResultCode.forbidden);
    });

    it('exports amounts as summable number cells in 元 and times as Asia/Shanghai wall-clock', async () => {
      const money = def.fields.filter((f) => f.list && f.type === 'money');
      const times = def.fields.filter((f) => f.list && f.type === 'datetime');
      if (money.length === 0 && times.length === 0) return;
      const page = (await call('GET', `${def.api}/page?size=100`, admin)).data as {
        records: ResourceRecord[];
        total: number;
      };
      const res = await gw.app.inject({ method: 'GET', url: `${def.api}/export`, headers: admin });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const column = (label: string) => {
        const header = (sheet.getRow(1).values as unknown[]).indexOf(label);
        expect(header).toBeGreaterThan(0);
        return sheet.getColumn(header);
      };
      for (const f of money) {
        let cents = 0n;
        column(f.label).eachCell((cell, row) => {
          if (row === 1 || cell.value === null || cell.value === '') return;
          expect(typeof cell.value, `${f.label} row ${row}`).toBe('number');
          expect(cell.numFmt).toBe('#,##0.00');
          cents += BigInt(Math.round((cell.value as number) * 100));
        });
        if (page.total <= 100) {
          const expected = page.records.reduce((sum, r) => sum + BigInt((r[f.key] as number | null) ?? 0), 0n);
          expect(cents, f.label).toBe(expected);
        }
      }
      for (const f of times) {
        const shown = new Set<string>();
        column(f.label).eachCell((cell, row) => {
          if (row > 1 && cell.value) shown.add(String(cell.value));
        });
        for (const r of page.records.slice(0, 5)) {
          const at = r[f.key];
          if (typeof at !== 'string') continue;
          expect(shown, `${f.label} ${at}`).toContain(wallClock(at));
        }
      }
    });

    it('answers malformed bodies with 160300400, never 5xx', async () => {
      if (!def.create) return;
      const field = formFields(def, 'create')[0]!;
      for (const body of [
        { ...def.sample, [field.key]: { deep: [1] } },
        { ...def.sample, [field.key]: 42 },
        [1, 2],
        'text',
      ]) {
        const res = await call('POST', def.api, admin, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.code).toBe(ResultCode.invalidInput);
      }
    });

    it("reads and writes nothing of another tenant's record", async () => {
      if (!made) return;
      expect((await call('GET', `${def.api}/${made.keyId}`, xh)).code).toBe(ResultCode.notFound);
      const list = await call('GET', `${def.api}/page?size=100`, xh);
      expect(list.data.records.map((r: ResourceRecord) => r.keyId)).not.toContain(made.keyId);
      const action = def.workflow?.transitions[0]?.action ?? 'x';
      expect(
        (
          await call('POST', `${def.api}/${made.keyId}/transition`, xh, {
            action,
            version: made.version,
            comment: '越权',
          })
        ).code,
      ).toBe(ResultCode.notFound);
      expect((await call('GET', `${def.api}/${made.keyId}`, admin)).data).toEqual(made);
    });
  });
});

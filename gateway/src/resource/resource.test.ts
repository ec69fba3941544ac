// Every plain resource the domain defines (`src/domain/**/*.resource.ts`), held to the kit's promises on a
// real database: pages and filters, create from its sample and the refusal of a missing field in its own
// words, the operation codes, the optimistic version, its workflow's transitions allowed and refused,
// removal, export, malformed requests, and another tenant's records. A new definition is covered here
// without anyone adding it. Each definition gets only the cases it has (no create, no edit case; no workflow,
// no transition case), so every case that runs asserts; a definition without create is tried on a record
// the demo seed gives it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { latestNearTermDay } from '../../../src/domain/calendar/calendar-date';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import { CONTROL_CHARACTER_MESSAGE } from '../../../src/domain/patterns/control-characters';
import {
  type ResourceDef,
  type ResourceRecord,
  ResourceMessage,
  formFields,
  isRequired,
  normalizeForm,
  searchFields,
} from '../../../src/domain/resource/resource';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import {
  createTestGateway,
  databasesUnderTest,
  issueToken,
  signIn,
  type TestGateway,
  callerOf,
} from '../testing/test-gateway';
import { insertUsers } from '../testing/test-users';

const modules = import.meta.glob<Record<string, unknown>>('../../../src/domain/**/*.resource.ts', { eager: true });
const isDef = (value: unknown): value is ResourceDef =>
  typeof value === 'object' && value !== null && 'api' in value && 'fields' in value && 'storage' in value;
const DEFINITIONS: ResourceDef[] = Object.values(modules).flatMap((m) => Object.values(m).filter(isDef));

type Headers = Record<string, string>;

/** A case for the definitions it applies to; the others do not have it, rather than pass it without a check. */
function caseIf(applies: unknown, name: string, fn: () => Promise<void>): void {
  if (applies) it(name, fn);
}

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
    await insertUsers(gw.db, { user_id: '1300000000000000971', user_name: 'kit.reader', nick_name: '只读' });
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
    let made: ResourceRecord | undefined;
    const workflow = def.workflow;
    const transitionFrom = (status: string) => workflow?.transitions.find((x) => x.from.includes(status as never));

    /**
     * The record the later cases act on: the one the create case made, or for a definition without create a
     * seeded one (one its workflow can move, when it has one).
     */
    async function subject(): Promise<ResourceRecord> {
      if (def.create) {
        expect(made, 'the record the create case made').toBeDefined();
        return made!;
      }
      if (!made) {
        const records = (await call('GET', `${def.api}/page?size=100`, admin)).data.records as ResourceRecord[];
        made = workflow ? records.find((r) => transitionFrom(r.status)) : records[0];
        expect(made, 'a seeded record to act on').toBeDefined();
      }
      return made!;
    }

    it('pages in the envelope, 10 a page by default, and refuses bad paging', async () => {
      const page = await call('GET', `${def.api}/page`, admin);
      expect(page).toMatchObject({ code: 0, data: { current: 1, size: 10 } });
      expect(page.data.records.length).toBeLessThanOrEqual(10);
      for (const query of ['size=101', 'current=0', 'status=NOPE', 'sort=robots']) {
        expect((await call('GET', `${def.api}/page?${query}`, admin)).code, query).toBe(ResultCode.invalidInput);
      }
    });

    caseIf(def.create, 'creates from its sample, reads it back, and finds it by its search fields', async () => {
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
      const record: ResourceRecord = created.data;
      made = record;
      expect(record.status).toBe(def.initialStatus);
      expect(record.version).toBe(1);
      const expected = normalizeForm(def, def.sample, 'create');
      for (const [key, value] of Object.entries(expected)) {
        if (value !== '' && value !== null) expect(record[key], key).toEqual(value);
      }
      expect((await call('GET', `${def.api}/${record.keyId}`, admin)).data).toEqual(record);
      for (const f of searchFields(def).filter((x) => x.search === 'like' && typeof record[x.key] === 'string')) {
        const text = String(record[f.key]).slice(0, 6);
        const found = await call('GET', `${def.api}/page?size=100&${f.key}=${encodeURIComponent(text)}`, admin);
        expect(
          found.data.records.map((r: ResourceRecord) => r.keyId),
          f.key,
        ).toContain(record.keyId);
      }
      if (def.unique) expect((await call('POST', def.api, admin, def.sample)).message).toBe(def.unique.message);
    });

    // A new record is in its initial status: edited here when that status allows editing.
    const editable = !!def.create && !!def.update?.when.includes(def.initialStatus);
    caseIf(editable, 'edits with the version read, and answers 160300409 to a stale one', async () => {
      const made = await subject();
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
      expect(saved.data.status).toBe(made.status);
      Object.assign(made, saved.data);
    });

    caseIf(workflow, 'takes the transitions its table allows, and refuses the rest', async () => {
      const table = workflow!;
      const made = await subject();
      const t = transitionFrom(made.status);
      if (!t) throw new Error(`${def.title}: no transition from ${made.status}`);
      const url = `${def.api}/${made.keyId}/transition`;
      // A transition with fields of its own (资产变更's 处理方式) sends their sample values beside the comment.
      const inputs = { ...t.inputs?.sample };
      const act = (headers: Headers, version: number, comment: string) =>
        call('POST', url, headers, { action: t.action, version, comment, ...inputs });
      expect((await act(viewer, made.version, '只读')).code).toBe(ResultCode.forbidden);
      expect((await call('POST', url, admin, { action: 'nonsense', version: made.version })).code).toBe(
        ResultCode.invalidInput,
      );
      if (t.comment === 'required') expect((await act(admin, made.version, ' ')).code).toBe(ResultCode.invalidInput);
      expect((await act(admin, made.version + 5, '过期')).code).toBe(ResultCode.staleVersion);
      const done = await act(admin, made.version, '按规定处理');
      expect(done.code, done.message).toBe(0);
      const to =
        typeof t.to === 'function' ? t.to(made, inputs, { actorId: '', grants: new Set(), now: new Date() }) : t.to;
      expect(done.data).toMatchObject({ status: to, version: made.version + 1 });
      const again = table.transitions.find((x) => x.action === t.action && x.from.includes(to as never));
      if (!again) expect((await act(admin, done.data.version, '再次')).code).toBe(ResultCode.invalidInput);
      Object.assign(made, done.data);
    });

    // On a second record from the sample, which a unique definition refuses.
    caseIf(def.remove && def.create && !def.unique, 'removes where its statuses allow, with the version', async () => {
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

    const exportedMoney = def.fields.filter((f) => f.list && f.type === 'money');
    const exportedTimes = def.fields.filter((f) => f.list && f.type === 'datetime');
    caseIf(
      exportedMoney.length + exportedTimes.length,
      'exports amounts as summable number cells in 元 and times as Asia/Shanghai wall-clock',
      async () => {
        const money = exportedMoney;
        const times = exportedTimes;
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
      },
    );

    caseIf(def.create, 'answers malformed bodies with 160300400, never 5xx', async () => {
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

    it('refuses a date that does not exist, out of range, or too far ahead for a near-term date', async () => {
      const dates = def.create ? formFields(def, 'create').filter((f) => f.type === 'date') : [];
      for (const f of dates) {
        for (const bad of ['2026-02-30', '2026-99-99', '9999-12-31', '1899-12-31']) {
          const res = await call('POST', def.api, admin, { ...def.sample, [f.key]: bad });
          expect(res.status, `${f.key}=${bad}`).toBe(400);
          expect(res.code).toBe(ResultCode.invalidInput);
        }
        if (f.nearTermYears === undefined) continue;
        const latest = latestNearTermDay(new Date(), f.nearTermYears);
        const dayAfter = new Date(Date.parse(`${latest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        const res = await call('POST', def.api, admin, { ...def.sample, [f.key]: dayAfter });
        expect(res, `${f.key}=${dayAfter}`).toMatchObject({ status: 400, message: ResourceMessage.tooLate(f, latest) });
      }
      for (const f of searchFields(def).filter((x) => x.search === 'range' && /date/.test(x.type))) {
        for (const bad of ['x', '2026-02-30', '1e308', '9999-12-31']) {
          for (const verb of ['page', 'list', 'export']) {
            const res = await call('GET', `${def.api}/${verb}?${f.key}From=${bad}&${f.key}To=${bad}`, admin);
            expect(res.status, `${verb} ${f.key}From=${bad}`).toBe(400);
          }
        }
        expect((await call('GET', `${def.api}/page?${f.key}From=2026-01-01&${f.key}To=`, admin)).code).toBe(0);
      }
    });

    it('refuses unknown fields and control characters in its text, storing nothing', async () => {
      if (!def.create) return;
      const before = (await call('GET', `${def.api}/page?size=1`, admin)).data.total;
      const unknown = await call('POST', def.api, admin, { ...def.sample, remarkX: '多余' });
      expect(unknown).toMatchObject({
        status: 400,
        code: ResultCode.invalidInput,
        message: '参数校验失败：不支持的参数 remarkX',
      });
      const text = formFields(def, 'create').find((f) => f.type === 'text' || f.type === 'textarea');
      if (text) {
        for (const bad of ['a\u0007b', '\u001b[31m红', '名称\u202e反转', 'x\u0000']) {
          const res = await call('POST', def.api, admin, { ...def.sample, [text.key]: bad });
          expect(res, JSON.stringify(bad)).toMatchObject({
            status: 400,
            code: ResultCode.invalidInput,
            message: `参数校验失败：${text.key} ${CONTROL_CHARACTER_MESSAGE}`,
          });
        }
      }
      expect((await call('GET', `${def.api}/page?size=1`, admin)).data.total).toBe(before);
    });

    it("reads and writes nothing of another tenant's record", async () => {
      const made = await subject();
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

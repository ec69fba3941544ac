// The calls of every plain resource, as the client's ResourceGatewayAdapter makes them, generated from the
// definitions: page, detail, create, edit, a transition of its table, the stale version's refusal, delete
// and export. A new definition brings its interactions with it.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { ResourceGatewayAdapter } from '../../src/adapters/gateway/resource-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { normalizeMenuPath } from '../../src/domain/menu/menu';
import {
  type ResourceDef,
  columnOf,
  formFields,
  normalizeForm,
  refFormFields,
} from '../../src/domain/resource/resource';
import { bearer, createPact, httpClientFor, PACT_TOKEN } from './support/consumer';
import { RESOURCE_DEFINITIONS, pactId, resourceState } from './support/resource-definitions';

const { eachLike, integer, like, regex, string } = MatchersV3;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const admin = () => bearer(PACT_TOKEN.admin);
const saver = { save: vi.fn() };
const adapter = (url: string) => new ResourceGatewayAdapter(httpClientFor(url, PACT_TOKEN.admin).http, saver);

/** Each value matched by its type, one by one. */
const likeEach = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, like(v)]));

/** Any status of the definition: what a list may hold beside the pact's record. */
const anyStatus = (def: ResourceDef, example: string) => regex(`^(${Object.keys(def.statuses).join('|')})$`, example);

/**
 * The record as the sample makes it. Its status is exact, unless given as a matcher (in a list): the screens
 * label it and offer the actions of its table by it. The sample's filled values and the rest are matched by
 * their type. No matcher wraps the whole record, since a type matcher there would make the status type-only.
 */
function recordLike(def: ResourceDef, status: unknown, keyId: string, version = 1) {
  const sample = normalizeForm(def, def.sample, 'create');
  const filled = likeEach(Object.fromEntries(Object.entries(sample).filter(([, v]) => v !== '' && v !== null)));
  // The name of each row the sample points at, which the screens show in its place.
  const named = new Set(
    refFormFields(def)
      .filter((f) => filled[f.key])
      .map(columnOf),
  );
  const names = Object.fromEntries(
    def.fields.filter((f) => f.refName && !f.ref && named.has(columnOf(f))).map((f) => [f.key, string('远景控股集团')]),
  );
  return { keyId: string(keyId), status, version: integer(version), ...filled, ...names };
}

/** SPEC §7.2: a menu-scoped resource's reads carry their menu. */
const menuQuery = (def: ResourceDef): Record<string, string> =>
  def.menuScoped ? { menuId: normalizeMenuPath(def.menuPath) } : {};

describe.each(RESOURCE_DEFINITIONS.map((def) => ({ def, name: def.title })))('$name contract', ({ def }) => {
  const id = pactId(def);
  const exists = resourceState.recordExists(def);

  it('pages the records', async () => {
    await createPact()
      .addInteraction()
      .given(exists)
      .uponReceiving(`a page of ${def.name}`)
      .withRequest('GET', `${def.api}/page`, (b) =>
        b.query({ ...menuQuery(def), current: '1', size: '10' }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike(recordLike(def, anyStatus(def, def.initialStatus), id)),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page(def, { status: '' }, { current: 1, size: 10 });
        expect(page.records.length).toBeGreaterThan(0);
      });
  });

  it('reads one record', async () => {
    await createPact()
      .addInteraction()
      .given(exists)
      .uponReceiving(`the detail of the pact ${def.name}`)
      .withRequest('GET', `${def.api}/${id}`, (b) => (def.menuScoped ? b.query(menuQuery(def)) : b).headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok(recordLike(def, def.initialStatus, id))))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).get(def, id)).keyId).toBe(id);
      });
  });

  // Only the calls this resource has are recorded.
  if (def.create)
    it('creates a record from the sample', async () => {
      await createPact()
        .addInteraction()
        .given(resourceState.noRecord(def))
        .uponReceiving(`a new ${def.name}`)
        .withRequest('POST', def.api, (b) => b.headers(admin()).jsonBody(def.sample))
        .willRespondWith(200, (b) => b.jsonBody(ok(recordLike(def, def.initialStatus, '1763800000000000001'))))
        .executeTest(async (mock) => {
          expect((await adapter(mock.url).create(def, def.sample)).status).toBe(def.initialStatus);
        });
    });

  if (def.update?.when.includes(def.initialStatus))
    it('edits a record with the version read', async () => {
      const form = Object.fromEntries(formFields(def, 'update').map((f) => [f.key, def.sample[f.key] ?? null]));
      await createPact()
        .addInteraction()
        .given(exists)
        .uponReceiving(`an edit of the pact ${def.name}`)
        .withRequest('PUT', `${def.api}/${id}`, (b) => b.headers(admin()).jsonBody({ ...form, version: 1 }))
        .willRespondWith(200, (b) => b.jsonBody(ok(recordLike(def, def.initialStatus, id, 2))))
        .executeTest(async (mock) => {
          expect((await adapter(mock.url).update(def, id, form, 1)).version).toBe(2);
        });
    });

  const first = def.workflow?.transitions.find((t) => t.from.includes(def.initialStatus));
  if (first)
    it('takes the first transition of its table, and refuses a stale version', async () => {
      const t = first!;
      // A status the action computes from the record is one of the definition's; a fixed one is exact.
      const to = typeof t.to === 'function' ? anyStatus(def, def.initialStatus) : t.to;
      const example = typeof t.to === 'function' ? def.initialStatus : t.to;
      // A transition with fields of its own (e.g. 确权's amount) sends their sample values beside the comment.
      const values = { ...t.inputs?.sample };
      await createPact()
        .addInteraction()
        .given(exists)
        .uponReceiving(`${t.action} of the pact ${def.name}`)
        .withRequest('POST', `${def.api}/${id}/transition`, (b) =>
          b.headers(admin()).jsonBody({ action: t.action, version: 1, comment: '契约意见', ...values }),
        )
        .willRespondWith(200, (b) =>
          b.jsonBody(ok({ keyId: string(id), status: to, version: integer(2), ...likeEach(values) })),
        )
        .executeTest(async (mock) => {
          expect((await adapter(mock.url).transition(def, id, t.action, 1, '契约意见', values)).status).toBe(example);
        });
      await createPact()
        .addInteraction()
        .given(exists)
        .uponReceiving(`${t.action} of the pact ${def.name} with a stale version`)
        .withRequest('POST', `${def.api}/${id}/transition`, (b) =>
          b.headers(admin()).jsonBody({ action: t.action, version: 7, comment: '契约意见', ...values }),
        )
        .willRespondWith(409, (b) =>
          b.jsonBody({ code: 160300409, message: string('数据已被他人修改，请刷新后重试'), data: null }),
        )
        .executeTest(async (mock) => {
          await expect(adapter(mock.url).transition(def, id, t.action, 7, '契约意见', values)).rejects.toBeInstanceOf(
            GatewayError,
          );
        });
    });

  if (def.remove?.when.includes(def.initialStatus))
    it('deletes a record with the version read', async () => {
      await createPact()
        .addInteraction()
        .given(exists)
        .uponReceiving(`a deletion of the pact ${def.name}`)
        .withRequest('DELETE', `${def.api}/${id}`, (b) => b.query({ version: '1' }).headers(admin()))
        .willRespondWith(200, (b) => b.jsonBody({ code: 0, message: string('操作成功'), data: null }))
        .executeTest(async (mock) => {
          await adapter(mock.url).remove(def, id, 1);
        });
    });

  for (const f of refFormFields(def)) {
    it(`lists the rows ${f.key} may point at`, async () => {
      await createPact()
        .addInteraction()
        .given(exists)
        .uponReceiving(`the ${f.key} choices of ${def.name}`)
        .withRequest('GET', `${def.api}/options/${f.key}`, (b) => b.headers(admin()))
        .willRespondWith(200, (b) =>
          b.jsonBody(ok(eachLike({ keyId: string('1100000000000000011'), name: string('华东建材有限公司') }))),
        )
        .executeTest(async (mock) => {
          expect((await adapter(mock.url).options(def, f.key)).length).toBeGreaterThan(0);
        });
    });
  }

  if (def.history)
    it('reads the history of a record', async () => {
      await createPact()
        .addInteraction()
        .given(exists)
        .uponReceiving(`the history of the pact ${def.name}`)
        .withRequest('GET', `${def.api}/${id}/history`, (b) => b.headers(admin()))
        .willRespondWith(200, (b) =>
          b.jsonBody(
            ok(
              eachLike({
                occurredAt: string('2026-11-01T02:00:00.000Z'),
                userName: string('平台管理员'),
                action: string('create'),
                label: string('新增'),
                comment: null,
              }),
            ),
          ),
        )
        .executeTest(async (mock) => {
          expect((await adapter(mock.url).history(def, id))[0]?.action).toBeTruthy();
        });
    });

  it('exports the list as .xlsx under the name the gateway gives', async () => {
    saver.save.mockClear();
    await createPact()
      .addInteraction()
      .given(exists)
      .uponReceiving(`an export of ${def.name}`)
      .withRequest('GET', `${def.api}/export`, (b) => (def.menuScoped ? b.query(menuQuery(def)) : b).headers(admin()))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent(`${def.title}.xlsx`)}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).exportList(def, { status: '' })).toBe(`${def.title}.xlsx`);
        expect(saver.save).toHaveBeenCalledTimes(1);
      });
  });
});

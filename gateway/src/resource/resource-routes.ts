// One registrar for every plain resource (SPEC §7.2's generic helper `api/{subSys}/{module}`): page, list,
// export, get, create, update, delete and the transition verb, each with its menu and operation code, the
// tenant predicate, the optimistic version (160300409 when stale) and the operation log written in the
// write's own transaction. Transitions go through the definition's workflow table and nowhere else. Values
// a definition masks are masked in every list and export, and whole on the detail only for someone who may
// act on the record.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadExcel } from '../lazy-libraries';
import type { Kysely, Transaction } from 'kysely';
import { maskValue } from '../../../src/domain/format/mask';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import {
  type ResourceDef,
  type ResourceForm,
  type ResourceRecord,
  ResourceMessage,
  canRemove,
  canUpdate,
  firstFormError,
  fieldByKey,
  formFields,
  idColumnOf,
  mayReadWhole,
  normalizeForm,
  optionLabel,
  validateField,
} from '../../../src/domain/resource/resource';
import { applyTransition } from '../../../src/domain/workflow/workflow';
import type { Database } from '../db/database';
import type { GatewayDeps } from '../deps';
import { contentDisposition } from '../modules/file/file-names';
import { grantedMenus } from '../modules/menu/repository';
import { logOperation } from '../modules/operation-log/repository';
import { newId } from '../ids';
import { sessionOf } from '../plugins/auth-guard';
import { AppError, forbidden, invalidInput, notFound, ok } from '../plugins/envelope';
import { pageRequest } from '../schemas/common';
import { MONEY_FORMAT, RATE_FORMAT, rateNumber, shanghaiDateTime, yuanNumber } from '../xlsx/export-cells';
import {
  type ResourceQuery,
  columnsOf,
  createdByOf,
  findResource,
  historyOf,
  listResources,
  pageResources,
  refOptions,
  scopedUpdate,
  strayRef,
  uniqueTaken,
} from './resource-repository';
import { resourceSchemas } from './resource-schemas';

// biome-ignore lint/suspicious/noExplicitAny: dynamic tables named by definitions
type AnyDb = Kysely<any>;

/** The escape hatches a definition cannot say: columns set on create, work after a transition. */
export interface ResourceHooks {
  /** Values of fields the form does not carry, derived from it before the checks (e.g. an order's project company). */
  prepare?: (
    db: AnyDb,
    form: ResourceForm,
    ctx: { tenantId: string; mode: 'create' | 'update'; before?: ResourceRecord },
  ) => Promise<ResourceForm>;
  /** Runs inside every write's transaction (create, edit, transition) once the row is written, before the log. */
  afterWrite?: (trx: AnyDb, change: { tenantId: string; id: string }) => Promise<void>;
  /** Extra columns of a new row (numbers, validity), from the checked form; inside the create's transaction. */
  beforeCreate?: (
    form: ResourceForm,
    ctx: { id: string; now: Date; tenantId: string; trx: Transaction<Database> },
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Runs before a deletion the statuses allow, with the record read; throws to refuse it (e.g. a product in use). */
  beforeRemove?: (db: AnyDb, record: ResourceRecord, ctx: { tenantId: string }) => Promise<void>;
  /** Runs inside the transition's transaction, after the status changed. */
  afterTransition?: (
    trx: Transaction<Database>,
    change: {
      before: ResourceRecord;
      after: ResourceRecord;
      action: string;
      tenantId: string;
      actorId: string;
      now: Date;
    },
  ) => Promise<void>;
}

export const EXPORT_MAX_ROWS = 10_000;
const LIST_MAX_ROWS = 1000;
const OPTIONS_MAX_ROWS = 1000;
const stale = () => new AppError(ResultCode.staleVersion, ResourceMessage.stale);

// biome-ignore lint/suspicious/noExplicitAny: dynamic tables named by definitions
const dyn = (db: Kysely<Database>) => db as unknown as Kysely<any>;

const uniqueViolation = (def: ResourceDef, error: unknown) => {
  const e = error as { code?: string; constraint?: string; message?: string };
  const index = def.storage.uniqueIndex;
  return !!index && e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes(index);
};

export function masked(def: ResourceDef, record: ResourceRecord): ResourceRecord {
  const out = { ...record };
  for (const f of def.fields) {
    const value = out[f.key];
    if (f.mask && typeof value === 'string') out[f.key] = maskValue(f.mask, value);
  }
  return out;
}

export function registerResource(app: FastifyInstance, deps: GatewayDeps, def: ResourceDef, hooks: ResourceHooks = {}) {
  const menu = def.menuPath;
  const schemas = resourceSchemas(def);
  const db = dyn(deps.db);
  const target = def.name;

  const grantsOf = async (request: FastifyRequest) => {
    const { userId, tenantId } = sessionOf(request);
    return (await grantedMenus(deps.db, userId, tenantId)).get(normalizeMenuPath(menu)) ?? new Set<string>();
  };
  const load = async (tenantId: string, id: string) => {
    const record = await findResource(db, def, tenantId, id);
    if (!record) throw notFound(ResourceMessage.notFound);
    return record;
  };
  const checked = (body: ResourceForm, mode: 'create' | 'update', now: Date) => {
    const form = normalizeForm(def, body, mode);
    const refusal = firstFormError(def, form, mode, now);
    if (refusal) throw invalidInput(refusal);
    return form;
  };
  /**
   * Every reference the form holds is a row its field allows in the caller's tenant (an organisation of its
   * types, never another tenant's), as one of the choices the form offers.
   */
  const refuseStrayRefs = async (tenantId: string, form: ResourceForm) => {
    const stray = await strayRef(db, def.fields, tenantId, form);
    if (stray) throw invalidInput(ResourceMessage.optionInvalid(stray));
  };
  const refuseDuplicate = async (tenantId: string, form: ResourceForm, exceptId?: string) => {
    if (def.unique && (await uniqueTaken(db, def, tenantId, form, exceptId))) throw invalidInput(def.unique.message);
  };
  // SPEC §7.2: a menu-scoped read names its menu; any menu but the resource's own is refused.
  const ownMenu = normalizeMenuPath(menu);
  const checkMenu = (request: FastifyRequest) => {
    const menuId = (request.query as { menuId?: string } | undefined)?.menuId;
    if (def.menuScoped && menuId !== undefined && normalizeMenuPath(menuId) !== ownMenu) {
      throw invalidInput(ResourceMessage.wrongMenu);
    }
  };
  const withoutMenu = (q: ResourceQuery): ResourceQuery => {
    const { menuId: _menuId, ...rest } = q;
    return rest;
  };
  const guarded = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      // The same unique value written at once on PostgreSQL: the form's refusal, not a server fault.
      if (def.unique && uniqueViolation(def, error)) throw invalidInput(def.unique.message);
      throw error;
    }
  };

  app.get(`${def.api}/page`, { config: { access: { menu } }, schema: schemas.page }, async (request) => {
    checkMenu(request);
    const q = withoutMenu(request.query as ResourceQuery);
    const page = pageRequest(q);
    const { records, total, sums } = await pageResources(db, def, sessionOf(request).tenantId, q, page);
    return ok({
      records: records.map((r) => masked(def, r)),
      total,
      current: page.current,
      size: page.size,
      ...(sums ? { sums } : {}),
    });
  });

  app.get(`${def.api}/options/:key`, { config: { access: { menu } }, schema: schemas.options }, async (request) => {
    const f = fieldByKey(def, (request.params as { key: string }).key);
    if (!f?.ref || !formFields(def, 'create').concat(formFields(def, 'update')).includes(f))
      throw notFound(ResourceMessage.notFound);
    return ok(await refOptions(db, f.ref, sessionOf(request).tenantId, OPTIONS_MAX_ROWS));
  });

  app.get(`${def.api}/list`, { config: { access: { menu } }, schema: schemas.list }, async (request) => {
    checkMenu(request);
    const q = withoutMenu(request.query as ResourceQuery);
    const records = await listResources(db, def, sessionOf(request).tenantId, q, LIST_MAX_ROWS);
    return ok(records.map((r) => masked(def, r)));
  });

  app.get(
    `${def.api}/export`,
    { config: { access: { menu, op: 'export' } }, schema: schemas.export },
    async (request, reply) => {
      checkMenu(request);
      const q = withoutMenu(request.query as ResourceQuery);
      const records = await listResources(db, def, sessionOf(request).tenantId, q, EXPORT_MAX_ROWS);
      const bytes = await exportWorkbook(
        def,
        records.map((r) => masked(def, r)),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', `${def.title}.xlsx`))
        .send(bytes);
    },
  );

  if (def.history) {
    app.get(`${def.api}/:id/history`, { config: { access: { menu } }, schema: schemas.history }, async (request) => {
      const { tenantId } = sessionOf(request);
      const id = (request.params as { id: string }).id;
      await load(tenantId, id);
      return ok(await historyOf(db, def, tenantId, id));
    });
  }

  app.get(`${def.api}/:id`, { config: { access: { menu } }, schema: schemas.get }, async (request) => {
    checkMenu(request);
    const record = await load(sessionOf(request).tenantId, (request.params as { id: string }).id);
    return ok(mayReadWhole(await grantsOf(request)) ? record : masked(def, record));
  });

  if (def.create) {
    app.post(
      def.api,
      { config: { access: { menu, op: def.create.op ?? 'add' } }, schema: schemas.create },
      async (request) => {
        const { tenantId, userId } = sessionOf(request);
        const now = deps.now();
        const typed = checked((request.body ?? {}) as ResourceForm, 'create', now);
        await refuseStrayRefs(tenantId, typed);
        const form = { ...typed, ...(await hooks.prepare?.(db, typed, { tenantId, mode: 'create' })) };
        await refuseDuplicate(tenantId, form);
        const id = newId(now);
        await guarded(() =>
          deps.db.transaction().execute(async (trx) => {
            await dyn(trx)
              .insertInto(def.storage.table)
              .values({
                [idColumnOf(def)]: id,
                tenant_id: tenantId,
                ...def.storage.scope,
                status: def.initialStatus,
                version: 1,
                created_at: now,
                updated_at: now,
                ...(def.storage.createdBy ? { created_by: userId } : {}),
                ...columnsOf(def, form),
                ...(await hooks.beforeCreate?.(form, { id, now, tenantId, trx })),
              })
              .execute();
            await hooks.afterWrite?.(dyn(trx), { tenantId, id });
            await logOperation(trx, {
              tenantId,
              userId,
              now,
              action: `${target}.create`,
              targetType: target,
              targetId: id,
              after: await findResource(dyn(trx), def, tenantId, id),
            });
          }),
        );
        return ok(await load(tenantId, id));
      },
    );
  }

  if (def.update) {
    app.put(
      `${def.api}/:id`,
      { config: { access: { menu, op: def.update.op ?? 'edit' } }, schema: schemas.update },
      async (request) => {
        const { tenantId, userId } = sessionOf(request);
        const id = (request.params as { id: string }).id;
        const { version, ...body } = request.body as ResourceForm & { version: number };
        const before = await load(tenantId, id);
        if (before.version !== version) throw stale();
        if (!canUpdate(def, before)) throw invalidInput(ResourceMessage.notEditable(def.noun));
        const now = deps.now();
        const typed = checked(body, 'update', now);
        await refuseStrayRefs(tenantId, typed);
        const form = { ...typed, ...(await hooks.prepare?.(db, typed, { tenantId, mode: 'update', before })) };
        await refuseDuplicate(tenantId, { ...before, ...form }, id);
        await guarded(() =>
          deps.db.transaction().execute(async (trx) => {
            const result = await scopedUpdate(dyn(trx), def, tenantId, id, version)
              .set((eb) => ({ ...columnsOf(def, form), updated_at: now, version: eb('version', '+', 1) }))
              .executeTakeFirst();
            if (Number(result.numUpdatedRows) !== 1) throw stale();
            await hooks.afterWrite?.(dyn(trx), { tenantId, id });
            await logOperation(trx, {
              tenantId,
              userId,
              now,
              action: `${target}.update`,
              targetType: target,
              targetId: id,
              before,
              after: await findResource(dyn(trx), def, tenantId, id),
            });
          }),
        );
        return ok(await load(tenantId, id));
      },
    );
  }

  if (def.remove) {
    app.delete(
      `${def.api}/:id`,
      { config: { access: { menu, op: def.remove.op ?? 'delete' } }, schema: schemas.remove },
      async (request) => {
        const { tenantId, userId } = sessionOf(request);
        const id = (request.params as { id: string }).id;
        const version = Number((request.query as { version: string }).version);
        const before = await load(tenantId, id);
        if (before.version !== version) throw stale();
        if (!canRemove(def, before)) throw invalidInput(ResourceMessage.notRemovable(def.noun));
        await hooks.beforeRemove?.(db, before, { tenantId });
        if (def.remove?.ownOnly && (await createdByOf(db, def, tenantId, id)) !== userId) {
          throw new AppError(ResultCode.forbidden, ResourceMessage.notOwn(def.noun));
        }
        const now = deps.now();
        await deps.db.transaction().execute(async (trx) => {
          const update = scopedUpdate(dyn(trx), def, tenantId, id, version);
          const result = def.storage.softDelete
            ? await update
                .set((eb) => ({ deleted: true, updated_at: now, version: eb('version', '+', 1) }))
                .executeTakeFirst()
            : await dyn(trx)
                .deleteFrom(def.storage.table)
                .where('tenant_id', '=', tenantId)
                .where(idColumnOf(def), '=', id)
                .where('version', '=', version)
                .executeTakeFirst();
          const changed = 'numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows;
          if (Number(changed) !== 1) throw stale();
          await logOperation(trx, {
            tenantId,
            userId,
            now,
            action: `${target}.delete`,
            targetType: target,
            targetId: id,
            before,
          });
        });
        return ok(null);
      },
    );
  }

  const workflow = def.workflow;
  if (workflow) {
    // The route needs the menu; the operation code is the action's, checked by the table.
    app.post(
      `${def.api}/:id/transition`,
      { config: { access: { menu } }, schema: schemas.transition },
      async (request) => {
        const { tenantId, userId } = sessionOf(request);
        const id = (request.params as { id: string }).id;
        const body = request.body as ResourceForm & { action: string; version: number; comment?: string };
        const before = await load(tenantId, id);
        const now = deps.now();
        // The action's own fields are judged by their field rules first, then by the action's rule on the record.
        const grants = await grantsOf(request);
        const chosen = workflow.transitions.find((t) => t.action === body.action);
        if (chosen && !grants.has(chosen.op)) throw forbidden();
        const inputKeys = chosen?.inputs?.keys ?? [];
        const values: ResourceForm = {};
        for (const key of inputKeys) {
          const f = fieldByKey(def, key);
          if (!f) continue;
          const raw = body[key];
          values[key] = typeof raw === 'string' ? raw.trim() : (raw ?? null);
          const refusal = validateField({ ...f, required: true }, values, now);
          if (refusal) throw invalidInput(refusal);
        }
        const verdict = applyTransition(
          workflow,
          before,
          body.action,
          { actorId: userId, grants, now },
          {
            comment: body.comment,
            values,
          },
        );
        if (!verdict.ok) throw verdict.reason === 'forbidden' ? forbidden() : invalidInput(verdict.message);
        if (before.version !== body.version) throw stale();
        const stamp = def.storage.stamp ?? {};
        await deps.db.transaction().execute(async (trx) => {
          const result = await scopedUpdate(dyn(trx), def, tenantId, id, body.version)
            .where('status', '=', before.status)
            .set((eb) => ({
              status: verdict.to,
              updated_at: now,
              version: eb('version', '+', 1),
              ...(stamp.comment ? { [stamp.comment]: verdict.comment || null } : {}),
              ...(stamp.actor ? { [stamp.actor]: userId } : {}),
              ...(stamp.at ? { [stamp.at]: now } : {}),
              ...columnsOf(def, values),
            }))
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw stale();
          await hooks.afterWrite?.(dyn(trx), { tenantId, id });
          const after = (await findResource(dyn(trx), def, tenantId, id)) as ResourceRecord;
          await logOperation(trx, {
            tenantId,
            userId,
            now,
            action: `${target}.${body.action}`,
            targetType: target,
            targetId: id,
            before,
            after,
          });
          await hooks.afterTransition?.(trx, { before, after, action: body.action, tenantId, actorId: userId, now });
        });
        // The answer shows what the detail shows this caller: an action's code alone (冻结) reads masked values.
        const record = await load(tenantId, id);
        return ok(mayReadWhole(grants) ? record : masked(def, record));
      },
    );
  }
}

/**
 * The list's columns and the status, as the screen shows them: labels, not codes; amounts and rates as number
 * cells Excel can sum (shown as on the screen), times in Asia/Shanghai.
 */
export async function exportWorkbook(def: ResourceDef, records: readonly ResourceRecord[]): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'wsf-gateway';
  const sheet = workbook.addWorksheet(def.title.slice(0, 31));
  const fields = def.fields.filter((f) => f.list);
  const numFmt = (f: (typeof fields)[number]) =>
    f.type === 'money' ? MONEY_FORMAT : f.type === 'rate' && !f.options ? RATE_FORMAT : undefined;
  sheet.columns = [
    ...fields.map((f) => {
      const format = numFmt(f);
      return { header: f.label, width: 20, ...(format ? { style: { numFmt: format } } : {}) };
    }),
    { header: '状态', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of records) {
    sheet.addRow([
      ...fields.map((f) => {
        const v = r[f.key];
        if (v === null || v === undefined) return '';
        if (f.options && typeof v === 'string') return optionLabel(f, v);
        if (f.type === 'money' && typeof v === 'number') return yuanNumber(v);
        if (f.type === 'rate' && typeof v === 'string') return rateNumber(v);
        if (f.type === 'datetime' && typeof v === 'string') return shanghaiDateTime(v);
        return v;
      }),
      def.statuses[r.status as keyof typeof def.statuses]?.label ?? r.status,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// 风控汇总参数's versions: the one in force, and the save that makes the next. The save is judged by the
// definition's field and cross-field rules, refused as stale (160300409) unless it names the version in
// force, and writes in one transaction: the version in force becomes history (only if it still is — the
// optimistic check) and the form becomes version n+1, stamped with who saved it, when, and what changed.
// The partial unique index on the ACTIVE row settles two saves at once on PostgreSQL.
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import {
  RISK_SUMMARY,
  SUMMARY_UNCHANGED,
  describeChanges,
  summaryFields,
} from '../../../../src/domain/parameters/risk-summary.resource';
import {
  type ResourceForm,
  type ResourceRecord,
  ResourceMessage,
  firstFormError,
  normalizeForm,
} from '../../../../src/domain/resource/resource';
import type { Database } from '../../db/database';
import { logOperation } from '../operation-log/repository';
import { newId } from '../../ids';
import { AppError, invalidInput } from '../../plugins/envelope';
import { columnsOf, findResource } from '../../resource/resource-repository';

// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;
const dyn = (db: Kysely<Database>) => db as unknown as AnyDb;
const stale = () => new AppError(ResultCode.staleVersion, ResourceMessage.stale);

export async function activeSummary(db: Kysely<Database>, tenantId: string): Promise<ResourceRecord | null> {
  const row = await dyn(db)
    .selectFrom('risk_summary_parameter')
    .select('param_id')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row ? findResource(dyn(db), RISK_SUMMARY, tenantId, String(row.param_id)) : null;
}

const formOf = (record: ResourceRecord): ResourceForm =>
  Object.fromEntries(summaryFields().map((f) => [f.key, record[f.key] ?? null]));

export async function saveSummaryVersion(
  db: Kysely<Database>,
  save: { tenantId: string; userId: string; now: Date; version: number; form: ResourceForm },
): Promise<ResourceRecord> {
  const { tenantId, userId, now, version } = save;
  const form = normalizeForm(RISK_SUMMARY, save.form, 'update');
  const refusal = firstFormError(RISK_SUMMARY, form, 'update', now);
  if (refusal) throw invalidInput(refusal);
  const active = await activeSummary(db, tenantId);
  if (active && active.version !== version) throw stale();
  const changes = describeChanges(active ? formOf(active) : null, form);
  if (changes === '') throw invalidInput(SUMMARY_UNCHANGED);
  const id = newId(now);
  try {
    await db.transaction().execute(async (trx) => {
      let next = 1;
      if (active) {
        const retired = await dyn(trx)
          .updateTable('risk_summary_parameter')
          .set({ status: 'SUPERSEDED', updated_at: now })
          .where('tenant_id', '=', tenantId)
          .where('param_id', '=', active.keyId)
          .where('status', '=', 'ACTIVE')
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(retired.numUpdatedRows) !== 1) throw stale();
        next = version + 1;
      } else {
        const last = await dyn(trx)
          .selectFrom('risk_summary_parameter')
          .select((eb) => eb.fn.max('version').as('last'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst();
        next = Number(last?.last ?? 0) + 1;
      }
      await dyn(trx)
        .insertInto('risk_summary_parameter')
        .values({
          param_id: id,
          tenant_id: tenantId,
          version: next,
          status: 'ACTIVE',
          ...columnsOf(RISK_SUMMARY, form),
          change_summary: changes,
          approved_by: userId,
          approved_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await logOperation(trx, {
        tenantId,
        userId,
        now,
        action: `${RISK_SUMMARY.name}.update`,
        targetType: RISK_SUMMARY.name,
        targetId: id,
        before: active,
        after: await findResource(dyn(trx), RISK_SUMMARY, tenantId, id),
      });
    });
  } catch (error) {
    // Another save of the same version took effect first (PostgreSQL's unique ACTIVE row).
    const e = error as { code?: string; message?: string };
    if (e?.code === '23505' && `${e.message ?? ''}`.includes('risk_summary_active_uq')) throw stale();
    throw error;
  }
  return (await findResource(dyn(db), RISK_SUMMARY, tenantId, id)) as ResourceRecord;
}

// What every stage's routes share: the caller's data scope (BUSINESS.md "Whose data": a supplier
// user sees only its own supplier's records, a staff user saved with 数据授权 the businesses of its
// organisation's subtree, other staff the tenant), the refusals of the lifecycle table mapped to
// the house's codes, and a page answer with each row's offered actions.
import type { FastifyRequest } from 'fastify';
import { Type, type TObject } from 'typebox';
import { type Kysely, sql } from 'kysely';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { type FieldDef, type ResourceDef, type ResourceRecord, refTypes } from '../../../src/domain/resource/resource';
import type { Database } from '../db/database';
import { AppError, forbidden, invalidInput, notFound, sessionExpired } from '../plugins/envelope';
import { sessionOf } from '../plugins/auth-guard';
import type { FixedScope } from '../resource/resource-repository';
import { findResource, refOptions } from '../resource/resource-repository';
import { recordSchema } from '../resource/resource-schemas';
import { type Actor, actorOf } from '../modules/business/aggregate';

export const ScopeMessage = {
  ownSupplierOnly: '只能为本企业提交',
} as const;

/**
 * The columns a caller's scope fixes, for the business list and every stage record alike (each names its
 * business's supplier and project company): a supplier user's own supplier; for a staff user saved with
 * 数据授权, the project companies of its organisation's subtree; nothing for other staff.
 */
export const fixedScopeOf = (actor: CallerScope): FixedScope => {
  if (actor.supplierId) return { supplier_id: actor.supplierId };
  if (actor.orgScope) return { project_company_id: actor.orgScope };
  return {};
};

export async function callerOf(request: FastifyRequest, db: Kysely<Database>) {
  return actorOf(request, db);
}

/** Whose data a caller sees (BUSINESS.md "Whose data"): the part of the actor a read that only filters needs. */
export type CallerScope = Pick<Actor, 'supplierId' | 'orgScope'>;

/**
 * The caller's scope alone, in one statement — the user's organisation and, for a staff user saved with 数据授权,
 * its subtree — where the whole actor (`callerOf`) takes its roles and names too, in two or three. The same rule
 * as the actor's: a supplier user's own supplier, a 数据授权 staff user's subtree, nothing for other staff.
 */
export async function callerScopeOf(request: FastifyRequest, db: Kysely<Database>): Promise<CallerScope> {
  const { tenantId, userId } = sessionOf(request);
  return scopeOfUser(db, tenantId, userId);
}

/** A user's scope, as `callerScopeOf` reads the caller's. */
export async function scopeOfUser(db: Kysely<Database>, tenantId: string, userId: string): Promise<CallerScope> {
  const { rows } = await sql<{ user_type: string; organization_id: string; orgs: string[] | null }>`
    with recursive me as (
      select user_type, organization_id, is_auth_data from app_user where user_id = ${userId}
    ), sub(org_id) as (
      select o.org_id from organization o join me on o.org_id = me.organization_id
        where o.tenant_id = ${tenantId} and me.user_type <> 'SUPPLIER' and me.is_auth_data
      union
      select o.org_id from organization o join sub on o.parent_id = sub.org_id where o.tenant_id = ${tenantId}
    )
    select me.user_type, me.organization_id,
      case when me.user_type <> 'SUPPLIER' and me.is_auth_data
        then coalesce((select array_agg(org_id) from sub), '{}') end as orgs
    from me`.execute(db);
  const me = rows[0];
  if (!me) throw sessionExpired();
  const supplier = me.user_type === 'SUPPLIER';
  return { supplierId: supplier ? me.organization_id : null, orgScope: supplier ? null : me.orgs };
}

/**
 * One record of the tenant within the caller's scope; another tenant's, another supplier's or one outside a
 * 数据授权 user's subtree is not found.
 */
export async function scopedRecord(
  db: Kysely<Database>,
  def: ResourceDef,
  tenantId: string,
  id: string,
  actor: Actor,
  message: string,
): Promise<ResourceRecord> {
  const record = await findResource(db, def, tenantId, id, fixedScopeOf(actor));
  if (!record) throw notFound(message);
  return record;
}

/** The supplier a new record is for: a supplier user's own (naming another is refused), or the one chosen. */
export function supplierFor(actor: Actor, chosen: unknown): string | null {
  if (actor.supplierId) {
    if (typeof chosen === 'string' && chosen !== '' && chosen !== actor.supplierId) {
      throw invalidInput(ScopeMessage.ownSupplierOnly);
    }
    return actor.supplierId;
  }
  return typeof chosen === 'string' && chosen !== '' ? chosen : null;
}

/** The organisations a reference field may name, within the caller's scope for suppliers. */
export async function scopedRefOptions(db: Kysely<Database>, f: FieldDef, tenantId: string, actor: Actor) {
  if (!f.ref) throw notFound('记录不存在');
  const options = await refOptions(db, f.ref, tenantId, 1000);
  return refTypes(f.ref).includes('SUPPLIER') && actor.supplierId
    ? options.filter((o) => o.keyId === actor.supplierId)
    : options;
}

/** The table's refusal as the house answers it (BUSINESS.md Decisions, "Who may act"). */
export function refusal(verdict: { reason: string; message: string }): AppError {
  return verdict.reason === 'forbidden' ? forbidden() : invalidInput(verdict.message);
}

export const staleError = (message: string) => new AppError(ResultCode.staleVersion, message);

/** The definition's record, with the actions the gateway offers on it. */
export function rowSchema(def: ResourceDef): TObject {
  const base = recordSchema(def);
  return Type.Object(
    {
      ...base.properties,
      actions: Type.Array(Type.String(), { description: '当前用户此刻可执行的操作（生命周期表）' }),
    },
    { additionalProperties: false },
  );
}

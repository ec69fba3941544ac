// The facts the lifecycle table's guards read (src/domain/financing/lifecycle.ts `LifecycleFacts`), loaded by
// the gateway before it asks the table: the supplier's live locks, its data-query consent, and the problems
// the rules of the checkpoint an action crosses found. The rules belong to the modules that own the data
// they check (the pre-credit module checks a pre-credit's amount against its orders); each declares its rules
// by checkpoint, and the app applies them to its own registry (stage/extensions.ts). A checkpoint nobody registered yields no entry, and the table refuses the action with
// 「业务规则尚未校验」 rather than letting it through unchecked.
import { type Kysely, sql } from 'kysely';
import {
  type BusinessRecord,
  type Checkpoint,
  type LifecycleFacts,
  offeredActions,
  stageOf,
  transitionOf,
} from '../../../../src/domain/financing/lifecycle';
import { type SupplierLockFact, isSupplierLocked } from '../../../../src/domain/risk/locks';
import type { Database } from '../../db/database';
import { type Extensions, extensionsOf } from '../../stage/extensions';
import type { Actor } from './actor';

declare module '../../stage/extensions' {
  interface ExtensionPoints {
    checkpoints: Map<Checkpoint, CheckpointRule>;
    /** Rules joining a checkpoint another module owns, by checkpoint and name. */
    checkpointExtras: Map<Checkpoint, Map<string, CheckpointRule>>;
    facts: Map<string, FactLoader>;
    writers: Map<string, WritersLoader>;
  }
}

/**
 * A checkpoint's rule: the refusals it finds for this business at `now` (the transition's own clock, so a
 * seed or test acting on another day is judged on that day), in Chinese; empty when it holds.
 */
export type CheckpointRule = (
  db: Kysely<Database>,
  tenantId: string,
  record: BusinessRecord,
  now: Date,
) => Promise<string[]>;

/** Registers the rule of a checkpoint (the module owning its data declares it; the app applies it). */
export function registerCheckpoint(x: Extensions, c: Checkpoint, rule: CheckpointRule): void {
  x.point('checkpoints').set(c, rule);
}

/**
 * Rules that join a checkpoint owned by another module (the six-month bar of a failed 复议 joins the
 * pre-credit's submission): run after the owner's rule and only with it, their refusals after its own.
 */
export function addCheckpointRule(x: Extensions, c: Checkpoint, name: string, rule: CheckpointRule): void {
  x.point('checkpointExtras').set(c, new Map([...(x.point('checkpointExtras').get(c) ?? []), [name, rule]]));
}

/** Facts besides the checkpoints a module loads for a business (a meeting item's tally and conclusion). */
export type FactLoader = (
  db: Kysely<Database>,
  tenantId: string,
  record: BusinessRecord,
) => Promise<Partial<LifecycleFacts>>;

/** Registers (or replaces, by name) a loader of facts the table's guards read. */
export function registerFacts(x: Extensions, name: string, load: FactLoader): void {
  x.point('facts').set(name, load);
}

/** Who wrote a stage's record being submitted, by id (each saver of a report's steps), besides its submitter. */
export type WritersLoader = (db: Kysely<Database>, tenantId: string, businessId: string) => Promise<string[]>;

/** Registers who wrote a stage's record (the module owning the record declares it). */
export function registerWriters(x: Extensions, stage: string, load: WritersLoader): void {
  x.point('writers').set(stage, load);
}

/** The writers of the business's record in `stage`; none when the stage keeps no writers. */
export const writersOf = (db: Kysely<Database>, tenantId: string, stage: string, businessId: string) =>
  extensionsOf(db).point('writers').get(stage)?.(db, tenantId, businessId) ?? Promise.resolve([]);

/** Whether the app registered a rule for the checkpoint. */
export const hasCheckpoint = (x: Extensions, c: Checkpoint) => x.point('checkpoints').has(c);

/**
 * Takes a checkpoint's rule away and answers it, so a test can show what an unchecked checkpoint does
 * whichever modules are loaded; give it back with `registerCheckpoint`.
 */
export function forgetCheckpoint(x: Extensions, c: Checkpoint): CheckpointRule | undefined {
  const rule = x.point('checkpoints').get(c);
  x.point('checkpoints').delete(c);
  return rule;
}

/** The checkpoint an action crosses from a state: the table names it on the transition. */
export const checkpointOf = (state: string, action: string): Checkpoint | undefined =>
  transitionOf(state, action)?.checkpoint;

/** The capital side, when the record is a stored business (a demand's record has none yet). */
const capitalSideOf = (record: BusinessRecord) =>
  (record as BusinessRecord & { capitalSideId?: string | null }).capitalSideId ?? null;

interface SupplierFacts {
  locks: SupplierLockFact[];
  /** The supplier has consented for some capital side. */
  anyConsent: boolean;
  /** The capital sides its consents cover. */
  capitalSides: Set<string>;
}

/** Locks and consents of several suppliers, in two queries. */
async function supplierFacts(
  db: Kysely<Database>,
  tenantId: string,
  supplierIds: string[],
): Promise<Map<string, SupplierFacts>> {
  const ids = [...new Set(supplierIds)];
  const out = new Map<string, SupplierFacts>();
  for (const id of ids) out.set(id, { locks: [], anyConsent: false, capitalSides: new Set() });
  if (ids.length === 0) return out;
  const locks = await db
    .selectFrom('supplier_lock')
    .select(['supplier_id', 'scope', 'status', sql<string | null>`expires_at::text`.as('expires_at')])
    .where('tenant_id', '=', tenantId)
    .where('supplier_id', 'in', ids)
    .where('status', '=', 'LOCKED')
    .execute();
  for (const l of locks) {
    out.get(l.supplier_id)?.locks.push({
      supplierId: l.supplier_id,
      scope: l.scope,
      status: l.status,
      expiresAt: l.expires_at ?? null,
    });
  }
  // Consent is the consent rows and the capital sides they name, nothing else: the organisation's
  // data_auth_state only says whether the entry prompt was agreed to (SPEC §4), and a supplier marked
  // authorised before consents named capital sides has consented for none of them.
  const consents = await db
    .selectFrom('supplier_consent as c')
    .innerJoin('supplier_consent_capital_side as s', 's.consent_id', 'c.consent_id')
    .select(['c.supplier_org_id', 's.capital_side_org_id'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.supplier_org_id', 'in', ids)
    .where('c.auth_state', '=', '1')
    .execute();
  for (const c of consents) {
    const f = out.get(c.supplier_org_id);
    if (!f) continue;
    f.anyConsent = true;
    f.capitalSides.add(c.capital_side_org_id);
  }
  return out;
}

/**
 * Consent as the Decisions read it: at demand acceptance and pre-credit any consent of the supplier counts;
 * from APPLICATION on it must cover the business's capital side (any, while none is chosen yet).
 */
function consentFor(record: BusinessRecord, f: SupplierFacts | undefined): boolean {
  if (!f) return false;
  const stage = stageOf(record.state);
  const capitalSide = capitalSideOf(record);
  if (stage === 'DEMAND' || stage === 'PRE_CREDIT' || !capitalSide) return f.anyConsent;
  return covers(f, capitalSide);
}

const covers = (f: SupplierFacts, capitalSide: string) => f.capitalSides.has(capitalSide);

/**
 * What a page warns of before a new application of these suppliers is made: each one's 禁止新申请 lock, any
 * consent at all, and whether its consent covers a capital side — the facts the table's guards read.
 */
export async function newApplicationFacts(
  db: Kysely<Database>,
  tenantId: string,
  supplierIds: readonly string[],
  now: Date,
): Promise<Map<string, { locked: boolean; anyConsent: boolean; covers(capitalSide: string): boolean }>> {
  const facts = await supplierFacts(db, tenantId, [...supplierIds]);
  const out = new Map<string, { locked: boolean; anyConsent: boolean; covers(capitalSide: string): boolean }>();
  for (const id of new Set(supplierIds)) {
    const f = facts.get(id) ?? { locks: [], anyConsent: false, capitalSides: new Set<string>() };
    out.set(id, {
      locked: isSupplierLocked(f.locks, id, 'NEW_APPLICATION', now),
      anyConsent: f.anyConsent,
      covers: (side) => covers(f, side),
    });
  }
  return out;
}

/** Which of these owners are supplier users (the businesses their supplier applied for), in one query. */
async function supplierOwners(
  db: Kysely<Database>,
  tenantId: string,
  records: readonly BusinessRecord[],
): Promise<Set<string>> {
  const ids = [...new Set(records.map((r) => r.ownerId).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('app_user')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', ids)
    .where('user_type', '=', 'SUPPLIER')
    .execute();
  return new Set(rows.map((r: { user_id: string }) => r.user_id));
}

function factsOf(
  record: BusinessRecord,
  actor: Actor,
  f: SupplierFacts | undefined,
  now: Date,
  owners: ReadonlySet<string>,
): LifecycleFacts {
  const locks = f?.locks ?? [];
  return {
    actorSupplierId: actor.supplierId,
    ownerIsSupplier: !!record.ownerId && owners.has(record.ownerId),
    supplierLocked: {
      newApplication: isSupplierLocked(locks, record.supplierId, 'NEW_APPLICATION', now),
      lending: isSupplierLocked(locks, record.supplierId, 'LENDING', now),
    },
    consent: consentFor(record, f),
  };
}

/** The facts for one business and one actor, with the problems of `checkpoint` when one is named. */
export async function loadFacts(
  db: Kysely<Database>,
  tenantId: string,
  record: BusinessRecord,
  actor: Actor,
  checkpoint: Checkpoint | undefined,
  now: Date,
): Promise<LifecycleFacts> {
  const [suppliers, owners] = await Promise.all([
    supplierFacts(db, tenantId, [record.supplierId]),
    supplierOwners(db, tenantId, [record]),
  ]);
  const facts = factsOf(record, actor, suppliers.get(record.supplierId), now, owners);
  const x = extensionsOf(db);
  for (const load of x.point('facts').values()) Object.assign(facts, await load(db, tenantId, record));
  if (checkpoint) {
    const rule = x.point('checkpoints').get(checkpoint);
    if (rule) {
      const found = [...(await rule(db, tenantId, record, now))];
      for (const extra of x.point('checkpointExtras').get(checkpoint)?.values() ?? [])
        found.push(...(await extra(db, tenantId, record, now)));
      facts.problems = { [checkpoint]: found };
    }
  }
  return facts;
}

/** What each row's screen offers the actor now (display facts: checkpoints are judged when acted on). */
export async function offeredFor(
  db: Kysely<Database>,
  tenantId: string,
  rows: readonly BusinessRecord[],
  actor: Actor,
  now: Date,
): Promise<string[][]> {
  const [facts, owners] = await Promise.all([
    supplierFacts(
      db,
      tenantId,
      rows.map((r) => r.supplierId),
    ),
    supplierOwners(db, tenantId, rows),
  ]);
  return rows.map((record) =>
    offeredActions(record, {
      actorId: actor.userId,
      grants: actor.grants,
      roles: actor.roles,
      now,
      facts: { ...factsOf(record, actor, facts.get(record.supplierId), now, owners), display: true },
    }).map((t) => t.action),
  );
}

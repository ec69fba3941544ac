// Who sees the record a file is bound to (src/domain/upload/file-access.ts mayReadFile): the module that binds
// files of a type to its records declares here how it decides which of its records a caller may see — the
// same scope its own pages check — so the file routes let those callers read the record's files, and the file
// module reads no other module's tables of its own accord.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { GuardedSession } from '../../plugins/auth-guard';
import { type Extensions, extensionsOf } from '../../stage/extensions';

declare module '../../stage/extensions' {
  interface ExtensionPoints {
    fileRecords: Map<string, RecordVisibility>;
  }
}

/** Of these records (ids of the caller's tenant), the ones the caller may see. */
export type RecordVisibility = (
  db: Kysely<Database>,
  caller: GuardedSession,
  recordIds: readonly string[],
) => Promise<ReadonlySet<string>>;

/** Files bound with `businessType` are read by whoever `visible` says may see their record. */
export function registerFileRecord(x: Extensions, businessType: string, visible: RecordVisibility): void {
  x.point('fileRecords').set(businessType, visible);
}

/** The bindings (`type`, `id`) among these whose record the caller may see, as `type:id`. */
export async function visibleBindings(
  db: Kysely<Database>,
  caller: GuardedSession,
  bindings: readonly { type: string | null; id: string | null }[],
): Promise<Set<string>> {
  const visibilities = extensionsOf(db).point('fileRecords');
  const idsByType = new Map<string, Set<string>>();
  for (const b of bindings) {
    if (!b.type || !b.id || !visibilities.has(b.type)) continue;
    idsByType.set(b.type, (idsByType.get(b.type) ?? new Set()).add(b.id));
  }
  const out = new Set<string>();
  for (const [type, ids] of idsByType) {
    for (const id of await visibilities.get(type)!(db, caller, [...ids])) out.add(`${type}:${id}`);
  }
  return out;
}

/**
 * Whether the caller may attach files to the record (`file/save`): a record of a registered type only when
 * the caller may see it — a supplier's upload never lands on another supplier's business, nor a scoped user's
 * outside its subtree. A type nobody registered has no record to see (the uploader's own binding).
 */
export async function mayBindTo(
  db: Kysely<Database>,
  caller: GuardedSession,
  target: { type: string; id: string },
): Promise<boolean> {
  if (!extensionsOf(db).point('fileRecords').has(target.type)) return true;
  return (await visibleBindings(db, caller, [target])).has(`${target.type}:${target.id}`);
}

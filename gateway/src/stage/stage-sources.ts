// What one stage hands a later one, by name (the report's 方案建议 prefills the decision): the stage that owns
// the data registers how to read it, as a module registers its checkpoint rules, so that the later stage
// imports the kit and not the earlier stage's module. Until one registers, the reader answers undefined.
import type { AnyDb } from './stage-scope';

export type StageSource<T> = (db: AnyDb, tenantId: string, businessId: string) => Promise<T | undefined>;

const sources = new Map<string, StageSource<unknown>>();

/** The owning stage tells the kit where its part is. */
export function registerStageSource<T>(name: string, load: StageSource<T>): void {
  sources.set(name, load as StageSource<unknown>);
}

/** A later stage reads it (undefined when nothing is registered or the business has none). */
export async function readStageSource<T>(name: string, db: AnyDb, tenantId: string, businessId: string) {
  const load = sources.get(name) as StageSource<T> | undefined;
  return load ? load(db, tenantId, businessId) : undefined;
}

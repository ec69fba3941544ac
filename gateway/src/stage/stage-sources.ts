// What one stage hands a later one, by name (the report's 方案建议 prefills the decision): the stage that owns
// the data declares how to read it, as a module declares its checkpoint rules, so that the later stage
// imports the kit and not the earlier stage's module. Until one registers, the reader answers undefined.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { type Extensions, extensionsOf } from './extensions';

declare module './extensions' {
  interface ExtensionPoints {
    stageSources: Map<string, StageSource<unknown>>;
  }
}

export type StageSource<T> = (db: Kysely<Database>, tenantId: string, businessId: string) => Promise<T | undefined>;

/** The owning stage tells the kit where its part is. */
export function registerStageSource<T>(x: Extensions, name: string, load: StageSource<T>): void {
  x.point('stageSources').set(name, load as StageSource<unknown>);
}

/** A later stage reads it (undefined when nothing is registered or the business has none). */
export async function readStageSource<T>(name: string, db: Kysely<Database>, tenantId: string, businessId: string) {
  const load = extensionsOf(db).point('stageSources').get(name) as StageSource<T> | undefined;
  return load ? load(db, tenantId, businessId) : undefined;
}

// What one stage hands a later one, by name (the report's 方案建议 prefills the decision): the stage that owns
// the data declares how to read it, as a module declares its checkpoint rules, so that the later stage
// imports the kit and not the earlier stage's module. Until one registers, the reader answers undefined.
// A part another stage's response carries as it is (the push's detail lists the business's letters) comes with its
// wire schema: the owner shapes it, the reader's route declares it from the registry without restating it.
import type { Kysely } from 'kysely';
import type { TSchema } from 'typebox';
import type { Database } from '../db/database';
import { type Extensions, extensionsOf } from './extensions';

declare module './extensions' {
  interface ExtensionPoints {
    stageSources: Map<string, StageSource<unknown>>;
    stageSourceSchemas: Map<string, TSchema>;
  }
}

export type StageSource<T> = (db: Kysely<Database>, tenantId: string, businessId: string) => Promise<T | undefined>;

/** The owning stage tells the kit where its part is, and, for a part carried on another's wire, its schema. */
export function registerStageSource<T>(x: Extensions, name: string, load: StageSource<T>, schema?: TSchema): void {
  x.point('stageSources').set(name, load as StageSource<unknown>);
  if (schema) x.point('stageSourceSchemas').set(name, schema);
}

/** A later stage reads it (undefined when nothing is registered or the business has none). */
export async function readStageSource<T>(name: string, db: Kysely<Database>, tenantId: string, businessId: string) {
  const load = extensionsOf(db).point('stageSources').get(name) as StageSource<T> | undefined;
  return load ? load(db, tenantId, businessId) : undefined;
}

/** The wire schema the owner declared for its part (undefined when it declared none or nothing is registered). */
export const stageSourceSchema = (x: Extensions, name: string): TSchema | undefined =>
  x.point('stageSourceSchemas').get(name);

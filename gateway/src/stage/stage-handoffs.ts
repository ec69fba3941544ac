// What one stage makes for another as it moves a business on (the demand's 受理 opens the business with its
// pre-credit draft): a write the later stage owns, made inside the earlier stage's transaction so that both happen
// or neither does. The stage that owns the rows declares how to make them by name, as a stage declares a named
// source to read; the earlier stage calls the kit, not the later stage's module.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { type Extensions, extensionsOf } from './extensions';

declare module './extensions' {
  interface ExtensionPoints {
    stageHandoffs: Map<string, StageHandoff<never>>;
  }
}

/** The owning stage's write, in the caller's transaction. */
export type StageHandoff<T> = (trx: Kysely<Database>, input: T) => Promise<void>;

/** The owning stage tells the kit how it takes the hand-off of that name. */
export function registerStageHandoff<T>(x: Extensions, name: string, take: StageHandoff<T>): void {
  x.point('stageHandoffs').set(name, take as StageHandoff<never>);
}

/**
 * The earlier stage hands over, in its transaction. Nobody taking it is the app's mistake: refusing loudly (the
 * whole move rolls back) beats a business moved on without the rows its next stage needs.
 */
export async function handOff<T>(name: string, trx: Kysely<Database>, input: T): Promise<void> {
  const take = extensionsOf(trx).point('stageHandoffs').get(name) as StageHandoff<T> | undefined;
  if (!take) throw new Error(`no stage takes the hand-off '${name}' in this app`);
  await take(trx, input);
}

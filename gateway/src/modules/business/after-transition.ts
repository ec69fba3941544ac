// What a transition does to the data of other modules, inside the business transition's own transaction:
// a submitted application reserves its payment-order amounts, a withdrawn or terminated one gives them
// back. The module owning that data declares it here (as it registers its checkpoint rules in facts.ts); the
// aggregate calls every registered effect after it wrote the row, so an effect that throws rolls the whole
// transition back and the business does not move without its effects.
import type { Kysely } from 'kysely';
import type { StateKey } from '../../../../src/domain/financing/lifecycle';
import type { Database } from '../../db/database';
import { type Extensions, extensionsOf } from '../../stage/extensions';
import type { Actor } from './actor';

declare module '../../stage/extensions' {
  interface ExtensionPoints {
    afterTransition: Map<string, AfterTransition>;
  }
}

export interface TransitionDone {
  tenantId: string;
  businessId: string;
  action: string;
  from: StateKey;
  to: StateKey;
  actor: Actor;
  now: Date;
  /** The values the move carried (its table's `inputs`), e.g. the 批复额度 of a pre-credit's 通过. */
  values: Readonly<Record<string, string | number | null>>;
}

export type AfterTransition = (trx: Kysely<Database>, done: TransitionDone) => Promise<void>;

/** Registers (or replaces, by name) an effect run after every transition, in its transaction. */
export function registerAfterTransition(x: Extensions, name: string, effect: AfterTransition): void {
  x.point('afterTransition').set(name, effect);
}

/** Takes a registered effect away (tests); give it back with `registerAfterTransition`. */
export function forgetAfterTransition(x: Extensions, name: string): AfterTransition | undefined {
  const effect = x.point('afterTransition').get(name);
  x.point('afterTransition').delete(name);
  return effect;
}

/** Runs every effect the app registered, in registration order. */
export async function runAfterTransition(trx: Kysely<Database>, done: TransitionDone): Promise<void> {
  for (const effect of extensionsOf(trx).point('afterTransition').values()) await effect(trx, done);
}

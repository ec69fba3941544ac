// The kit's hand-offs on their own: an earlier stage hands a later one a write by name, in its own transaction,
// and the app that registered none refuses the move rather than making half of it.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { Extensions, bindExtensions } from './extensions';
import { handOff, registerStageHandoff } from './stage-handoffs';

/** A handle bound to its own registry, as buildApp binds an app's (the hand-offs here never query it). */
function boundHandle(x: Extensions) {
  const adapter = {};
  const db = { getExecutor: () => ({ adapter }) } as unknown as Kysely<Database>;
  bindExtensions(db, x);
  return db;
}

describe('stage hand-offs', () => {
  it('gives the registered stage the caller’s transaction and what it handed over', async () => {
    const x = new Extensions();
    const trx = boundHandle(x);
    const taken: [Kysely<Database>, { businessId: string }][] = [];
    registerStageHandoff<{ businessId: string }>(x, 'test.draft', async (on, input) => {
      taken.push([on, input]);
    });
    await handOff('test.draft', trx, { businessId: 'b1' });
    expect(taken).toEqual([[trx, { businessId: 'b1' }]]);
  });

  it('refuses a hand-off nobody takes in this app, and another app’s registration does not take it', async () => {
    const one = new Extensions();
    const other = new Extensions();
    registerStageHandoff(other, 'test.draft', async () => {});
    await expect(handOff('test.draft', boundHandle(one), {})).rejects.toThrow(/test\.draft/);
  });
});

// Replays every committed pact against the real gateway (PGlite, seeded with the demo tenant), with the
// provider states of contracts/README.md. A contract the gateway does not keep fails here. The verifier only
// warns about a provider state without a handler and replays the interaction on whatever the database holds,
// so the states the pact files name are checked here against the handlers, and after the replay against the
// handlers it called. The gateway encrypts parameters as it does by default, under the key
// encryption.pact.test.ts encrypted with.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../../gateway/src/testing/test-gateway';
import { PACT_DIR, PACT_ENCRYPT_KEY, PROVIDER, State } from './support/consumer';
import type { ProviderStateHandlers, ProviderStates } from './support/provider-states';

// Every support/*-fixtures.ts brings its own provider states (contracts/README.md says which file has which).
const FIXTURES = import.meta.glob<ProviderStates>('./support/*-fixtures.ts', { eager: true, import: 'providerStates' });

let gateway: TestGateway;
let baseUrl = '';
let stateHandlers: ProviderStateHandlers = {};
const statesDeclaredTwice: string[] = [];
/** The states whose handlers the verifier called. */
const statesSetUp = new Set<string>();

/** The provider states the interactions of these pact files are given. */
function statesNamedIn(pactUrls: string[]): string[] {
  const named = new Set<string>();
  for (const url of pactUrls) {
    const pact = JSON.parse(readFileSync(url, 'utf8')) as {
      interactions: Array<{ providerStates?: { name: string }[] }>;
    };
    for (const interaction of pact.interactions)
      for (const state of interaction.providerStates ?? []) named.add(state.name);
  }
  return [...named].sort();
}

beforeAll(async () => {
  gateway = await createTestGateway({ encryptEnabled: true, encryptKey: PACT_ENCRYPT_KEY });
  baseUrl = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  for (const providerStates of Object.values(FIXTURES)) {
    for (const [state, handler] of Object.entries(providerStates(gateway))) {
      if (state in stateHandlers) statesDeclaredTwice.push(state);
      stateHandlers = {
        ...stateHandlers,
        [state]: async () => {
          statesSetUp.add(state);
          await handler();
        },
      };
    }
  }
});
afterAll(async () => {
  await gateway?.close();
});

describe("the gateway keeps the web client's contracts", () => {
  const pactUrls = readdirSync(PACT_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => resolve(PACT_DIR, f));

  const namedStates = statesNamedIn(pactUrls);

  it('has pacts to verify', () => {
    expect(pactUrls.length).toBeGreaterThan(0);
    expect(namedStates.length).toBeGreaterThan(0);
  });

  it('has a handler for every provider state the pact files name', () => {
    expect(namedStates.filter((state) => !(state in stateHandlers))).toEqual([]);
  });

  // The resource kit's states are named by its definitions (resource-fixtures.ts), not listed in State.
  it('has one handler for every provider state, from the fixtures files', () => {
    expect(Object.keys(FIXTURES).length).toBeGreaterThan(0);
    expect(statesDeclaredTwice).toEqual([]);
    expect(Object.values(State).filter((state) => !(state in stateHandlers))).toEqual([]);
  });

  // The states of one file put their business's rows back; two files that name the same business (by id or by
  // number) undo each other's rows, and the verification fails far from the cause.
  it('gives every fixtures file businesses of its own', () => {
    const dir = resolve('tests/contract/support');
    const owners = new Map<string, string[]>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('-fixtures.ts'))) {
      const text = readFileSync(resolve(dir, file), 'utf8');
      const named = [
        ...text.matchAll(/export const PACT_\w*BUSINESS\w* = '(\d+)'/g),
        ...text.matchAll(/business_no: '([A-Z]{2}\d+)'/g),
      ].map((m) => m[1] as string);
      for (const id of new Set(named)) owners.set(id, [...(owners.get(id) ?? []), file]);
    }
    expect(owners.size).toBeGreaterThan(0);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });

  it('verifies every interaction', async () => {
    await new Verifier({
      provider: PROVIDER,
      providerBaseUrl: baseUrl,
      pactUrls,
      stateHandlers,
      logLevel: 'warn',
    }).verifyProvider();
    expect(namedStates.filter((state) => !statesSetUp.has(state))).toEqual([]);
    // Every pact of every stage against one gateway, its states walking businesses as far as a loan (signing
    // makes keys): about a minute alone, several times that with a second test run beside it.
  }, 480_000);
});

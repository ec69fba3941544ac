// Replays every committed pact against the real gateway (PGlite, seeded with the demo tenant), with the
// provider states of contracts/README.md. A contract the gateway does not keep fails here.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../../gateway/src/testing/test-gateway';
import { PACT_DIR, PROVIDER, State } from './support/consumer';
import type { ProviderStateHandlers, ProviderStates } from './support/provider-states';

// Every support/*-fixtures.ts brings its own provider states (contracts/README.md says which file has which).
const FIXTURES = import.meta.glob<ProviderStates>('./support/*-fixtures.ts', { eager: true, import: 'providerStates' });

let gateway: TestGateway;
let baseUrl = '';
let stateHandlers: ProviderStateHandlers = {};
const statesDeclaredTwice: string[] = [];

beforeAll(async () => {
  gateway = await createTestGateway();
  baseUrl = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  for (const providerStates of Object.values(FIXTURES)) {
    for (const [state, handler] of Object.entries(providerStates(gateway))) {
      if (state in stateHandlers) statesDeclaredTwice.push(state);
      stateHandlers = { ...stateHandlers, [state]: handler };
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

  it('has pacts to verify', () => {
    expect(pactUrls.length).toBeGreaterThan(0);
  });

  // The resource kit's states are named by its definitions (resource-fixtures.ts), not listed in State.
  it('has one handler for every provider state, from the fixtures files', () => {
    expect(Object.keys(FIXTURES).length).toBeGreaterThan(0);
    expect(statesDeclaredTwice).toEqual([]);
    expect(Object.values(State).filter((state) => !(state in stateHandlers))).toEqual([]);
  });

  it('verifies every interaction', async () => {
    await new Verifier({
      provider: PROVIDER,
      providerBaseUrl: baseUrl,
      pactUrls,
      stateHandlers,
      logLevel: 'warn',
    }).verifyProvider();
  }, 120_000);
});

// What a *-fixtures.ts file exports for the provider verifier: its provider states, by name (consumer.ts
// `State`), each setting the real gateway up for the interactions given that state. provider.verify.test.ts
// gathers every support/*-fixtures.ts, so a new state is written beside its fixtures and listed nowhere else.
import type { TestGateway } from '../../../gateway/src/testing/test-gateway';

export type ProviderStateHandlers = Record<string, () => Promise<void>>;

/** Called once the gateway is listening; the handlers run before each interaction given their state. */
export type ProviderStates = (gateway: TestGateway) => ProviderStateHandlers;

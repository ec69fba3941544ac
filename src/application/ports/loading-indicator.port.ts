import type { ServiceIdentifier } from 'inversify';

/** SPEC §7.1: calls show a loading mask unless they are 'silent'. */
export interface LoadingIndicator {
  start(): void;
  stop(): void;
}

export const LoadingIndicatorId: ServiceIdentifier<LoadingIndicator> = Symbol.for('LoadingIndicator');

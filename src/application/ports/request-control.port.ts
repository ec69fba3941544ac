import type { ServiceIdentifier } from 'inversify';

/** SPEC §2.3 and §4: pending requests are cancelled on navigation and when the session expires. */
export interface RequestControl {
  cancelPending(): void;
  /** Called once per expired-session answer (code 160300004) from the gateway. */
  onSessionExpired(listener: () => void): void;
}

export const RequestControlId: ServiceIdentifier<RequestControl> = Symbol.for('RequestControl');

import type { ServiceIdentifier } from 'inversify';

/** Toast messages (SPEC §7.1: errors stay 3 s). */
export interface Notifier {
  error(message: string): void;
  warning(message: string): void;
  success(message: string): void;
}

export const NotifierId: ServiceIdentifier<Notifier> = Symbol.for('Notifier');

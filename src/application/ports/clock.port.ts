import type { ServiceIdentifier } from 'inversify';

/**
 * The client's one reading of "now": what a form's day rules judge against (a birth date or an establishment
 * date not after today, a lock's 到期日 not before it) and what a screen asks "is it time yet" of. Machines and
 * screens take it from the composition root and pass the day to the domain's rules, which never read a clock
 * themselves; a test gives a fixed one.
 */
export interface Clock {
  now(): Date;
}

export const ClockId: ServiceIdentifier<Clock> = Symbol.for('Clock');

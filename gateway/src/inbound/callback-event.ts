// A provider's event read by its schema (HOUSE.md "Schemas once"): the TypeBox schema of a callback's body is both
// its check and, through Static<>, the event's type, so a provider writes its fields once instead of reading the
// body by hand. A body that does not meet it is none of the provider's events (the kit answers 不是有效的回调事件).
import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';

/** An event's schema: its id, its flow's id, and the provider's own fields; what else the party sends is let be. */
export const callbackEvent = <P extends TProperties>(fields: P) =>
  Type.Object({ eventId: Type.String(), flowId: Type.String(), ...fields });

/** A provider's `parse`: the body when it meets the schema, else null. */
export const parseEvent =
  <T extends TSchema>(schema: T) =>
  (body: unknown): Static<T> | null =>
    Value.Check(schema, body) ? (body as Static<T>) : null;

// A provider's event read by its schema: a body meeting it is the event as sent (other fields let be); a body
// missing its ids, with a field of the wrong kind or too long, is none.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { callbackEvent, parseEvent } from './callback-event';

const parse = parseEvent(
  callbackEvent({
    result: Type.Union([Type.Literal('APPROVED'), Type.Literal('RETURNED')]),
    note: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
  }),
);

describe('a callback event read by its schema', () => {
  it('answers the body that meets it, as sent', () => {
    const body = { eventId: 'E1', flowId: 'F1', result: 'APPROVED', note: null, extra: 1 };
    expect(parse(body)).toBe(body);
    expect(parse({ eventId: 'E2', flowId: 'F1', result: 'RETURNED' })).toEqual({
      ...{ eventId: 'E2', flowId: 'F1', result: 'RETURNED' },
    });
  });

  it('answers none for a body without its ids, of the wrong kind, or too long', () => {
    expect(parse({ flowId: 'F1', result: 'APPROVED' })).toBeNull();
    expect(parse({ eventId: 'E1', result: 'APPROVED' })).toBeNull();
    expect(parse({ eventId: 'E1', flowId: 'F1', result: 'MAYBE' })).toBeNull();
    expect(parse({ eventId: 'E1', flowId: 'F1', result: 'APPROVED', note: '太长了的说明' })).toBeNull();
    expect(parse(null)).toBeNull();
    expect(parse('E1')).toBeNull();
  });
});

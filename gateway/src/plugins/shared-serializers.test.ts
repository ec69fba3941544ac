import { describe, expect, it } from 'vitest';
import { envelopeResponses } from './envelope';
import { sharedSerializers } from './shared-serializers';

const route = (url: string, httpStatus: string, schema: object) => ({ method: 'GET', url, httpStatus, schema });
const envelopeOf = (data: object) => ({
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
});

describe('sharedSerializers', () => {
  it('gives equal response schemas of different routes one function, and different ones their own', () => {
    const compile = sharedSerializers()({}, {});
    const a = compile(route('/a', '200', envelopeOf({ type: 'null' })));
    const b = compile(route('/b', '200', envelopeOf({ type: 'null' })));
    const c = compile(route('/c', '200', envelopeOf({ type: 'object', properties: { id: { type: 'string' } } })));
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    const errorOfA = envelopeResponses({ type: 'null' })['4xx']!;
    const errorOfB = envelopeResponses({ type: 'string' })['5xx']!;
    expect(compile(route('/a', '4xx', errorOfA))).toBe(compile(route('/b', '5xx', errorOfB)));
  });

  it('serializes as its schema says, dropping what the schema does not name', () => {
    const compile = sharedSerializers()({}, {});
    const schema = envelopeOf({ type: 'object', properties: { id: { type: 'string' } } });
    compile(route('/x', '200', schema));
    const shared = compile(route('/y', '200', envelopeOf({ type: 'object', properties: { id: { type: 'string' } } })));
    expect(JSON.parse(shared({ code: 0, message: 'ok', data: { id: '7', secret: 'x' } }))).toEqual({
      code: 0,
      message: 'ok',
      data: { id: '7' },
    });
  });
});

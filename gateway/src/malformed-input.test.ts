// Every route the OpenAPI document lists, signed in as admin, fed malformed input: wrong types, missing and
// extra fields, NUL and control characters, huge strings, deep nesting (DESIGN.md §2: every answer in the
// envelope, never a stack, never a 5xx for a client's mistake). Routes come from `app.swagger()`, so a new
// route is covered without anyone listing it. A bounded number of cases per route keeps it within a minute.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from './testing/test-gateway';
import { createTestGateway, issueToken } from './testing/test-gateway';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ in: string; name: string; schema?: Schema }>;
  body: Schema | undefined;
}

const HUGE = 'x'.repeat(200_000);
const NUL = 'a\u0000b';
const CONTROL = '\u0001\u0007\u001b[31m\u007f\u2028';

function typeOf(schema: Schema | undefined): string {
  const t = schema?.type ?? schema?.anyOf?.[0]?.type ?? schema?.oneOf?.[0]?.type;
  return Array.isArray(t) ? (t[0] ?? 'string') : (t ?? (schema?.properties ? 'object' : 'string'));
}

/** A plausible value of the schema's shape (not necessarily valid: patterns are not honoured). */
function sample(schema: Schema | undefined, text: string, depth = 0): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return depth > 4 ? [] : [sample(schema?.items, text, depth + 1)];
    case 'object':
      return depth > 4
        ? {}
        : Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, v]) => [k, sample(v, text, depth + 1)]));
    default:
      return text;
  }
}

/** The value of the wrong type for the schema. */
function wrong(schema: Schema | undefined): unknown {
  return typeOf(schema) === 'string' ? 12345 : typeOf(schema) === 'object' ? 'not an object' : { not: 'a scalar' };
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

function operationsOf(spec: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    if (path.startsWith('/api/docs') || !path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []) as Operation['parameters'],
        body: op.requestBody?.content?.['application/json']?.schema as Schema | undefined,
      });
    }
  }
  return operations;
}

/** A bounded set of malformed requests for one operation. */
function casesOf(
  op: Operation,
): Array<{ name: string; params: string; query: Record<string, string>; body?: unknown }> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const withParams = (value: string) =>
    pathParams.reduce((p, param) => p.replace(`{${param.name}}`, encodeURIComponent(value)), op.path);
  const query = (value: string) => Object.fromEntries(queryParams.map((p) => [p.name, value]));
  const fine = withParams('1');
  const bodyFor = (text: string) => (op.body ? sample(op.body, text) : undefined);
  const cases: Array<{ name: string; params: string; query: Record<string, string>; body?: unknown }> = [
    { name: 'missing fields', params: fine, query: {}, ...(op.body ? { body: {} } : {}) },
    { name: 'NUL everywhere', params: withParams(NUL), query: query(NUL), body: bodyFor(NUL) },
    { name: 'control characters', params: withParams(CONTROL), query: query(CONTROL), body: bodyFor(CONTROL) },
    { name: 'huge strings', params: withParams('y'.repeat(300)), query: query(HUGE), body: bodyFor(HUGE) },
  ];
  if (op.body) {
    const props = Object.entries(op.body.properties ?? {});
    cases.push({
      name: 'wrong types',
      params: fine,
      query: query('1'),
      body: Object.fromEntries(props.map(([k, v]) => [k, wrong(v)])),
    });
    cases.push({
      name: 'extra fields',
      params: fine,
      query: query('1'),
      body: { ...(bodyFor('a') as object), __proto__x: 1, constructor: { prototype: {} }, extra: 'x' },
    });
    cases.push({ name: 'deep nesting', params: fine, query: {}, body: nested(3000) });
    cases.push({ name: 'body of the wrong kind', params: fine, query: {}, body: [1, 2, 3] });
  } else {
    cases.push({
      name: 'array query values',
      params: fine,
      query: Object.fromEntries(queryParams.map((p) => [p.name, '1&' + p.name + '=2'])),
    });
  }
  return cases;
}

/** Values that are no value of their parameter: not a date, a day that does not exist, a number out of range. */
const BAD_QUERY_VALUES = ['x', '2026-02-30', '2026-99-99', '1e308', '9999-12-31', '-1'];

/** One request per declared query parameter and bad value, the others left out (a first error hides no later one). */
function queryCasesOf(op: Operation): Array<{ key: string; url: string; query: Record<string, string> }> {
  const url = op.parameters
    .filter((p) => p.in === 'path')
    .reduce((path, p) => path.replace(`{${p.name}}`, '1'), op.path);
  return op.parameters
    .filter((p) => p.in === 'query')
    .flatMap((p) =>
      BAD_QUERY_VALUES.map((value) => ({ key: `${op.method} ${op.path} ${p.name}`, url, query: { [p.name]: value } })),
    );
}

function expectEnvelope(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, label).toBeLessThan(500);
  expect(response.body, label).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  // Some routes answer files on success (a template, a zip); a malformed call must not, and any JSON must be
  // an envelope.
  if (String(response.headers['content-type'] ?? '').includes('application/json')) {
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort(), label).toEqual(['code', 'data', 'message']);
    expect(typeof body.code, label).toBe('number');
    expect(typeof body.message, label).toBe('string');
  }
}

describe('malformed input on every route of the OpenAPI document', () => {
  let gw: TestGateway;
  let operations: Operation[] = [];

  beforeAll(async () => {
    gw = await createTestGateway();
    operations = operationsOf(gw.app.swagger() as unknown as { paths: Record<string, Record<string, any>> });
  });
  afterAll(() => gw?.close());

  it('finds the routes in the document', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/authcenter/login');
  });

  it('answers every malformed request in the envelope, below 500, without a stack', async () => {
    let answered = 0;
    for (const [i, op] of operations.entries()) {
      // A fresh session per route: a route that signs out (or changes the password) must not blind the rest.
      const token = `malformed-input-${i}-token-0000000000000000`;
      await issueToken(gw.db, { userName: 'admin', token });
      for (const c of casesOf(op)) {
        const request: InjectOptions = {
          method: op.method as InjectOptions['method'],
          url: c.params,
          query: c.query,
          headers: { authorization: `Bearer ${token}` },
          ...(c.body !== undefined
            ? {
                payload: JSON.stringify(c.body),
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              }
            : {}),
        };
        expectEnvelope(await gw.app.inject(request), `${op.method} ${op.path} — ${c.name}`);
        answered += 1;
      }
    }
    expect(answered).toBeGreaterThan(operations.length * 4);
  }, 120_000);

  const askQuery = async (i: number, c: ReturnType<typeof queryCasesOf>[number], method: string) => {
    const token = `malformed-query-${i}-token-00000000000000000000`;
    return gw.app.inject({
      method: method as InjectOptions['method'],
      url: c.url,
      query: c.query,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it('answers a bad value of every declared query parameter below 500', async () => {
    let asked = 0;
    for (const [i, op] of operations.entries()) {
      const cases = queryCasesOf(op);
      if (cases.length === 0) continue;
      await issueToken(gw.db, { userName: 'admin', token: `malformed-query-${i}-token-00000000000000000000` });
      for (const c of cases) {
        expectEnvelope(await askQuery(i, c, op.method), `${c.key}=${Object.values(c.query)[0]}`);
        asked += 1;
      }
    }
    // Every list, page and export route of a resource declares date, status and sort filters.
    expect(asked).toBeGreaterThan(500);
  }, 180_000);
});

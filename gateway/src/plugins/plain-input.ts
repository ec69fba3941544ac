// What a request may carry, for the whole gateway in one place (DESIGN.md §2: a client's mistake is a 400 in
// Chinese, never something stored):
// - No control or bidirectional characters in any text of a body or a query (src/domain/patterns/
//   control-characters.ts); tab and line breaks only in multi-line text. A string's schema says which it is:
//   `MULTI_LINE_KEYWORD` marks a textarea of any length; otherwise SPEC §5's single-line inputs hold at most
//   100 characters (a schema allows a little more for the domain's own message) and multi-line ones up to 2000,
//   so a string whose schema allows more than SINGLE_LINE_SCHEMA_MAX characters, or sets no limit, is taken as
//   multi-line text.
// - No body field the route does not know: every object of a body schema that says nothing about further
//   properties is closed (`additionalProperties: false`), and the app's Ajv refuses rather than drops them
//   (app.ts). Registered before the modules, so that its onRoute hook sees every route.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from '../../../src/domain/patterns/control-characters';
import { invalidInput } from './envelope';

export const SINGLE_LINE_SCHEMA_MAX = 300;
/** An annotation of a string schema (known to the app's Ajv): the text may hold tab and line breaks. */
export const MULTI_LINE_KEYWORD = 'x-multiline';

type Schema = {
  type?: unknown;
  maxLength?: number;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of the schema with every object that lists its properties closed to others. */
export function closedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (!isObject(schema)) return schema;
  // TypeBox marks its schemas with non-enumerable keys ('~kind'), which Ajv must not see: copied as they are.
  const copy: Record<string, unknown> = {};
  for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(schema))) {
    Object.defineProperty(copy, key, d.enumerable ? { ...d, value: closedSchema(d.value) } : d);
  }
  // Inside allOf each part sees only its own properties, so closing them would refuse the others' fields.
  if (Array.isArray(schema.allOf)) copy.allOf = schema.allOf;
  const lists = isObject(schema.properties) && schema.patternProperties === undefined;
  if (lists && schema.additionalProperties === undefined && schema.unevaluatedProperties === undefined)
    copy.additionalProperties = false;
  return copy;
}

/** The schemas a value at a position may follow: a union's branches flattened. */
function branches(schema: Schema | undefined): Schema[] {
  if (!schema) return [];
  const parts = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return parts.length ? parts.flatMap(branches) : [schema];
}

function isMultiLine(schema: Schema | undefined): boolean {
  const strings = branches(schema).filter((s) => s.type === 'string' || (s.type === undefined && s.maxLength));
  if (strings.length === 0) return true;
  return strings.some(
    (s) =>
      (s as Record<string, unknown>)[MULTI_LINE_KEYWORD] === true ||
      s.maxLength === undefined ||
      s.maxLength > SINGLE_LINE_SCHEMA_MAX,
  );
}

function childSchema(schema: Schema | undefined, key: string): Schema | undefined {
  for (const s of branches(schema)) {
    const own = s.properties?.[key];
    if (own) return own;
    if (isObject(s.additionalProperties)) return s.additionalProperties as Schema;
    const pattern = Object.values(s.patternProperties ?? {})[0];
    if (pattern) return pattern;
  }
  return undefined;
}

function itemSchema(schema: Schema | undefined): Schema | undefined {
  for (const s of branches(schema)) if (s.items && !Array.isArray(s.items)) return s.items;
  return undefined;
}

/** The path of the first text holding a refused character, or null. Deep values stop the walk (Ajv refuses them). */
export function firstControlCharacter(value: unknown, schema: unknown, path = '', depth = 0): string | null {
  if (depth > 64) return null;
  const s = schema as Schema | undefined;
  if (typeof value === 'string') return hasControlCharacters(value, isMultiLine(s)) ? path || '请求体' : null;
  if (Array.isArray(value)) {
    const items = itemSchema(s);
    for (const [i, item] of value.entries()) {
      const found = firstControlCharacter(item, items, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = firstControlCharacter(item, childSchema(s, key), path ? `${path}.${key}` : key, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

const plainInput: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) route.schema = { ...route.schema, body: closedSchema(route.schema.body) };
  });

  // After parameter decryption (registered before this plugin), before the schemas check the values.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    const found =
      firstControlCharacter(request.body, schema?.body) ??
      // A query value is one line, whatever the parameter.
      firstControlCharacter(request.query, { type: 'object', additionalProperties: { type: 'string', maxLength: 1 } });
    if (found) throw invalidInput(`参数校验失败：${found} ${CONTROL_CHARACTER_MESSAGE}`);
  });
};

export const plainInputPlugin = fp(plainInput, { name: 'plain-input' });

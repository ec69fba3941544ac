// Fastify compiles each route's response schema, per status, into a function of its own (fast-json-stringify),
// and V8 keeps every such function's generated source beside its code for as long as the gateway runs. Most
// of the gateway's routes answer the same error envelope for 4xx and 5xx, and many the same data, so that
// compiling per route kept hundreds of copies of a few dozen functions: several megabytes of an idle
// gateway's memory. Compiled once per distinct schema, equal schemas share one function; what a route
// answers is unchanged, since a serializer depends on nothing but its schema and the options.
import { createHash } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

const compiled = new Map<string, Serializer>();
const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64');

/** Fastify's `schemaController.compilersFactory.buildSerializer`: its default, sharing equal schemas' functions. */
export function sharedSerializers(): SerializerFactory {
  const standard = SerializerSelector();
  return (externalSchemas, options) => {
    const build = standard(externalSchemas, options);
    const context = fingerprint([externalSchemas ?? null, options ?? null]);
    return (route) => {
      const key = `${context} ${fingerprint(route.schema)}`;
      let serializer = compiled.get(key);
      if (!serializer) {
        serializer = build(route);
        compiled.set(key, serializer);
      }
      return serializer;
    };
  };
}

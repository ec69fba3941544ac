// Fastify's own schema compilers (Ajv for what comes in, fast-json-stringify for what goes out), made lazy and
// shared. Compiling every route's schemas as the routes register cost some two seconds of CPU on each start,
// most of a gateway's start on a copied data directory, while a browser test's gateway or a gateway test's
// app answers a few dozen of its hundreds of routes. Here a route's validator and serializer are compiled when
// the route first needs them, and what one compilation made is kept for the process by the schema's text:
// the next app built in the same process (every gateway test file builds its own) compiles nothing again.
// The compilers, their options and the answers are Fastify's defaults; only the moment of compiling moves.
// A schema the compilers refuse would fail only that route's first request: a test builds the app with
// `compileNow` set, as Fastify's own compilers do it, so that a refused schema fails the build
// (schema-compilers.test.ts).
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compile<F> = (route: { schema: unknown; method?: string; url?: string }) => F;
type Builder<F> = (externalSchemas: unknown, options: unknown) => Compile<F>;

interface Validator {
  (...args: unknown[]): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

/** Set: every route's schemas are compiled as the route registers (a test's check of them all). */
export const schemaCompilation = { compileNow: false };

/** Compiled functions by compiler options and schema text, for every app of the process. */
const compiled = new Map<string, unknown>();

function shared<F>(kind: string, compile: Compile<F>, external: unknown, options: unknown) {
  const prefix = `${kind}\u0000${JSON.stringify(external)}\u0000${JSON.stringify(options)}\u0000`;
  return (route: { schema: unknown }): F => {
    const key = prefix + JSON.stringify(route.schema);
    let fn = compiled.get(key) as F | undefined;
    if (fn === undefined) {
      fn = compile(route);
      compiled.set(key, fn);
    }
    return fn;
  };
}

const ajv = AjvCompiler() as unknown as Builder<Validator>;
const stringify = SerializerSelector() as unknown as Builder<(payload: unknown) => string>;

/** The `schemaController` option of buildApp's Fastify. */
export const lazySchemaCompilers: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: (external: unknown, options: unknown) => {
      const compile = shared('validator', ajv(external, options), external, options);
      return (route: { schema: unknown }) => {
        let built: Validator | undefined;
        const get = () => {
          built ??= compile(route);
          return built;
        };
        const validate: Validator = (...args) => get()(...args);
        // Fastify reads both off the validator: `schemaEnv` (an Ajv function's) to pass the request as the
        // data's parent, `errors` after a refusal.
        Object.defineProperty(validate, 'schemaEnv', { get: () => get().schemaEnv });
        Object.defineProperty(validate, 'errors', { get: () => built?.errors });
        if (schemaCompilation.compileNow) get();
        return validate;
      };
    },
    buildSerializer: (external: unknown, options: unknown) => {
      const compile = shared('serializer', stringify(external, options), external, options);
      return (route: { schema: unknown }) => {
        let built: ((payload: unknown) => string) | undefined;
        if (schemaCompilation.compileNow) built = compile(route);
        return (payload: unknown) => {
          built ??= compile(route);
          return built(payload);
        };
      };
    },
  },
} as FastifyServerOptions['schemaController'];

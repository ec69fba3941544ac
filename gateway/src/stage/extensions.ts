// The kit's extension points, one set per app: what each transition checks and runs (checkpoint rules, facts,
// writers, effects), what a stage hands a later one (named sources, items), and what the shared pages gather from
// the stages (detail tabs, attachments, file visibility, to-dos, 我的已办, number search, capital channels, document
// tables). buildApp makes one `Extensions`, applies every module's declarations to it (app-extensions.ts lists
// them), and binds it to its database handle: every query builder and transaction opened on that handle reads the
// same registry, so two apps in one process share nothing and a test's stand-in reaches its own app only.
//
// A module declares its extensions on a `ModuleExtensions` it exports (`extend(registerCheckpoint, 'X', rule)`):
// the declaration is recorded, not registered; nothing takes effect until an app applies it. A route plugin adds
// what only it knows (a provider's checkpoint) to `deps.extensions` the same way, with the same functions.
/**
 * Each extension point's map, by name: the kit file that fills and reads a point declares it here (`declare module`),
 * so this file depends on none of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the kit files' declarations
export interface ExtensionPoints {}

/** One app's extension points: each map filled by the register function of the kit file that reads it. */
export class Extensions {
  /** The modules whose declarations were applied, in order. */
  readonly modules: string[] = [];
  readonly #points = new Map<string, Map<unknown, unknown>>();

  /** The named point's map, in registration order (empty until something registers there). */
  point<K extends keyof ExtensionPoints>(name: K): ExtensionPoints[K] {
    const map = this.#points.get(name) ?? new Map<unknown, unknown>();
    this.#points.set(name, map);
    return map as ExtensionPoints[K];
  }
}

/** A kit register function: the registry first, then what it registers. */
type Register<A extends unknown[]> = (x: Extensions, ...args: A) => void;

/** A module's declared extensions: call it to declare one; `applyTo` makes them on an app's registry. */
export interface ModuleExtensions {
  <A extends unknown[]>(register: Register<A>, ...args: A): void;
  readonly module: string;
  applyTo(x: Extensions): void;
}

/** The recorder a module declares its extensions on, under the module's name. */
export function moduleExtensions(module: string): ModuleExtensions {
  const declared: ((x: Extensions) => void)[] = [];
  const extend = <A extends unknown[]>(register: Register<A>, ...args: A) => {
    declared.push((x) => register(x, ...args));
  };
  return Object.assign(extend, {
    module,
    applyTo(x: Extensions) {
      for (const d of declared) d(x);
      x.modules.push(module);
    },
  });
}

// Keyed by the handle's dialect adapter: a Kysely instance and every transaction, plugin or schema view made from it
// share that one object, and another database's handle never does.
const bound = new WeakMap<object, Extensions>();
/** Any handle on the database: the app's Kysely, a transaction on it, a typed or an untyped view. */
type Handle = { getExecutor(): { readonly adapter: object } };
const keyOf = (db: Handle) => db.getExecutor().adapter;

/** The app's registry goes with its database handle (buildApp; the demo seed, which runs before any app). */
export function bindExtensions(db: Handle, x: Extensions): void {
  bound.set(keyOf(db), x);
}

/** Whether an app's registry is bound to the handle. */
export const hasExtensions = (db: Handle): boolean => bound.has(keyOf(db));

/** The registry of the app whose database handle (or a transaction on it) this is. */
export function extensionsOf(db: Handle): Extensions {
  const x = bound.get(keyOf(db));
  // A handle no app was built on has no rules to check: refusing loudly beats moving a business unchecked.
  if (!x) throw new Error('no app extensions are bound to this database handle (buildApp binds them)');
  return x;
}

// The gateway as plain JavaScript, for `npm start` (and the benchmark, which measures what npm start runs).
// Run through `node --import tsx`, every module is compiled on import and tsx's loader thread, its compile
// cache and source maps stay in the gateway's memory for good (about 50 MB of an idle gateway's RSS, the
// database thread's loader included). Here each source file is compiled once, file for file, into a tree
// that mirrors the repository's (gateway/src and the src/domain it imports), so that what the gateway finds
// at run time by folder — every module's routes, the migrations, the seeds, the database thread and the PDF
// children — is found there alike, as .js files. esbuild (tsx's own compiler) takes well under a second.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SOURCES = ['gateway/src', 'src/domain'];
const TEST_FILE = /\.test\.ts$/;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !TEST_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Keeps every import as it is written except that a relative one names the compiled file (`./app` →
 * `./app.js`, `./db` → `./db/index.js`): Node's own loader, unlike a bundler, wants the file's full name.
 */
const relativeImportsAsJs = {
  name: 'relative-imports-as-js',
  setup(esbuild) {
    esbuild.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      // A package's JSON (the holiday calendar's data) is compiled in: Node's loader would read it only with an
      // import attribute, which esbuild drops for a node20 target.
      if (args.path.endsWith('.json')) return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (existsSync(`${target}.ts`)) return { path: `${args.path}.js`, external: true };
      if (existsSync(join(target, 'index.ts'))) return { path: `${args.path}/index.js`, external: true };
      if (args.path.endsWith('.ts')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      return { path: args.path, external: true };
    });
  },
};

/**
 * Compiles the gateway into `outDir` (the repository's layout below it), which must lie inside the repository
 * so that the compiled files find their packages in its node_modules; answers the server's entry.
 */
export async function buildGateway(root = process.cwd(), outDir = join(root, '.tmp', 'gateway-js')) {
  const files = SOURCES.flatMap((dir) => sourceFiles(join(root, dir)));
  // Built beside and then moved into place, so a gateway starting meanwhile never reads a half-written tree.
  const staging = `${outDir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: files.map((file) => relative(root, file)),
    outbase: '.',
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [relativeImportsAsJs],
  });
  // The tree a running gateway still loads files from (a PDF child, a restarted database thread) is swapped,
  // not emptied first: the files are missing only between two renames.
  const previous = `${outDir}.old.${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, previous);
  renameSync(staging, outDir);
  rmSync(previous, { recursive: true, force: true });
  return join(outDir, 'gateway', 'src', 'server.js');
}

/**
 * The environment the compiled gateway runs with. glibc raises its threshold for handing a large block back to
 * the system to the size of the largest one freed; argon2's 19 MB work area per password check (the demo
 * seed hashes its accounts on every start, each sign-in checks one) then stays in the allocator of each of
 * libuv's four threads for good, some 90 MB of an idle gateway. A fixed threshold returns each one as it is
 * freed.
 * V8 lets each JavaScript thread's young generation (the request thread's and the database thread's) grow to
 * two 16 MB halves, and keeps them once grown: some 40 MB of an idle gateway for objects that live one
 * request. At 4 MB a half an idle gateway is 30–40 MB smaller, for no measurable CPU per request.
 * --expose-gc lets each of those threads empty its heap once it falls quiet after a burst and, on Node 24, hand
 * the emptied pages back to the system (gateway/src/idle-collect.ts).
 * V8 compiles (JavaScript, and PGlite's WebAssembly as it warms up) and marks on a pool of background threads,
 * four by default; each compile's working memory, freed, stays in its thread's malloc arena, scattered among
 * what lives on. Two threads instead of four left an idle 100k-user gateway 206/212 MB resident (after start /
 * after the user pages, three runs) instead of 218–257, with no CPU per request to tell them apart.
 */
export function gatewayEnv(env = process.env) {
  const fixed = 'glibc.malloc.mmap_threshold=131072';
  const v8Flags = '--max-semi-space-size=4 --expose-gc --v8-pool-size=2';
  return {
    ...env,
    GLIBC_TUNABLES: env.GLIBC_TUNABLES ? `${env.GLIBC_TUNABLES}:${fixed}` : fixed,
    NODE_OPTIONS: env.NODE_OPTIONS ? `${env.NODE_OPTIONS} ${v8Flags}` : v8Flags,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await buildGateway());
}

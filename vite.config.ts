import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { precompressDir } from './scripts/precompress.mjs';

/** A chunk of the client build as the benchmark's shell check reads it (tests/bench/shell-chunks.ts). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** The module the chunk stands for, when it is an entry or a dynamic import's target. */
  facade: string | null;
  /** Chunks it imports statically: they load with it. */
  imports: string[];
  modules: string[];
}

// CHUNKS_REPORT=path writes every chunk's modules there (the benchmark checks that no screen's code lands in
// the shell); ANALYZE=1 writes the bundle's own report, .tmp/bundle-report.html (rollup-plugin-visualizer).
function chunksReport(path: string): Plugin {
  return {
    name: 'chunks-report',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          fileName: out.fileName,
          isEntry: out.isEntry,
          facade: out.facadeModuleId,
          imports: out.imports,
          modules: out.moduleIds,
        });
      }
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, JSON.stringify(chunks, null, 1));
    },
  };
}

/**
 * Brotli and gzip copies of the built text files beside them (scripts/precompress.mjs), made once per build: the
 * gateway sends them to a browser that accepts them. Written after everything else, so that every file that
 * ends up in the output folder has its copies; the shell's first pass writes nothing and makes none.
 */
function precompressed(): Plugin {
  let outDir = '';
  let writes = false;
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      writes = config.build.write;
    },
    async closeBundle() {
      if (!writes || process.env[FIRST_PASS]) return;
      await precompressDir(outDir);
    },
  };
}

/**
 * The login page's own chunks preloaded from index.html. The login screen is a lazily loaded route like every
 * other, so the browser would ask for it (and the dozen small chunks it imports) only once the entry has been
 * fetched and run: on a phone that is a second wave of requests after the longest wait of the page. Preloaded,
 * they come in while the entry does. A signed-in reload fetches them too (some 20 KB), without running them.
 * login.html, the login page's own document, draws its form before any script: there the entry's script and
 * every preload wait in <template id="app">, which src/ui/app/boot-login.ts makes live: the preloads once the
 * form is drawn (the entry's own among them, so that its bytes come in then too), the script once the form is
 * used or the page has been idle a while.
 */
function preloadLogin(): Plugin {
  const loginScreen = '/src/ui/screens/login/login-screen.tsx';
  // An HTML input's entry chunk stands for the page: index.html's is the app's entry (src/ui/app/main.tsx).
  const mainEntry = '/index.html';
  return {
    name: 'preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, path }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.endsWith(loginScreen));
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith(mainEntry));
        if (!login || !entry) return html;
        const closure = (roots: string[]) => {
          const seen = new Set<string>();
          const pending = [...roots];
          while (pending.length > 0) {
            const name = pending.pop()!;
            if (seen.has(name)) continue;
            seen.add(name);
            const chunk = bundle[name];
            if (chunk?.type === 'chunk') pending.push(...chunk.imports);
          }
          return seen;
        };
        // The entry preloads its own imports already.
        const loaded = closure([entry.fileName]);
        const wanted = [...closure([login.fileName])].filter((name) => !loaded.has(name));
        if (path !== '/login.html') {
          return wanted.map((name) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` },
            injectTo: 'head' as const,
          }));
        }
        const preloads = [...loaded, ...wanted];
        const held = [
          ...preloads.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
          `<script type="module" crossorigin src="/${entry.fileName}"></script>`,
        ];
        return html.replace('</body>', `<template id="app">${held.join('')}</template>\n  </body>`);
      },
    },
  };
}

/**
 * react-router's package names only its development build (with its warnings and checks) for every
 * condition; a client build takes the production build it ships beside it.
 */
function routerProductionBuild(): Plugin {
  const production = (file: string) => resolve(import.meta.dirname, 'node_modules/react-router/dist/production', file);
  const entries: Record<string, string> = {
    'react-router': production('index.mjs'),
    'react-router/dom': production('dom-export.mjs'),
  };
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return entries[source] ?? null;
    },
  };
}

/** Set in the first of the two passes a client build makes (shellChunk below). */
const FIRST_PASS = 'SHELL_CHUNK_FIRST_PASS';

/**
 * The shell's own code as one chunk: every module the main layout's chunks hold that neither the entry, nor the
 * login and registration pages, nor what those two may open later, load. Left to itself the bundler cuts it
 * into some thirty small chunks, one per set of screens that happen to share a module; they all load together
 * with the layout anyway, and each compressed on its own they weigh a tenth more than as one file.
 * Which modules those are is only known once the bundle is cut (a module graph names every export of a
 * library's index, used or not), so the build first makes the bundle without writing it, reads the shell off
 * its chunks, and then makes it again with the shell's modules grouped.
 * The same holds for the small chunks the entry imports (the JSX runtime, the style engine, xstate, a dozen
 * pieces of Fluent): every page loads them with the entry, so they are grouped as one `base` chunk too.
 * And for what most screens load beside their own code (the paged table, the query form, money and date
 * formats, the table and select of Fluent): cut into a score of small chunks, each sent with its own headers,
 * it is grouped as one `screens-common` chunk, loaded with the first screen opened after signing in.
 */
function shellChunk(): {
  plugin: Plugin;
  test: (id: string) => boolean;
  base: (id: string) => boolean;
  common: (id: string) => boolean;
  later: (id: string) => boolean;
  login: (id: string) => boolean;
} {
  const login = new Set<string>();
  const shell = new Set<string>();
  const base = new Set<string>();
  const common = new Set<string>();
  const later = new Set<string>();
  const plugin: Plugin = {
    name: 'shell-chunk',
    apply: 'build',
    async buildStart() {
      if (process.env[FIRST_PASS]) return;
      shell.clear();
      login.clear();
      base.clear();
      common.clear();
      later.clear();
      const { build } = await import('vite');
      process.env[FIRST_PASS] = '1';
      let output: unknown;
      try {
        output = await build({ logLevel: 'silent', build: { write: false, outDir: '.tmp/shell-pass' } });
      } finally {
        delete process.env[FIRST_PASS];
      }
      const bundles = (Array.isArray(output) ? output : [output]) as Array<{
        output: Array<{
          type: string;
          fileName: string;
          isEntry?: boolean;
          facadeModuleId?: string | null;
          imports?: string[];
          dynamicImports?: string[];
          moduleIds?: string[];
        }>;
      }>;
      const chunks = new Map(
        bundles
          .flatMap((b) => b.output)
          .filter((o) => o.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const closure = (roots: string[], dynamic: boolean) => {
        const seen = new Set<string>();
        const pending = [...roots];
        while (pending.length > 0) {
          const name = pending.pop()!;
          if (seen.has(name)) continue;
          seen.add(name);
          const chunk = chunks.get(name);
          // The entry's own dynamic imports are every route's screen: what a page may open is its own chunk's.
          const opens = dynamic && !chunk?.isEntry ? (chunk?.dynamicImports ?? []) : [];
          pending.push(...(chunk?.imports ?? []), ...opens);
        }
        return seen;
      };
      const facade = (suffix: string) =>
        [...chunks.values()].filter((c) => c.facadeModuleId?.endsWith(suffix)).map((c) => c.fileName);
      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      for (const name of closure(entries, false)) {
        if (entries.includes(name)) continue;
        for (const id of chunks.get(name)?.moduleIds ?? []) base.add(id);
      }
      // What the login screen imports beyond the entry (Fluent's field, input and link, the route link): one
      // `login-parts` chunk rather than ten of a few hundred bytes, each of which a phone asks for on its own
      // with its own headers. The screen stays the facade of a chunk of its own, which imports it.
      const loginScreen = facade('/src/ui/screens/login/login-screen.tsx');
      const atEntry = closure(entries, false);
      for (const name of closure(loginScreen, false)) {
        if (atEntry.has(name) || loginScreen.includes(name)) continue;
        for (const id of chunks.get(name)?.moduleIds ?? []) login.add(id);
      }
      const layout = facade('/src/ui/shell/main-layout.tsx');
      if (layout.length === 0) return;
      // What the pages outside the layout load, with everything they may open later: never the shell's.
      const outsidePages = [
        ...facade('/src/ui/screens/login/login-screen.tsx'),
        ...facade('/src/ui/screens/login/register-screen.tsx'),
        ...facade('/src/ui/app/toast-host.tsx'),
      ];
      const outside = new Set([...closure(entries, false), ...closure(outsidePages, true)]);
      if (layout.some((name) => outside.has(name))) return;
      // The layout itself stays the facade of a chunk of its own (the route imports it; the benchmark's shell
      // check starts from it), which imports the grouped rest.
      const layoutModule = resolve(import.meta.dirname, 'src/ui/shell/main-layout.tsx');
      for (const name of closure(layout, false)) {
        if (outside.has(name)) continue;
        for (const id of chunks.get(name)?.moduleIds ?? []) if (id !== layoutModule) shell.add(id);
      }
      // What the shell loads beyond what /login has loaded, that those pages also use (a toast, a dialog, a
      // motion): one `shell-later` chunk rather than a dozen, loaded with the shell; the registration page, or
      // the login page's first toast, loads it whole.
      const shellChunks = closure(layout, false);
      const atStart = closure([...entries, ...facade('/src/ui/screens/login/login-screen.tsx')], false);
      for (const name of shellChunks) {
        if (!outside.has(name) || atStart.has(name)) continue;
        for (const id of chunks.get(name)?.moduleIds ?? []) later.add(id);
      }
      // The chunks at least half the screens import (a screen's own chunk aside), none the pages outside the
      // layout or the shell load.
      const screens = facade('').filter((name) => chunks.get(name)?.facadeModuleId?.includes('/src/ui/screens/'));
      const importedBy = new Map<string, number>();
      for (const screen of screens) {
        for (const name of closure([screen], false)) {
          if (name === screen || outside.has(name) || shellChunks.has(name)) continue;
          importedBy.set(name, (importedBy.get(name) ?? 0) + 1);
        }
      }
      for (const [name, count] of importedBy) {
        if (count * 2 < screens.length || screens.includes(name)) continue;
        for (const id of chunks.get(name)?.moduleIds ?? []) common.add(id);
      }
    },
  };
  return {
    plugin,
    test: (id) => shell.has(id),
    base: (id) => base.has(id),
    common: (id) => common.has(id),
    later: (id) => later.has(id),
    login: (id) => login.has(id),
  };
}

const shell = shellChunk();

/**
 * The order test files run in: Vitest's own (project by project, the longest first), with the files of one
 * project that want the same test environment kept together. A worker of a project that does not isolate its
 * files goes on to the next file only when that file wants its environment; otherwise it is stopped and a new
 * one imports everything again. Without recorded durations (a fresh clone, as in CI) Vitest orders by file
 * size, which alternates the unit project's Node and happy-dom files. Vitest's own sequencer is imported when
 * tests run, not when the client is built.
 */
class EnvironmentSequencer implements TestSequencer {
  constructor(private readonly vitest: Vitest) {}

  private async base(): Promise<TestSequencer> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.vitest);
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.base()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of await (await this.base()).sort(files)) {
      // The environment a file asks for in its docblock (`// @vitest-environment happy-dom`), else its project's.
      const asked = /@vitest-environment\s+([\w-]+)/.exec(readFileSync(spec.moduleId, 'utf8').slice(0, 500))?.[1];
      const key = `${spec.project.name}\u0000${asked ?? spec.project.config.environment}`;
      groups.set(key, [...(groups.get(key) ?? []), spec]);
    }
    // Browser specs longest first, so that no long journey starts last and runs alone while the other worker
    // idles: a fresh clone has no recorded durations, so a spec's weight is what it declares — the seconds of its
    // journeys (`journey(N)`), else a few seconds a test.
    const weight = (spec: TestSpecification) => {
      const text = readFileSync(spec.moduleId, 'utf8');
      const journeys = [...text.matchAll(/journey\((\d+)\)/g)].map((m) => Number(m[1]));
      return journeys.length > 0 ? journeys.reduce((a, b) => a + b, 0) : 4 * (text.match(/^\s*it\(/gm)?.length ?? 1);
    };
    return [...groups.values()].flatMap((group) =>
      group[0]?.project.name === 'e2e' ? [...group].sort((a, b) => weight(b) - weight(a)) : group,
    );
  }
}

// One config for the client build, the dev server and the test projects. Tests run in Node by default;
// a component test opts into a DOM with `// @vitest-environment happy-dom` at its top.
export default defineConfig({
  plugins: [
    react(),
    routerProductionBuild(),
    shell.plugin,
    preloadLogin(),
    precompressed(),
    process.env.CHUNKS_REPORT ? chunksReport(process.env.CHUNKS_REPORT) : null,
    process.env.ANALYZE
      ? visualizer({ filename: '.tmp/bundle-report.html', gzipSize: true, template: 'treemap' })
      : null,
  ],
  server: {
    proxy: { '/api': process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // No modulepreload polyfill: browsers preload modules themselves (Chrome 66, Firefox 115, Safari 17), and one
    // that does not fetches each module when it is imported, later but the same. The polyfill, a module both
    // pages would share, would make login.html's first script import the entry's `base` chunk.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // index.html for every client route; login.html for /login alone (its form drawn before the scripts load).
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        login: resolve(import.meta.dirname, 'login.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'base', test: shell.base, includeDependenciesRecursively: false },
            { name: 'login-parts', test: shell.login, includeDependenciesRecursively: false },
            { name: 'shell', test: shell.test, includeDependenciesRecursively: false },
            { name: 'shell-later', test: shell.later, includeDependenciesRecursively: false },
            { name: 'screens-common', test: shell.common, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: on this 2-core machine, one test file at a time. The
    // gateway's files wait on their databases most of the time and the component files on jsdom, so two at once
    // keep both cores busy. (contract and provider keep their files in sequence: they share the pact files.)
    maxWorkers: 2,
    // @fastify/autoload import()s the gateway's routes.ts files (gateway/src/app.ts). Run as an external
    // dependency, that import() is Node's own, which cannot load .ts and would give each module a second
    // copy of everything it imports; inlined, it goes through Vitest like every other gateway file.
    server: { deps: { inline: ['@fastify/autoload'] } },
    hookTimeout: 60_000,
    sequence: { sequencer: EnvironmentSequencer },
    projects: [
      {
        // Pure modules share no state, so one worker may run them all: a fresh worker per file costs more
        // than the tests themselves.
        extends: true,
        test: { name: 'domain', include: ['src/domain/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**'],
          // Component tests wait for what a person waits for (a lazily loaded dialog, a transition); on a busy
          // 2-core machine that can take more than Testing Library's one second, which is a wait, not a verdict.
          setupFiles: ['tests/support/dom-testing.setup.ts'],
          testTimeout: 15_000,
          // Most of a component file's time went to importing React, Fluent UI and Testing Library afresh in a
          // new worker: the files share their workers' modules instead. Each file unmounts what it rendered
          // (cleanup) and restores its timers and spies; a module mock (vi.mock) reaches only modules first
          // imported after it, so a file that mocks one must be the only one importing what it tests with it.
          isolate: false,
        },
      },
      {
        // Every gateway test file builds the whole app, and a fresh worker per file would import and transform
        // all of its modules again: the files share their workers' module cache instead. Each file still has a
        // gateway and a database of its own (a copy of the run's template).
        extends: true,
        test: {
          name: 'gateway',
          include: ['gateway/**/*.test.ts'],
          isolate: false,
          globalSetup: ['tests/support/gateway-template.setup.ts'],
        },
      },
      {
        extends: true,
        // One worker runs every consumer file: each would otherwise load Pact's native core and the client's
        // adapters again, which costs more than its tests. Each file still writes a pact of its own.
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.pact.test.ts'],
          fileParallelism: false,
          isolate: false,
          // A project of one worker that shares it cannot run beside the others' two: it runs after them.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'provider',
          include: ['tests/contract/**/*.verify.test.ts'],
          fileParallelism: false,
          // After the consumer files (groupOrder 1) have written the pacts it replays; in their run, so that it
          // starts its gateway from the templates the gateway project's global setup made.
          sequence: { groupOrder: 2 },
          globalSetup: ['tests/support/gateway-template.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          // One file per core (at most four), each with its own gateway process and Chromium. Three at once on
          // two cores kept them busier, but a second test run beside it (another checkout, a merge being tried)
          // then puts six browsers and gateways on two cores, and a page starved that long misses Playwright's
          // 30 s waits; one per core leaves the room a second run needs.
          maxWorkers: Math.max(1, Math.min(availableParallelism(), 4)),
          testTimeout: 60_000,
          // expect.poll waits as long as Playwright's own waits do (30 s), not Vitest's 1 s: what a spec polls
          // (a detail's request, a count after a move) comes when the page gets to it, and on a loaded machine
          // that has been more than a second.
          expect: { poll: { timeout: 30_000 } },
          globalSetup: ['tests/support/e2e-template.setup.ts'],
        },
      },
    ],
  },
});

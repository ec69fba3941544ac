import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';

// Node 20 lacks Map.groupBy and Object.groupBy, which Vitest 5's reporter calls to print failures.
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;
if (!('groupBy' in Map)) {
  const groupBy: GroupBy = (items, key) => {
    const groups = new Map();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      groups.set(k, [...(groups.get(k) ?? []), item]);
    }
    return groups;
  };
  Object.defineProperty(Map, 'groupBy', { value: groupBy });
  Object.defineProperty(Object, 'groupBy', {
    value: <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) =>
      Object.fromEntries(groupBy(items, key)),
  });
}

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

// One config for the client build, the dev server and the test projects. Tests run in Node by default;
// a component test opts into a DOM with `// @vitest-environment happy-dom` at its top.
export default defineConfig({
  plugins: [
    react(),
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
    chunkSizeWarningLimit: 600,
  },
  test: {
    testTimeout: 30_000,
    // @fastify/autoload import()s the gateway's routes.ts files (gateway/src/app.ts). Run as an external
    // dependency, that import() is Node's own, which cannot load .ts and would give each module a second
    // copy of everything it imports; inlined, it goes through Vitest like every other gateway file.
    server: { deps: { inline: ['@fastify/autoload'] } },
    hookTimeout: 60_000,
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
        test: { name: 'contract', include: ['tests/contract/**/*.pact.test.ts'], fileParallelism: false },
      },
      {
        extends: true,
        test: {
          name: 'provider',
          include: ['tests/contract/**/*.verify.test.ts'],
          fileParallelism: false,
          globalSetup: ['tests/support/gateway-template.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          // Two files at once, each with its own gateway process and Chromium: a spec spends much of its time
          // waiting on the page, which the other one uses.
          maxWorkers: 2,
          testTimeout: 60_000,
          globalSetup: ['tests/support/e2e-template.setup.ts'],
        },
      },
    ],
  },
});

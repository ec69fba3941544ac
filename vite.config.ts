import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the client build, the dev server and the test projects. Tests run in Node by default;
// a component test opts into a DOM with `// @vitest-environment happy-dom` at its top.
export default defineConfig({
  plugins: [react()],
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
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'gateway/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], fileParallelism: false },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.spec.ts'], fileParallelism: false, testTimeout: 60_000 },
      },
    ],
  },
});

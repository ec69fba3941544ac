// Modules register themselves (app.ts autoloads modules/<area>/routes.ts): every such file must end up in the
// running gateway — its default-exported plugin registered, and every /api path its folder declares served —
// while the files beside it (repository.ts, a split-off upload-routes.ts, tests) are not plugins of their own.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from './testing/test-gateway';
import { createTestGateway } from './testing/test-gateway';

const MODULES = join(dirname(fileURLToPath(import.meta.url)), 'modules');
const areas = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(MODULES, entry.name, 'routes.ts')))
  .map((entry) => entry.name)
  .sort();

/** The '/api/…' paths written in an area's own source files (its tests excluded). */
function declaredPaths(area: string): string[] {
  const files = readdirSync(join(MODULES, area)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const paths = files.flatMap((f) => [...readFileSync(join(MODULES, area, f), 'utf8').matchAll(/'(\/api\/[^'?]+)'/g)]);
  return [...new Set(paths.map((m) => String(m[1])))];
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

describe('module registration', () => {
  let gw: TestGateway;
  let plugins: string;

  beforeAll(async () => {
    gw = await createTestGateway();
    plugins = gw.app.printPlugins();
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('finds the areas', () => {
    expect(areas).toEqual(expect.arrayContaining(['auth', 'certification', 'file', 'risk', 'role', 'user-admin']));
  });

  it.each(areas)('registers the plugin %s/routes.ts default-exports', async (area) => {
    const module = (await import(`./modules/${area}/routes.ts`)) as { default?: FastifyPluginAsync<never> };
    expect(module.default, `${area}/routes.ts has no default export`).toBeTypeOf('function');
    expect(plugins).toContain(module.default?.name);
  });

  // A module over the resource kit (gateway/src/resource) writes no path of its own; the plugin check covers it.
  it.each(areas)('serves every /api path the %s module declares', (area) => {
    const paths = declaredPaths(area);
    const served = (url: string) => METHODS.some((method) => gw.app.hasRoute({ method, url }));
    for (const path of paths) expect(served(path), `${area}: ${path}`).toBe(true);
  });

  it('registers no helper beside routes.ts as a plugin of its own', () => {
    expect(plugins).not.toMatch(/repository\.ts|schemas\.ts|\.test\.ts/);
  });
});

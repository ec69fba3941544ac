// Vitest global setup of the projects that start gateways in-process: one migrated, seeded PGlite dumped
// for every test file to load (gateway/src/testing/pglite-template.ts).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { TEMPLATE_ENV, writeTemplate } from '../../gateway/src/testing/pglite-template';

export default async function setup(): Promise<() => void> {
  const path = resolve('.tmp', `pglite-template-${process.pid}.tar`);
  await writeTemplate(path);
  process.env[TEMPLATE_ENV] = path;
  return () => rmSync(path, { force: true });
}

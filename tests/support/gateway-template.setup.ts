// Vitest global setup of the projects that start gateways in-process: one migrated, seeded PGlite dumped
// for every test file to load, and on PostgreSQL one template database every test file copies
// (gateway/src/testing/pglite-template.ts), and the seeded documents' bytes in one files folder. Every project
// of a run that lists this setup (the gateway's own tests, the provider verification) uses the templates the
// first one made: Vitest runs the projects' global setups one after another, in one process.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  PG_TEMPLATE_ENV,
  SEEDED_AT_ENV,
  TEMPLATE_ENV,
  TEMPLATE_FILES_ENV,
  writePgTemplate,
  writeTemplate,
} from '../../gateway/src/testing/pglite-template';
import { runStatements } from '../../gateway/src/testing/pg-server';

export default async function setup(): Promise<() => Promise<void>> {
  const made = process.env[TEMPLATE_ENV];
  if (made && existsSync(made) && (!process.env.TEST_DATABASE_URL || process.env[PG_TEMPLATE_ENV])) {
    return async () => undefined; // the project that made them removes them
  }
  const path = resolve('.tmp', `pglite-template-${process.pid}.tar`);
  const url = process.env.TEST_DATABASE_URL;
  const pgTemplate = `gw_template_${process.pid}`;
  const files = resolve('.tmp', `template-files-${process.pid}`);
  // One moment for both templates, which the tests read back (seededAt) to name the days the seed dated.
  const now = new Date();
  await Promise.all([
    writeTemplate(path, files, now),
    url ? writePgTemplate(url, pgTemplate, files, now) : Promise.resolve(),
  ]);
  process.env[SEEDED_AT_ENV] = now.toISOString();
  process.env[TEMPLATE_ENV] = path;
  process.env[TEMPLATE_FILES_ENV] = files;
  if (url) process.env[PG_TEMPLATE_ENV] = pgTemplate;
  return async () => {
    rmSync(path, { force: true });
    rmSync(files, { recursive: true, force: true });
    if (url) await runStatements(url, `drop database if exists ${pgTemplate} with (force)`);
  };
}

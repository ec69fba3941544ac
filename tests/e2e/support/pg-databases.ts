// The browser tests' databases on PostgreSQL, when the run has a server (TEST_DATABASE_URL, as CI sets it). The
// global setup migrates and seeds one template database there (tests/support/e2e-template.setup.ts), and each
// spec's gateway gets a database of its own copied from it (`create database … template …`, a file copy taking
// well under a second) instead of a PGlite data directory: PGlite costs some 11 s of CPU to open in every gateway,
// and then runs every statement in WebAssembly inside the gateway's process, on the cores Chromium needs.
//
// Every name carries the second it was made at and the process that made it: parallel runs (another checkout, a
// merge being tried) never take each other's, and a run that died before its teardown leaves databases a later
// run recognises by their age and drops.
import { runStatements, withDatabase } from '../../../gateway/src/testing/pg-server';

/** The server the template lives on, as TEST_DATABASE_URL names it (set by the global setup). */
export const PG_SERVER_ENV = 'E2E_PG_SERVER';
/** The template database every spec's gateway copies (set by the global setup). */
export const PG_TEMPLATE_ENV = 'E2E_PG_TEMPLATE';
/** The files folder holding the documents the template's rows name; each gateway starts with a copy. */
export const PG_TEMPLATE_FILES_ENV = 'E2E_PG_TEMPLATE_FILES';

const PREFIX = 'e2e_';
/** A database of an earlier run older than this is one its run left behind (a whole browser run is minutes). */
const LEFTOVER_AFTER_MS = 60 * 60 * 1000;

export interface PgTemplate {
  server: string;
  template: string;
  files: string;
}

/** The run's template, when its global setup made one on PostgreSQL. */
export function pgTemplateOfRun(): PgTemplate | null {
  const server = process.env[PG_SERVER_ENV];
  const template = process.env[PG_TEMPLATE_ENV];
  const files = process.env[PG_TEMPLATE_FILES_ENV];
  return server && template && files ? { server, template, files } : null;
}

let made = 0;

/** A new database name of this process: `e2e_<kind>_<unix seconds>_<pid>_<n>`, in PostgreSQL's 63 characters. */
export function databaseName(kind: 'tmpl' | 'spec'): string {
  made += 1;
  return `${PREFIX}${kind}_${Math.floor(Date.now() / 1000)}_${process.pid}_${made}`;
}

/**
 * A spec's database is thrown away when the spec ends, so its commits need not wait for the disk: PostgreSQL
 * answers a COMMIT once it is in its log's buffer. What a client sees is the same; only a crash of the server
 * could lose the last commits. A database's settings are not copied with it, so each copy is set on its own.
 */
function commitsWithoutFlush(database: string): string {
  return `alter database ${database} set synchronous_commit = off`;
}

/** A new empty database for the template. */
export async function createTemplateDatabase(server: string, name: string): Promise<void> {
  await runStatements(server, `create database ${name}`, commitsWithoutFlush(name));
}

/**
 * A copy of the template as a new database; its address. PostgreSQL refuses a copy while another session is in
 * the template (another worker's copy being made at that moment): that is waited out.
 */
export async function copyTemplate({ server, template }: PgTemplate, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      await runStatements(server, `create database ${name} template ${template}`, commitsWithoutFlush(name));
      return withDatabase(server, name);
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/** Drops the database, ending whatever sessions are still in it. */
export async function dropDatabase(server: string, name: string): Promise<void> {
  await runStatements(server, `drop database if exists ${name} with (force)`);
}

/** Drops the browser tests' databases that earlier runs left on the server (older than an hour). */
export async function dropLeftovers(server: string, now = Date.now()): Promise<string[]> {
  const rows = await runStatements(
    server,
    `select datname from pg_database where datname like '${PREFIX}%' and not datistemplate`,
  );
  const old = rows
    .map((row) => String(row.datname))
    .filter((name) => {
      const seconds = /^e2e_(?:tmpl|spec)_(\d+)_\d+_\d+$/.exec(name)?.[1];
      return seconds !== undefined && now - Number(seconds) * 1000 > LEFTOVER_AFTER_MS;
    });
  for (const name of old) await dropDatabase(server, name);
  return old;
}

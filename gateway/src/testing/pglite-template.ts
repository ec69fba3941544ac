// Creating a PGlite cluster (initdb inside WebAssembly) costs seconds on a small machine, and every gateway
// test file needs a migrated, demo-seeded database. The test run therefore builds one such database once,
// dumps its data directory to a file, and each test file loads that dump (about half a second) instead of
// creating, migrating and seeding its own. The dump is rebuilt at the start of every run, so it always holds
// the migrations and seeds of the code under test. On PostgreSQL the same idea is a template database: each
// test file gets `create database … template …`, a file copy, instead of migrating and seeding a schema.
// The seeded documents' bytes are drawn once too, into a files folder each test gateway's starts as a copy of.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { runStatements, withDatabase } from './pg-server';
import { changeSourceOf } from '../db/engine';
import { type Database, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed/demo-seed';
import { BlobStore } from '../modules/file/blob-store';
import { DEFAULT_CJK_FONT } from '../modules/file/pdf-convert';
import { storeSeededContents } from '../modules/file/seeded-contents';

/** The environment variable naming the dump; set by the test run's global setup. */
export const TEMPLATE_ENV = 'GATEWAY_TEST_TEMPLATE';

/** The environment variable naming the files folder holding the templates' seeded documents. */
export const TEMPLATE_FILES_ENV = 'GATEWAY_TEST_TEMPLATE_FILES';

/** A new test gateway's files folder starts with the seeded documents the templates' rows name. */
export function copyTemplateFiles(filesDir: string): void {
  const from = process.env[TEMPLATE_FILES_ENV];
  if (from && existsSync(from)) cpSync(from, filesDir, { recursive: true });
}

/** The environment variable holding the moment the run's templates were seeded at; set by its global setup. */
export const SEEDED_AT_ENV = 'GATEWAY_TEST_SEEDED_AT';

/** Read when no global setup seeded a template: a file seeding its own database seeds as of this moment. */
const loadedAt = new Date();

/**
 * The moment the demo data of this run was seeded at: every seeded date counts back from its Beijing day
 * (db/seed/seed-days.ts). A test naming a seeded date counts from it, not from its own clock, which may
 * have passed a Beijing midnight since (16:00 UTC).
 */
export function seededAt(): Date {
  const at = process.env[SEEDED_AT_ENV];
  return at ? new Date(at) : loadedAt;
}

export async function writeTemplate(path: string, filesDir: string, now: Date): Promise<void> {
  const { db } = await openDatabase({ memory: true });
  try {
    await migrate(db);
    await seedDemo(db, now, { filesDir });
    await storeSeededContents(db, new BlobStore(filesDir), DEFAULT_CJK_FONT);
    const source = changeSourceOf(db);
    if (source?.kind !== 'pglite') throw new Error('the template is a PGlite database');
    await leaveOneLogSegment(db);
    const dump = await source.client.dumpDataDir();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
}

/**
 * Every test file loads the dump, and seeding leaves the write-ahead log two 16 MB segments long, a quarter of
 * the dump, which each load unpacks and PostgreSQL then replays from the last checkpoint on. A checkpoint taken
 * in a fresh segment, with used segments deleted rather than kept for reuse, leaves one segment and nothing to
 * replay: the same database in 50 MB instead of 67, opened in some 15 % less time.
 */
async function leaveOneLogSegment(db: Kysely<Database>): Promise<void> {
  await sql`set wal_recycle = off`.execute(db);
  await sql`select pg_switch_wal()`.execute(db);
  await sql`checkpoint`.execute(db);
}

let loaded: Blob | null | undefined;

/** The dump of a migrated, seeded database when the run made one; null otherwise (callers build their own). */
export function migratedTemplate(): Blob | null {
  if (loaded !== undefined) return loaded;
  const path = process.env[TEMPLATE_ENV];
  loaded = path && existsSync(path) ? new Blob([readFileSync(path)]) : null;
  return loaded;
}

/** The environment variable naming the PostgreSQL template database; set by the test run's global setup. */
export const PG_TEMPLATE_ENV = 'GATEWAY_TEST_PG_TEMPLATE';
/** The schema the template's tables live in, and so every copy's. */
export const PG_TEMPLATE_SCHEMA = 'gw';

/** The same server address naming another database. */
/**
 * A test's database is thrown away when its file ends, so its commits need not wait for the disk: with
 * synchronous_commit off PostgreSQL answers a COMMIT once it is in its log's buffer, not once flushed (about
 * 10 ms a commit on a small machine, which the PostgreSQL half of the suite spent waiting rather than
 * working). Nothing a client sees changes: every transaction is as atomic and as visible as before; only a crash
 * of the server could lose the last ones. A database's settings are not copied with it: each copy gets its own.
 */
function commitsWithoutFlush(database: string): string {
  return `alter database ${database} set synchronous_commit = off`;
}

/** Migrates and seeds a new database `name` on the server of `url`, to be copied by each test file. */
export async function writePgTemplate(url: string, name: string, filesDir: string, now: Date): Promise<void> {
  await runStatements(url, `drop database if exists ${name} with (force)`);
  await runStatements(url, `create database ${name}`);
  await runStatements(url, commitsWithoutFlush(name));
  const templateUrl = withDatabase(url, name);
  await runStatements(templateUrl, `create schema ${PG_TEMPLATE_SCHEMA}`);
  const { db } = await openDatabase({ url: templateUrl, schema: PG_TEMPLATE_SCHEMA });
  try {
    await migrate(db);
    await seedDemo(db, now, { filesDir });
    await storeSeededContents(db, new BlobStore(filesDir), DEFAULT_CJK_FONT);
  } finally {
    await db.destroy();
  }
}

/**
 * A copy of the template for one test file, as a database of its own; null when the run made no template.
 * Several files copy at once: PostgreSQL refuses a copy while another is reading the template, so retry.
 */
export async function copyPgTemplate(url: string, name: string): Promise<string | null> {
  const template = process.env[PG_TEMPLATE_ENV];
  if (!template) return null;
  for (let attempt = 0; ; attempt++) {
    try {
      await runStatements(url, `create database ${name} template ${template}`);
      await runStatements(url, commitsWithoutFlush(name));
      return withDatabase(url, name);
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

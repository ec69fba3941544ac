// The daily job's ledger (BUSINESS.md "The daily job"; gateway/src/jobs): one row per Beijing day closed, and one
// per unit of work done on it — recorded in the transaction of the unit's own effect, so a run killed midway and
// run again repeats nothing. Neither belongs to a tenant: the close of a day is the platform's. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table close_day (
    day date primary key,
    status text not null,
    runner text not null,
    attempts integer not null default 1,
    started_at timestamptz not null,
    finished_at timestamptz,
    done integer not null default 0,
    failed integer not null default 0,
    constraint close_day_status_ck check (status in ('RUNNING', 'CLOSED'))
  )`.execute(db);

  await sql`create table close_day_unit (
    day date not null references close_day(day),
    step text not null,
    unit_key text not null,
    status text not null,
    detail text,
    runner text not null,
    at timestamptz not null,
    primary key (day, step, unit_key),
    constraint close_day_unit_status_ck check (status in ('DONE', 'FAILED'))
  )`.execute(db);
}

// An external party's callbacks (gateway/src/inbound): the secret each tenant shares with each provider, the flows
// a stage started with a provider (a signing flow, a push) — the only way a callback finds its tenant and business —,
// the inbox that makes each event act once, and the interface log (接口日志) of every call, accepted or refused.
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table callback_secret (
    tenant_id text not null references tenant(tenant_id),
    provider text not null,
    secret text not null,
    created_at timestamptz not null,
    primary key (tenant_id, provider)
  )`.execute(db);

  await sql`create table callback_flow (
    provider text not null,
    flow_id text not null,
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references financing_business(business_id),
    purpose text not null,
    created_at timestamptz not null,
    primary key (provider, flow_id)
  )`.execute(db);
  await sql`create index callback_flow_business_idx on callback_flow (tenant_id, business_id)`.execute(db);

  // One row per event a provider sent and the gateway acted on, written in the transaction of the move it made.
  await sql`create table callback_inbox (
    provider text not null,
    event_id text not null,
    flow_id text not null,
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references financing_business(business_id),
    action text,
    received_at timestamptz not null,
    primary key (provider, event_id),
    foreign key (provider, flow_id) references callback_flow(provider, flow_id)
  )`.execute(db);

  // tenant_id is null for a call that named no flow of any tenant (an unknown provider or flow, unreadable body).
  await sql`create table interface_log (
    log_id text primary key,
    tenant_id text references tenant(tenant_id),
    direction text not null,
    provider text not null,
    flow_id text,
    event_id text,
    business_id text,
    http_status integer not null,
    result_code integer not null,
    message text not null,
    body text not null,
    remote_address text,
    at timestamptz not null,
    constraint interface_log_direction_ck check (direction in ('IN', 'OUT'))
  )`.execute(db);
  await sql`create index interface_log_tenant_idx on interface_log (tenant_id, at desc)`.execute(db);
  await sql`create index interface_log_business_idx on interface_log (tenant_id, business_id, at desc)`.execute(db);
}

// The provider states of the generated resource contracts: a resource's pact record is its sample, stored
// with a fixed id in its initial status at version 1; "no record" removes it and every row holding the
// sample's unique values, so the create interaction can succeed on every run.
import type { Kysely } from 'kysely';
import { type ResourceDef, columnOf, idColumnOf, normalizeForm } from '../../../src/domain/resource/resource';
import { DEMO_TENANT_ID } from '../../../gateway/src/db/seed/demo-seed';
import { columnsOf } from '../../../gateway/src/resource/resource-repository';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';
import { RESOURCE_DEFINITIONS, pactId, resourceState } from './resource-definitions';

// biome-ignore lint/suspicious/noExplicitAny: tables named by definitions
type AnyDb = Kysely<any>;

async function removePactRecord(db: AnyDb, def: ResourceDef) {
  await db
    .deleteFrom('operation_log')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .where('target_id', '=', pactId(def))
    .execute();
  const form = normalizeForm(def, def.sample, 'create');
  let query = db.deleteFrom(def.storage.table).where('tenant_id', '=', DEMO_TENANT_ID);
  for (const [column, value] of Object.entries(def.storage.scope ?? {})) query = query.where(column, '=', value);
  await query
    .where((eb) => {
      const same = [eb(idColumnOf(def), '=', pactId(def))];
      if (def.unique) {
        // A unique field the gateway derives (not in the sample) does not narrow the match.
        same.push(
          eb.and(
            def.unique.fields
              .filter((key) => form[key] !== undefined)
              .map((key) => {
                const field = def.fields.find((f) => f.key === key)!;
                return eb(columnOf(field), '=', form[key] as string);
              }),
          ),
        );
      }
      return eb.or(same);
    })
    .execute();
}

async function putPactRecord(db: AnyDb, def: ResourceDef) {
  await removePactRecord(db, def);
  const now = new Date('2026-11-01T02:00:00Z');
  await db
    .insertInto(def.storage.table)
    .values({
      [idColumnOf(def)]: pactId(def),
      tenant_id: DEMO_TENANT_ID,
      ...def.storage.scope,
      status: def.initialStatus,
      version: 1,
      created_at: now,
      updated_at: now,
      ...columnsOf(def, normalizeForm(def, def.sample, 'create')),
      // admin made it, so admin may delete it where only the author may (remove.ownOnly).
      ...(def.storage.createdBy ? { created_by: '1300000000000000001' } : {}),
    })
    .execute();
  // A resource that shows its history has at least its creation in the operation log.
  if (def.history) {
    await db
      .insertInto('operation_log')
      .values({
        log_id: `${pactId(def)}-log`,
        tenant_id: DEMO_TENANT_ID,
        user_id: '1300000000000000001',
        user_name: 'admin',
        occurred_at: now,
        action: `${def.name}.create`,
        target_type: def.name,
        target_id: pactId(def),
        before_data: null,
        after_data: null,
      })
      .execute();
  }
}

export const providerStates = (gateway: TestGateway): Record<string, () => Promise<void>> => {
  const db = gateway.db as unknown as AnyDb;
  const admin = () => issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  return Object.fromEntries(
    RESOURCE_DEFINITIONS.flatMap((def) => [
      [
        resourceState.recordExists(def),
        async () => {
          await putPactRecord(db, def);
          await admin();
        },
      ],
      [
        resourceState.noRecord(def),
        async () => {
          await removePactRecord(db, def);
          await admin();
        },
      ],
    ]),
  );
};

// A row read by its key is its tenant's: another tenant's row of the same key is not found, a key of several
// columns names one row, a list of ids names those rows (none for none), an aliased table is read under its alias
// beside a joined one, a record's reader answers none for none, and the statement stays Kysely's, typed by the
// table named (a column it lacks, or a value of the wrong kind, does not compile).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTemplate } from '../testing/pglite-template';
import { type Database, type OrgType, openDatabase } from './database';
import { DEMO_TENANT_ID } from './seed/demo-seed';
import { recordReader, tenantRows, tenantRowsIn } from './tenant-rows';

describe('the rows of a tenant by their key', () => {
  let db: Kysely<Database>;
  let orgs: { org_id: string; org_name: string; org_type: OrgType }[];

  beforeAll(async () => {
    const from = migratedTemplate();
    ({ db } = await openDatabase({ memory: true, ...(from ? { from } : {}) }));
    orgs = await db
      .selectFrom('organization')
      .select(['org_id', 'org_name', 'org_type'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .orderBy('org_id')
      .limit(3)
      .execute();
  }, 180_000);
  afterAll(() => db?.destroy());

  it('finds the row of its tenant by its key, and not another tenant’s', async () => {
    const org = orgs[0]!;
    const read = (tenantId: string) =>
      tenantRows(db, 'organization', tenantId, { org_id: org.org_id }).select('org_name').executeTakeFirst();
    expect(await read(DEMO_TENANT_ID)).toEqual({ org_name: org.org_name });
    expect(await read('another-tenant')).toBeUndefined();
  });

  it('holds every column of a key of several', async () => {
    const org = orgs[0]!;
    const read = (orgType: OrgType) =>
      tenantRows(db, 'organization', DEMO_TENANT_ID, { org_id: org.org_id, org_type: orgType })
        .select('org_id')
        .forUpdate()
        .execute();
    expect(await read(org.org_type)).toEqual([{ org_id: org.org_id }]);
    expect(await read(org.org_type === 'SUPPLIER' ? 'GROUP' : 'SUPPLIER')).toEqual([]);
  });

  it('finds the rows of a list of ids, none for none, none of another tenant', async () => {
    const ids = orgs.slice(0, 2).map((o) => o.org_id);
    const read = (tenantId: string, of: readonly string[]) =>
      tenantRowsIn(db, 'organization', tenantId, 'org_id', of).select('org_id').orderBy('org_id').execute();
    expect(await read(DEMO_TENANT_ID, [...ids, 'no-such-org'])).toEqual(ids.map((org_id) => ({ org_id })));
    expect(await read(DEMO_TENANT_ID, [])).toEqual([]);
    expect(await read('another-tenant', ids)).toEqual([]);
  });

  it('names its columns under the alias of a table joined with another of the tenant', async () => {
    const org = orgs[0]!;
    const read = (tenantId: string) =>
      tenantRows(db, 'organization as o', tenantId, { org_id: org.org_id })
        .leftJoin('organization as p', (j) =>
          j.onRef('p.org_id', '=', 'o.parent_id').onRef('p.tenant_id', '=', 'o.tenant_id'),
        )
        .select(['o.org_name', 'p.org_id as parent'])
        .executeTakeFirst();
    expect(await read(DEMO_TENANT_ID)).toMatchObject({ org_name: org.org_name });
    expect(await read('another-tenant')).toBeUndefined();
  });

  it('reads a record by its key as its reader makes it, none when the tenant has none', async () => {
    const org = orgs[0]!;
    const nameOf = recordReader('organization', 'org_id', (r) => `${r.org_name} (${r.org_type})`);
    expect(await nameOf(db, DEMO_TENANT_ID, org.org_id)).toBe(`${org.org_name} (${org.org_type})`);
    expect(await db.transaction().execute((trx) => nameOf(trx, DEMO_TENANT_ID, org.org_id, true))).toBe(
      `${org.org_name} (${org.org_type})`,
    );
    expect(await nameOf(db, 'another-tenant', org.org_id)).toBeNull();
  });

  it('is typed by the table it names', () => {
    const typed = () => {
      // @ts-expect-error: the organisation has no such column
      tenantRows(db, 'organization', DEMO_TENANT_ID, { org_key: 'x' });
      // @ts-expect-error: an id is text
      tenantRowsIn(db, 'organization', DEMO_TENANT_ID, 'org_id', [1]);
      // @ts-expect-error: the selection is checked against the table
      tenantRows(db, 'organization', DEMO_TENANT_ID, { org_id: 'x' }).select('business_no');
      // @ts-expect-error: an aliased table is read under its alias
      tenantRows(db, 'organization as o', DEMO_TENANT_ID, { org_id: 'x' }).select('organization.org_name');
      // @ts-expect-error: a reader's key is one of its table's columns
      recordReader('organization', 'business_id', (r) => r.org_name);
    };
    expect(typed).toBeTypeOf('function');
  });
});

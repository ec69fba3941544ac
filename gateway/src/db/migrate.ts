// Forward-only migrations, run on every start. The list is a static object of imported modules rather than a
// folder scan, so it works the same under tsx, vitest and any bundler, and a missing file fails at import.
import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import type { Database } from './database';
import * as initial from './migrations/0001-initial';
import * as supplierConsent from './migrations/0002-supplier-consent';
import * as files from './migrations/0003-files';
import * as negativeOpinion from './migrations/0004-negative-opinion';
import * as userAdministration from './migrations/0005-user-administration';
import * as roleLifecycle from './migrations/0006-role-lifecycle';
import * as organizationDetails from './migrations/0007-organization-details';
import * as userPageIndex from './migrations/0008-user-page-index';
import * as certification from './migrations/0009-certification';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-supplier-consent': supplierConsent,
  '0003-files': files,
  '0004-negative-opinion': negativeOpinion,
  '0005-user-administration': userAdministration,
  '0006-role-lifecycle': roleLifecycle,
  '0007-organization-details': organizationDetails,
  '0008-user-page-index': userPageIndex,
  '0009-certification': certification,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
}

// The gateway's tables as Kysely sees them. The choice of engine (PGlite or PostgreSQL, the pool and its
// time limits) lives in engine.ts and is re-exported here, so code that opens a database keeps importing
// it from this file.
import type { Kysely } from 'kysely';
import type { DatabaseTarget, OpenedEngine } from './engine';
import { openEngine } from './engine';

export type { ChangeSource, DatabaseKind, DatabaseTarget } from './engine';
export { changeSourceOf } from './engine';
export type OpenedDatabase = OpenedEngine<Database>;

export function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  return openEngine<Database>(target);
}

/**
 * The gateway's tables. Each module declares its own in modules/<area>/tables.ts and adds them here by
 * declaration merging (`declare module '../../db/database' { interface Database { … } }`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: modules add their tables to it by declaration merging
export interface Database {}

/** The gateway's typed database, or a transaction on it (a transaction is one). */
export type Db = Kysely<Database>;

// Table types other code imports from here; each module declares its own.
export type { SettingTable } from '../modules/gateway/tables';
export type { TenantTable, AppTable } from '../modules/tenant/tables';
export type {
  OrgType,
  DataAuthState,
  OrganizationTable,
  OrgStatus,
  OrganizationDetailsColumns,
  OrganizationAppTable,
} from '../modules/organization/tables';
export type { UserType, UserStatus, AppUserTable } from '../modules/user/tables';
export type { PersonnelTable } from '../modules/user-admin/tables';
export type { SessionTokenTable, LoginFailureTable, LoginLockTable, LoginAttemptTable } from '../modules/auth/tables';
export type { OperationLogTable } from '../modules/operation-log/tables';
export type { CertificationTable } from '../modules/certification/tables';
export type {
  RoleStatus,
  RoleTable,
  UserRoleTable,
  RoleMenuTable,
  RoleMenuOperationTable,
} from '../modules/role/tables';
export type { MenuTable, MenuOperationTable } from '../modules/menu/tables';
export type { SupplierConsentTable, SupplierConsentCapitalSideTable } from '../modules/supplier/tables';
export type { DictItemTable } from '../modules/dict/tables';
export type { StoredFileTable, FileLockTable } from '../modules/file/tables';
export type { RiskLevel, OpinionStatus, NegativeOpinionTable } from '../modules/risk/tables';

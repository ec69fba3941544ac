// The gateway's tables as Kysely sees them, and the choice of engine: embedded PGlite (a folder on disk, or
// memory for tests) or PostgreSQL through a pg Pool. Both speak the same SQL, so one set of migrations and
// one set of repositories serve both.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ColumnType, DatabaseConnection, Dialect, Driver, Generated, QueryResult } from 'kysely';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pg from 'pg';

type Timestamp = ColumnType<Date, Date, Date>;

export interface SettingTable {
  key: string;
  value: string;
}

export interface TenantTable {
  tenant_id: string;
  tenant_name: string;
}

export interface AppTable {
  app_id: string;
  tenant_id: string;
  app_code: string;
  app_name: string;
  website: string;
  sort_no: number;
}

export type OrgType = 'GROUP' | 'SUBSIDIARY' | 'PROJECT_COMPANY' | 'SUPPLIER' | 'CAPITAL_SIDE';
export type DataAuthState = 'PENDING' | 'AUTHORIZED';

export interface OrganizationTable {
  org_id: string;
  tenant_id: string;
  parent_id: string | null;
  org_name: string;
  org_type: OrgType;
  /** Supplier number, only for suppliers. */
  gys_id: string | null;
  /** Suppliers only: whether the data-query authorization (SPEC §3) has been given. */
  data_auth_state: DataAuthState | null;
  sort_no: number;
}

export type OrgStatus = 'ENABLED' | 'DISABLED';
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

/** Issue 5 (migration 0007): what the organisation forms edit, its status, version and times. */
export interface OrganizationDetailsColumns {
  credit_code: OptionalText;
  contact_name: OptionalText;
  contact_mobile: OptionalText;
  email: OptionalText;
  address: OptionalText;
  status: Generated<OrgStatus>;
  version: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Issue 5: the sub-systems (the tenant's applications) a supplier belongs to. */
export interface OrganizationAppTable {
  org_id: string;
  app_id: string;
}

export type UserType = 'STAFF' | 'SUPPLIER';
export type UserStatus = 'ENABLED' | 'DISABLED';

export interface AppUserTable {
  user_id: string;
  tenant_id: string;
  /** Sign-in name, unique across tenants: the login call names no tenant. */
  user_name: string;
  nick_name: string;
  organization_id: string;
  user_type: UserType;
  mobile: string | null;
  password_hash: string;
  status: UserStatus;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Issue 5: the user's OA account, unique in the tenant when set. */
  oa_account: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 5: whether data authorisation applies to the user's roles (saved with them). */
  is_auth_data: Generated<boolean>;
}

/** Issue 5: the personnel record of an account (SPEC §7.2 company/personnel). */
export interface PersonnelTable {
  personnel_id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  mobile: string | null;
  email: string | null;
  id_number: string | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Issue 5: a failed sign-in, by the user name as typed (trimmed, lower-cased). */
export interface LoginFailureTable {
  user_name: string;
  failed_at: Timestamp;
}

export interface LoginLockTable {
  user_name: string;
  locked_until: Timestamp;
}

/** Issue 5: one write — who, when, what, and the record before and after (JSON text). */
export interface OperationLogTable {
  log_id: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  occurred_at: Timestamp;
  action: string;
  target_type: string;
  target_id: string;
  before_data: string | null;
  after_data: string | null;
}

/** 证书管理, 企业认证, 个人认证 (migration 0009): one table, told apart by kind. */
export interface CertificationTable {
  cert_id: string;
  tenant_id: string;
  kind: 'CERTIFICATE' | 'ENTERPRISE' | 'PERSONAL';
  cert_no: string | null;
  holder_type: 'ENTERPRISE' | 'PERSONAL' | null;
  subject_name: string;
  id_number: string;
  legal_person: string | null;
  mobile: string | null;
  status: 'VALID' | 'REVOKED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  valid_from: Date | null;
  valid_to: Date | null;
  comment: string | null;
  reviewer_id: string | null;
  reviewed_at: Date | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** DELETED is the end of a role (SPEC §3: delete is a status change); only ENABLED roles grant anything. */
export type RoleStatus = 'ENABLED' | 'DISABLED' | 'DELETED';

export interface RoleTable {
  role_id: string;
  tenant_id: string;
  role_code: string;
  role_name: string;
  status: Generated<RoleStatus>;
  version: Generated<number>;
  remark: Generated<string>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface UserRoleTable {
  user_id: string;
  role_id: string;
}

/** The product's menu catalogue; shared by all tenants, what a tenant sees is decided by its roles. */
export interface MenuTable {
  menu_id: string;
  /** '0' for a top-level item. */
  parent_id: string;
  menu_name: string;
  /** As written in the route catalogue. */
  path: string;
  menu_code: string;
  icon: string;
  hidden: boolean;
  sort_no: number;
}

/** The operation codes a menu offers. */
export interface MenuOperationTable {
  menu_id: string;
  operation_code: string;
}

export interface RoleMenuTable {
  role_id: string;
  menu_id: string;
}

export interface RoleMenuOperationTable {
  role_id: string;
  menu_id: string;
  operation_code: string;
}

export interface SessionTokenTable {
  /** sha-256 of the raw token, hex; the raw token is never stored. */
  token_hash: string;
  user_id: string;
  tenant_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Absolute expiry. */
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** A supplier's consent to the data-query authorization (SPEC §3): one row a consent, kept as history. */
export interface SupplierConsentTable {
  consent_id: string;
  tenant_id: string;
  supplier_org_id: string;
  gys_id: string;
  template_id: string;
  /** '1': agreed (SPEC §7.2 authState). */
  auth_state: string;
  user_id: string;
  consented_at: Timestamp;
}

/** The capital sides (organisations of type CAPITAL_SIDE) a consent covers. */
export interface SupplierConsentCapitalSideTable {
  consent_id: string;
  capital_side_org_id: string;
}

export interface DictItemTable {
  tenant_id: string;
  dict_type_code: string;
  dict_type_name: string;
  dict_code: string;
  dict_name: string;
  sort_no: number;
}

/** Issue 6: a stored file's metadata; the bytes are the blob named by sha256 under the files folder. */
export interface StoredFileTable {
  key_id: string;
  tenant_id: string;
  /** The user's name for it, shown and sent back in Content-Disposition; never part of a path. */
  file_name: string;
  extension: string;
  content_type: string;
  size: number;
  sha256: string;
  sub_sys: string | null;
  module: string | null;
  business_type: string | null;
  business_id: string | null;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** A document-editing lock (WOPI style): one holder per file until it expires. */
export interface FileLockTable {
  key_id: string;
  tenant_id: string;
  lock_value: string;
  user_id: string;
  expires_at: Timestamp;
}

export type RiskLevel = 'HIGH' | 'MEDIUM' | 'LOW';
export type OpinionStatus = 'PENDING' | 'FOLLOWING' | 'CLOSED';

export interface NegativeOpinionTable {
  opinion_id: string;
  tenant_id: string;
  enterprise_name: string;
  title: string;
  source: string;
  risk_level: RiskLevel;
  status: OpinionStatus;
  /** A calendar date, kept as 'YYYY-MM-DD' text on the way out. */
  published_on: ColumnType<string, string, string>;
  created_at: Generated<Date>;
}

export interface Database {
  setting: SettingTable;
  tenant: TenantTable;
  app: AppTable;
  organization: OrganizationTable & OrganizationDetailsColumns;
  organization_app: OrganizationAppTable;
  app_user: AppUserTable;
  role: RoleTable;
  user_role: UserRoleTable;
  menu: MenuTable;
  menu_operation: MenuOperationTable;
  role_menu: RoleMenuTable;
  role_menu_operation: RoleMenuOperationTable;
  session_token: SessionTokenTable;
  supplier_consent: SupplierConsentTable;
  supplier_consent_capital_side: SupplierConsentCapitalSideTable;
  dict_item: DictItemTable;
  stored_file: StoredFileTable;
  file_lock: FileLockTable;
  negative_opinion: NegativeOpinionTable;
  personnel: PersonnelTable;
  login_failure: LoginFailureTable;
  login_lock: LoginLockTable;
  operation_log: OperationLogTable;
  certification: CertificationTable;
}

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  | { memory: true }
  /** PGlite keeps its files in `<dataDir>/pgdata`. */
  | { dataDir: string }
  /** `schema` puts every table in that (existing) schema; the test harness uses it to isolate runs. */
  | { url: string; schema?: string };

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
}

export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if ('url' in target) {
    if (target.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(target.schema)) {
      throw new Error(`Invalid schema name '${target.schema}'`);
    }
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    const dataDir = join(target.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create({ dataDir });
  } else {
    client = await PGlite.create();
  }
  return { db: new Kysely<Database>({ dialect: pgliteDialect(client) }), kind: 'pglite' };
}

// PGlite gets a dialect of our own rather than kysely-pglite's: that package's entry point imports
// `Migrator` from 'kysely', which kysely 0.29 moved to 'kysely/migration', so it no longer loads.
// Writing it here also fixes what its driver lacked: PGlite is one session, and handing that session to
// every caller at once lets a transaction (BEGIN … COMMIT) in one request swallow the statements of
// requests running meanwhile. This driver lends the session to one holder at a time, the isolation a
// pool gives on PostgreSQL. The price: inside `db.transaction()` use only the transaction's handle — a
// query on `db` there would wait for the transaction, which waits for it.
function pgliteDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PGliteDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();

  constructor(private readonly client: PGlite) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return new PGliteConnection(this.client, release);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.#tail;
    await this.client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly client: PGlite,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

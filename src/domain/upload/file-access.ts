// Who may touch a stored file (SPEC §7.2 files; DESIGN.md §2 tenants and menus): download it, copy it, bind
// it, convert it, lock it or delete it. A keyId is a name, not a permission: within the tenant,
//   - its uploader may;
//   - when it is bound to a record (businessId), whoever holds the menu of that record may — the record's
//     module path (`/api/{subSys}/{module}/upload`) maps to a menu in FILE_MODULE_MENUS;
//   - an administrator of the module may: whoever holds its menu with an operation that manages records.
// Reading it (preview, download, a zip, conversion to PDF) reaches further: a file bound to a record (a
// business's 准入资料, a move's attachments) is read by everyone who may see that record — the reviewers of what
// they review — not only by its uploader. Everyone else is told the file does not exist. Business modules that
// bind files to records add their module path → menu here, and nothing else changes.
import { normalizeMenuPath } from '../menu/menu';
import { PROJECT_COMPANY_PATH, SUPPLIER_PATH } from '../organization/organization';

export interface StoredFileFacts {
  createdBy: string;
  subSys: string | null;
  module: string | null;
  businessId: string | null;
}

export interface FileActor {
  userId: string;
  /** Granted menus (normalised paths) → their operation codes. */
  grants: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Module path (`subSys/module`, lower case) → the menu of its records. */
export const FILE_MODULE_MENUS: Readonly<Record<string, string>> = {
  'company/supplier': SUPPLIER_PATH,
  'company/projectcompany': PROJECT_COMPANY_PATH,
  'authcenter/user': '/basicDataManagement/userManagment',
};

/** Operation codes that make a holder of the module's menu its administrator. */
export const FILE_ADMIN_OPERATIONS: readonly string[] = ['edit', 'delete'];

export function menuOfFileModule(subSys: string | null, module: string | null): string | null {
  if (!subSys || !module) return null;
  const key = `${subSys}/${module}`.toLowerCase();
  return Object.hasOwn(FILE_MODULE_MENUS, key) ? normalizeMenuPath(FILE_MODULE_MENUS[key]!) : null;
}

export function mayTouchFile(file: StoredFileFacts, actor: FileActor): boolean {
  if (file.createdBy === actor.userId) return true;
  const menu = menuOfFileModule(file.subSys, file.module);
  if (menu === null) return false;
  const ops = actor.grants.get(menu);
  if (!ops) return false;
  if (file.businessId) return true;
  return FILE_ADMIN_OPERATIONS.some((op) => ops.has(op));
}

/**
 * Whether the actor may read the file: whoever may touch it, and — for a file bound to a record — whoever may
 * see that record (`seesRecord`, the record's own scope as its module checks it).
 */
export function mayReadFile(file: StoredFileFacts, actor: FileActor, seesRecord: boolean): boolean {
  return mayTouchFile(file, actor) || (file.businessId !== null && seesRecord);
}

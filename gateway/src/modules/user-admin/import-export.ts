// 用户管理 import and export (.xlsx, exceljs). Export writes the current query's users, all of them, in
// pages of 1,000 rows so that 100,000 users never sit in memory as objects at once. Import reads the
// template of api/file/filegen/download/code (USER_IMPORT: 用户名*, 姓名*, 手机号*, 所属组织*, 角色), judges every
// row by the same domain rules as the form, imports the rows that pass and reports the others by row
// number; each imported account gets a generated password, answered once like a created one.
import { hash } from '@node-rs/argon2';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lazy-libraries';
import type { Kysely } from 'kysely';
import type { ZipBounds } from '../../../../src/domain/upload/zip-bounds';
import { checkZipBounds } from '../../../../src/domain/upload/zip-bounds';
import { EMPTY_USER_FORM, firstUserFormError, UserFormMessage } from '../../../../src/domain/user/user-form';
import type { Database } from '../../db/database';
import { shanghaiDateTime } from '../../xlsx/export-cells';
import { logOperation } from '../operation-log/repository';
import { newId } from '../../ids';
import { generatePassword } from './password-generator';
import { listOrganizations, pageUsers, rolesOfTenant, type UserFilter } from './repository';

export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const STATUS_LABEL = { ENABLED: '启用', DISABLED: '停用' } as const;

export async function exportWorkbook(
  db: Kysely<Database>,
  filter: Omit<UserFilter, 'offset' | 'limit'>,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'wsf-gateway';
  const sheet = workbook.addWorksheet('用户');
  sheet.columns = [
    { header: '用户名', width: 18 },
    { header: '姓名', width: 14 },
    { header: '所属组织', width: 30 },
    { header: '手机号', width: 16 },
    { header: '邮箱', width: 24 },
    { header: 'OA账号', width: 14 },
    { header: '状态', width: 8 },
    { header: '创建时间', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  const orgNames = new Map((await listOrganizations(db, filter.tenantId)).map((o) => [o.org_id, o.org_name]));
  for (let offset = 0; ; offset += 1000) {
    const { rows } = await pageUsers(db, { ...filter, offset, limit: 1000 });
    for (const r of rows) {
      sheet.addRow([
        r.user_name,
        r.nick_name,
        orgNames.get(r.organization_id) ?? '',
        r.mobile ?? '',
        r.email ?? '',
        r.oa_account ?? '',
        STATUS_LABEL[r.status],
        shanghaiDateTime(r.created_at),
      ]);
    }
    if (rows.length < 1000) break;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ImportReport {
  total: number;
  imported: Array<{ row: number; userName: string; password: string }>;
  errors: Array<{ row: number; message: string }>;
}

function cellText(row: ExcelJS.Row, column: number): string {
  const cell = row.getCell(column);
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '').trim();
  return String(value).trim();
}

/**
 * Bounds of an imported workbook, unpacked: 1,000 rows of five short columns are far below a megabyte, so 20 MB
 * leaves room for styles and still refuses a bomb (559 KB on the wire unpacking to 187 MB) before inflating it.
 */
export const IMPORT_ZIP_BOUNDS: ZipBounds = { maxUnpackedBytes: 20 * 1024 * 1024, maxEntries: 200, maxRatio: 200 };

export const ImportMessage = {
  notXlsx: '文件不是有效的 Excel（.xlsx）文件',
  tooLarge: '文件解压后超过20MB，请精简或拆分后再导入',
  noSheet: '文件中没有工作表',
  notTemplate: '请使用用户导入模板（用户名、姓名、手机号、所属组织、角色）',
  empty: '文件中没有用户数据',
  tooManyRows: `一次最多导入${IMPORT_MAX_ROWS}条用户`,
} as const;

/** The zip guard every workbook import runs first: a message when the file is over its bounds, else null. */
export function workbookBoundsRefusal(bytes: Uint8Array, bounds: ZipBounds = IMPORT_ZIP_BOUNDS): string | null {
  const verdict = checkZipBounds(bytes, bounds);
  if (verdict.ok) return null;
  return verdict.reason === 'notZip' ? ImportMessage.notXlsx : ImportMessage.tooLarge;
}

/**
 * Reads the workbook's first sheet after the zip guard has bounded what it unpacks to. The whole workbook is
 * loaded through its central directory, as the order import reads its own: exceljs's streaming reader loses the
 * workbook part now and then (exceljs#3064), which turned a good template into "not a valid .xlsx" at random.
 * A file that is not a readable .xlsx, not the template, or over its bounds is a message.
 */
export async function readImportRows(bytes: Buffer): Promise<Array<{ row: number; cells: string[] }> | string> {
  const refusal = workbookBoundsRefusal(bytes);
  if (refusal) return refusal;
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return ImportMessage.notXlsx;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return ImportMessage.noSheet;
  const columns = [1, 2, 3, 4, 5];
  const header = columns.map((c) => cellText(sheet.getRow(1), c).replace(/\*$/, ''));
  if (header.join('|') !== '用户名|姓名|手机号|所属组织|角色') return ImportMessage.notTemplate;
  const rows: Array<{ row: number; cells: string[] }> = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = columns.map((c) => cellText(row, c));
    if (cells.some((c) => c !== '')) rows.push({ row: number, cells });
  });
  if (rows.length > IMPORT_MAX_ROWS) return ImportMessage.tooManyRows;
  if (rows.length === 0) return ImportMessage.empty;
  return rows;
}

export async function importUsers(
  db: Kysely<Database>,
  who: { tenantId: string; userId: string; now: Date },
  rows: Array<{ row: number; cells: string[] }>,
): Promise<ImportReport> {
  const { tenantId, now } = who;
  const orgs = await listOrganizations(db, tenantId);
  const orgByName = new Map(orgs.map((o) => [o.org_name, o.org_id]));
  const roleByName = new Map((await rolesOfTenant(db, tenantId)).map((r) => [r.role_name, r.role_id]));
  const names = rows.map((r) => r.cells[0]!.toLowerCase());
  const existing = new Set(
    (
      await db
        .selectFrom('app_user')
        .select('user_name')
        .where((eb) => eb(eb.fn('lower', ['user_name']), 'in', names.length ? names : ['']))
        .execute()
    ).map((u) => u.user_name.toLowerCase()),
  );
  const seen = new Set<string>();
  const report: ImportReport = { total: rows.length, imported: [], errors: [] };
  const accepted: Array<{
    row: number;
    userName: string;
    nickName: string;
    mobile: string;
    orgId: string;
    roleIds: string[];
  }> = [];
  for (const { row, cells } of rows) {
    const [userName, nickName, mobile, orgName, roleText] = cells as [string, string, string, string, string];
    const orgId = orgByName.get(orgName) ?? '';
    const refusal = firstUserFormError({ ...EMPTY_USER_FORM, userName, nickName, mobile, organizationId: orgId }, now);
    const roleNames = roleText
      .split(/[,，、]/)
      .map((s) => s.trim())
      .filter(Boolean);
    const unknownRole = roleNames.find((n) => !roleByName.has(n));
    const message =
      orgName && !orgId
        ? `所属组织“${orgName}”不存在`
        : (refusal ??
          (existing.has(userName.toLowerCase()) || seen.has(userName.toLowerCase())
            ? UserFormMessage.userNameTaken
            : unknownRole
              ? `角色“${unknownRole}”不存在`
              : null));
    if (message) {
      report.errors.push({ row, message });
      continue;
    }
    seen.add(userName.toLowerCase());
    accepted.push({
      row,
      userName,
      nickName,
      mobile,
      orgId,
      roleIds: [...new Set(roleNames.map((n) => roleByName.get(n)!))],
    });
  }
  const passwords = accepted.map(() => generatePassword());
  const hashes = await Promise.all(passwords.map((p) => hash(p)));
  await db.transaction().execute(async (trx) => {
    for (const [i, a] of accepted.entries()) {
      const userId = newId(now) + String(i).padStart(4, '0');
      const after = {
        user_id: userId,
        tenant_id: tenantId,
        user_name: a.userName,
        nick_name: a.nickName,
        organization_id: a.orgId,
        user_type: 'STAFF' as const,
        mobile: a.mobile,
        status: 'ENABLED' as const,
        created_at: now,
        updated_at: now,
      };
      await trx
        .insertInto('app_user')
        .values({ ...after, password_hash: hashes[i]! })
        .execute();
      if (a.roleIds.length)
        await trx
          .insertInto('user_role')
          .values(a.roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
          .execute();
      await logOperation(trx, {
        tenantId,
        userId: who.userId,
        now,
        action: 'user.import',
        targetType: 'user',
        targetId: userId,
        after: { ...after, roleIds: a.roleIds },
      });
      report.imported.push({ row: a.row, userName: a.userName, password: passwords[i]! });
    }
  });
  return report;
}

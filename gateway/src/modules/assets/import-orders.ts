// 导入付款单 (BUSINESS.md §5 item 10, as 导入用户 does): the template, and an upload judged row by row by the SAME
// form rules as the dialog (the definition's validateForm), the project and supplier looked up in the caller's
// tenant, and 付款单号 unique per project company — in the database and within the file. Valid rows are inserted
// together; the rest are reported by row number.
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lazy-libraries';
import type { Kysely } from 'kysely';
import {
  CONTRACT_TYPE_LABEL,
  PAYMENT_ORDER,
  PaymentOrderMessage,
} from '../../../../src/domain/assets/payment-order.resource';
import { fenToWire } from '../../../../src/domain/decimal/wire-fen';
import { yuanToFen } from '../../../../src/domain/format/money-format';
import { type ResourceForm, normalizeForm, validateForm } from '../../../../src/domain/resource/resource';
import type { Database } from '../../db/database';
import { logOperation } from '../operation-log/repository';
import { newId } from '../../ids';
import { storeEligible } from './eligible-store';

// biome-ignore lint/suspicious/noExplicitAny: the assets tables are the kit's, typed by their definitions
type AnyDb = Kysely<any>;

export const ORDER_IMPORT_MAX_ROWS = 1000;
export const ORDER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ORDER_IMPORT_MAX_UNPACKED = 50 * 1024 * 1024;
export const ORDER_TEMPLATE_HEADER = [
  '付款单号',
  '项目编码',
  '供应商',
  '合同编号',
  '合同类型',
  '应收金额（元）',
  '已付金额（元）',
  '应付日',
] as const;
const REQUIRED = new Set([0, 1, 2, 3, 4, 5, 7]);

export interface OrderImportReport {
  total: number;
  imported: Array<{ row: number; orderNo: string }>;
  errors: Array<{ row: number; message: string }>;
}

export async function orderTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet('付款单');
  sheet.columns = ORDER_TEMPLATE_HEADER.map((h, i) => ({ header: REQUIRED.has(i) ? `${h}*` : h, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([
    'FK2026000001',
    'XM-SZ-2026001',
    '华东建材有限公司',
    'HT-SZ-2026001-01',
    '工程',
    '1000000.00',
    '0',
    '2026-12-31',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellText(row: ExcelJS.Row, column: number): string {
  const value = row.getCell(column).value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '').trim();
  return String(value).trim();
}

/** The rows of the template, or why the file is not one. */
export async function readOrderRows(bytes: Buffer): Promise<Array<{ row: number; cells: string[] }> | string> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return '文件不是有效的 Excel（.xlsx）文件';
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return '文件中没有工作表';
  const columns = ORDER_TEMPLATE_HEADER.map((_, i) => i + 1);
  const header = columns.map((c) => cellText(sheet.getRow(1), c).replace(/\*$/, ''));
  if (header.join('|') !== ORDER_TEMPLATE_HEADER.join('|')) return '请使用付款单导入模板';
  const rows: Array<{ row: number; cells: string[] }> = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = columns.map((c) => cellText(row, c));
    if (cells.some((c) => c !== '')) rows.push({ row: number, cells });
  });
  if (rows.length === 0) return '文件中没有付款单数据';
  if (rows.length > ORDER_IMPORT_MAX_ROWS) return `一次最多导入${ORDER_IMPORT_MAX_ROWS}条付款单`;
  return rows;
}

const money = (text: string): number | string => {
  if (text === '') return '';
  const fen = yuanToFen(text);
  return fen === null ? text : fenToWire(fen);
};

export async function importOrders(
  db: AnyDb,
  who: { tenantId: string; userId: string; now: Date },
  rows: Array<{ row: number; cells: string[] }>,
): Promise<OrderImportReport> {
  const { tenantId, userId, now } = who;
  const projects = await db
    .selectFrom('project')
    .where('tenant_id', '=', tenantId)
    .select(['project_id', 'project_code', 'project_company_id'])
    .execute();
  const projectByCode = new Map(projects.map((p) => [String(p.project_code), p]));
  const suppliers = await db
    .selectFrom('organization')
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'SUPPLIER')
    .select(['org_id', 'org_name'])
    .execute();
  const supplierByName = new Map(suppliers.map((s) => [String(s.org_name), String(s.org_id)]));
  const typeByLabel = new Map<string, string>(Object.entries(CONTRACT_TYPE_LABEL).map(([k, v]) => [v, k]));
  const existing = new Set(
    (
      await db
        .selectFrom('payment_order')
        .where('tenant_id', '=', tenantId)
        .select(['project_company_id', 'order_no'])
        .execute()
    ).map((o) => `${o.project_company_id}|${o.order_no}`),
  );

  const report: OrderImportReport = { total: rows.length, imported: [], errors: [] };
  const accepted: Array<{ row: number; form: ResourceForm; projectCompanyId: string }> = [];
  for (const { row, cells } of rows) {
    const [orderNo, projectCode, supplierName, contractNo, typeLabel, receivable, paid, dueDate] =
      cells as string[] as [string, string, string, string, string, string, string, string];
    const project = projectByCode.get(projectCode!);
    const supplierId = supplierByName.get(supplierName!);
    const raw: ResourceForm = {
      orderNo,
      projectId: project ? String(project.project_id) : '',
      supplierId: supplierId ?? '',
      contractNo,
      contractType: typeLabel ? (typeByLabel.get(typeLabel) ?? typeLabel) : '',
      receivableAmount: money(receivable!),
      paidAmount: paid === '' ? 0 : money(paid!),
      dueDate,
    };
    const form = normalizeForm(PAYMENT_ORDER, raw, 'create');
    const key = project ? `${project.project_company_id}|${form.orderNo}` : '';
    const message =
      projectCode && !project
        ? `项目编码“${projectCode}”不存在`
        : supplierName && !supplierId
          ? `供应商“${supplierName}”不存在`
          : (Object.values(validateForm(PAYMENT_ORDER, form, 'create', now))[0] ??
            (existing.has(key) ? PaymentOrderMessage.duplicate : null));
    if (message) {
      report.errors.push({ row, message });
      continue;
    }
    existing.add(key);
    accepted.push({ row, form, projectCompanyId: String(project!.project_company_id) });
  }
  if (accepted.length === 0) return report;
  await db.transaction().execute(async (trx) => {
    for (const [i, a] of accepted.entries()) {
      const id = newId(now) + String(i).padStart(4, '0');
      await trx
        .insertInto('payment_order')
        .values({
          order_id: id,
          tenant_id: tenantId,
          status: PAYMENT_ORDER.initialStatus,
          version: 1,
          created_at: now,
          updated_at: now,
          order_no: a.form.orderNo,
          project_id: a.form.projectId,
          project_company_id: a.projectCompanyId,
          supplier_id: a.form.supplierId,
          contract_no: a.form.contractNo,
          contract_type: a.form.contractType,
          receivable_amount: a.form.receivableAmount,
          paid_amount: a.form.paidAmount ?? 0,
          due_date: a.form.dueDate,
          financing_status: 'NONE',
          locked: 'NO',
        })
        .execute();
      // The order's row was written from its form above (untyped, by its definition); its eligible amount is typed.
      await storeEligible(trx as unknown as Kysely<Database>, tenantId, id);
      report.imported.push({ row: a.row, orderNo: String(a.form.orderNo) });
    }
    await logOperation(trx as unknown as Kysely<Database>, {
      tenantId,
      userId,
      now,
      action: 'paymentOrder.import',
      targetType: 'paymentOrder',
      targetId: 'import',
      after: { imported: report.imported.length, refused: report.errors.length },
    });
  });
  return report;
}

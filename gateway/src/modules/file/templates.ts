// Import templates (SPEC §7.2 `api/file/filegen/download/code`): an .xlsx made on request with the columns
// an import reads. A code the gateway does not know is not found; no code at all is the client's
// '请传入模板下载参数' (SPEC §5), and here an invalid-input answer with the same words.
import type ExcelJS from 'exceljs';

// exceljs is loaded on the first workbook, not at start: ~15 MB of the gateway's idle memory otherwise.
const loadExcel = async () => (await import('exceljs')).default;

interface Template {
  fileName: string;
  sheet: string;
  columns: Array<{ header: string; width: number; note?: string }>;
}

export const TEMPLATES: Readonly<Record<string, Template>> = {
  USER_IMPORT: {
    fileName: '用户导入模板.xlsx',
    sheet: '用户',
    columns: [
      { header: '用户名*', width: 18, note: '登录名，全局唯一' },
      { header: '姓名*', width: 14 },
      { header: '手机号*', width: 16, note: '11 位手机号' },
      { header: '所属组织*', width: 24, note: '组织全称' },
      { header: '角色', width: 20, note: '多个角色用逗号分隔' },
    ],
  },
};

export async function templateWorkbook(template: Template): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'wsf-gateway';
  const sheet = workbook.addWorksheet(template.sheet);
  sheet.columns = template.columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  template.columns.forEach((c, i) => {
    if (c.note) sheet.getRow(1).getCell(i + 1).note = c.note;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

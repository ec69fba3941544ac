import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TEMPLATES, templateWorkbook } from '../file/templates';
import { readImportRows } from './import-export';

describe('用户导入模板', () => {
  it('marks every column the import requires with *, 手机号 included, and reads back as a valid template', async () => {
    const bytes = await templateWorkbook(TEMPLATES.USER_IMPORT!);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const header = [1, 2, 3, 4, 5].map((c) => String(workbook.worksheets[0]!.getRow(1).getCell(c).value));
    expect(header).toEqual(['用户名*', '姓名*', '手机号*', '所属组织*', '角色']);
    // Filled in as downloaded, the template is read as one.
    workbook.worksheets[0]!.addRow(['zhang.min', '张敏', '13700001111', '远景控股集团', '']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readImportRows(filled)).toEqual([
      { row: 2, cells: ['zhang.min', '张敏', '13700001111', '远景控股集团', ''] },
    ]);
  });
});

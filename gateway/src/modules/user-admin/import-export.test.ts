import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { checkPasswordStrength } from '../../../../src/domain/password/password-policy';
import { PatternMessage } from '../../../../src/domain/patterns/pattern-check';
import { UserFormMessage } from '../../../../src/domain/user/user-form';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ImportMessage } from './import-export';

type Headers = Record<string, string>;

function multipart(fileName: string, bytes: Buffer): { payload: Buffer; headers: Headers } {
  const boundary = 'user-import-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function workbook(
  rows: string[][],
  header = ['用户名*', '姓名*', '手机号', '所属组织*', '角色'],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(databasesUnderTest())('用户管理 import and export on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let auditor: Headers;
  let xh: Headers;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    auditor = (await signIn(gw.app, 'auditor', 'Auditor@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const upload = async (headers: Headers, fileName: string, bytes: Buffer) => {
    const body = multipart(fileName, bytes);
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/authcenter/base/user/import',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: any }) };
  };

  it("exports the query's users of the tenant as .xlsx with organisation names", async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/authcenter/base/user/export?status=ENABLED',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('用户列表.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1, 4));
    expect(rows).toContainEqual(['supplier', '华东建材-王建国', '华东建材有限公司']);
    expect(rows.map((r) => r[0])).not.toContain('xh_admin');
    // 创建时间 reads as a clock in 上海 does, not the server's UTC.
    const { created_at } = await gw.db
      .selectFrom('app_user')
      .select('created_at')
      .where('user_name', '=', 'supplier')
      .executeTakeFirstOrThrow();
    const supplierRow = book.worksheets[0]!.getSheetValues().find(
      (r) => (r as unknown[] | undefined)?.[1] === 'supplier',
    );
    const local = new Date(created_at.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
    expect((supplierRow as unknown[])[8]).toBe(local);
    const theirs = await gw.app.inject({ method: 'GET', url: '/api/authcenter/base/user/export', headers: xh });
    const theirBook = new ExcelJS.Workbook();
    await theirBook.xlsx.load(theirs.rawPayload as unknown as ArrayBuffer);
    expect(theirBook.worksheets[0]!.rowCount).toBe(4);
    expect(
      (await gw.app.inject({ method: 'GET', url: '/api/authcenter/base/user/export', headers: auditor })).json().code,
    ).toBe(ResultCode.forbidden);
  });

  it('imports the rows that pass, reports the others by row, and each imported user can sign in once told the password', async () => {
    const bytes = await workbook([
      ['import.one', '导入一', '13711110001', '苏州远景置业有限公司', '业务经办'],
      ['import.two', '导入二', '12345', '远景控股集团', ''],
      ['admin', '重复', '13711110003', '远景控股集团', ''],
      ['import.three', '导入三', '13711110004', '星河建设集团', ''],
      ['import.four', '导入四', '13711110005', '远景控股集团', '不存在的角色'],
      ['import.one', '再来一次', '13711110006', '远景控股集团', ''],
      ['import.five', '导入五', '13711110007', '远景控股集团', ''],
    ]);
    const res = await upload(admin, '用户导入.xlsx', bytes);
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(7);
    expect(res.data.errors).toEqual([
      { row: 3, message: PatternMessage.mobile },
      { row: 4, message: UserFormMessage.userNameTaken },
      { row: 5, message: '所属组织“星河建设集团”不存在' },
      { row: 6, message: '角色“不存在的角色”不存在' },
      { row: 7, message: UserFormMessage.userNameTaken },
    ]);
    expect(res.data.imported.map((i: { row: number; userName: string }) => [i.row, i.userName])).toEqual([
      [2, 'import.one'],
      [8, 'import.five'],
    ]);
    const one = res.data.imported[0];
    expect(checkPasswordStrength(one.password)).toBeNull();
    const session = await signIn(gw.app, 'import.one', one.password);
    expect(session.tenantId).toBe('1000000000000000001');
    const roles = await gw.app.inject({
      method: 'GET',
      url: `/api/authcenter/base/user/roles/${session.userId}`,
      headers: admin,
    });
    expect(roles.json().data.map((r: { roleName: string }) => r.roleName)).toEqual(['业务经办']);
    const log = await gw.app.inject({
      method: 'GET',
      url: `/api/authcenter/base/operlog/page?targetId=${session.userId}`,
      headers: admin,
    });
    expect(log.json().data.records[0].action).toBe('user.import');
    expect(JSON.stringify(log.json().data)).not.toContain(one.password);
  });

  it('refuses a workbook that unpacks far beyond its size before parsing, and stops at the row limit', async () => {
    // A zip bomb in an .xlsx's clothes: 30 MB of one byte packs to a few tens of KB.
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<?xml version="1.0"?><Types/>'), '[Content_Types].xml');
    zip.addBuffer(Buffer.alloc(30 * 1024 * 1024, 0x20), 'xl/worksheets/sheet1.xml');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
    const bomb = Buffer.concat(chunks);
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
    expect(await upload(admin, 'bomb.xlsx', bomb)).toMatchObject({
      status: 400,
      code: ResultCode.invalidInput,
      message: ImportMessage.tooLarge,
    });
    const row = (i: number) => [`bulk.${i}`, '批量', '13700000000', '远景控股集团', ''];
    const many = Array.from({ length: IMPORT_MAX_ROWS + 500 }, (_, i) => row(i));
    expect(await upload(admin, 'many.xlsx', await workbook(many))).toMatchObject({
      code: ResultCode.invalidInput,
      message: ImportMessage.tooManyRows,
    });
    const count = await gw.db.selectFrom('app_user').select('user_id').where('user_name', 'like', 'bulk.%').execute();
    expect(count).toEqual([]);
  });

  it('refuses what is not the template, not .xlsx, empty, or from a user without the import code', async () => {
    expect((await upload(admin, '用户.xlsx', await workbook([['a', 'b', 'c']], ['账号', '名字']))).message).toContain(
      '请使用用户导入模板',
    );
    expect(await upload(admin, '用户.xlsx', await workbook([]))).toMatchObject({
      code: ResultCode.invalidInput,
      message: '文件中没有用户数据',
    });
    expect(await upload(admin, '用户.xlsx', Buffer.from('not a zip'))).toMatchObject({
      code: ResultCode.invalidInput,
      message: '文件不是有效的 Excel（.xlsx）文件',
    });
    expect(await upload(admin, '用户.csv', Buffer.from('a,b'))).toMatchObject({
      status: 400,
      code: ResultCode.invalidInput,
    });
    expect(await upload(admin, '用户.xlsx', Buffer.alloc(0))).toMatchObject({
      status: 400,
      code: ResultCode.invalidInput,
    });
    expect(
      await upload(auditor, '用户.xlsx', await workbook([['x.y.z', '某', '13711110009', '远景控股集团', '']])),
    ).toMatchObject({ code: ResultCode.forbidden });
    const json = await gw.app.inject({
      method: 'POST',
      url: '/api/authcenter/base/user/import',
      headers: admin,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(400);
    expect(
      await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', 'x.y.z').executeTakeFirst(),
    ).toBeUndefined();
  });
});

// The kit's document made on a business (a contract, a letter), on the demo's data (a test gateway: PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set): printed from its template with the business's values and its own number,
// recorded as the stage's document (number, series, version, template, evidence, maker); refused, with nothing
// recorded, for a business the stage refuses or one outside the caller's scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import type { DocumentTemplate } from '../documents/document-template';
import { actorById } from '../modules/business/aggregate';
import { DEFAULT_CJK_FONT } from '../modules/file/pdf-convert';
import { pdfText } from '../testing/pdf-text';
import { seededBusinessAt } from '../testing/seeded-business';
import { type TestGateway, createTestGateway, databasesUnderTest } from '../testing/test-gateway';
import { documentBytes } from './stage-documents';
import { type BusinessDocumentMake, makeBusinessDocument } from './stage-printed-make';

const T = DEMO_TENANT_ID;
const TEMPLATE: DocumentTemplate = {
  ...{ id: 'kit-notice', version: 3, name: '测试函' },
  blocks: [{ kind: 'paragraph', text: '编号{{noticeNo}}业务{{businessNo}}' }],
};

describe.each(databasesUnderTest())('a document made on a business on the stage kit on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  }, 180_000);
  afterAll(async () => gw?.close());

  const place = () => ({ filesDir: gw.filesDir, cjkFont: DEFAULT_CJK_FONT });
  const def = (businessId: string, check: BusinessDocumentMake<object>['check'] = () => {}) =>
    ({
      ...{ businessId, notFound: '业务不存在', check },
      document: {
        ...{ table: 'formal_letter', fileType: 'kitNotice', kind: 'letter', replaces: '' },
        numbering: { no: 'letter_no', version: 'letter_version' },
      },
      from: {
        ...{ template: TEMPLATE, name: '测试函', no: 'noticeNo' },
        values: async (b) => ({ businessNo: b.businessNo }),
      },
      columns: (b) => ({ name: '测试函', letter_type: 'TRANSFER_NOTICE', addressee_name: b.businessNo }),
    }) satisfies BusinessDocumentMake<{ businessNo: string }>;
  const countOf = async (businessId: string) =>
    (await gw.db.selectFrom('formal_letter').select('item_id').where('business_id', '=', businessId).execute()).length;

  it('prints the template with the business’s values and its number, and records it as the stage’s document', async () => {
    const seeded = await seededBusinessAt(gw.db, 'SIGNING/WAIT_SIGN');
    const m = { tenantId: T, actor: await actorById(gw.db, T, seeded.ownerId), now: new Date() };
    const { row, business } = await makeBusinessDocument(gw.db, place(), m, def(seeded.businessId));
    expect(business.keyId).toBe(seeded.businessId);
    expect(row).toMatchObject({
      ...{ business_id: seeded.businessId, letter_version: 1, series_no: row.letter_no, replaces_id: null },
      ...{
        template_id: 'kit-notice',
        template_version: 3,
        addressee_name: seeded.businessNo,
        created_by: m.actor.userId,
      },
    });
    const evidence = { fileId: String(row.file_id), sha256: String(row.file_sha256) };
    const { pdf } = await documentBytes(gw.db, gw.filesDir, T, evidence);
    expect(pdfText(pdf)).toContain(`编号${row.letter_no}业务${seeded.businessNo}`);
  }, 60_000);

  it('records nothing where the stage refuses, nor on a business outside the caller’s scope', async () => {
    const seeded = await seededBusinessAt(gw.db, 'SIGNING/WAIT_SIGN');
    const before = await countOf(seeded.businessId);
    const m = { tenantId: T, actor: await actorById(gw.db, T, seeded.ownerId), now: new Date() };
    const refuse = () => {
      throw new Error('不能制作');
    };
    await expect(makeBusinessDocument(gw.db, place(), m, def(seeded.businessId, refuse))).rejects.toThrow('不能制作');
    const supplier = await gw.db
      .selectFrom('app_user')
      .select('user_id')
      .where('tenant_id', '=', T)
      .where('user_name', '=', 'supplier')
      .executeTakeFirstOrThrow();
    const outsider = { ...m, actor: await actorById(gw.db, T, supplier.user_id) };
    const other = { ...outsider.actor, supplierId: `${seeded.supplierId}-other` };
    await expect(makeBusinessDocument(gw.db, place(), { ...m, actor: other }, def(seeded.businessId))).rejects.toThrow(
      '业务不存在',
    );
    expect(await countOf(seeded.businessId)).toBe(before);
  }, 60_000);
});

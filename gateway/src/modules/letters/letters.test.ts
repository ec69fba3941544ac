import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushMessage } from '../../../../src/domain/financing/push';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { walkToPush } from '../../testing/lending-walk';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  uploadFile,
  type TestGateway,
} from '../../testing/test-gateway';
import { demoPassword } from '../../testing/demo-passwords';
import { seededBusinessAt } from '../../testing/seeded-business';
import { pdfText } from '../../testing/pdf-text';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const LETTERS = '/api/business/letters';
const PUSH = '/api/business/push';

describe.each(databasesUnderTest())('正式函件 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let headers: Record<string, string>;
  let business: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    const row = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT');
    business = row.businessId;
    headers = (await signIn(gw.app, row.ownerName, demoPassword(row.ownerName))).headers;
    await walkToPush(gw.db, DEMO_TENANT_ID, business, new Date());
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  const pushDetail = async () => {
    const res = await call('GET', `${PUSH}/${business}`, headers);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const letterMove = async (id: string, version: number, action: string, values: object) =>
    call('POST', `${LETTERS}/items/${id}/transition`, headers, { action, version, values });
  const element = async () =>
    (await call('GET', `/api/business/elements/${business}/items?size=50`, headers)).data.records.find(
      (i: { name: string }) => i.name === '转让通知书送达并回执',
    );

  it('generates the 转让通知书 as a PDF with its amount in 大写, and sends it: the push no longer refuses', async () => {
    expect((await pushDetail()).problems).toContain(PushMessage.noNotice);

    const made = await call('POST', `${LETTERS}/${business}`, headers, { letterType: 'TRANSFER_NOTICE' });
    expect(made.code, made.message).toBe(0);
    expect(made.data).toMatchObject({ status: 'GENERATED', letterTypeLabel: '应收账款转让通知书' });
    expect(made.data.letterNo).toMatch(/^HJ\d{12}$/);
    const pdf = await call('GET', `${LETTERS}/${made.data.keyId}/pdf`, headers);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.data as Buffer);
    expect(text).toContain('应收账款转让通知书');
    expect(text).toMatch(/[壹贰叁肆伍陆柒捌玖].*元/);

    const sent = await letterMove(made.data.keyId, made.data.version, 'send', { sendMethod: 'EXPRESS' });
    expect(sent.code, sent.message).toBe(0);
    expect(sent.data).toMatchObject({ status: 'SENT', sendMethodLabel: '快递', actions: ['receipt', 'refuse'] });

    // The push lists the letter as this stage shapes it, and 推送's first hard control is met.
    const d = await pushDetail();
    expect(d.letters).toEqual([
      expect.objectContaining({ keyId: made.data.keyId, letterNo: made.data.letterNo, statusLabel: '待回执' }),
    ]);
    expect(Object.keys(d.letters[0])).toEqual(Object.keys(made.data).filter((k) => k !== 'actions'));
    expect(d.problems).not.toContain(PushMessage.noNotice);
  }, 120_000);

  it('uploads the 转让通知书’s receipt, which 落实s its element condition by itself', async () => {
    // The walk waived every element; this condition is made open again to show the receipt 落实 it.
    await gw.db
      .updateTable('element_item')
      .set({ status: 'PENDING' })
      .where('business_id', '=', business)
      .where('name', '=', '转让通知书送达并回执')
      .execute();
    const letter = (await pushDetail()).letters[0];
    const file = await uploadFile(gw.app, headers, '回执.pdf', PDF);
    const res = await letterMove(letter.keyId, letter.version, 'receipt', { receiptFileId: file.data.keyId });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ status: 'RECEIVED', statusLabel: '已回执' });
    const condition = await element();
    expect(condition).toMatchObject({ status: 'DONE', evidenceFileId: file.data.keyId });
    expect(condition.actualValue).toBe(`${letter.letterNo} 已回执`);
  });
});

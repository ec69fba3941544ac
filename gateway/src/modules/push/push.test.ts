import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushMessage } from '../../../../src/domain/financing/push';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { XH_TENANT_ID } from '../../db/seed/admin-seed';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { signCallback } from '../../inbound/callback-signature';
import { callbackSecret } from '../../inbound/callback-store';
import { walkToPush } from '../../testing/lending-walk';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { demoPassword } from '../../testing/demo-passwords';
import { zipEntries } from '../../testing/zip-entries';
import { systemActor } from '../business/aggregate';
import { BUILTIN_CHANNEL } from './channel';
import { seededBusinessAt } from '../../testing/seeded-business';
import { pdfText } from '../../testing/pdf-text';

const PUSH = '/api/business/push';
const LETTERS = '/api/business/letters';
const BUSINESS = '/api/business/business';

// Drawing made slow at will: longer than the limit a short-limited gateway gives a transaction left idle.
const drawing = vi.hoisted(() => ({ delayMs: 0 }));
vi.mock('../../documents/render-document', async (original) => {
  const real = await original<typeof import('../../documents/render-document')>();
  return {
    ...real,
    drawDocuments: async (...args: Parameters<typeof real.drawDocuments>) => {
      const drawn = await real.drawDocuments(...args);
      await new Promise((resolve) => setTimeout(resolve, drawing.delayMs));
      return drawn;
    },
  };
});

const work = mkdtempSync(join(tmpdir(), 'push-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(databasesUnderTest())('推送与函件 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const h: Record<string, Record<string, string>> = {};
  let business: string;
  let approved: number;
  let maker: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    const row = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT');
    business = row.businessId;
    approved = Number(row.approvedAmount);
    maker = row.ownerName;
    for (const name of [maker, 'reviewer1', 'finance'])
      h[name] = (await signIn(gw.app, name, demoPassword(name))).headers;
    await walkToPush(gw.db, DEMO_TENANT_ID, business, new Date());
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  const detail = async () => {
    const res = await call('GET', `${PUSH}/${business}`, h[maker]!);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const push = async () =>
    call('POST', `${PUSH}/${business}/push`, h[maker]!, {
      version: (await detail()).version,
      channel: 'API',
      zhongdengQueryNo: 'ZD2026112900001',
    });
  const letterMove = async (id: string, version: number, action: string, values: object) =>
    call('POST', `${LETTERS}/items/${id}/transition`, h[maker]!, { action, version, values });

  it('refuses 推送 until the 转让通知书 is sent, and lists the letter once it is', async () => {
    expect((await detail()).state).toBe('SIGNING/SIGNED');
    expect((await detail()).problems).toContain(PushMessage.noNotice);
    expect(await push()).toMatchObject({ code: ResultCode.invalidInput, message: PushMessage.noNotice });

    const made = await call('POST', `${LETTERS}/${business}`, h[maker]!, { letterType: 'TRANSFER_NOTICE' });
    expect(made.code, made.message).toBe(0);
    const sent = await letterMove(made.data.keyId, made.data.version, 'send', { sendMethod: 'EXPRESS' });
    expect(sent.code, sent.message).toBe(0);
    const d = await detail();
    expect(d.problems).not.toContain(PushMessage.noNotice);
    expect(d.letters).toMatchObject([
      { keyId: made.data.keyId, letterTypeLabel: '应收账款转让通知书', status: 'SENT' },
    ]);
  }, 120_000);

  it('pushes once, refuses a second push while one is pending, and sends the reviewed push through the channel', async () => {
    const first = await push();
    expect(first.code, first.message).toBe(0);
    expect(first.data).toMatchObject({ state: 'PUSH/PENDING', status: 'PENDING' });
    expect(first.data.pushes[0]).toMatchObject({ result: 'REVIEW', channel: 'API' });
    expect(await push()).toMatchObject({ code: ResultCode.invalidInput, message: PushMessage.pending });
    expect(
      (await gw.db.selectFrom('capital_push').select('push_id').where('business_id', '=', business).execute()).length,
    ).toBe(1);

    const zip = await call('GET', `${PUSH}/${business}/package/${first.data.pushes[0].pushId}`, h[maker]!);
    expect(zip.status).toBe(200);
    const bytes = zip.data as Buffer;
    // Stored once: the download is the package whose sha-256 the push keeps.
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(first.data.pushes[0].packageSha256);
    const entries = zipEntries(bytes);
    const names = [...entries.keys()];
    expect(names).toContain('推送摘要.pdf');
    expect(names.some((n) => n.startsWith('文件/应收账款转让通知书-HJ'))).toBe(true);
    // The committee's documents, printed with the business's number in them.
    const { businessNo } = await detail();
    for (const title of ['尽调报告', '评审会纪要', '融资决议书']) {
      const name = names.find((n) => n.startsWith(`审批/${title}-`) && n.endsWith('.pdf'));
      expect(name, `${title} in ${names.join(', ')}`).toBeDefined();
      const pdf = entries.get(name as string) as Buffer;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfText(pdf)).toContain(businessNo);
    }
    // The manifest names every other file with the sha-256 of the bytes packed.
    const manifest = JSON.parse((entries.get('清单.json') as Buffer).toString('utf8'));
    expect(manifest).toMatchObject({ pushNo: first.data.pushes[0].pushNo, businessNo });
    const listed = manifest.files as { name: string; sha256: string }[];
    expect(listed.map((f) => f.name).sort()).toEqual(names.filter((n) => n !== '清单.json').sort());
    for (const f of listed) {
      expect(
        createHash('sha256')
          .update(entries.get(f.name) as Buffer)
          .digest('hex'),
        f.name,
      ).toBe(f.sha256);
    }

    const d = await detail();
    const ok = await call('POST', `${BUSINESS}/${business}/transition`, h.reviewer1!, {
      action: 'approve',
      version: d.version,
    });
    expect(ok.code, ok.message).toBe(0);
    const after = await detail();
    expect(after.state).toBe('PUSH/PUSHED');
    expect(after.pushes[0]).toMatchObject({ result: 'ACCEPTED', resultLabel: '已受理' });
    expect(after.pushes[0].acceptanceNo).toMatch(/^SL\d{8}[0-9A-F]{10}$/);
    expect(after.logs[0]).toMatchObject({ direction: 'OUT', provider: BUILTIN_CHANNEL, resultCode: 0 });
    expect(after.deskPath).toMatch(/^\/api\/capital-channel\/desk\/[0-9a-f]{48}$/);
    // The desk's link is for whoever may act for the channel's answer, not for the push's reviewer.
    const read = await call('GET', `${PUSH}/${business}`, h.reviewer1!);
    expect(read.code, read.message).toBe(0);
    expect(read.data).toMatchObject({ state: 'PUSH/PUSHED', deskPath: null });
    // The answer may be registered by hand: the 经办's to-do, as the table offers it.
    const todo = await call('GET', '/api/business/workbench/todo?tab=MAKE&size=100', h[maker]!);
    expect(todo.code, todo.message).toBe(0);
    expect(todo.data.records).toContainEqual(
      expect.objectContaining({ businessId: business, itemTypeLabel: '资金方反馈待登记' }),
    );
  }, 120_000);

  it('registers 资金方退回 by hand, and pushes again to the channel', async () => {
    const d = await detail();
    const back = await call('POST', `${PUSH}/${business}/feedback`, h[maker]!, {
      ...{ version: d.version, result: 'RETURNED', comment: '补充项目公司回执' },
    });
    expect(back.code, back.message).toBe(0);
    expect(back.data).toMatchObject({ state: 'PUSH/CAPITAL_RETURNED', status: 'CAPITAL_RETURNED', deskPath: null });
    expect(back.data.pushes[0]).toMatchObject({ result: 'RETURNED', reservation: 'NONE' });
    const again = await push();
    expect(again.code, again.message).toBe(0);
    expect(again.data.pushes).toHaveLength(2);
    const ok = await call('POST', `${BUSINESS}/${business}/transition`, h.reviewer1!, {
      ...{ action: 'approve', version: again.data.version },
    });
    expect(ok.code, ok.message).toBe(0);
    const after = await detail();
    expect(after.pushes[0].acceptanceNo).not.toBe(after.pushes[1].acceptanceNo);
    expect(after.pushes[0].result).toBe('ACCEPTED');
  });

  const post = async (body: object, secret: string) => {
    const raw = JSON.stringify(body);
    const res = await gw.app.inject({
      method: 'POST',
      url: `/api/callback/${BUILTIN_CHANNEL}`,
      headers: { ...signCallback(secret, raw, new Date()), 'content-type': 'application/json' },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json<{ code: number; message: string }>() };
  };

  it('refuses the channel’s callback with a wrong HMAC or another tenant’s secret, moves once, answers a replay', async () => {
    const flowId = (await detail()).pushes[0].acceptanceNo;
    const event = {
      ...{ eventId: `ev-${randomBytes(4).toString('hex')}`, flowId, result: 'APPROVED' },
      ...{ capitalRefNo: 'ZJ-001', approvedAmount: approved, comment: '同意' },
    };
    const wrong = await post(event, randomBytes(32).toString('hex'));
    expect(wrong).toMatchObject({ status: 403, body: { code: ResultCode.forbidden, message: '回调签名校验失败' } });
    const other = await post(event, await callbackSecret(gw.db, XH_TENANT_ID, BUILTIN_CHANNEL, new Date()));
    expect(other.body.code).toBe(ResultCode.forbidden);
    expect((await detail()).state).toBe('PUSH/PUSHED');

    const secret = await callbackSecret(gw.db, DEMO_TENANT_ID, BUILTIN_CHANNEL, new Date());
    const first = await post(event, secret);
    expect(first.body.code, first.body.message).toBe(0);
    const d = await detail();
    expect(d.state).toBe('LENDING/WAIT_LOAN');
    expect(d.status).toBe('CAPITAL_APPROVED');
    expect(d.pushes[0]).toMatchObject({
      ...{ result: 'APPROVED', capitalRefNo: 'ZJ-001', capitalApprovedAmount: approved, reservation: 'RESERVED' },
    });
    const events = await gw.db
      .selectFrom('business_event')
      .select(['action', 'actor_id'])
      .where('business_id', '=', business)
      .where('action', '=', 'capitalFeedback')
      .orderBy('version')
      .execute();
    // The 经办's 退回 by hand, then the capital side's 通过 as the system.
    expect(events.map((e) => e.actor_id === systemActor().userId)).toEqual([false, true]);

    const again = await post(event, secret);
    expect(again.body.code).toBe(0);
    expect((await detail()).version).toBe(d.version);
    // Lending reads the capital side's approval.
    const lending = await call('GET', `/api/business/lending/${business}`, h.finance!);
    expect(lending.code, lending.message).toBe(0);
    expect(lending.data.capitalApprovedAmount).toBe(approved);
  });
});

// The push's transaction only records what was drawn and stored before it opened: on a gateway whose database ends
// a transaction idle for 2 s (and a statement running as long), a push whose drawing takes longer goes through, and
// a refused one prints nothing.
describe.each(databasesUnderTest())('推送 drawn before its transaction on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  afterAll(async () => {
    drawing.delayMs = 0;
    await gw?.close();
  });

  it('pushes under a 2 s idle-in-transaction limit while drawing takes longer', async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), statementTimeoutMs: 2_000 });
    const call = callerOf(gw.app);
    const { businessId, ownerName } = await seededBusinessAt(gw.db, 'SIGNING/SIGNED');
    const headers = (await signIn(gw.app, ownerName, demoPassword(ownerName))).headers;
    // The 转让通知书 sent, as stand-in rows with no bytes (its own making is the letters' test above).
    const now = new Date();
    const file = `walk-notice-${businessId}`;
    await gw.db
      .insertInto('stored_file')
      .values({
        ...{ key_id: file, tenant_id: DEMO_TENANT_ID, file_name: '通知书.pdf', extension: 'pdf', sub_sys: null },
        ...{ content_type: 'application/pdf', size: 1, sha256: '0'.repeat(64), module: null, created_by: 'walk' },
        ...{ business_type: 'formalLetter', business_id: file, created_at: now },
      })
      .execute();
    await gw.db
      .insertInto('formal_letter')
      .values({
        ...{ item_id: file, tenant_id: DEMO_TENANT_ID, business_id: businessId, seq: 1 },
        ...{ name: '应收账款转让通知书', letter_no: 'HJ000000000001', letter_type: 'TRANSFER_NOTICE' },
        ...{
          addressee_name: '项目公司',
          file_id: file,
          file_sha256: '0'.repeat(64),
          status: 'SENT',
          send_method: 'EXPRESS',
        },
        ...{ created_by: 'walk', created_at: now, updated_at: now, sent_at: now },
      })
      .execute();
    const detail = async () => (await call('GET', `${PUSH}/${businessId}`, headers)).data;
    const form = { channel: 'API', zhongdengQueryNo: 'ZD2026112900002' };
    drawing.delayMs = 2_500;
    const pushed = await call('POST', `${PUSH}/${businessId}/push`, headers, {
      ...form,
      version: (await detail()).version,
    });
    expect(pushed.code, pushed.message).toBe(0);
    expect(pushed.data.pushes[0]).toMatchObject({ result: 'REVIEW' });
    const blobs = () => readdirSync(gw.filesDir, { recursive: true }).filter((f) => /[0-9a-f]{64}$/.test(String(f)));
    const stored = blobs().length;
    // Refused before anything is drawn: the push pending, or the version read gone.
    for (const version of [pushed.data.version, pushed.data.version - 1]) {
      const again = await call('POST', `${PUSH}/${businessId}/push`, headers, { ...form, version });
      expect(again.code).not.toBe(0);
    }
    expect(blobs()).toHaveLength(stored);
  }, 120_000);
});

// 签约 through HTTP as the README's people sign in (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a
// seeded business walked to 签约·待签约 (its contract a real PDF); a contract under 合同锁定 is not sent to sign;
// the 经办 starts online signing (the supplier's signer first, in the back office; the capital side's on the
// provider's page); the other party signing out of order is refused; nobody sets a signing status from a browser;
// the supplier's signer signs with the one-time code from the notice log (a wrong code refused), the other party
// at the one-time link, and the provider's verified callbacks take the business to 推送·待推送. Every signed file is
// checked with pdfsig, pointed at an NSS database that trusts the tenant's demo CA: each signature valid, its
// certificate trusted, in signing order, the first covering its own revision and the last the whole file; a file
// changed by one byte after signing fails. A callback with a wrong HMAC, one signed
// with another tenant's secret and a replayed one are refused or change nothing; a supplement that changes the
// amount is refused; 撤销 and the deadline (the close-of-business runner) end a second business's flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractMessage, SignatoriesMessage } from '../../../../src/domain/financing/contracts';
import { BoxMessage } from '../../../../src/domain/stage/signature-boxes';
import { TermMessage } from '../../../../src/domain/stage/term-factors';
import { SigningMessage } from '../../../../src/domain/financing/signing';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { XH_TENANT_ID } from '../../db/seed/admin-seed';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { signCallback } from '../../inbound/callback-signature';
import { callbackSecret } from '../../inbound/callback-store';
import { walkToSigning } from '../../testing/lending-walk';
import { DEMO_SIGNERS, codeOf, linkOf } from '../../testing/signing-walk';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  type TestGateway,
  uploadFile,
} from '../../testing/test-gateway';
import { anyDb } from '../../db/untyped';
import { newId } from '../../ids';
import { seededBusinessAt } from '../../testing/seeded-business';
import { pdfsigVerdicts } from '../../testing/pdfsig';
import { caCertificatePem } from '../../esign/demo-ca';

const API = '/api/business/signing';
const BUSINESS = '/api/business/business';

describe.each(databasesUnderTest())('签约 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const h: Record<string, Record<string, string>> = {};
  let business: string;
  let recordId: string;
  let flowId: string;
  const now = new Date();

  const versionOf = async (id: string) => (await call('GET', `${BUSINESS}/${id}`, h.operator!)).data.version as number;
  const stateOf = async (id: string) =>
    (
      await gw.db
        .selectFrom('financing_business')
        .select('state')
        .where('business_id', '=', id)
        .executeTakeFirstOrThrow()
    ).state;
  const start = async (id: string) =>
    call('POST', `${API}/${id}/online`, h.operator!, {
      version: await versionOf(id),
      signers: DEMO_SIGNERS,
    });

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    // The seeded business waiting in 要素落实, made the demo 经办's and of the supplier whose user signs in the back
    // office, walked to 签约·待签约.
    const operator = await signIn(gw.app, 'operator', 'Operator@2026');
    business = (await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT')).businessId;
    await gw.db
      .updateTable('financing_business')
      .set({ owner_id: operator.userId, supplier_id: DemoOrg.huadongBuildingMaterials })
      .where('business_id', '=', business)
      .execute();
    await walkToSigning(gw.db, DEMO_TENANT_ID, business, now, gw.filesDir);
    h.operator = operator.headers;
    h.supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
    h.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
  }, 240_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('refuses to send a contract under 合同锁定 to sign, naming it, and moves nothing', async () => {
    const contract = await gw.db
      .selectFrom('contract_file')
      .select('contract_no')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const lockId = newId(new Date());
    await anyDb(gw.db)
      .insertInto('contract_lock')
      .values({
        ...{ lock_id: lockId, tenant_id: DEMO_TENANT_ID, contract_no: contract.contract_no, reason: '争议' },
        ...{ status: 'LOCKED', created_at: now, updated_at: now },
      })
      .execute();
    // The demo's own loans were signed already: no flow is added beside theirs.
    const flows = async () => (await gw.db.selectFrom('esign_flow').select('flow_id').execute()).length;
    const before = await flows();
    const res = await start(business);
    expect(res.code).toBe(ResultCode.invalidInput);
    expect(res.message).toBe(ContractMessage.locked(contract.contract_no));
    expect(await stateOf(business)).toBe('SIGNING/WAIT_SIGN');
    expect(await flows()).toBe(before);
    await anyDb(gw.db).deleteFrom('contract_lock').where('lock_id', '=', lockId).execute();
    // The 经办's 待制作 routes the business to 申请线上签约.
    const todo = await call('GET', '/api/business/workbench/todo?tab=MAKE&size=100', h.operator!);
    expect(todo.code, todo.message).toBe(0);
    const row = todo.data.records.find((r: { businessId: string }) => r.businessId === business);
    expect(row).toMatchObject({
      itemTypeLabel: '合同待签约',
      link: `/business/applyOnlineSigning?businessId=${business}`,
    });
  });

  it('合同签章: 法务 sets the signatories and boxes on the contract version; refusals in Chinese', async () => {
    h.legal = (await signIn(gw.app, 'legal', 'Staff@2026')).headers;
    const read = await call('GET', `${API}/signatories/${business}`, h.legal!);
    expect(read.code, read.message).toBe(0);
    expect(read.data.editable).toBe(true);
    const contract = read.data.contracts[0];
    expect(contract.signatories).toBeNull();
    const last = contract.pages.length as number;
    const { width, height } = contract.pages[last - 1] as { width: number; height: number };
    const set = (signatories: unknown[], version = contract.version) =>
      call('PUT', `${API}/signatories/contract/${contract.keyId}`, h.legal!, { version, signatories });
    const supplier = { order: 1, role: 'SUPPLIER', page: last, x: 60, y: height - 140 };
    const factor = { order: 2, role: 'FACTOR', page: last, x: width - 230, y: height - 140 };
    // A box past the page's right edge, a page the contract lacks, a party twice.
    const off = await set([supplier, { ...factor, x: width - 100 }]);
    expect(off.code).toBe(ResultCode.invalidInput);
    expect(off.message).toBe(BoxMessage.offPage(last, Math.round(width), Math.round(height)));
    expect((await set([supplier, { ...factor, page: last + 1 }])).message).toBe(BoxMessage.noPage(last));
    expect((await set([supplier, { ...factor, role: 'SUPPLIER' }])).message).toBe(SigningMessage.onePerRole);
    // Under 合同锁定 nothing is set.
    const lockId = newId(new Date());
    await anyDb(gw.db)
      .insertInto('contract_lock')
      .values({
        ...{ lock_id: lockId, tenant_id: DEMO_TENANT_ID, contract_no: contract.contractNo, reason: '争议' },
        ...{ status: 'LOCKED', created_at: now, updated_at: now },
      })
      .execute();
    expect((await set([supplier, factor])).message).toBe(SignatoriesMessage.contractLocked(contract.contractNo));
    await anyDb(gw.db).deleteFrom('contract_lock').where('lock_id', '=', lockId).execute();
    // Someone without the page's grant is refused.
    expect((await call('PUT', `${API}/signatories/contract/${contract.keyId}`, h.supplier!, {})).code).not.toBe(0);
    const saved = await set([factor, supplier]);
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data.signatories).toEqual([supplier, factor]);
    // Read back on 申请线上签约, which must then take those parties in that order.
    const prefill = await call('GET', `${API}/${business}/signatories`, h.operator!);
    expect(prefill.data.contracts[0].signatories).toEqual([supplier, factor]);
    const swapped = await call('POST', `${API}/${business}/online`, h.operator!, {
      version: await versionOf(business),
      signers: DEMO_SIGNERS.map((s) => ({ ...s, order: 3 - s.order })),
    });
    expect(swapped.code).toBe(ResultCode.invalidInput);
    expect(swapped.message).toBe(SigningMessage.signersNotAsSet('1.供应商 → 2.保理人/资金方'));
    expect(await stateOf(business)).toBe('SIGNING/WAIT_SIGN');
    // A stale version is refused.
    expect((await set([supplier, factor], contract.version)).code).toBe(ResultCode.staleVersion);
  });

  it('starts online signing: the provider’s flow 签署中, the signers in order, the link in the notice log', async () => {
    const res = await start(business);
    expect(res.code, res.message).toBe(0);
    recordId = res.data.keyId;
    flowId = res.data.providerFlowId;
    expect(await stateOf(business)).toBe('SIGNING/SIGNING');
    const detail = await call('GET', `${API}/record/${recordId}`, h.operator!);
    expect(detail.code, detail.message).toBe(0);
    expect(detail.data.record).toMatchObject({ status: 'SIGNING', providerStatus: 1, progress: '0/2' });
    expect(detail.data.record.signers.map((s: { name: string; channel: string }) => [s.name, s.channel])).toEqual([
      ['张华', 'BACK_OFFICE'],
      ['李静', 'PAGE'],
    ]);
    // Each signer signs for its party's organisation: the supplier's, and the capital side's by its own name.
    const [supplier, factor] = detail.data.record.signers as { organization: string }[];
    expect(supplier?.organization).toBe(detail.data.record.supplierName);
    expect(factor?.organization).not.toMatch(/^$|保理人\/资金方/);
    expect(detail.data.notices.some((n: { kind: string }) => n.kind === 'LINK')).toBe(true);
    // 催签 goes to this app's provider, which reminds the signer whose turn it is.
    const remind = await call('POST', `${API}/items/${recordId}/transition`, h.operator!, {
      action: 'remind',
      version: detail.data.record.version,
    });
    expect(remind.code, remind.message).toBe(0);
    const reminded = await call('GET', `${API}/record/${recordId}`, h.operator!);
    expect(reminded.data.notices.filter((n: { kind: string }) => n.kind === 'REMIND')).toHaveLength(1);
    // A second start while one is under way is refused by the table.
    expect((await start(business)).code).toBe(ResultCode.invalidInput);
  });

  it('撤销 ends the flow under way; its deadline passing ends the next (the close-of-business runner)', async () => {
    const revoke = await call('POST', `${API}/record/${recordId}/revoke`, h.operator!, {
      version: await versionOf(business),
      comment: '签署方信息有误',
    });
    expect(revoke.code, revoke.message).toBe(0);
    expect(await stateOf(business)).toBe('SIGNING/FAILED');
    const revoked = await call('GET', `${API}/record/${recordId}`, h.operator!);
    expect(revoked.data.record).toMatchObject({ status: 'FAILED', providerStatus: 3 });
    // Again: 重新签约, a new flow, left to pass its deadline.
    const retry = await call('POST', `${BUSINESS}/${business}/transition`, h.operator!, {
      action: 'retrySigning',
      version: await versionOf(business),
    });
    expect(retry.code, retry.message).toBe(0);
    const next = await start(business);
    expect(next.code, next.message).toBe(0);
    const day = new Date(now.getTime() + 8 * 86_400_000);
    await gw.app.dailyJob.closeDays({ through: new Date(day.getTime() + 8 * 3_600_000).toISOString().slice(0, 10) });
    expect(await stateOf(business)).toBe('SIGNING/FAILED');
    const expired = await call('GET', `${API}/record/${next.data.keyId}`, h.operator!);
    expect(expired.data.record).toMatchObject({ status: 'FAILED', providerStatus: 5 });
    // 撤销 only while 签署中.
    const late = await call('POST', `${API}/record/${next.data.keyId}/revoke`, h.operator!, {
      version: await versionOf(business),
      comment: '再次撤销',
    });
    expect(late.code).toBe(ResultCode.invalidInput);
    // A third flow, signed below.
    const again = await call('POST', `${BUSINESS}/${business}/transition`, h.operator!, {
      action: 'retrySigning',
      version: await versionOf(business),
    });
    expect(again.code, again.message).toBe(0);
    const third = await start(business);
    expect(third.code, third.message).toBe(0);
    recordId = third.data.keyId;
    flowId = third.data.providerFlowId;
  });

  it('refuses the other party signing before the supplier (out of order), and a status set from the browser', async () => {
    const link = await linkOf(gw.db, flowId, 2);
    const page = await gw.app.inject({ method: 'GET', url: link });
    expect(page.body).toContain(SigningMessage.outOfOrder('张华'));
    const posted = await gw.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'act=sign',
    });
    expect(posted.body).toContain(SigningMessage.outOfOrder('张华'));
    const flow = await gw.db.selectFrom('esign_signer').select('status').where('flow_id', '=', flowId).execute();
    expect(flow.map((s) => s.status)).toEqual([0, 0]);
    // 签署完成 is the system's move: a person asking for it is refused, and so is an item move of that name.
    const signed = await call('POST', `${BUSINESS}/${business}/transition`, h.operator!, {
      action: 'signed',
      version: await versionOf(business),
    });
    expect(signed.code).not.toBe(0);
    const item = await call('POST', `${API}/items/${recordId}/transition`, h.operator!, {
      action: 'signed',
      version: 1,
    });
    expect(item.code).not.toBe(0);
    expect(await stateOf(business)).toBe('SIGNING/SIGNING');
  });

  it('lets only the supplier’s signer sign in the back office, with the one-time code', async () => {
    // The supplier's 待制作 routes its signer to 签约详情 once it is their turn.
    const todo = await call('GET', '/api/business/workbench/todo?tab=MAKE&size=100', h.supplier!);
    expect(todo.code, todo.message).toBe(0);
    expect(todo.data.records.find((r: { businessId: string }) => r.businessId === business)).toMatchObject({
      itemTypeLabel: '合同待您签署',
      link: `/business/signingDetails?id=${recordId}`,
    });
    const mine = await call('GET', `${API}/record/${recordId}`, h.supplier!);
    expect(mine.code, mine.message).toBe(0);
    expect(mine.data.mySignerOrder).toBe(1);
    expect((await call('POST', `${API}/record/${recordId}/code`, h.operator!)).code).toBe(ResultCode.forbidden);
    const sent = await call('POST', `${API}/record/${recordId}/code`, h.supplier!);
    expect(sent.code, sent.message).toBe(0);
    const code = await codeOf(gw.db, flowId, 1);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await call('POST', `${API}/record/${recordId}/sign`, h.supplier!, { code: wrong });
    expect(refused.message).toBe(SigningMessage.badCode);
    const ok = await call('POST', `${API}/record/${recordId}/sign`, h.supplier!, { code });
    expect(ok.code, ok.message).toBe(0);
    // The code is spent.
    expect((await call('POST', `${API}/record/${recordId}/sign`, h.supplier!, { code })).code).not.toBe(0);
    const detail = await call('GET', `${API}/record/${recordId}`, h.supplier!);
    expect(detail.data.record).toMatchObject({ status: 'SIGNING', providerStatus: 1, progress: '1/2' });
  });

  it('the other party signs at its link; the callback finishes signing; pdfsig finds both signatures valid', async () => {
    const link = await linkOf(gw.db, flowId, 2);
    const posted = await gw.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'act=sign',
    });
    expect(posted.body).toContain('签署完成');
    expect(await stateOf(business)).toBe('SIGNING/SIGNED');
    // The link is spent.
    expect((await gw.app.inject({ method: 'GET', url: link })).body).toContain(SigningMessage.badLink);
    const signatures = await call('GET', `${API}/record/${recordId}/signatures`, h.operator!);
    expect(signatures.code, signatures.message).toBe(0);
    expect(signatures.data).toHaveLength(1);
    const doc = signatures.data[0];
    expect(doc.signatures.map((s: { signerName: string; valid: boolean }) => [s.signerName, s.valid])).toEqual([
      ['张华', true],
      ['李静', true],
    ]);
    const file = await gw.app.inject({ method: 'GET', url: `${API}/record/${recordId}/file/1`, headers: h.operator! });
    expect(file.statusCode).toBe(200);
    const pdf = file.rawPayload;
    // pdfsig pointed at an NSS database that trusts the tenant's demo CA as the gateway keeps it.
    const ca = [await caCertificatePem(gw.db, DEMO_TENANT_ID, '', now)];
    expect(pdfsigVerdicts(pdf, ca)).toEqual([
      { signer: '张华', valid: true, whole: false, trusted: true },
      { signer: '李静', valid: true, whole: true, trusted: true },
    ]);
    // Trusting nothing, the same signatures are valid and their issuer is not trusted.
    expect(pdfsigVerdicts(pdf, []).map((v) => [v.valid, v.trusted])).toEqual([
      [true, false],
      [true, false],
    ]);
    const altered = Buffer.from(pdf);
    // One byte of the original revision, which both signatures cover.
    altered[200] = (altered[200] as number) ^ 1;
    const verdicts = pdfsigVerdicts(altered, ca);
    expect(verdicts).toHaveLength(2);
    expect(verdicts.every((v) => !v.valid)).toBe(true);
    // Each signature stands visibly at the box 合同签章 set: two widgets with an appearance each.
    expect(pdf.toString('latin1').match(/\/AP << \/N \d+ 0 R >>/g)).toHaveLength(2);
    const late = await call('GET', `${API}/signatories/${business}`, h.legal!);
    expect(late.data.editable).toBe(false);
    const contract = late.data.contracts[0];
    const again = await call('PUT', `${API}/signatories/contract/${contract.keyId}`, h.legal!, {
      version: contract.version,
      signatories: contract.signatories,
    });
    expect(again.message).toBe(SignatoriesMessage.signatoriesState);
    // The gateway's own reading agrees with pdfsig on both files.
    const { inspectSignatures } = await import('../../esign/pdf-signatures');
    expect((await inspectSignatures(pdf)).map((s) => s.valid)).toEqual([true, true]);
    expect((await inspectSignatures(altered)).map((s) => s.valid)).toEqual([false, false]);
  });

  it('refuses a callback with a wrong HMAC, or another tenant’s secret; a replay changes nothing', async () => {
    const event = { eventId: `${flowId}:99`, flowId, seq: 99, flowStatus: 7, reason: '伪造', signers: [] };
    const raw = JSON.stringify(event);
    const post = (headers: Record<string, string>) =>
      gw.app.inject({
        method: 'POST',
        url: '/api/callback/esign',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: raw,
      });
    const wrong = await post(signCallback('0'.repeat(64), raw, now));
    expect(wrong.json().code).toBe(ResultCode.forbidden);
    const xhSecret = await callbackSecret(gw.db, XH_TENANT_ID, 'esign', now);
    expect((await post(signCallback(xhSecret, raw, now))).json().code).toBe(ResultCode.forbidden);
    // The flow's own completed event, delivered again with a fresh valid signature: answered, nothing moves.
    const secret = await callbackSecret(gw.db, DEMO_TENANT_ID, 'esign', now);
    const last = await gw.db
      .selectFrom('callback_inbox')
      .select('event_id')
      .where('flow_id', '=', flowId)
      .orderBy('received_at', 'desc')
      .execute();
    const replayed = JSON.stringify({ ...event, eventId: last.at(-1)?.event_id, seq: 1, flowStatus: 1 });
    const again = await gw.app.inject({
      method: 'POST',
      url: '/api/callback/esign',
      headers: { ...signCallback(secret, replayed, now), 'content-type': 'application/json' },
      payload: replayed,
    });
    expect(again.json().code).toBe(0);
    expect(await stateOf(business)).toBe('SIGNING/SIGNED');
    const record = await call('GET', `${API}/record/${recordId}`, h.operator!);
    expect(record.data.record).toMatchObject({ status: 'SIGNED', providerStatus: 2, progress: '2/2' });
    expect((await call('GET', `${API}/record/${recordId}`, h.xh_admin!)).code).toBe(ResultCode.notFound);
  });

  it('refuses a supplement that changes the amount or mistypes the rate, and records one that keeps the terms', async () => {
    const terms = await gw.db
      .selectFrom('contract_file')
      .select(['amount_fen', 'annual_rate', 'term_days'])
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const upload = await uploadFile(gw.app, h.operator!, '补充协议.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const body = {
      reason: '收款账户开户行名称更正',
      amountFen: Number(terms.amount_fen),
      annualRate: String(Number(terms.annual_rate).toFixed(4)),
      termDays: terms.term_days,
      fileIds: [upload.data.keyId],
    };
    const changed = await call('POST', `${API}/${business}/supplement`, h.operator!, {
      ...body,
      amountFen: body.amountFen + 100,
    });
    expect(changed.message).toBe(SigningMessage.supplementChanges('金额'));
    const typo = await call('POST', `${API}/${business}/supplement`, h.operator!, { ...body, annualRate: '6.5%' });
    expect(typo).toMatchObject({ code: ResultCode.invalidInput, message: TermMessage.rate });
    const kept = await call('POST', `${API}/${business}/supplement`, h.operator!, body);
    expect(kept.code, kept.message).toBe(0);
    expect(kept.data).toMatchObject({ kind: 'SUPPLEMENT', status: 'SIGNED' });
  });

  it('线下签约: scans and 原件已收回 with a date not after today finish signing; a later date is refused', async () => {
    // A second business of the demo 经办 at 签约·待签约 (its contract approved), set up as the pact's provider state is.
    const other = newId(new Date());
    await anyDb(gw.db)
      .insertInto('financing_business')
      .values({
        ...{ business_id: other, tenant_id: DEMO_TENANT_ID, business_no: 'RZ202611289902' },
        ...{ supplier_id: DemoOrg.huadongBuildingMaterials, state: 'SIGNING/WAIT_SIGN', stage: 'SIGNING' },
        ...{ owner_id: (await signIn(gw.app, 'operator', 'Operator@2026')).userId, apply_amount: 100_000_00 },
        ...{ approved_amount: 100_000_00, created_at: now, updated_at: now, version: 1 },
      })
      .execute();
    const scan = await uploadFile(gw.app, h.operator!, '签署扫描件.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const tomorrow = new Date(now.getTime() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const today = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const offline = (on: string) =>
      call('POST', `${API}/${other}/offline`, h.operator!, {
        version: 1,
        scanFileIds: [scan.data.keyId],
        originalsReceivedOn: on,
      });
    expect((await offline(tomorrow)).message).toBe(SigningMessage.originalsDate);
    const done = await offline(today);
    expect(done.code, done.message).toBe(0);
    expect(done.data).toMatchObject({ kind: 'OFFLINE', status: 'SIGNED', originalsReceivedOn: today });
    expect(await stateOf(other)).toBe('SIGNING/SIGNED');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_ID_NUMBER } from '../../../../src/domain/certification/certification.resource';
import { WorkflowMessage } from '../../../../src/domain/workflow/workflow';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { PatternMessage } from '../../../../src/domain/patterns/pattern-check';
import { isResidentId } from '../../../../src/domain/patterns/resident-id';
import { isUnifiedSocialCreditCode } from '../../../../src/domain/patterns/social-credit-code';
import { CERTIFICATION_SEED_COUNT, demoResidentId } from '../../db/seed/certification.seed';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { demoCreditCode } from '../../db/seed/organization-seed';
import {
  createTestGateway,
  databasesUnderTest,
  issueToken,
  signIn,
  type TestGateway,
} from '../../testing/test-gateway';
import { insertUsers } from '../../testing/test-users';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

type Headers = Record<string, string>;

const CERTS = '/basicdatamanagement/certificatemanagement';
const ENTERPRISE = '/basicdatamanagement/enterprisecertification';
const PERSONAL = '/basicdatamanagement/personalcertification';
// Seeded: index 0 is pending, 1 approved, 2 rejected (enterprise); certificates 0–2 valid, 3 revoked.
const seeded = (block: number, i: number) => `1700000000000001${block}${String(i).padStart(2, '0')}`;
const VALID_CODE = demoCreditCode('440300', 876543);
const BAD_CODE = VALID_CODE.slice(0, 17) + (VALID_CODE[17] === 'A' ? 'B' : 'A');
const VALID_ID = demoResidentId('440305', '19900315', 123);
const BAD_ID = VALID_ID.slice(0, 17) + (VALID_ID[17] === '1' ? '2' : '1');

describe.each(databasesUnderTest())('证书管理, 企业认证, 个人认证 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let xh: Headers;
  let operator: Headers;
  let viewer: Headers;
  let approver: Headers;

  /** A user of a role with these menus and only these operation codes. */
  const userWith = async (n: number, grants: Array<[string, string[]]>) => {
    const roleId = `12000000000000009${n}`;
    const userId = `13000000000000009${n}`;
    await gw.db
      .insertInto('role')
      .values({ role_id: roleId, tenant_id: DEMO_TENANT_ID, role_code: `CERT_${n}`, role_name: `认证${n}` })
      .execute();
    await gw.db
      .insertInto('role_menu')
      .values(grants.map(([menu]) => ({ role_id: roleId, menu_id: menu })))
      .execute();
    const ops = grants.flatMap(([menu, codes]) =>
      codes.map((op) => ({ role_id: roleId, menu_id: menu, operation_code: op })),
    );
    if (ops.length) await gw.db.insertInto('role_menu_operation').values(ops).execute();
    await insertUsers(gw.db, { user_id: userId, user_name: `cert.${n}`, nick_name: `认证${n}` });
    await gw.db.insertInto('user_role').values({ user_id: userId, role_id: roleId }).execute();
    await issueToken(gw.db, { userName: `cert.${n}`, token: `cert-${n}-token` });
    return { authorization: `Bearer cert-${n}-token` };
  };

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    viewer = await userWith(81, [
      [CERTS, []],
      [ENTERPRISE, []],
      [PERSONAL, []],
    ]);
    approver = await userWith(82, [
      [ENTERPRISE, ['examine']],
      [PERSONAL, ['examine']],
    ]);
  });
  afterAll(async () => {
    await gw?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) => {
    const res = await gw.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: any }) };
  };
  const logOf = async (targetId: string) =>
    (await call('GET', `/api/authcenter/base/operlog/page?targetId=${targetId}&size=100`, admin)).data
      .records as Array<{ action: string; before: string | null; after: string | null }>;

  const transition = (resource: string, keyId: string, headers: Headers, body: unknown) =>
    call('POST', `/api/company/${resource}/${keyId}/transition`, headers, body);

  it('pages the seeded dozen of each list, ID and mobile numbers masked, filtered by name, id number and status', async () => {
    const certs = await call('GET', '/api/company/certificate/page?size=100', admin);
    expect(certs.data.total).toBe(CERTIFICATION_SEED_COUNT);
    for (const r of certs.data.records) {
      expect(r.certNo).toMatch(/^ZS\d{16}$/);
      expect(r.idNumber).toMatch(/^[0-9A-Z]{4}\*{10}[0-9A-Z]{4}$/);
    }
    const whole = (await call('GET', `/api/company/certificate/${certs.data.records[0].keyId}`, admin)).data;
    expect(
      whole.holderType === 'ENTERPRISE'
        ? isUnifiedSocialCreditCode(whole.idNumber)
        : isResidentId(whole.idNumber, TODAY),
    ).toBe(true);
    const ent = await call('GET', '/api/company/enterpriseCertification/page?size=100', admin);
    expect(ent.data.total).toBe(CERTIFICATION_SEED_COUNT);
    for (const r of ent.data.records)
      expect(isUnifiedSocialCreditCode(r.creditCode) && r.legalPerson !== '').toBe(true);
    const per = await call('GET', '/api/company/personalCertification/page?size=100', admin);
    expect(per.data.total).toBe(CERTIFICATION_SEED_COUNT);
    for (const r of per.data.records) expect(r.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(new Set(ent.data.records.map((r: { status: string }) => r.status))).toEqual(
      new Set(['PENDING', 'APPROVED', 'REJECTED']),
    );
    const approved = ent.data.records.find((r: { status: string }) => r.status === 'APPROVED');
    expect(approved).toMatchObject({ reviewerName: '平台管理员', comment: '资料齐全，审核通过' });
    const byName = await call(
      'GET',
      `/api/company/enterpriseCertification/page?enterpriseName=${encodeURIComponent('金石')}`,
      admin,
    );
    expect(byName.data.records).toEqual([expect.objectContaining({ enterpriseName: '江苏金石水泥制品有限公司' })]);
    const pending = await call('GET', '/api/company/personalCertification/page?status=PENDING&size=100', admin);
    expect(pending.data.records.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    const one = (await call('GET', `/api/company/personalCertification/${per.data.records[0].keyId}`, admin)).data;
    expect(isResidentId(one.residentId, TODAY) && /^1\d{10}$/.test(one.mobile)).toBe(true);
    const found = await call(
      'GET',
      `/api/company/personalCertification/page?residentId=${one.residentId.slice(0, 12)}`,
      admin,
    );
    expect(found.data.records.map((r: { keyId: string }) => r.keyId)).toContain(one.keyId);
    // A reader without any operation code sees the detail masked too.
    expect((await call('GET', `/api/company/personalCertification/${one.keyId}`, viewer)).data.residentId).toMatch(
      /\*{10}/,
    );
    expect((await call('GET', '/api/company/certificate/page?size=5&current=2', admin)).data.records).toHaveLength(5);
  });

  it('applies for a certificate (the id number follows the holder type), views it and revokes it with a reason and the version', async () => {
    expect(
      await call('POST', '/api/company/certificate', admin, {
        holderType: 'ENTERPRISE',
        holderName: '深圳证书测试有限公司',
        idNumber: BAD_CODE,
      }),
    ).toMatchObject({ status: 400, code: ResultCode.invalidInput, message: PatternMessage.creditCode });
    expect(
      await call('POST', '/api/company/certificate', admin, {
        holderType: 'PERSONAL',
        holderName: '测试人',
        idNumber: VALID_CODE,
      }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: PatternMessage.residentId });
    expect(
      await call('POST', '/api/company/certificate', admin, {
        holderType: 'ENTERPRISE',
        holderName: ' ',
        idNumber: VALID_CODE,
      }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: '请输入持有者名称' });
    const made = await call('POST', '/api/company/certificate', admin, {
      holderType: 'ENTERPRISE',
      holderName: '深圳证书测试有限公司',
      idNumber: VALID_CODE.toLowerCase(),
    });
    expect(made.code).toBe(0);
    expect(made.data.certNo).toMatch(/^ZS\d{16}$/);
    const detail = (await call('GET', `/api/company/certificate/${made.data.keyId}`, admin)).data;
    expect(detail).toMatchObject({
      certNo: made.data.certNo,
      idNumber: VALID_CODE,
      status: 'VALID',
      holderType: 'ENTERPRISE',
      version: 1,
    });
    expect(new Date(detail.validTo).getFullYear() - new Date(detail.validFrom).getFullYear()).toBe(2);
    expect(
      await call('POST', '/api/company/certificate', admin, {
        holderType: 'ENTERPRISE',
        holderName: '又一家',
        idNumber: VALID_CODE,
      }),
    ).toMatchObject({ message: DUPLICATE_ID_NUMBER });
    const id = made.data.keyId;
    expect(await transition('certificate', id, admin, { action: 'revoke', comment: '  ', version: 1 })).toMatchObject({
      message: '请输入吊销原因',
    });
    expect(
      await transition('certificate', id, admin, { action: 'revoke', comment: '不再使用', version: 2 }),
    ).toMatchObject({ status: 409, code: ResultCode.staleVersion });
    expect(
      (await transition('certificate', id, admin, { action: 'revoke', comment: '不再使用', version: 1 })).code,
    ).toBe(0);
    expect((await call('GET', `/api/company/certificate/${id}`, admin)).data).toMatchObject({
      status: 'REVOKED',
      comment: '不再使用',
      version: 2,
    });
    expect(await transition('certificate', id, admin, { action: 'revoke', comment: '再次', version: 2 })).toMatchObject(
      { message: WorkflowMessage.notAllowedNow('吊销', '证书') },
    );
    // Revoked, the id number may apply again.
    expect(
      (
        await call('POST', '/api/company/certificate', admin, {
          holderType: 'ENTERPRISE',
          holderName: '深圳证书测试有限公司',
          idNumber: VALID_CODE,
        })
      ).code,
    ).toBe(0);
    expect((await logOf(id)).map((l) => l.action)).toEqual(['certificate.revoke', 'certificate.create']);
  });

  it('registers an enterprise and a personal certification as pending, approves with examine and rejects with reject and a comment', async () => {
    expect(
      await call('POST', '/api/company/enterpriseCertification', admin, {
        enterpriseName: '深圳认证测试有限公司',
        creditCode: BAD_CODE,
        legalPerson: '赵一',
      }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: PatternMessage.creditCode });
    expect(
      await call('POST', '/api/company/enterpriseCertification', admin, {
        enterpriseName: '深圳认证测试有限公司',
        creditCode: VALID_CODE,
        legalPerson: '',
      }),
    ).toMatchObject({ message: '请输入法定代表人' });
    const ent = await call('POST', '/api/company/enterpriseCertification', admin, {
      enterpriseName: '深圳认证测试有限公司',
      creditCode: VALID_CODE,
      legalPerson: '赵一',
    });
    expect(ent).toMatchObject({ code: 0, data: { status: 'PENDING', creditCode: VALID_CODE } });
    expect(
      await call('POST', '/api/company/personalCertification', admin, {
        personName: '钱二',
        residentId: BAD_ID,
        mobile: '13912345678',
      }),
    ).toMatchObject({ message: PatternMessage.residentId });
    expect(
      await call('POST', '/api/company/personalCertification', admin, {
        personName: '钱二',
        residentId: VALID_ID,
        mobile: '1391234',
      }),
    ).toMatchObject({ message: PatternMessage.mobile });
    const per = await call('POST', '/api/company/personalCertification', admin, {
      personName: '钱二',
      residentId: VALID_ID.toLowerCase(),
      mobile: '13912345678',
    });
    expect(per.code).toBe(0);
    expect((await call('GET', `/api/company/personalCertification/${per.data.keyId}`, admin)).data).toMatchObject({
      residentId: VALID_ID,
      status: 'PENDING',
      mobile: '13912345678',
    });
    expect(
      await call('POST', '/api/company/personalCertification', admin, {
        personName: '钱二',
        residentId: VALID_ID,
        mobile: '13912345678',
      }),
    ).toMatchObject({ message: DUPLICATE_ID_NUMBER });

    // The approver holds examine only: approving is allowed, rejecting is not.
    const entId = ent.data.keyId;
    expect(
      await transition('enterpriseCertification', entId, approver, { action: 'reject', comment: '不符合', version: 1 }),
    ).toMatchObject({ status: 403, code: ResultCode.forbidden });
    expect((await transition('enterpriseCertification', entId, approver, { action: 'approve', version: 1 })).code).toBe(
      0,
    );
    expect((await call('GET', `/api/company/enterpriseCertification/${entId}`, admin)).data).toMatchObject({
      status: 'APPROVED',
      reviewerName: '认证82',
      version: 2,
    });
    expect(
      await transition('enterpriseCertification', entId, admin, { action: 'reject', comment: '晚了', version: 2 }),
    ).toMatchObject({ message: WorkflowMessage.notAllowedNow('驳回', '企业认证') });

    const perId = per.data.keyId;
    expect(
      await transition('personalCertification', perId, admin, { action: 'reject', comment: ' ', version: 1 }),
    ).toMatchObject({ message: '请输入驳回意见' });
    expect(
      await transition('personalCertification', perId, admin, { action: 'reject', comment: '照片不清晰', version: 3 }),
    ).toMatchObject({ status: 409, code: ResultCode.staleVersion });
    expect(
      (await transition('personalCertification', perId, admin, { action: 'reject', comment: '照片不清晰', version: 1 }))
        .code,
    ).toBe(0);
    expect((await call('GET', `/api/company/personalCertification/${perId}`, admin)).data).toMatchObject({
      status: 'REJECTED',
      comment: '照片不清晰',
      reviewerName: '平台管理员',
    });
    // Rejected, the person may apply again.
    expect(
      (
        await call('POST', '/api/company/personalCertification', admin, {
          personName: '钱二',
          residentId: VALID_ID,
          mobile: '13912345678',
        })
      ).code,
    ).toBe(0);
    const [log] = await logOf(perId);
    expect(log).toMatchObject({ action: 'personalCertification.reject' });
    expect(JSON.parse(log!.before!)).toMatchObject({ status: 'PENDING' });
    expect(JSON.parse(log!.after!)).toMatchObject({ status: 'REJECTED' });
  });

  it('gives one live record to one of several registrations of the same id number at once', async () => {
    const code = demoCreditCode('440300', 876600);
    const same = await Promise.all(
      [0, 1, 2].map((i) =>
        call('POST', '/api/company/enterpriseCertification', admin, {
          enterpriseName: `同码企业${i}`,
          creditCode: code,
          legalPerson: '孙三',
        }),
      ),
    );
    expect(same.filter((m) => m.code === 0)).toHaveLength(1);
    for (const m of same.filter((x) => x.code !== 0))
      expect(m).toMatchObject({ status: 400, message: DUPLICATE_ID_NUMBER });
  });

  it('refuses every write without its operation code, and every route without the menu', async () => {
    const writes: Array<[string, string, unknown]> = [
      [
        'POST',
        '/api/company/certificate',
        { holderType: 'ENTERPRISE', holderName: 'x', idNumber: demoCreditCode('440300', 1) },
      ],
      ['POST', `/api/company/certificate/${seeded(3, 0)}/transition`, { action: 'revoke', comment: 'x', version: 1 }],
      [
        'POST',
        '/api/company/enterpriseCertification',
        { enterpriseName: 'x', creditCode: demoCreditCode('440300', 2), legalPerson: 'x' },
      ],
      ['POST', `/api/company/enterpriseCertification/${seeded(1, 0)}/transition`, { action: 'approve', version: 1 }],
      [
        'POST',
        `/api/company/enterpriseCertification/${seeded(1, 0)}/transition`,
        { action: 'reject', comment: 'x', version: 1 },
      ],
      ['POST', '/api/company/personalCertification', { personName: 'x', residentId: VALID_ID, mobile: '13912345678' }],
      ['POST', `/api/company/personalCertification/${seeded(2, 2)}/transition`, { action: 'approve', version: 1 }],
      [
        'POST',
        `/api/company/personalCertification/${seeded(2, 2)}/transition`,
        { action: 'reject', comment: 'x', version: 1 },
      ],
    ];
    for (const [method, url, body] of writes) {
      expect(await call(method as 'POST', url, viewer, body), `${method} ${url}`).toMatchObject({
        status: 403,
        code: ResultCode.forbidden,
      });
      expect((await call(method as 'POST', url, operator, body)).code).toBe(ResultCode.forbidden);
    }
    const reads = [
      '/api/company/certificate/page',
      `/api/company/certificate/${seeded(3, 0)}`,
      '/api/company/enterpriseCertification/page',
      `/api/company/enterpriseCertification/${seeded(1, 0)}`,
      '/api/company/personalCertification/page',
      `/api/company/personalCertification/${seeded(2, 0)}`,
    ];
    for (const url of reads) expect((await call('GET', url, viewer)).code, url).toBe(0);
    for (const url of reads) expect((await call('GET', url, operator)).code, url).toBe(ResultCode.forbidden);
    // Nothing was written by the refused calls.
    expect((await call('GET', `/api/company/enterpriseCertification/${seeded(1, 0)}`, admin)).data).toMatchObject({
      status: 'PENDING',
      version: 1,
    });
  });

  it("reads and writes nothing of another tenant's records (xh_admin on each of ours)", async () => {
    const ours = [
      ['certificate', seeded(3, 2), { action: 'revoke', comment: '越权', version: 1 }],
      ['enterpriseCertification', seeded(1, 3), { action: 'approve', version: 1 }],
      ['enterpriseCertification', seeded(1, 3), { action: 'reject', comment: '越权', version: 1 }],
      ['personalCertification', seeded(2, 2), { action: 'approve', version: 1 }],
    ] as const;
    for (const [resource, keyId, body] of ours) {
      const before = (await call('GET', `/api/company/${resource}/${keyId}`, admin)).data;
      expect(before.status).toMatch(/VALID|PENDING/);
      const list = await call('GET', `/api/company/${resource}/page?size=100`, xh);
      expect(list.data.records.map((r: { keyId: string }) => r.keyId)).not.toContain(keyId);
      expect(await call('GET', `/api/company/${resource}/${keyId}`, xh)).toMatchObject({
        status: 404,
        code: ResultCode.notFound,
      });
      expect(await transition(resource, keyId, xh, body)).toMatchObject({ status: 404, code: ResultCode.notFound });
      expect((await call('GET', `/api/company/${resource}/${keyId}`, admin)).data).toEqual(before);
      expect(await logOf(keyId)).toEqual([]);
    }
    // A record of one kind is not found under another.
    expect((await call('GET', `/api/company/personalCertification/${seeded(1, 0)}`, admin)).code).toBe(
      ResultCode.notFound,
    );
  });

  it('answers malformed requests with 160300400, never 5xx', async () => {
    const cases: Array<[string, string, unknown?]> = [
      ['POST', '/api/company/certificate', { holderType: 'ROBOT', holderName: 'x', idNumber: VALID_CODE }],
      ['POST', '/api/company/certificate', { holderType: 'ENTERPRISE', holderName: 42, idNumber: VALID_CODE }],
      ['POST', '/api/company/enterpriseCertification', {}],
      ['POST', '/api/company/enterpriseCertification', [1, 2]],
      [
        'POST',
        '/api/company/personalCertification',
        { personName: 'x', residentId: 'X'.repeat(60), mobile: '13912345678' },
      ],
      ['POST', `/api/company/certificate/${seeded(3, 0)}/transition`, { action: 'revoke', comment: 'x' }],
      ['POST', `/api/company/certificate/${seeded(3, 0)}/transition`, { action: 'revoke', comment: 'x', version: '1' }],
      ['POST', `/api/company/enterpriseCertification/${seeded(1, 0)}/transition`, { action: 'maybe', version: 1 }],
      [
        'POST',
        `/api/company/personalCertification/${seeded(2, 0)}/transition`,
        { action: 'approve', comment: 'x'.repeat(201), version: 1 },
      ],
      ['GET', '/api/company/certificate/page?size=101'],
      ['GET', '/api/company/certificate/page?status=PENDING'],
      ['GET', '/api/company/enterpriseCertification/page?status=VALID'],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(method as 'POST', url, admin, body);
      expect(res, `${method} ${url} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        code: ResultCode.invalidInput,
      });
    }
  });
});

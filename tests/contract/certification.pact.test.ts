// 证书管理, 企业认证, 个人认证 (issue 5), as the client's CertificationGatewayAdapter makes the calls.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CertificationGatewayAdapter } from '../../src/adapters/gateway/certification-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';
import { PACT_CERT } from './support/certification-fixtures';

const { eachLike, integer, regex, string } = MatchersV3;

const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const admin = () => bearer(PACT_TOKEN.admin);
const json = { 'Content-Type': 'application/json' };
const REVIEW_STATUS = regex(/^(PENDING|APPROVED|REJECTED)$/, 'PENDING');

const record = (over: Record<string, unknown> = {}) => ({
  keyId: string(PACT_CERT.enterpriseId), certNo: string(''), holderType: string(''), name: string(PACT_CERT.enterpriseName), idNumber: string(PACT_CERT.enterpriseCode),
  legalPerson: string('契约法人'), mobile: string(''), status: REVIEW_STATUS, validFrom: string(''), validTo: string(''), comment: string(''),
  reviewerName: string(''), reviewTime: string(''), version: integer(1), createTime: string('2026-11-22T02:00:00.000Z'),
  ...over,
});
const certificate = () => record({
  keyId: string(PACT_CERT.certificateId), certNo: string(PACT_CERT.certNo), holderType: regex(/^(ENTERPRISE|PERSONAL)$/, 'ENTERPRISE'),
  name: string(PACT_CERT.certificateHolder), idNumber: string(PACT_CERT.certificateCode), legalPerson: string(''),
  status: regex(/^(VALID|REVOKED)$/, 'VALID'), validFrom: string('2026-11-22T02:00:00.000Z'), validTo: string('2028-11-22T02:00:00.000Z'),
});
const personal = () => record({
  keyId: string(PACT_CERT.personalId), name: string(PACT_CERT.personName), idNumber: string(PACT_CERT.residentId), legalPerson: string(''), mobile: string('13700000903'),
});

const adapter = (url: string, token: string = PACT_TOKEN.admin) => new CertificationGatewayAdapter(httpClientFor(url, token).http);
const pact = () => createPact().addInteraction().given(State.adminWithPactCertifications);

describe('certifications gateway contract', () => {
  it('pages certificates, enterprise and personal certifications by name, id number and status', async () => {
    await pact().uponReceiving('a page of certificates, filtered')
      .withRequest('GET', '/api/company/certificate/page', (b) => b.query({ current: '1', size: '10', holderName: '契约证书', idNumber: '91310115', status: 'VALID' }).headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok({ records: eachLike(certificate()), total: integer(1), current: 1, size: 10 })))
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page('CERTIFICATE', { name: ' 契约证书 ', idNumber: '91310115', status: 'VALID' }, { current: 1, size: 10 });
        expect(page.records[0]).toMatchObject({ certNo: PACT_CERT.certNo, status: 'VALID' });
      });
    await pact().uponReceiving('a page of enterprise certifications, filtered')
      .withRequest('GET', '/api/company/enterpriseCertification/page', (b) => b.query({ current: '1', size: '10', enterpriseName: '契约认证', status: 'PENDING' }).headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok({ records: eachLike(record()), total: integer(1), current: 1, size: 10 })))
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page('ENTERPRISE', { name: '契约认证', idNumber: '', status: 'PENDING' }, { current: 1, size: 10 });
        expect(page.records[0]).toMatchObject({ legalPerson: '契约法人', status: 'PENDING' });
      });
    await pact().uponReceiving('a page of personal certifications, filtered')
      .withRequest('GET', '/api/company/personalCertification/page', (b) => b.query({ current: '1', size: '10', residentId: PACT_CERT.residentId.slice(0, 10) }).headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok({ records: eachLike(personal()), total: integer(1), current: 1, size: 10 })))
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page('PERSONAL', { name: '', idNumber: PACT_CERT.residentId.slice(0, 10), status: '' }, { current: 1, size: 10 });
        expect(page.records[0]).toMatchObject({ mobile: '13700000903' });
      });
  });

  it('reads a certificate and a personal certification', async () => {
    await pact().uponReceiving('the pact certificate')
      .withRequest('GET', `/api/company/certificate/${PACT_CERT.certificateId}`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok(certificate())))
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).get('CERTIFICATE', PACT_CERT.certificateId)).toMatchObject({ keyId: PACT_CERT.certificateId, version: 1 });
      });
    await pact().uponReceiving('the pact personal certification')
      .withRequest('GET', `/api/company/personalCertification/${PACT_CERT.personalId}`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok(personal())))
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).get('PERSONAL', PACT_CERT.personalId)).toMatchObject({ idNumber: PACT_CERT.residentId });
      });
  });

  it('applies for a certificate and registers enterprise and personal certifications; a wrong check digit is 160300400', async () => {
    await pact().uponReceiving('an application for a certificate')
      .withRequest('POST', '/api/company/certificate', (b) => b.headers({ ...admin(), ...json })
        .jsonBody({ holderType: 'ENTERPRISE', holderName: '契约新证书企业有限公司', idNumber: PACT_CERT.newCertificateCode }))
      .willRespondWith(200, (b) => b.jsonBody(ok({ keyId: string('1763000000000000001'), certNo: regex(/^ZS\d{16}$/, 'ZS2026763000000001') })))
      .executeTest(async (mock) => {
        const made = await adapter(mock.url).create('CERTIFICATE', { holderType: 'ENTERPRISE', holderName: ' 契约新证书企业有限公司 ', idNumber: PACT_CERT.newCertificateCode });
        expect(made.certNo).toMatch(/^ZS/);
      });
    await pact().uponReceiving('a new enterprise certification')
      .withRequest('POST', '/api/company/enterpriseCertification', (b) => b.headers({ ...admin(), ...json })
        .jsonBody({ enterpriseName: '契约新认证企业有限公司', creditCode: PACT_CERT.newEnterpriseCode, legalPerson: '新法人' }))
      .willRespondWith(200, (b) => b.jsonBody(ok({ keyId: string('1763000000000000002'), certNo: '' })))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).create('ENTERPRISE', { enterpriseName: '契约新认证企业有限公司', creditCode: PACT_CERT.newEnterpriseCode, legalPerson: '新法人' })).certNo).toBe('');
      });
    await pact().uponReceiving('a new personal certification')
      .withRequest('POST', '/api/company/personalCertification', (b) => b.headers({ ...admin(), ...json })
        .jsonBody({ personName: '契约新个人', residentId: PACT_CERT.newResidentId, mobile: '13700000913' }))
      .willRespondWith(200, (b) => b.jsonBody(ok({ keyId: string('1763000000000000003'), certNo: '' })))
      .executeTest(async (mock) => {
        await adapter(mock.url).create('PERSONAL', { personName: '契约新个人', residentId: PACT_CERT.newResidentId, mobile: '13700000913' });
      });
    await pact().uponReceiving('a new personal certification with a wrong resident ID check digit')
      .withRequest('POST', '/api/company/personalCertification', (b) => b.headers({ ...admin(), ...json })
        .jsonBody({ personName: '契约新个人', residentId: PACT_CERT.badResidentId, mobile: '13700000913' }))
      .willRespondWith(400, (b) => b.jsonBody({ code: 160300400, message: '请输入正确的身份证号码', data: null }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).create('PERSONAL', { personName: '契约新个人', residentId: PACT_CERT.badResidentId, mobile: '13700000913' })).rejects.toBeInstanceOf(GatewayError);
      });
  });

  it('revokes the certificate, approves and rejects the certifications at the version read; a stale version is 160300409', async () => {
    await pact().uponReceiving('revoking the pact certificate')
      .withRequest('PUT', `/api/company/certificate/revoke/${PACT_CERT.certificateId}`, (b) => b.headers({ ...admin(), ...json }).jsonBody({ reason: '不再使用', version: 1 }))
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).revoke(PACT_CERT.certificateId, ' 不再使用 ', 1);
      });
    await pact().uponReceiving('approving the pact enterprise certification')
      .withRequest('PUT', `/api/company/enterpriseCertification/review/${PACT_CERT.enterpriseId}`, (b) => b.headers({ ...admin(), ...json })
        .jsonBody({ result: 'APPROVED', comment: '', version: 1 }))
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).review('ENTERPRISE', PACT_CERT.enterpriseId, 'APPROVED', '', 1);
      });
    await pact().uponReceiving('rejecting the pact personal certification')
      .withRequest('PUT', `/api/company/personalCertification/review/${PACT_CERT.personalId}`, (b) => b.headers({ ...admin(), ...json })
        .jsonBody({ result: 'REJECTED', comment: '照片不清晰', version: 1 }))
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).review('PERSONAL', PACT_CERT.personalId, 'REJECTED', '照片不清晰', 1);
      });
    await pact().uponReceiving('rejecting the pact personal certification at a stale version')
      .withRequest('PUT', `/api/company/personalCertification/review/${PACT_CERT.personalId}`, (b) => b.headers({ ...admin(), ...json })
        .jsonBody({ result: 'REJECTED', comment: '照片不清晰', version: 5 }))
      .willRespondWith(409, (b) => b.jsonBody({ code: 160300409, message: string('数据已被他人修改，请刷新后重试'), data: null }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).review('PERSONAL', PACT_CERT.personalId, 'REJECTED', '照片不清晰', 5)).rejects.toBeInstanceOf(GatewayError);
      });
  });

  it('refuses a review to the operator, whose menus do not hold 企业认证', async () => {
    await createPact().addInteraction().given(State.operatorSignedIn).uponReceiving('an operator approving an enterprise certification')
      .withRequest('PUT', `/api/company/enterpriseCertification/review/${PACT_CERT.enterpriseId}`, (b) => b.headers({ ...bearer(PACT_TOKEN.operator), ...json })
        .jsonBody({ result: 'APPROVED', comment: '', version: 1 }))
      .willRespondWith(403, (b) => b.jsonBody({ code: 160300003, message: string('无权限访问'), data: null }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url, PACT_TOKEN.operator).review('ENTERPRISE', PACT_CERT.enterpriseId, 'APPROVED', '', 1)).rejects.toBeInstanceOf(GatewayError);
      });
  });
});

import { inject, injectable } from 'inversify';
import type { CertificationGateway } from '../../application/ports/certification-gateway.port';
import {
  KIND_SPECS, type CertificationForm, type CertificationKind, type CertificationQuery, type CertificationRecord, type ReviewResult,
} from '../../domain/certification/certification';
import type { Page, PageRequest } from '../../domain/paging/page';
import { HttpClient, HttpClientId } from './http-client';

const BASE: Record<CertificationKind, string> = {
  CERTIFICATE: '/api/company/certificate',
  ENTERPRISE: '/api/company/enterpriseCertification',
  PERSONAL: '/api/company/personalCertification',
};

@injectable()
export class CertificationGatewayAdapter implements CertificationGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  page(kind: CertificationKind, query: CertificationQuery, page: PageRequest): Promise<Page<CertificationRecord>> {
    const spec = KIND_SPECS[kind];
    const params: Record<string, unknown> = { current: page.current, size: page.size };
    if (query.name.trim()) params[spec.nameField] = query.name.trim();
    if (query.idNumber.trim()) params[spec.idField] = query.idNumber.trim();
    if (query.status) params.status = query.status;
    return this.http.get<Page<CertificationRecord>>(`${BASE[kind]}/page`, { params });
  }

  get(kind: CertificationKind, keyId: string): Promise<CertificationRecord> {
    return this.http.get<CertificationRecord>(`${BASE[kind]}/${encodeURIComponent(keyId)}`);
  }

  create(kind: CertificationKind, form: CertificationForm): Promise<{ keyId: string; certNo: string }> {
    const data = Object.fromEntries(KIND_SPECS[kind].fields.map((f) => [f.field, (form[f.field] ?? '').trim()]));
    return this.http.post(BASE[kind], { data });
  }

  async revoke(keyId: string, reason: string, version: number): Promise<void> {
    await this.http.put(`${BASE.CERTIFICATE}/revoke/${encodeURIComponent(keyId)}`, { data: { reason: reason.trim(), version } });
  }

  async review(kind: 'ENTERPRISE' | 'PERSONAL', keyId: string, result: ReviewResult, comment: string, version: number): Promise<void> {
    await this.http.put(`${BASE[kind]}/review/${encodeURIComponent(keyId)}`, { data: { result, comment: comment.trim(), version } });
  }
}

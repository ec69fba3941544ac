import type { ServiceIdentifier } from 'inversify';
import type { CertificationForm, CertificationKind, CertificationQuery, CertificationRecord, ReviewResult } from '../../domain/certification/certification';
import type { Page, PageRequest } from '../../domain/paging/page';

/** 证书管理, 企业认证, 个人认证: three plain resources, one port. */
export interface CertificationGateway {
  page(kind: CertificationKind, query: CertificationQuery, page: PageRequest): Promise<Page<CertificationRecord>>;
  get(kind: CertificationKind, keyId: string): Promise<CertificationRecord>;
  /** A certificate's answer carries its new number; certifications ''. */
  create(kind: CertificationKind, form: CertificationForm): Promise<{ keyId: string; certNo: string }>;
  revoke(keyId: string, reason: string, version: number): Promise<void>;
  review(kind: 'ENTERPRISE' | 'PERSONAL', keyId: string, result: ReviewResult, comment: string, version: number): Promise<void>;
}

export const CertificationGatewayId: ServiceIdentifier<CertificationGateway> = Symbol.for('CertificationGateway');

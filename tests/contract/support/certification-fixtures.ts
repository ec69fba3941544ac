// Provider-state fixtures for the 证书管理 / 企业认证 / 个人认证 contracts: a valid certificate and a pending
// enterprise and personal certification of the demo tenant with fixed ids, put back to the same state before
// each interaction (version 1), and id numbers the create interactions can always use (whatever an earlier
// run registered with them is removed).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../../gateway/src/db/seed/demo-seed';
import { residentIdCheckChar } from '../../../src/domain/patterns/resident-id';
import { creditCodeCheckChar } from '../../../src/domain/patterns/social-credit-code';

const code = (first17: string) => first17 + creditCodeCheckChar(first17);
const rid = (first17: string) => first17 + residentIdCheckChar(first17);

export const PACT_CERT = {
  certificateId: '1700000000000000901',
  certNo: 'ZS2099000000000901',
  certificateHolder: '契约证书持有企业有限公司',
  certificateCode: code('91310115MA1PACT20'),
  enterpriseId: '1700000000000000902',
  enterpriseName: '契约认证企业有限公司',
  enterpriseCode: code('91310115MA1PACT21'),
  personalId: '1700000000000000903',
  personName: '契约个人',
  residentId: rid('31011519900101901'),
  /** What the create interactions use; nothing live has them before. */
  newCertificateCode: code('91310115MA1PACT22'),
  newEnterpriseCode: code('91310115MA1PACT23'),
  newResidentId: rid('31011519900101902'),
  /** A resident ID with its check digit changed: the gateway refuses it. */
  badResidentId: (() => { const c = rid('31011519900101902'); return c.slice(0, 17) + (c[17] === '1' ? '2' : '1'); })(),
} as const;

export async function resetPactCertifications(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('certification').where('tenant_id', '=', DEMO_TENANT_ID)
      .where('id_number', 'in', [PACT_CERT.newCertificateCode, PACT_CERT.newEnterpriseCode, PACT_CERT.newResidentId]).execute();
    const at = new Date('2026-11-22T02:00:00.000Z');
    const common = {
      tenant_id: DEMO_TENANT_ID, legal_person: null, mobile: null, holder_type: null, cert_no: null, valid_from: null, valid_to: null, comment: null,
      reviewer_id: null, reviewed_at: null, created_at: at, updated_at: at,
    };
    const fixed = [
      {
        ...common, cert_id: PACT_CERT.certificateId, kind: 'CERTIFICATE' as const, cert_no: PACT_CERT.certNo, holder_type: 'ENTERPRISE' as const,
        subject_name: PACT_CERT.certificateHolder, id_number: PACT_CERT.certificateCode, status: 'VALID' as const, valid_from: at, valid_to: new Date('2028-11-22T02:00:00.000Z'),
      },
      { ...common, cert_id: PACT_CERT.enterpriseId, kind: 'ENTERPRISE' as const, subject_name: PACT_CERT.enterpriseName, id_number: PACT_CERT.enterpriseCode, legal_person: '契约法人', status: 'PENDING' as const },
      { ...common, cert_id: PACT_CERT.personalId, kind: 'PERSONAL' as const, subject_name: PACT_CERT.personName, id_number: PACT_CERT.residentId, mobile: '13700000903', status: 'PENDING' as const },
    ];
    for (const row of fixed) {
      const { tenant_id: _t, ...update } = row;
      await trx.insertInto('certification').values({ ...row, version: sql<number>`1` })
        .onConflict((oc) => oc.column('cert_id').doUpdateSet({ ...update, version: sql<number>`1` }))
        .execute();
    }
  });
}

// 证书管理, 企业认证, 个人认证 over Kysely. Every statement names the tenant and the kind; another tenant's
// record, or a record of another kind, is simply not found. Writes take the transaction's handle only.
import type { Kysely } from 'kysely';
import type { CertificationTable, Database } from '../../db/database';

type Kind = CertificationTable['kind'];
type Status = CertificationTable['status'];

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = [
  'c.cert_id', 'c.kind', 'c.cert_no', 'c.holder_type', 'c.subject_name', 'c.id_number', 'c.legal_person', 'c.mobile', 'c.status', 'c.valid_from',
  'c.valid_to', 'c.comment', 'c.reviewer_id', 'u.nick_name as reviewer_name', 'c.reviewed_at', 'c.version', 'c.created_at',
] as const;

function recordsOf(db: Kysely<Database>, tenantId: string, kind: Kind) {
  return db
    .selectFrom('certification as c')
    .leftJoin('app_user as u', (j) => j.onRef('u.user_id', '=', 'c.reviewer_id').onRef('u.tenant_id', '=', 'c.tenant_id'))
    .where('c.tenant_id', '=', tenantId)
    .where('c.kind', '=', kind);
}

export interface CertificationFilter {
  tenantId: string;
  kind: Kind;
  name?: string;
  idNumber?: string;
  status?: Status;
  offset: number;
  limit: number;
}

export async function pageCertifications(db: Kysely<Database>, filter: CertificationFilter) {
  let query = recordsOf(db, filter.tenantId, filter.kind);
  if (filter.name) query = query.where('c.subject_name', 'like', like(filter.name));
  if (filter.idNumber) query = query.where('c.id_number', 'like', like(filter.idNumber.toUpperCase()));
  if (filter.status) query = query.where('c.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query.select(columns).orderBy('c.created_at', 'desc').orderBy('c.cert_id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findCertification(db: Kysely<Database>, tenantId: string, kind: Kind, certId: string) {
  return recordsOf(db, tenantId, kind).select(columns).where('c.cert_id', '=', certId).executeTakeFirst();
}

export type CertificationRow = NonNullable<Awaited<ReturnType<typeof findCertification>>>;

/** A live record (valid certificate, pending or approved certification) of the kind for this id number. */
export async function liveIdNumberTaken(db: Kysely<Database>, tenantId: string, kind: Kind, idNumber: string): Promise<boolean> {
  const row = await db.selectFrom('certification').select('cert_id').where('tenant_id', '=', tenantId).where('kind', '=', kind)
    .where('id_number', '=', idNumber).where('status', 'in', ['VALID', 'PENDING', 'APPROVED']).executeTakeFirst();
  return !!row;
}

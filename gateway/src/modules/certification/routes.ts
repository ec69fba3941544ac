// 证书管理 (/basicDataManagement/certificateManagement), 企业认证 and 个人认证: three plain resources over one
// table, one registrar. Every route states its menu and operation code: applying for a certificate or
// registering a certification is `add`, revoking a certificate `delete`; a review is `examine` to approve and
// `reject` to reject, checked on the result the body names (the route itself needs the menu). Every
// statement carries the caller's tenant and the kind, so another tenant's record answers 160300404 and
// changes nothing. Writes go to the operation log in their own transaction, with the record before and
// after; changes carry the version read (160300409 when stale).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  CERTIFICATE_SPEC, CertificationMessage, checkComment, ENTERPRISE_SPEC, firstCertificationFormError, PERSONAL_SPEC, type CertificationForm, type KindSpec,
} from '../../../../src/domain/certification/certification';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import { normalizeCreditCode } from '../../../../src/domain/patterns/social-credit-code';
import { normalizeResidentId } from '../../../../src/domain/patterns/resident-id';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, forbidden, invalidInput, notFound, ok } from '../../plugins/envelope';
import { hasGrant } from '../menu/repository';
import { logOperation, newId } from '../operation-log/repository';
import { findCertification, liveIdNumberTaken, pageCertifications, type CertificationRow } from './repository';
import { createSchema, detailSchema, pageSchema, reviewSchema, revokeSchema, type PageQuery, type ReviewBody, type RevokeBody } from './schemas';

const NOT_FOUND = '记录不存在';
const stale = () => new AppError(ResultCode.staleVersion, '数据已被他人修改，请刷新后重试');
type Db = GatewayDeps['db'];

const iso = (d: Date | null) => (d ? d.toISOString() : '');

export function toCertificationRecord(r: CertificationRow) {
  return {
    keyId: r.cert_id,
    certNo: r.cert_no ?? '',
    holderType: r.holder_type ?? '',
    name: r.subject_name,
    idNumber: r.id_number,
    legalPerson: r.legal_person ?? '',
    mobile: r.mobile ?? '',
    status: r.status,
    validFrom: iso(r.valid_from),
    validTo: iso(r.valid_to),
    comment: r.comment ?? '',
    reviewerName: r.reviewer_name ?? '',
    reviewTime: iso(r.reviewed_at),
    version: r.version,
    createTime: r.created_at.toISOString(),
  };
}

interface Resource {
  base: string;
  spec: KindSpec;
  /** The operation log's name for the record, e.g. certificate. */
  target: string;
}

/** A unique index refused the write because the id number already has a live record. */
const liveDuplicate = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes('certification_live_id_number_uq');
};

async function snapshot(db: Db, tenantId: string, spec: KindSpec, certId: string) {
  const row = await findCertification(db, tenantId, spec.kind, certId);
  return row ? toCertificationRecord(row) : null;
}

/** The body checked against the domain's rules, normalised as stored. */
function checkedForm(spec: KindSpec, body: CertificationForm, now: Date): CertificationForm {
  const form = Object.fromEntries(spec.fields.map((f) => [f.field, (body[f.field] ?? '').trim()]));
  const idNumber = form[spec.idField]!;
  const idIsCredit = spec.kind === 'ENTERPRISE' || (spec.kind === 'CERTIFICATE' && form.holderType === 'ENTERPRISE');
  form[spec.idField] = idIsCredit ? normalizeCreditCode(idNumber) : normalizeResidentId(idNumber);
  const refusal = firstCertificationFormError(spec, form, now);
  if (refusal) throw invalidInput(refusal);
  return form;
}

async function create(deps: GatewayDeps, tenantId: string, actor: string, res: Resource, body: CertificationForm) {
  const now = deps.now();
  const { spec } = res;
  const form = checkedForm(spec, body, now);
  if (await liveIdNumberTaken(deps.db, tenantId, spec.kind, form[spec.idField]!)) throw invalidInput(CertificationMessage.duplicate);
  const certId = newId();
  const isCertificate = spec.kind === 'CERTIFICATE';
  const certNo = isCertificate ? `ZS${now.getFullYear()}${certId.slice(-12)}` : null;
  const validTo = new Date(now);
  validTo.setFullYear(validTo.getFullYear() + 2);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('certification').values({
        cert_id: certId, tenant_id: tenantId, kind: spec.kind, cert_no: certNo,
        holder_type: isCertificate ? (form.holderType as 'ENTERPRISE' | 'PERSONAL') : null,
        subject_name: form[spec.nameField]!, id_number: form[spec.idField]!,
        legal_person: spec.kind === 'ENTERPRISE' ? form.legalPerson! : null, mobile: spec.kind === 'PERSONAL' ? form.mobile! : null,
        status: isCertificate ? 'VALID' : 'PENDING', valid_from: isCertificate ? now : null, valid_to: isCertificate ? validTo : null,
        comment: null, reviewer_id: null, reviewed_at: null, created_at: now, updated_at: now,
      }).execute();
      await logOperation(trx, {
        tenantId, userId: actor, now, action: `${res.target}.${isCertificate ? 'apply' : 'create'}`, targetType: res.target, targetId: certId,
        after: await snapshot(trx, tenantId, spec, certId),
      });
    });
  } catch (error) {
    // The same id number registered at once on PostgreSQL: the form's refusal, not a server fault.
    if (liveDuplicate(error)) throw invalidInput(CertificationMessage.duplicate);
    throw error;
  }
  return { keyId: certId, certNo: certNo ?? '' };
}

/** Moves a record from one status to the next, with its comment, if it is still as read. */
async function transition(
  deps: GatewayDeps, tenantId: string, actor: string, res: Resource, certId: string,
  change: { from: 'VALID' | 'PENDING'; to: 'REVOKED' | 'APPROVED' | 'REJECTED'; comment: string; version: number; action: string; refusal: string },
) {
  const { spec } = res;
  const before = await findCertification(deps.db, tenantId, spec.kind, certId);
  if (!before) throw notFound(NOT_FOUND);
  if (before.version !== change.version) throw stale();
  if (before.status !== change.from) throw invalidInput(change.refusal);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('certification')
      .set((eb) => ({
        status: change.to, comment: change.comment || null, updated_at: now, version: eb('version', '+', 1),
        ...(spec.kind === 'CERTIFICATE' ? {} : { reviewer_id: actor, reviewed_at: now }),
      }))
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', spec.kind)
      .where('cert_id', '=', certId)
      .where('status', '=', change.from)
      .where('version', '=', change.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw stale();
    await logOperation(trx, {
      tenantId, userId: actor, now, action: `${res.target}.${change.action}`, targetType: res.target, targetId: certId,
      before: toCertificationRecord(before), after: await snapshot(trx, tenantId, spec, certId),
    });
  });
}

function registerResource(app: FastifyInstance, deps: GatewayDeps, res: Resource) {
  const { spec, base } = res;
  const menu = spec.path;

  app.get<{ Querystring: PageQuery }>(`${base}/page`, { config: { access: { menu } }, schema: pageSchema(spec) }, async (request) => {
    const q = request.query;
    const current = Number(q.current ?? '1');
    const size = Number(q.size ?? '10');
    const { rows, total } = await pageCertifications(deps.db, {
      tenantId: sessionOf(request).tenantId,
      kind: spec.kind,
      name: q[spec.nameField]?.trim() || undefined,
      idNumber: q[spec.idField]?.trim() || undefined,
      status: (q.status || undefined) as CertificationRow['status'] | undefined,
      offset: (current - 1) * size,
      limit: size,
    });
    return ok({ records: rows.map(toCertificationRecord), total, current, size });
  });

  app.get<{ Params: { id: string } }>(`${base}/:id`, { config: { access: { menu } }, schema: detailSchema(spec) }, async (request) => {
    const row = await findCertification(deps.db, sessionOf(request).tenantId, spec.kind, request.params.id);
    if (!row) throw notFound(NOT_FOUND);
    return ok(toCertificationRecord(row));
  });

  app.post<{ Body: CertificationForm }>(base, { config: { access: { menu, op: 'add' } }, schema: createSchema(spec) }, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await create(deps, tenantId, userId, res, request.body));
  });

  if (spec.kind === 'CERTIFICATE') {
    app.put<{ Params: { id: string }; Body: RevokeBody }>(`${base}/revoke/:id`, { config: { access: { menu, op: 'delete' } }, schema: revokeSchema }, async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const refusal = checkComment(request.body.reason, 'revoke');
      if (refusal) throw invalidInput(refusal);
      await transition(deps, tenantId, userId, res, request.params.id, {
        from: 'VALID', to: 'REVOKED', comment: request.body.reason.trim(), version: request.body.version, action: 'revoke', refusal: CertificationMessage.notValid,
      });
      return ok(null);
    });
    return;
  }

  app.put<{ Params: { id: string }; Body: ReviewBody }>(`${base}/review/:id`, { config: { access: { menu } }, schema: reviewSchema(spec) }, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { result, version } = request.body;
    // The operation code follows the result: approving is examine, rejecting is reject.
    const op = result === 'APPROVED' ? 'examine' : 'reject';
    if (!(await hasGrant(deps.db, { userId, tenantId, menuId: normalizeMenuPath(menu), op }))) throw forbidden();
    const comment = request.body.comment ?? '';
    const refusal = checkComment(comment, result === 'REJECTED' ? 'reject' : null);
    if (refusal) throw invalidInput(refusal);
    await transition(deps, tenantId, userId, res, request.params.id, {
      from: 'PENDING', to: result, comment: comment.trim(), version, action: result === 'APPROVED' ? 'approve' : 'reject', refusal: CertificationMessage.notPending,
    });
    return ok(null);
  });
}

export const certificationRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, { base: '/api/company/certificate', spec: CERTIFICATE_SPEC, target: 'certificate' });
  registerResource(app, deps, { base: '/api/company/enterpriseCertification', spec: ENTERPRISE_SPEC, target: 'enterpriseCertification' });
  registerResource(app, deps, { base: '/api/company/personalCertification', spec: PERSONAL_SPEC, target: 'personalCertification' });
};

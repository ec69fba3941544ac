// 证书管理, 企业认证, 个人认证 over the resource kit: three definitions, one table. What a definition cannot
// say is the certificate's own number and validity, set when it is issued.
import type { FastifyPluginAsync } from 'fastify';
import { businessYear } from '../../../../src/domain/calendar/calendar-date';
import {
  CERTIFICATE,
  ENTERPRISE_CERTIFICATION,
  PERSONAL_CERTIFICATION,
} from '../../../../src/domain/certification/certification.resource';
import type { GatewayDeps } from '../../deps';
import { registerResource } from '../../resource/resource-routes';
import { afterRegistrationReview } from '../registration/routes';
import { DOCUMENT_PREFIX } from '../../../../src/domain/document-numbers';

/** A certificate is valid for two years from its issue (证书编号 ZS + its Beijing year + the id's last 12 digits). */
export function issueCertificate(id: string, now: Date) {
  const validTo = new Date(now);
  validTo.setFullYear(validTo.getFullYear() + 2);
  return {
    cert_no: `${DOCUMENT_PREFIX.certificate}${businessYear(now)}${id.slice(-12)}`,
    valid_from: now,
    valid_to: validTo,
  };
}

export const certificationRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, CERTIFICATE, { beforeCreate: (_form, { id, now }) => issueCertificate(id, now) });
  // A registration's 企业认证: approval lets the supplier in (registration module).
  registerResource(app, deps, ENTERPRISE_CERTIFICATION, { afterTransition: afterRegistrationReview });
  registerResource(app, deps, PERSONAL_CERTIFICATION);
};

export default certificationRoutes;

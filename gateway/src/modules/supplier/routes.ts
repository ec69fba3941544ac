// The supplier's data-query authorization (SPEC §4, §7.2): whether consent is still needed (and the letter
// to consent to), the capital sides it covers, and the consent itself. Only a user of the supplier, or staff
// who may edit suppliers (the platform admin), may ask or consent for it; another tenant's supplier is not
// found, and a supplier user asking about another supplier learns no more than that.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AUTHORIZATION_TEMPLATE_ID } from '../../../../src/domain/constants';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import type { SupplierAuthResult } from '../../../../src/domain/supplier-authorization/supplier-authorization';
import {
  AUTH_RESULT_OK,
  AUTH_RESULT_REFUSED,
  AuthorizationMessage,
  authorizationLetter,
} from '../../../../src/domain/supplier-authorization/supplier-authorization';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { forbidden, invalidInput, notFound, ok } from '../../plugins/envelope';
import { hasGrant } from '../menu/repository';
import type { SupplierRow } from './repository';
import { findSupplier, findTenantName, findUserOrganization, listCapitalSideCodes, recordConsent } from './repository';
import type { CheckAuthorizationBody, GysIdQuery, UpdateSupplierAuthBody } from './schemas';
import { capitalSideCodeSchema, checkAuthorizationSchema, updateSupplierAuthSchema } from './schemas';
// Its documents are found by number from the header's search (stage-search.ts).
import './search';

/** Staff whose roles may edit suppliers may act for any supplier of their tenant. */
const SUPPLIER_ADMIN_MENU = normalizeMenuPath('/basicDataManagement/supplierManagement');

export const supplierRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db } = deps;

  async function supplierFor(request: FastifyRequest, gysId: string): Promise<SupplierRow> {
    const { userId, tenantId } = sessionOf(request);
    const [supplier, user] = await Promise.all([
      findSupplier(db, tenantId, gysId),
      findUserOrganization(db, userId, tenantId),
    ]);
    if (!supplier) throw notFound(AuthorizationMessage.notASupplier);
    if (user?.organization_id === supplier.org_id) return supplier;
    if (user?.user_type === 'SUPPLIER') throw notFound(AuthorizationMessage.notASupplier);
    if (await hasGrant(db, { userId, tenantId, menuId: SUPPLIER_ADMIN_MENU, op: 'edit' })) return supplier;
    throw forbidden();
  }

  app.post<{ Querystring: GysIdQuery; Body: CheckAuthorizationBody }>(
    '/api/product/supplier/checkAuthorization',
    { config: { access: 'session' }, schema: checkAuthorizationSchema },
    async (request) => {
      if (request.body.gysId !== request.query.gysId) throw invalidInput('参数校验失败：gysId 与查询参数不一致');
      const supplier = await supplierFor(request, request.query.gysId);
      if (supplier.data_auth_state === 'AUTHORIZED') return ok(null);
      const groupName = await findTenantName(db, sessionOf(request).tenantId);
      return ok(authorizationLetter(groupName));
    },
  );

  app.get<{ Querystring: GysIdQuery }>(
    '/api/product/supplier/getCapitalSideCode',
    { config: { access: 'session' }, schema: capitalSideCodeSchema },
    async (request) => {
      await supplierFor(request, request.query.gysId);
      return ok(await listCapitalSideCodes(db, sessionOf(request).tenantId));
    },
  );

  app.post<{ Body: UpdateSupplierAuthBody }>(
    '/api/product/supplier/updateSupplierAuth',
    { config: { access: 'session' }, schema: updateSupplierAuthSchema },
    async (request) => {
      const { userId, tenantId } = sessionOf(request);
      const { gysId, authState, capitalSideCodeList } = request.body;
      const supplier = await supplierFor(request, gysId);
      // Refusals the supplier can act on are the call's own answer (code '1' in data), as SPEC §7.2 says.
      const refuse = (message: string) => ok<SupplierAuthResult>({ code: AUTH_RESULT_REFUSED, message });
      if (capitalSideCodeList.length === 0) return refuse(AuthorizationMessage.noCapitalSide);
      const known = new Set(await listCapitalSideCodes(db, tenantId));
      const unknown = [...new Set(capitalSideCodeList.filter((code) => !known.has(code)))];
      if (unknown.length > 0) return refuse(AuthorizationMessage.unknownCapitalSide(unknown));
      await recordConsent(db, {
        tenantId,
        supplier,
        templateId: AUTHORIZATION_TEMPLATE_ID,
        authState,
        userId,
        capitalSideCodes: capitalSideCodeList,
        now: deps.now(),
      });
      return ok<SupplierAuthResult>({ code: AUTH_RESULT_OK, message: AuthorizationMessage.granted });
    },
  );
};

export default supplierRoutes;

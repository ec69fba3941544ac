// SPEC §7.2's menu-scoped "pay book page, loan amount sum and export" (BUSINESS.md §4 maps them to 付款单信息, the
// 台账). They receive the menu id and act only for someone granted that menu: the data is scoped by it
// (BUSINESS.md "Whose data": a supplier user sees only its own supplier's orders, others the tenant). Σ 已放款
// is what the registered loans lent against the orders the filter holds (lent-by-order.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PAYMENT_ORDER, PAYMENT_ORDER_PATH } from '../../../../src/domain/assets/payment-order.resource';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { type JsonSchema, envelopeResponses, forbidden, ok } from '../../plugins/envelope';
import { pageRequest } from '../../schemas/common';
import { contentDisposition } from '../file/file-names';
import { grantedMenus } from '../menu/repository';
import {
  type FixedScope,
  type ResourceQuery,
  filtered,
  listResources,
  pageResources,
} from '../../resource/resource-repository';
import { lentOnOrders } from '../lending/lent-by-order';
import { EXPORT_MAX_ROWS, exportWorkbook, masked } from '../../resource/resource-routes';
import { querySchema, recordSchema } from '../../resource/resource-schemas';
import { wireFen } from '../../stage/stage-money';

/** The menus whose data these calls serve; today the 台账 is 付款单信息's. */
const PAY_BOOK_MENUS = new Set([normalizeMenuPath(PAYMENT_ORDER_PATH)]);
const MenuId = Type.String({ maxLength: 200, description: '菜单 id（SPEC §7.2 菜单范围的调用自动附带）' });

const withMenu = (paged: boolean) => {
  const q = querySchema(PAYMENT_ORDER, paged);
  return Type.Object({ ...q.properties, menuId: MenuId }, { additionalProperties: false, required: ['menuId'] });
};

export const payBookRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;

  /** The menu must be a pay-book menu the caller holds (with the code, if any); the answer is the data scope. */
  const scopeOf = async (request: FastifyRequest, op?: string): Promise<FixedScope> => {
    const { userId, tenantId } = sessionOf(request);
    const menuId = normalizeMenuPath((request.query as { menuId: string }).menuId);
    const codes = (await grantedMenus(deps.db, userId, tenantId)).get(menuId);
    if (!PAY_BOOK_MENUS.has(menuId) || !codes || (op && !codes.has(op))) throw forbidden();
    const org = await db
      .selectFrom('app_user as u')
      .innerJoin('organization as o', 'o.org_id', 'u.organization_id')
      .where('u.user_id', '=', userId)
      .where('u.tenant_id', '=', tenantId)
      .select(['o.org_id', 'o.org_type'])
      .executeTakeFirst();
    return org?.org_type === 'SUPPLIER' ? { supplier_id: String(org.org_id) } : {};
  };
  const record = recordSchema(PAYMENT_ORDER);

  app.get(
    '/api/assets/payBook/page',
    {
      config: { access: 'session' },
      schema: {
        tags: ['assets'],
        summary: '付款单台账分页（菜单范围）',
        querystring: withMenu(true),
        response: envelopeResponses(
          Type.Object({
            records: Type.Array(record),
            total: Type.Integer(),
            current: Type.Integer(),
            size: Type.Integer(),
            sums: Type.Record(Type.String(), Type.Integer()),
          }) as unknown as JsonSchema,
        ),
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const q = request.query as ResourceQuery;
      const page = pageRequest(q);
      const { records, total, sums } = await pageResources(
        db,
        PAYMENT_ORDER,
        sessionOf(request).tenantId,
        q,
        page,
        scope,
      );
      return ok({
        records: records.map((r) => masked(PAYMENT_ORDER, r)),
        total,
        current: page.current,
        size: page.size,
        sums: sums ?? {},
      });
    },
  );

  app.get(
    '/api/assets/payBook/loanAmountSum',
    {
      config: { access: 'session' },
      schema: {
        tags: ['assets'],
        summary: '付款单台账 Σ 已放款（分）：已登记放款按融资申请明细落在所筛选付款单上的金额之和',
        querystring: withMenu(false),
        response: envelopeResponses(Type.Object({ loanAmount: Type.Integer() }) as unknown as JsonSchema),
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { tenantId } = sessionOf(request);
      const orders = filtered(db, PAYMENT_ORDER, tenantId, request.query as ResourceQuery, scope).select('t.order_id');
      return ok({ loanAmount: wireFen(await lentOnOrders(db, tenantId, orders)) });
    },
  );

  app.get(
    '/api/assets/payBook/export',
    {
      config: { access: 'session' },
      schema: { tags: ['assets'], summary: '付款单台账导出（菜单范围，xlsx）', querystring: withMenu(false) },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, 'export');
      const records = await listResources(
        db,
        PAYMENT_ORDER,
        sessionOf(request).tenantId,
        request.query as ResourceQuery,
        EXPORT_MAX_ROWS,
        scope,
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', '付款单台账.xlsx'))
        .send(
          await exportWorkbook(
            PAYMENT_ORDER,
            records.map((r) => masked(PAYMENT_ORDER, r)),
          ),
        );
    },
  );
};

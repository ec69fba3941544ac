// What the kit's record does not carry, for the two detail pages (BUSINESS.md §4): an order's invoices, its
// asset changes and its financing history — the businesses whose 融资申请 holds part of its 占用金额, so the
// figure on the page can be traced to them; a change's field-by-field before and after and the businesses it
// touches. Both answer only the caller's tenant.
import type { FastifyPluginAsync } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { ASSET_CHANGE_DETAIL_PATH } from '../../../../src/domain/assets/asset-change.resource';
import { PAYMENT_ORDER_DETAILS_PATH } from '../../../../src/domain/assets/payment-order.resource';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { type JsonSchema, envelopeResponses, notFound, ok } from '../../plugins/envelope';
import { fenOf, wireFen } from '../../stage/stage-money';

// biome-ignore lint/suspicious/noExplicitAny: the assets tables are the kit's, typed by their definitions
type AnyDb = Kysely<any>;

const IdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 40, pattern: '^[0-9A-Za-z-]+$' } },
} as const;
const envelope = (data: object) => envelopeResponses(data as JsonSchema);
const Diff = {
  type: 'object',
  additionalProperties: false,
  properties: { field: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } },
};
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as unknown[];

export const assetDetailRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db as unknown as AnyDb;

  app.get(
    '/api/assets/paymentOrder/:id/details',
    {
      config: { access: { menu: PAYMENT_ORDER_DETAILS_PATH } },
      schema: {
        tags: ['assets'],
        summary: '付款单详情：发票、资产变更、融资记录',
        params: IdParams,
        response: envelope({
          type: 'object',
          additionalProperties: false,
          properties: {
            invoices: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                properties: { no: { type: 'string' }, amount: { type: 'integer' }, date: { type: 'string' } },
              },
            },
            changes: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  keyId: { type: 'string' },
                  changeNo: { type: 'string' },
                  changeType: { type: 'string' },
                  summary: { type: 'string' },
                  status: { type: 'string' },
                  changedAt: { type: 'string' },
                },
              },
            },
            financings: {
              type: 'array',
              description: '占用该付款单可融资余额的业务（融资申请提交后占用，撤回或终止后释放）',
              items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  businessId: { type: 'string' },
                  businessNo: { type: 'string' },
                  applicationNo: { type: 'string' },
                  stateLabel: { type: 'string' },
                  reservedAmount: { type: 'integer', description: '占用金额（分）' },
                },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const id = (request.params as { id: string }).id;
      const order = await db
        .selectFrom('payment_order')
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', id)
        .select('invoices')
        .executeTakeFirst();
      if (!order) throw notFound('记录不存在');
      const changes = await db
        .selectFrom('asset_change')
        .where('tenant_id', '=', tenantId)
        .where('target_id', '=', id)
        .select(['change_id', 'change_no', 'change_type', 'summary', 'status', 'changed_at'])
        .orderBy('changed_at', 'desc')
        .limit(100)
        .execute();
      const holders = await db
        .selectFrom('financing_application as a')
        .innerJoin('financing_business as b', (j) =>
          j.onRef('b.business_id', '=', 'a.application_id').onRef('b.tenant_id', '=', 'a.tenant_id'),
        )
        .select([
          'b.business_id',
          'b.business_no',
          'b.state',
          'a.application_no',
          sql<string>`a.reserved ->> ${id}`.as('reserved_amount'),
        ])
        .where('a.tenant_id', '=', tenantId)
        .where(sql<boolean>`coalesce((a.reserved ->> ${id})::bigint, 0) > 0`)
        .orderBy('b.business_no')
        .limit(100)
        .execute();
      return ok({
        invoices: parse(order.invoices),
        changes: changes.map((c) => ({
          keyId: String(c.change_id),
          changeNo: String(c.change_no),
          changeType: String(c.change_type),
          summary: String(c.summary),
          status: String(c.status),
          changedAt: new Date(c.changed_at as string).toISOString(),
        })),
        financings: holders.map((h) => ({
          businessId: String(h.business_id),
          businessNo: String(h.business_no),
          applicationNo: String(h.application_no),
          stateLabel: stateLabel(String(h.state)),
          reservedAmount: wireFen(fenOf(h.reserved_amount)),
        })),
      });
    },
  );

  app.get(
    '/api/assets/assetChange/:id/diffs',
    {
      config: { access: { menu: ASSET_CHANGE_DETAIL_PATH } },
      schema: {
        tags: ['assets'],
        summary: '资产变更的逐字段变更前后与影响业务',
        params: IdParams,
        response: envelope({
          type: 'object',
          additionalProperties: false,
          properties: {
            diffs: { type: 'array', items: Diff },
            impactedBusinessIds: { type: 'array', items: { type: 'string' } },
          },
        }),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const row = await db
        .selectFrom('asset_change')
        .where('tenant_id', '=', tenantId)
        .where('change_id', '=', (request.params as { id: string }).id)
        .select(['diffs', 'impacted_business_ids'])
        .executeTakeFirst();
      if (!row) throw notFound('记录不存在');
      const diffs = parse(row.diffs) as Array<{ field: string; before: unknown; after: unknown }>;
      return ok({
        diffs: diffs.map((d) => ({ field: d.field, before: String(d.before ?? ''), after: String(d.after ?? '') })),
        impactedBusinessIds: (parse(row.impacted_business_ids) as unknown[]).map(String),
      });
    },
  );
};

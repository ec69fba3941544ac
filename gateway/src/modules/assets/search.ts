// 付款单 found by its 付款单号 (the ERP's number, no prefix of ours) within the caller's scope, opened on 付款单详情.
import { sql } from 'kysely';
import { PAYMENT_ORDER_DETAILS_PATH } from '../../../../src/domain/assets/payment-order.resource';
import { withinScope } from '../../resource/resource-repository';
import { registerDocumentSearch } from '../../stage/stage-search';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('assets/search');

extend(registerDocumentSearch, {
  kind: 'paymentOrder',
  find: async (db, ctx, text, limit) => {
    const rows = await withinScope(
      db
        .selectFrom('payment_order as p')
        .leftJoin('organization as s', (j) =>
          j.onRef('s.org_id', '=', 'p.supplier_id').onRef('s.tenant_id', '=', 'p.tenant_id'),
        )
        .select(['p.order_id', 'p.order_no', 's.org_name'])
        .where('p.tenant_id', '=', ctx.tenantId)
        .where(sql<boolean>`upper(p.order_no) = upper(${text})`),
      'p',
      ctx.scope,
    )
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      keyId: r.order_id,
      no: r.order_no,
      title: r.org_name ?? '',
      path: `${PAYMENT_ORDER_DETAILS_PATH}?id=${r.order_id}`,
    }));
  },
});

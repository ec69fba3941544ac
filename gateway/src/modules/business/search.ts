// 融资业务 found by its 业务编号 (RZ…) within the caller's scope, opened on 业务详情.
import { withinScope } from '../../resource/resource-repository';
import { registerDocumentSearch } from '../../stage/stage-search';
import { BUSINESS_DETAIL } from './visibility';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('business/search');

extend(registerDocumentSearch, {
  kind: 'business',
  find: async (db, ctx, text, limit) => {
    const rows = await withinScope(
      db
        .selectFrom('financing_business as b')
        .leftJoin('organization as s', (j) =>
          j.onRef('s.org_id', '=', 'b.supplier_id').onRef('s.tenant_id', '=', 'b.tenant_id'),
        )
        .select(['b.business_id', 'b.business_no', 's.org_name'])
        .where('b.tenant_id', '=', ctx.tenantId)
        .where('b.deleted', '=', false)
        .where('b.business_no', '=', text),
      'b',
      ctx.scope,
    )
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      keyId: r.business_id,
      no: r.business_no,
      title: r.org_name ?? '',
      path: `${BUSINESS_DETAIL}?id=${r.business_id}`,
    }));
  },
});

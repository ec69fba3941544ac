// 合同 found by its 合同编号 (HT…) within the caller's scope (its business's), opened on its business's 业务详情.
import { withinScope } from '../../resource/resource-repository';
import { registerDocumentSearch } from '../../stage/stage-search';
import { BUSINESS_DETAIL } from '../business/visibility';

registerDocumentSearch({
  kind: 'contract',
  find: async (db, ctx, text, limit) => {
    const rows = await withinScope(
      db
        .selectFrom('contract_file as c')
        .innerJoin('financing_business as b', (j) =>
          j.onRef('b.business_id', '=', 'c.business_id').onRef('b.tenant_id', '=', 'c.tenant_id'),
        )
        .select(['c.item_id', 'c.contract_no', 'c.name', 'b.business_id', 'b.business_no'])
        .where('c.tenant_id', '=', ctx.tenantId)
        .where('b.deleted', '=', false)
        .where('c.contract_no', '=', text),
      'b',
      ctx.scope,
    )
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      keyId: r.item_id,
      no: r.contract_no,
      title: `${r.name} · 业务编号 ${r.business_no}`,
      path: `${BUSINESS_DETAIL}?id=${r.business_id}`,
    }));
  },
});

// 还款 found by its 还款编号 (HK…) within the caller's scope (its business's), opened on 还款登记 at its loan.
import { REPAYMENT_LIST_PATH } from '../../../../src/domain/financing/repayment';
import { withinScope } from '../../resource/resource-repository';
import { registerDocumentSearch } from '../../stage/stage-search';

registerDocumentSearch({
  kind: 'repayment',
  find: async (db, ctx, text, limit) => {
    const rows = await withinScope(
      db
        .selectFrom('repayment as r')
        .innerJoin('financing_business as b', (j) =>
          j.onRef('b.business_id', '=', 'r.business_id').onRef('b.tenant_id', '=', 'r.tenant_id'),
        )
        .select(['r.business_id', 'r.repayment_no', 'b.business_no'])
        .where('r.tenant_id', '=', ctx.tenantId)
        .where('b.deleted', '=', false)
        .where('r.repayment_no', '=', text),
      'b',
      ctx.scope,
    )
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      keyId: r.business_id,
      no: r.repayment_no,
      title: `业务编号 ${r.business_no}`,
      path: `${REPAYMENT_LIST_PATH}?id=${r.business_id}`,
    }));
  },
});

// 放款 found by its 放款编号 (DK…) within the caller's scope (its business's), opened on 还款计划详情.
import { PLAN_INFO_PATH } from '../../../../src/domain/financing/repayment-plan';
import { withinScope } from '../../resource/resource-repository';
import { registerDocumentSearch } from '../../stage/stage-search';

registerDocumentSearch({
  kind: 'loan',
  find: async (db, ctx, text, limit) => {
    const rows = await withinScope(
      db
        .selectFrom('loan as l')
        .innerJoin('financing_business as b', (j) =>
          j.onRef('b.business_id', '=', 'l.business_id').onRef('b.tenant_id', '=', 'l.tenant_id'),
        )
        .select(['l.business_id', 'l.loan_no', 'b.business_no'])
        .where('l.tenant_id', '=', ctx.tenantId)
        .where('l.status', '=', 'REGISTERED')
        .where('b.deleted', '=', false)
        .where('l.loan_no', '=', text),
      'b',
      ctx.scope,
    )
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      keyId: r.business_id,
      no: r.loan_no,
      title: `业务编号 ${r.business_no}`,
      path: `${PLAN_INFO_PATH}?id=${r.business_id}`,
    }));
  },
});

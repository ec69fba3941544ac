// 供应商 found by its 供应商编号 (GYS…) or by a part of its name, opened on its page of 供应商管理; a supplier user
// finds only its own company.
import { like } from '../../resource/resource-repository';
import { registerDocumentSearch } from '../../stage/stage-search';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('supplier/search');

const SUPPLIER_FORM = '/addSupplier';

extend(registerDocumentSearch, {
  kind: 'supplier',
  find: async (db, ctx, text, limit) => {
    let query = db
      .selectFrom('organization')
      .select(['org_id', 'org_name', 'gys_id'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('org_type', '=', 'SUPPLIER')
      .where((eb) => eb.or([eb('gys_id', '=', text), eb('org_name', 'ilike', like(text))]));
    if (ctx.actor.supplierId) query = query.where('org_id', '=', ctx.actor.supplierId);
    const rows = await query.orderBy('org_name').limit(limit).execute();
    return rows.map((r) => ({
      keyId: r.org_id,
      no: r.org_name,
      title: r.gys_id ? `供应商编号 ${r.gys_id}` : '',
      path: `${SUPPLIER_FORM}?keyId=${r.org_id}`,
    }));
  },
});

// 合同 found by its 合同编号 (HT…) within the caller's scope (its business's), opened on its business's 业务详情.
import { numberSearch, registerDocumentSearch } from '../../stage/stage-search';
import { BUSINESS_DETAIL } from '../business/visibility';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('contract/search');

extend(
  registerDocumentSearch,
  numberSearch({
    ...{ kind: 'contract', table: 'contract_file', no: 'contract_no' },
    hit: (r) => ({
      keyId: String(r.item_id),
      title: `${r.name} · 业务编号 ${r.business_no}`,
      path: `${BUSINESS_DETAIL}?id=${r.business_id}`,
    }),
  }),
);

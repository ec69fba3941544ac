// Search every number: the command palette and the header's box find a document by its number — or a
// supplier by name — within the caller's scope, and open it. Each kind of document registers, in the gateway
// module that owns it, its prefix (document-numbers.ts: no two kinds share one) and the page that opens it; a
// number whose prefix names a kind is looked for in that kind only. A number outside the caller's scope, or one
// whose page the caller does not hold, is simply not found.
import { DOCUMENT_PREFIX, type DocumentKind } from '../document-numbers';

export const SEARCH_API = '/api/search/documents';
/** The text searched: a number, or a supplier's name (SPEC §9: search text max 100). */
export const SEARCH_MAX = 100;
export const SEARCH_MIN = 2;
/** At most this many hits per kind. */
export const SEARCH_LIMIT = 10;

/** The kinds a search finds: the numbered documents, a payment order (its number is the ERP's) and a supplier. */
export type SearchKind = DocumentKind | 'paymentOrder';

export const SEARCH_KIND_LABEL: Readonly<Partial<Record<SearchKind, string>>> = {
  business: '融资业务',
  loan: '放款',
  repayment: '还款',
  contract: '合同',
  meeting: '评审会',
  paymentOrder: '付款单',
  supplier: '供应商',
};

export interface SearchHit {
  kind: SearchKind;
  keyId: string;
  /** The number, or the supplier's name. */
  no: string;
  /** What else identifies it: the supplier, the business's number, … */
  title: string;
  /** The page that opens it. */
  path: string;
}

/** The prefix a kind's numbers carry, when they carry one of the table's. */
export const prefixOf = (kind: SearchKind): string | null =>
  kind in DOCUMENT_PREFIX ? DOCUMENT_PREFIX[kind as DocumentKind] : null;

// The kit's document search (search every number): the module that owns a kind of document registers
// how to find it by its number — within the caller's scope, the same scope function as its list — and the page
// that opens it; `searchDocuments` asks the kind the number's prefix names (document-numbers.ts), or, for a
// number of no known prefix, the kinds whose numbers carry none (a payment order's, a supplier's name). A hit on a
// page the caller does not hold is dropped: out of scope and not openable read the same, not found.
import { type Kysely, sql } from 'kysely';
import { kindOfNumber } from '../../../src/domain/document-numbers';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import { SEARCH_LIMIT, type SearchHit, type SearchKind, prefixOf } from '../../../src/domain/search/document-search';
import type { Database } from '../db/database';
import { type Extensions, extensionsOf } from './extensions';
import type { Grants } from '../plugins/access-cache';
import type { Actor } from '../modules/business/aggregate';
import { type FixedScope, withinScope } from '../resource/resource-repository';
import { fixedScopeOf } from './stage-scope';
import { type TablesWith, kitDb } from './stage-tables';

declare module './extensions' {
  interface ExtensionPoints {
    documentSearches: Map<SearchKind, DocumentSearch>;
  }
}

export interface SearchContext {
  tenantId: string;
  actor: Actor;
  /** The caller's data scope, as every list applies it. */
  scope: FixedScope;
}

/** One kind's finder: the rows whose number is `text` (or whose name contains it), at most `limit`. */
export interface DocumentSearch {
  kind: SearchKind;
  find(db: Kysely<Database>, ctx: SearchContext, text: string, limit: number): Promise<Omit<SearchHit, 'kind'>[]>;
}

/** Registers a kind's search; a kind is registered once. */
export function registerDocumentSearch(x: Extensions, search: DocumentSearch): void {
  if (x.point('documentSearches').has(search.kind))
    throw new Error(`document search for ${search.kind} registered twice`);
  x.point('documentSearches').set(search.kind, search);
}

/** A kind numbered on a table of a business's records, found with its business in the caller's scope. */
/** What a numbered record's table carries for the search: its tenant and its business. */
interface NumberedColumns {
  tenant_id: string;
  business_id: string;
}
type NumberedTable = Exclude<TablesWith<NumberedColumns>, 'financing_business'>;

export interface NumberSearch {
  kind: SearchKind;
  /** The records' table and its number's column; `where`: what else a record found must hold. */
  table: NumberedTable;
  no: string;
  where?: Readonly<Record<string, string>>;
  /** The hit of a record (its columns and the business's `business_no`). */
  hit(row: Record<string, unknown>): Omit<SearchHit, 'kind' | 'no'>;
}

/** The search of such a kind: one declaration per kind, the join, scope and limit the kit's. */
export const numberSearch = (d: NumberSearch): DocumentSearch => ({
  kind: d.kind,
  find: async (db, ctx, text, limit) => {
    // The number's and the conditions' columns are the definition's own, named by it.
    let q = kitDb<NumberedColumns, NumberedTable>(db)
      .selectFrom(`${d.table} as d` as `${NumberedTable} as d`)
      .innerJoin('financing_business as b', (j) =>
        j.onRef('b.business_id', '=', 'd.business_id').onRef('b.tenant_id', '=', 'd.tenant_id'),
      )
      .selectAll('d')
      .select('b.business_no')
      .where('d.tenant_id', '=', ctx.tenantId)
      .where('b.deleted', '=', false)
      .where(sql.ref(`d.${d.no}`), '=', text);
    for (const [column, value] of Object.entries(d.where ?? {})) q = q.where(sql.ref(`d.${column}`), '=', value);
    const rows: Record<string, unknown>[] = await withinScope(q, 'b', ctx.scope).limit(limit).execute();
    return rows.map((r) => ({ no: String(r[d.no]), ...d.hit(r) }));
  },
});

/**
 * The hit of a record opened at its business (a loan, a repayment): the business's id and number, on the page
 * `path` names for that business.
 */
export const businessHit =
  (path: (businessId: string) => string): NumberSearch['hit'] =>
  (r) => ({
    keyId: String(r.business_id),
    title: `业务编号 ${r.business_no}`,
    path: path(String(r.business_id)),
  });

/** The kinds registered, for the tests that hold every numbered kind to having a search. */
export const registeredSearchKinds = (x: Extensions): SearchKind[] => [...x.point('documentSearches').keys()];

export async function searchDocuments(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  grants: Grants,
  text: string,
): Promise<SearchHit[]> {
  const searches = extensionsOf(db).point('documentSearches');
  const kind = kindOfNumber(text);
  const asked =
    kind && searches.has(kind)
      ? [searches.get(kind) as DocumentSearch]
      : [...searches.values()].filter((s) => prefixOf(s.kind) === null || s.kind === 'supplier');
  const ctx: SearchContext = { tenantId, actor, scope: fixedScopeOf(actor) };
  const number = kind ? text.toUpperCase() : text;
  const found = await Promise.all(
    asked.map(async (s) =>
      (await s.find(db, ctx, number, SEARCH_LIMIT)).map((h) => ({ ...h, kind: s.kind }) as SearchHit),
    ),
  );
  return found.flat().filter((h) => grants.has(normalizeMenuPath(h.path)));
}

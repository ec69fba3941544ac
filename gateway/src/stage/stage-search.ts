// The kit's document search (search every number): the module that owns a kind of document registers
// how to find it by its number — within the caller's scope, the same scope function as its list — and the page
// that opens it; `searchDocuments` asks the kind the number's prefix names (document-numbers.ts), or, for a
// number of no known prefix, the kinds whose numbers carry none (a payment order's, a supplier's name). A hit on a
// page the caller does not hold is dropped: out of scope and not openable read the same, not found.
import type { Kysely } from 'kysely';
import { kindOfNumber } from '../../../src/domain/document-numbers';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import { SEARCH_LIMIT, type SearchHit, type SearchKind, prefixOf } from '../../../src/domain/search/document-search';
import type { Database } from '../db/database';
import type { Grants } from '../plugins/access-cache';
import type { Actor } from '../modules/business/aggregate';
import type { FixedScope } from '../resource/resource-repository';
import { type AnyDb, anyDb, fixedScopeOf } from './stage-scope';

export interface SearchContext {
  tenantId: string;
  actor: Actor;
  /** The caller's data scope, as every list applies it. */
  scope: FixedScope;
}

/** One kind's finder: the rows whose number is `text` (or whose name contains it), at most `limit`. */
export interface DocumentSearch {
  kind: SearchKind;
  find(db: AnyDb, ctx: SearchContext, text: string, limit: number): Promise<Omit<SearchHit, 'kind'>[]>;
}

const SEARCHES = new Map<SearchKind, DocumentSearch>();

/** Registers a kind's search; a kind is registered once. */
export function registerDocumentSearch(search: DocumentSearch): void {
  if (SEARCHES.has(search.kind)) throw new Error(`document search for ${search.kind} registered twice`);
  SEARCHES.set(search.kind, search);
}

/** The kinds registered, for the tests that hold every numbered kind to having a search. */
export const registeredSearchKinds = (): SearchKind[] => [...SEARCHES.keys()];

export async function searchDocuments(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  grants: Grants,
  text: string,
): Promise<SearchHit[]> {
  const kind = kindOfNumber(text);
  const asked =
    kind && SEARCHES.has(kind)
      ? [SEARCHES.get(kind) as DocumentSearch]
      : [...SEARCHES.values()].filter((s) => prefixOf(s.kind) === null || s.kind === 'supplier');
  const ctx: SearchContext = { tenantId, actor, scope: fixedScopeOf(actor) };
  const number = kind ? text.toUpperCase() : text;
  const found = await Promise.all(
    asked.map(async (s) =>
      (await s.find(anyDb(db), ctx, number, SEARCH_LIMIT)).map((h) => ({ ...h, kind: s.kind }) as SearchHit),
    ),
  );
  return found.flat().filter((h) => grants.has(normalizeMenuPath(h.path)));
}

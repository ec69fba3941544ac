// To-dos by registration (BUSINESS.md §4 我的待办): a stage names what waits on a person — an item to review or
// make, a vote to cast, later a waiver to grant, a signer to remind, a repayment to confirm, a due date — by
// registering a source under the workbench's tab, as it registers its checkpoint rules; the workbench lists and
// counts each tab from its sources and imports no stage module. A tab nobody registered is empty. 我的已办 is
// gathered the same way: the businesses' timelines, and what a stage records apart from them (a vote).
import type { Kysely } from 'kysely';
import type { DoneRow, TodoRow, TodoTab } from '../../../src/domain/financing/review-queue';
import type { Database } from '../db/database';
import type { Actor } from '../modules/business/aggregate';
import { type Extensions, extensionsOf } from './extensions';

declare module './extensions' {
  interface ExtensionPoints {
    todoSources: Map<TodoTab, Map<string, TodoSource>>;
    doneSources: Map<string, DoneSource>;
  }
}

export type { TodoRow };

/** What waits on the person now; `limit`: at most that many are needed (the menu's count). */
export type TodoSource = (
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  now: Date,
  limit?: number,
) => Promise<readonly TodoRow[]>;

/** Registers (or replaces, by name) a source of the tab's to-dos. */
export function registerTodoSource(x: Extensions, tab: TodoTab, name: string, source: TodoSource): void {
  x.point('todoSources').set(tab, new Map([...(x.point('todoSources').get(tab) ?? []), [name, source]]));
}

/** The tab's to-dos from every source registered for it, in registration order (at most `limit`). */
export async function todosOf(
  tab: TodoTab,
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  now: Date,
  limit?: number,
): Promise<TodoRow[]> {
  const rows: TodoRow[] = [];
  for (const source of extensionsOf(db).point('todoSources').get(tab)?.values() ?? [])
    rows.push(...(await source(db, tenantId, actor, now, limit)));
  return limit === undefined ? rows : rows.slice(0, limit);
}

/** The person's `first` newest done rows (newest first) and how many there are in all. */
export type DoneSource = (
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  first: number,
) => Promise<{ rows: readonly DoneRow[]; total: number }>;

/** Registers (or replaces, by name) a source of 我的已办. */
export function registerDoneSource(x: Extensions, name: string, source: DoneSource): void {
  x.point('doneSources').set(name, source);
}

/**
 * A page of 我的已办 from every registered source and `own` (the timelines), newest first: each source gives its
 * newest offset + size rows, so the merged page is exact however deep.
 */
export async function donePage(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  page: { offset: number; size: number },
  own: DoneSource,
): Promise<{ records: DoneRow[]; total: number }> {
  const first = page.offset + page.size;
  const parts = await Promise.all(
    [own, ...extensionsOf(db).point('doneSources').values()].map((source) => source(db, tenantId, userId, first)),
  );
  const merged = parts
    .flatMap((p) => p.rows)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.keyId < b.keyId ? 1 : a.keyId > b.keyId ? -1 : 0));
  return {
    records: merged.slice(page.offset, first),
    total: parts.reduce((n, p) => n + p.total, 0),
  };
}

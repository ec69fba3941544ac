// To-dos by registration (BUSINESS.md §4 我的待办): a stage names what waits on a person — an item to review or
// make, a vote to cast, later a waiver to grant, a signer to remind, a repayment to confirm, a due date — by
// registering a source under the workbench's tab, as it registers its checkpoint rules; the workbench lists and
// counts each tab from its sources and imports no stage module. A tab nobody registered is empty.
import type { Kysely } from 'kysely';
import type { TodoRow, TodoTab } from '../../../src/domain/financing/review-queue';
import type { Database } from '../db/database';
import type { Actor } from '../modules/business/aggregate';

export type { TodoRow };

/** What waits on the person now; `limit`: at most that many are needed (the menu's count). */
export type TodoSource = (
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  now: Date,
  limit?: number,
) => Promise<readonly TodoRow[]>;

const sources = new Map<TodoTab, Map<string, TodoSource>>();

/** Registers (or replaces, by name) a source of the tab's to-dos. */
export function registerTodoSource(tab: TodoTab, name: string, source: TodoSource): void {
  sources.set(tab, new Map([...(sources.get(tab) ?? []), [name, source]]));
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
  for (const source of sources.get(tab)?.values() ?? []) rows.push(...(await source(db, tenantId, actor, now, limit)));
  return limit === undefined ? rows : rows.slice(0, limit);
}

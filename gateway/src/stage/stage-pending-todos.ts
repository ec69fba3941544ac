// A to-do from an item waiting (BUSINESS.md §4 我的待办): each item of a stage's table in a waiting status, on a
// business in the person's data scope, not deleted, whose state lets the items move (not paused, not ended), for
// which the item's own workflow table allows the person a move now — a repayment or a refund to confirm at its
// current level, never by its registrar. The rule is the table's (`allowedActions`, as the items' page lists it);
// the source names only the status waited in, the words, the amount and the page.
import { stateLabel } from '../../../src/domain/financing/lifecycle';
import { type TodoTab, waitingMinutes } from '../../../src/domain/financing/review-queue';
import type { Stage } from '../../../src/domain/financing/stages';
import { type StageItem, itemParentRefusal } from '../../../src/domain/workflow/items';
import { withinScope } from '../resource/resource-repository';
import type { Extensions } from './extensions';
import type { ItemsDef } from './stage-items';
import type { ItemColumns, ItemTable } from './stage-items';
import { fixedScopeOf } from './stage-scope';
import { kitDb } from './stage-tables';
import { registerTodoSource } from './stage-todos';
import { itemsForActor } from './stage-items';

export interface PendingItemTodo<S extends string, I extends StageItem<S>> {
  tab: TodoTab;
  /** The items: their table, states, workflow table and how a row reads. */
  items: ItemsDef<S, I>;
  /** The status the items wait in. */
  waiting: S;
  /** The to-do's type and words on the workbench, and the stage it is counted under. */
  itemType: string;
  label: string;
  stage: Stage;
  amount(item: I): number;
  /** The item's review level and how many there are, where it has a review. */
  level?(item: I): { level: number; levels: number } | null;
  /** The page its 处理 opens. */
  link(businessId: string): string;
}

/**
 * The registration of the to-do under the items' name — the person's items waiting that the item table lets them
 * move now — for a module to declare: `extend(pendingItemTodo({ … }))`.
 */
export const pendingItemTodo =
  <S extends string, I extends StageItem<S>>(def: PendingItemTodo<S, I>) =>
  (x: Extensions): void =>
    registerTodoSource(x, def.tab, def.items.name, async (db, tenantId, actor, now, limit) => {
      const rows = await withinScope(
        kitDb<ItemColumns, ItemTable>(db)
          .selectFrom(`${def.items.table} as r` as `${ItemTable} as r`)
          .innerJoin('financing_business as b', (j) =>
            j.onRef('b.business_id', '=', 'r.business_id').onRef('b.tenant_id', '=', 'r.tenant_id'),
          )
          .leftJoin('organization as o', (j) =>
            j.onRef('o.org_id', '=', 'b.supplier_id').onRef('o.tenant_id', '=', 'b.tenant_id'),
          )
          .selectAll('r')
          .select(['b.business_no', 'b.state', 'b.suspended', 'o.org_name'])
          .where('r.tenant_id', '=', tenantId)
          .where('r.status', '=', def.waiting)
          .where('b.deleted', '=', false),
        'b',
        fixedScopeOf(actor),
      )
        .orderBy('r.created_at')
        .limit(limit ?? 200)
        .execute();
      return (rows as Record<string, unknown>[]).flatMap((r) => {
        const parent = { state: String(r.state), suspended: !!r.suspended };
        if (itemParentRefusal(parent, def.items.states, def.items.workflow.noun) !== null) return [];
        const item = def.items.fromRow(r);
        const [moves] = itemsForActor(def.items, [item], parent, actor, now);
        if (!moves?.actions.length) return [];
        const since = r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at);
        const level = def.level?.(item) ?? null;
        return [
          {
            ...{ itemType: def.itemType, itemTypeLabel: def.label, businessId: item.businessId },
            ...{ businessNo: String(r.business_no), supplierName: String(r.org_name ?? ''), amount: def.amount(item) },
            ...{ stage: def.stage, state: parent.state, stateLabel: stateLabel(parent.state) },
            ...{ level: level?.level ?? null, levels: level?.levels ?? null },
            ...{ arrivedAt: since, waitingMinutes: waitingMinutes(since, now), overdue: false },
            link: def.link(item.businessId),
          },
        ];
      });
    });

// A to-do from what the table offers (BUSINESS.md §4 我的待办): a business waiting in a state where the person may
// take an action — the capital side's answer registered by hand, and any such move a stage waits on — is that
// person's to-do while the table offers it, and no longer once it does not (the answer came by callback, the
// business moved on). The rule is the table's, read through `offeredFor`; the source only names the states, the
// action, the words and the page.
import { stateLabel } from '../../../src/domain/financing/lifecycle';
import type { StateKey } from '../../../src/domain/financing/lifecycle';
import type { Stage } from '../../../src/domain/financing/stages';
import { type TodoTab, waitingMinutes } from '../../../src/domain/financing/review-queue';
import type { Extensions } from './extensions';
import { wireFen } from './stage-money';
import { waitingBusinesses } from './stage-records';
import { registerTodoSource } from './stage-todos';

export interface OfferedTodo {
  /** The source's name on the tab (registering it again replaces it). */
  name: string;
  tab: TodoTab;
  stage: Stage;
  /** The states the businesses wait in, and the action the table must offer the person there. */
  states: readonly StateKey[];
  action: string;
  /** The to-do's words on the workbench and the page its 处理 opens for a business. */
  label: string;
  link(businessId: string): string;
}

/** Registers the to-do: the person's businesses (in their data scope) in those states where the table offers it. */
export function registerOfferedTodo(x: Extensions, def: OfferedTodo): void {
  registerTodoSource(x, def.tab, def.name, async (db, tenantId, actor, now, limit) => {
    const waiting = await waitingBusinesses(db, tenantId, actor, def.states, now, {
      limit: limit ?? 200,
      oldest: true,
    });
    return waiting.flatMap(({ business: b, supplierName, actions }) => {
      if (!actions.includes(def.action)) return [];
      return [
        {
          ...{ itemType: def.tab, itemTypeLabel: def.label, businessId: b.keyId, businessNo: b.businessNo },
          ...{ supplierName, amount: wireFen(b.approvedAmount ?? b.applyAmount) },
          ...{ stage: def.stage, state: b.state, stateLabel: stateLabel(b.state), level: null, levels: null },
          ...{ arrivedAt: b.updatedAt, waitingMinutes: waitingMinutes(b.updatedAt, now), overdue: false },
          link: def.link(b.keyId),
        },
      ];
    });
  });
}

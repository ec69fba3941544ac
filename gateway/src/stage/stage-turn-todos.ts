// A to-do from a turn (BUSINESS.md §4 我的待办): a business waiting in a stage's state, in the person's data scope,
// on which the stage's own record says it is the person's turn — the supplier's signer whose signature is next —
// is that person's to-do while it is, longest waiting first. The stage names the states, the words and who may
// have a turn at all, and answers for one business where the person acts now (the page its 处理 opens) or nothing.
import type { Kysely } from 'kysely';
import { stateLabel } from '../../../src/domain/financing/lifecycle';
import type { StateKey } from '../../../src/domain/financing/lifecycle';
import { type TodoTab, waitingMinutes } from '../../../src/domain/financing/review-queue';
import type { Stage } from '../../../src/domain/financing/stages';
import type { Database } from '../db/database';
import type { Actor, BusinessRow } from '../modules/business/aggregate';
import type { Extensions } from './extensions';
import { wireFen } from './stage-money';
import { waitingBusinesses } from './stage-records';
import { registerTodoSource } from './stage-todos';

export interface TurnTodo {
  /** The source's name on the tab (registering it again replaces it). */
  name: string;
  tab: TodoTab;
  stage: Stage;
  states: readonly StateKey[];
  label: string;
  /** Whether the person may have a turn in this stage at all (asked before any business is read). */
  may(actor: Actor): boolean;
  /** The page where the person acts on the business now, or null when it is not their turn. */
  turn(db: Kysely<Database>, tenantId: string, business: BusinessRow, actor: Actor): Promise<string | null>;
}

/** Registers the to-do: the person's turns among the (at most 200) longest-waiting businesses in the states. */
export function registerTurnTodo(x: Extensions, def: TurnTodo): void {
  registerTodoSource(x, def.tab, def.name, async (db, tenantId, actor, now) => {
    if (!def.may(actor)) return [];
    const waiting = await waitingBusinesses(db, tenantId, actor, def.states, now, { limit: 200, oldest: true });
    const todos = [];
    for (const { business: b, supplierName } of waiting) {
      const link = await def.turn(db, tenantId, b, actor);
      if (!link) continue;
      todos.push({
        ...{ itemType: def.tab, itemTypeLabel: def.label, businessId: b.keyId, businessNo: b.businessNo },
        ...{ supplierName, amount: wireFen(b.applyAmount ?? 0n), stage: def.stage, state: b.state },
        ...{ stateLabel: stateLabel(b.state), level: null, levels: null, overdue: false },
        ...{ link, arrivedAt: b.updatedAt, waitingMinutes: waitingMinutes(b.updatedAt, now) },
      });
    }
    return todos;
  });
}

import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { GatewayError, RequestCancelledError } from '../ports/gateway-error';
import type { TodoCount } from '../ports/review-gateway.port';
import { createTodoCountMachine } from './todo-count.machine';

/** All of it on 待制作, as for a maker. */
const answer = (n: number): TodoCount => ({ count: n, tabs: { REVIEW: 0, MAKE: n, VOTE: 0, DUE: 0 } });

describe('todo count machine', () => {
  it('asks once on REFRESH and shows the count; CLEAR empties it', async () => {
    const load = vi.fn(async () => answer(7));
    const actor = createActor(createTodoCountMachine(load)).start();
    expect(load).not.toHaveBeenCalled();
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.count === 7);
    expect(load).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.tabs).toEqual({ REVIEW: 0, MAKE: 7, VOTE: 0, DUE: 0 });
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context.count).toBe(0);
    expect(actor.getSnapshot().context.tabs.MAKE).toBe(0);
  });

  it('keeps the last count when the call fails, and asks again when a navigation cancelled it', async () => {
    const answers: Array<() => Promise<TodoCount>> = [
      async () => answer(3),
      async () => {
        throw new GatewayError(160300500, '失败');
      },
      async () => {
        throw new RequestCancelledError();
      },
      async () => answer(5),
    ];
    const load = vi.fn(() => (answers.shift() as () => Promise<TodoCount>)());
    const actor = createActor(createTodoCountMachine(load)).start();
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.count === 3);
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('idle') && load.mock.calls.length === 2);
    expect(actor.getSnapshot().context.count).toBe(3);
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.count === 5);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not load on its own (no polling)', () => {
    const actor = createActor(createTodoCountMachine(async () => answer(1))).start();
    expect(actor.getSnapshot().can({ type: 'CLEAR' })).toBe(true);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { PageRequest } from '../../domain/paging/page';
import { createPagedListMachine } from './paged-list.machine';

type Query = { name: string };
const rowsFor = (query: Query, page: PageRequest) => ({
  records: [`${query.name || '全部'}-${page.current}-${page.size}`],
  total: 42,
  current: page.current,
  size: page.size,
});

function start(load = vi.fn(async (q: Query, p: PageRequest) => rowsFor(q, p))) {
  const actor = createActor(createPagedListMachine(load, { name: '' })).start();
  return { actor, load };
}

describe('paged list machine', () => {
  it('loads page 1 of the empty query with the default size 10 at start', async () => {
    const { actor, load } = start();
    const idle = await waitFor(actor, (s) => s.matches('idle'));
    expect(load).toHaveBeenCalledWith({ name: '' }, { current: 1, size: 10 });
    expect(idle.context).toMatchObject({ records: ['全部-1-10'], total: 42 });
  });

  it('searches from page 1, and pages keep the searched query', async () => {
    const { actor, load } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'PAGE', current: 3, size: 20 });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'SEARCH', query: { name: '华东' } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(load).toHaveBeenLastCalledWith({ name: '华东' }, { current: 1, size: 20 });
    actor.send({ type: 'PAGE', current: 2, size: 20 });
    const idle = await waitFor(actor, (s) => s.matches('idle'));
    expect(idle.context.records).toEqual(['华东-2-20']);
  });

  it('reset empties the query and goes back to page 1', async () => {
    const { actor, load } = start();
    actor.send({ type: 'SEARCH', query: { name: '华东' } });
    actor.send({ type: 'RESET' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(load).toHaveBeenLastCalledWith({ name: '' }, { current: 1, size: 10 });
  });

  it('keeps the rows shown when a load fails', async () => {
    let fail = false;
    const { actor } = start(
      vi.fn(async (q: Query, p: PageRequest) => {
        if (fail) throw new Error('网络异常');
        return rowsFor(q, p);
      }),
    );
    await waitFor(actor, (s) => s.matches('idle'));
    fail = true;
    actor.send({ type: 'PAGE', current: 2, size: 10 });
    const idle = await waitFor(actor, (s) => s.matches('idle'));
    expect(idle.context.records).toEqual(['全部-1-10']);
  });

  it('reloads the same page of the same query', async () => {
    const { actor, load } = start();
    actor.send({ type: 'SEARCH', query: { name: '华东' } });
    actor.send({ type: 'PAGE', current: 2, size: 20 });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'RELOAD' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(load).toHaveBeenLastCalledWith({ name: '华东' }, { current: 2, size: 20 });
  });

  it('carries a header sort into the request from page 1, keeps it while paging, and drops it on null', async () => {
    const { actor, load } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'PAGE', current: 3, size: 10 });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'SORT', sort: { key: 'userName', direction: 'desc' } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(load).toHaveBeenLastCalledWith({ name: '' }, { current: 1, size: 10, sort: 'userName,desc' });
    actor.send({ type: 'PAGE', current: 2, size: 10 });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(load).toHaveBeenLastCalledWith({ name: '' }, { current: 2, size: 10, sort: 'userName,desc' });
    actor.send({ type: 'SORT', sort: null });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(load).toHaveBeenLastCalledWith({ name: '' }, { current: 1, size: 10 });
    expect(actor.getSnapshot().context.sort).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { HOME_TAG, type Tag } from '../../domain/tags/tag-cache';
import type { SessionFlag, SessionStore } from '../ports/session-store.port';
import { createTagsMachine, restoreTags, ROUTER_LIST_FLAG } from './tags.machine';

const tag = (path: string): Tag => ({ path, name: path, menuName: `页面${path}` });

function memoryStore(): SessionStore & { flags: Map<SessionFlag, string> } {
  const flags = new Map<SessionFlag, string>();
  return {
    flags,
    read: () => null,
    write: () => undefined,
    readUser: () => null,
    writeUser: () => undefined,
    getFlag: (f) => flags.get(f) ?? null,
    setFlag: (f, v) => {
      flags.set(f, v);
    },
    removeFlag: (f) => {
      flags.delete(f);
    },
    clear: () => flags.clear(),
  };
}

function start(tags: Tag[] = [], max?: number) {
  const store = memoryStore();
  const actor = createActor(createTagsMachine({ store }), { input: { tags, ...(max ? { max } : {}) } }).start();
  const navigate = vi.fn();
  actor.on('navigate', (e) => navigate(e.to));
  return { actor, store, navigate, paths: () => actor.getSnapshot().context.tags.map((t) => t.path) };
}

describe('tags machine', () => {
  it('adds visited tags and keeps them in session storage under routerList', () => {
    const { actor, store, paths } = start();
    actor.send({ type: 'VISIT', tag: tag('/a') });
    actor.send({ type: 'VISIT', tag: tag('/b') });
    expect(paths()).toEqual(['/', '/a', '/b']);
    expect(restoreTags(store)).toEqual([HOME_TAG, tag('/a'), tag('/b')]);
  });

  it('leaves the tags and the stored list alone when an open tag is visited again', () => {
    const { actor, store, paths } = start([tag('/a'), tag('/b')]);
    const before = actor.getSnapshot().context.tags;
    const setFlag = vi.spyOn(store, 'setFlag');
    actor.send({ type: 'VISIT', tag: tag('/a') });
    expect(actor.getSnapshot().context.tags).toBe(before);
    expect(paths()).toEqual(['/', '/a', '/b']);
    expect(setFlag).not.toHaveBeenCalled();
    actor.send({ type: 'VISIT', tag: tag('/c') });
    expect(paths()).toEqual(['/', '/a', '/b', '/c']);
    expect(setFlag).toHaveBeenCalledOnce();
  });

  it('drops the oldest at the configured maximum', () => {
    const { actor, paths } = start([], 3);
    for (const p of ['/a', '/b', '/c']) actor.send({ type: 'VISIT', tag: tag(p) });
    expect(paths()).toEqual(['/', '/b', '/c']);
  });

  it('closes the active tag and asks the router to go to the most recent one left', () => {
    const { actor, navigate, paths } = start([tag('/a'), tag('/b')]);
    actor.send({ type: 'COMMAND', command: 'close', path: '/b', activePath: '/b' });
    expect(paths()).toEqual(['/', '/a']);
    expect(navigate).toHaveBeenCalledWith('/a');
  });

  it('does not navigate when an inactive tag closes', () => {
    const { actor, navigate } = start([tag('/a'), tag('/b')]);
    actor.send({ type: 'COMMAND', command: 'close', path: '/a', activePath: '/b' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks before closing a page with unsaved changes, and closes it only when confirmed', () => {
    const { actor, navigate, paths } = start([tag('/a'), tag('/b')]);
    actor.send({ type: 'SET_DIRTY', path: '/A', dirty: true });
    actor.send({ type: 'COMMAND', command: 'closeAll', path: '/b', activePath: '/b' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(paths()).toEqual(['/', '/a', '/b']);
    actor.send({ type: 'COMMAND', command: 'closeAll', path: '/b', activePath: '/b' });
    actor.send({ type: 'CONFIRM' });
    expect(paths()).toEqual(['/']);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(actor.getSnapshot().context.dirty).toEqual([]);
  });

  it('does not ask when the unsaved page is not among those closed', () => {
    const { actor, paths } = start([tag('/a'), tag('/b')]);
    actor.send({ type: 'SET_DIRTY', path: '/a', dirty: true });
    actor.send({ type: 'COMMAND', command: 'closeRight', path: '/a', activePath: '/a' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(paths()).toEqual(['/', '/a']);
  });

  it('cannot confirm when nothing is waiting', () => {
    const { actor } = start([tag('/a')]);
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
  });

  it('refresh bumps the page key and forgets its unsaved state', () => {
    const { actor } = start([tag('/a')]);
    actor.send({ type: 'SET_DIRTY', path: '/a', dirty: true });
    actor.send({ type: 'REFRESH', path: '/a' });
    actor.send({ type: 'REFRESH', path: '/A' });
    expect(actor.getSnapshot().context.refresh['/a']).toBe(2);
    expect(actor.getSnapshot().context.dirty).toEqual([]);
  });

  it('starts again from home alone after a reset (sign-out)', () => {
    const { actor, paths } = start([tag('/a')]);
    actor.send({ type: 'RESET' });
    expect(paths()).toEqual(['/']);
  });

  it('restores home alone from missing or damaged storage', () => {
    const store = memoryStore();
    expect(restoreTags(store)).toEqual([HOME_TAG]);
    store.setFlag(ROUTER_LIST_FLAG, '{not json');
    expect(restoreTags(store)).toEqual([HOME_TAG]);
    store.setFlag(ROUTER_LIST_FLAG, JSON.stringify([{ path: 1 }, tag('/x')]));
    expect(restoreTags(store)).toEqual([HOME_TAG, tag('/x')]);
  });
});

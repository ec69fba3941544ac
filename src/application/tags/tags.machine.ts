// The tag bar's flow (SPEC §2.4, §4): visits add tags, the context-menu commands close them, refresh
// remounts a page, and closing a page with unsaved changes asks first. The list is kept in session
// storage under routerList so it survives a reload. Navigation the commands call for is emitted as
// 'navigate' events for the router to follow.
import { assign, enqueueActions, setup } from 'xstate';
import { normalizeMenuPath } from '../../domain/menu/menu';
import {
  applyTagCommand,
  DEFAULT_MAX_TAGS,
  isTagOpen,
  tagsClosedBy,
  visitTag,
  withHome,
  type Tag,
  type TagCommand,
} from '../../domain/tags/tag-cache';
import type { SessionStore } from '../ports/session-store.port';

export interface PendingCommand {
  command: TagCommand;
  path: string;
  activePath: string;
}

export interface TagsContext {
  tags: Tag[];
  max: number;
  /** Normalised paths of pages that hold unsaved changes. */
  dirty: string[];
  /** Bumped to remount a page (refresh); a page's key is its path and this number. */
  refresh: Record<string, number>;
  pending: PendingCommand | null;
}

export type TagsEvent =
  | { type: 'VISIT'; tag: Tag }
  | ({ type: 'COMMAND' } & PendingCommand)
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'REFRESH'; path: string }
  | { type: 'SET_DIRTY'; path: string; dirty: boolean }
  /** Signed out: the next user starts with the home tag alone. */
  | { type: 'RESET' };

export type TagsEmitted = { type: 'navigate'; to: string };

export const ROUTER_LIST_FLAG = 'routerList';

/** The tags kept in session storage, or just home when there are none (or they do not parse). */
export function restoreTags(store: SessionStore): Tag[] {
  try {
    const parsed: unknown = JSON.parse(store.getFlag(ROUTER_LIST_FLAG) ?? '[]');
    const valid = Array.isArray(parsed)
      ? parsed.filter(
          (t): t is Tag =>
            typeof t?.path === 'string' && typeof t?.menuName === 'string' && typeof t?.name === 'string',
        )
      : [];
    return withHome(valid);
  } catch {
    return withHome([]);
  }
}

export function createTagsMachine({ store }: { store: SessionStore }) {
  const apply = (context: TagsContext, pending: PendingCommand) =>
    applyTagCommand(pending.command, context.tags, pending.path, pending.activePath);

  return setup({
    types: {
      context: {} as TagsContext,
      events: {} as TagsEvent,
      emitted: {} as TagsEmitted,
      input: {} as { tags?: Tag[]; max?: number },
    },
    guards: {
      opensNewTag: ({ context }, tag: Tag) => !isTagOpen(context.tags, tag.path),
      closesUnsavedPage: ({ context }, pending: PendingCommand) =>
        tagsClosedBy(pending.command, context.tags, pending.path).some((t) =>
          context.dirty.includes(normalizeMenuPath(t.path)),
        ),
    },
    actions: {
      persist: ({ context }) => store.setFlag(ROUTER_LIST_FLAG, JSON.stringify(context.tags)),
      runCommand: assign(({ context }, pending: PendingCommand) => {
        const { tags } = apply(context, pending);
        const open = new Set(tags.map((t) => normalizeMenuPath(t.path)));
        return { tags, pending: null, dirty: context.dirty.filter((p) => open.has(p)) };
      }),
      navigateAfter: enqueueActions(({ context, enqueue }, pending: PendingCommand) => {
        const { navigateTo } = apply(context, pending);
        if (navigateTo !== null) enqueue.emit({ type: 'navigate', to: navigateTo });
      }),
    },
  }).createMachine({
    id: 'tags',
    context: ({ input }) => ({
      tags: withHome(input.tags ?? []),
      max: input.max ?? DEFAULT_MAX_TAGS,
      dirty: [],
      refresh: {},
      pending: null,
    }),
    initial: 'idle',
    on: {
      RESET: {
        target: '.idle',
        actions: [assign({ tags: () => withHome([]), dirty: [], refresh: {}, pending: null }), 'persist'],
      },
      // Going back to an open tag changes nothing: the tag bar, the page cache and the stored list stay as
      // they are, so that a tag switch only shows the page and moves the highlight.
      VISIT: {
        guard: { type: 'opensNewTag', params: ({ event }) => event.tag },
        actions: [assign({ tags: ({ context, event }) => visitTag(context.tags, event.tag, context.max) }), 'persist'],
      },
      REFRESH: {
        actions: assign({
          refresh: ({ context, event }) => {
            const key = normalizeMenuPath(event.path);
            return { ...context.refresh, [key]: (context.refresh[key] ?? 0) + 1 };
          },
          dirty: ({ context, event }) => context.dirty.filter((p) => p !== normalizeMenuPath(event.path)),
        }),
      },
      SET_DIRTY: {
        actions: assign({
          dirty: ({ context, event }) => {
            const key = normalizeMenuPath(event.path);
            const others = context.dirty.filter((p) => p !== key);
            return event.dirty ? [...others, key] : others;
          },
        }),
      },
    },
    states: {
      idle: {
        on: {
          COMMAND: [
            {
              guard: { type: 'closesUnsavedPage', params: ({ event }) => event },
              target: 'confirming',
              actions: assign({
                pending: ({ event }) => ({ command: event.command, path: event.path, activePath: event.activePath }),
              }),
            },
            {
              actions: [
                { type: 'navigateAfter', params: ({ event }) => event },
                { type: 'runCommand', params: ({ event }) => event },
                'persist',
              ],
            },
          ],
        },
      },
      confirming: {
        on: {
          CONFIRM: {
            target: 'idle',
            actions: [
              { type: 'navigateAfter', params: ({ context }) => context.pending! },
              { type: 'runCommand', params: ({ context }) => context.pending! },
              'persist',
            ],
          },
          CANCEL: { target: 'idle', actions: assign({ pending: null }) },
        },
      },
    },
  });
}

export type TagsMachine = ReturnType<typeof createTagsMachine>;

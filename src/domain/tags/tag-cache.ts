// The tag bar of SPEC §2.4 and §4 as pure list operations. The home tag is always first and never closes;
// the other tags are kept in the order they were opened, the newest last, so "the previously cached tag" is
// the last one left. Going back to an open tag leaves the list as it is: a tag switch moves the highlight,
// not the tags. Each operation returns the new list and, when the active page was closed, where to go.
import { normalizeMenuPath, type ServerMenuItem } from '../menu/menu';

export interface Tag {
  path: string;
  name: string;
  menuName: string;
}

export const HOME_TAG: Tag = { path: '/', name: 'home', menuName: '首页' };
export const DEFAULT_MAX_TAGS = 20;

export type TagCommand = 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

export interface TagChange {
  tags: Tag[];
  /** Where to navigate because the active page's tag was closed; null to stay. */
  navigateTo: string | null;
}

const same = (a: string, b: string) => normalizeMenuPath(a) === normalizeMenuPath(b);
const isHome = (tag: Tag) => same(tag.path, HOME_TAG.path);

/** The list with the home tag first, whatever it was given (e.g. a list restored from storage). */
export function withHome(tags: readonly Tag[]): Tag[] {
  return [HOME_TAG, ...tags.filter((t) => !isHome(t))];
}

/** Whether the page at `path` has a tag already (home always has). */
export function isTagOpen(tags: readonly Tag[], path: string): boolean {
  return same(path, HOME_TAG.path) || tags.some((t) => same(t.path, path));
}

/**
 * Visiting a tag adds it last; a tag already open stays where it is. Past `max` tags (home included) the
 * tag opened first, other than home, is dropped.
 */
export function visitTag(tags: readonly Tag[], tag: Tag, max = DEFAULT_MAX_TAGS): Tag[] {
  if (isTagOpen(tags, tag.path)) return withHome(tags);
  const others = withHome(tags).slice(1);
  others.push(tag);
  const limit = Math.max(1, max - 1);
  return [HOME_TAG, ...others.slice(Math.max(0, others.length - limit))];
}

/** The tags a command would close (the home tag never is). */
export function tagsClosedBy(command: TagCommand, tags: readonly Tag[], path: string): Tag[] {
  const list = withHome(tags);
  const index = list.findIndex((t) => same(t.path, path));
  const closable = (t: Tag, i: number) => {
    if (isHome(t)) return false;
    switch (command) {
      case 'close':
        return i === index;
      case 'closeOthers':
        return i !== index;
      case 'closeLeft':
        return index >= 0 && i < index;
      case 'closeRight':
        return index >= 0 && i > index;
      case 'closeAll':
        return true;
    }
  };
  return list.filter(closable);
}

/**
 * Applies a command to the tag at `path` while `activePath` is shown. Closing the active tag goes to the
 * most recent tag left (or / when none is); close-all goes to /; closing others, left or right of a tag
 * while another one is active goes to that tag.
 */
export function applyTagCommand(
  command: TagCommand,
  tags: readonly Tag[],
  path: string,
  activePath: string,
): TagChange {
  const closed = tagsClosedBy(command, tags, path);
  const remaining = withHome(tags).filter((t) => !closed.includes(t));
  const activeClosed = closed.some((t) => same(t.path, activePath));
  let navigateTo: string | null = null;
  if (command === 'closeAll') navigateTo = same(activePath, HOME_TAG.path) ? null : HOME_TAG.path;
  else if (activeClosed) navigateTo = command === 'close' ? remaining[remaining.length - 1]!.path : path;
  return { tags: remaining, navigateTo };
}

/** SPEC §2.4: a visible menu page becomes a tag; hidden items and routes outside the menu add none. */
export function tagForPath(items: readonly ServerMenuItem[], path: string): Tag | null {
  const wanted = normalizeMenuPath(path);
  const item = items.find((i) => !i.hidden && i.path && normalizeMenuPath(i.path) === wanted);
  return item ? { path, name: item.menuCode || item.menuId, menuName: item.menuName } : null;
}

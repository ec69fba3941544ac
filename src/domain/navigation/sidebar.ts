// SPEC §2.4 sidebar rules over the server's menu tree: default icon, hidden items left out, a parent whose
// children are all hidden shown as a plain item, and which entry a hidden current route highlights.
import { normalizeMenuPath, type MenuNode, type ServerMenuItem } from '../menu/menu';

export const DEFAULT_MENU_ICON = 'home';

export interface SidebarItem {
  id: string;
  path: string;
  name: string;
  title: string;
  icon: string;
  hidden: boolean;
  children: SidebarItem[];
}

export function toSidebarItems(tree: readonly MenuNode[]): SidebarItem[] {
  return tree
    .filter((node) => !node.hidden)
    .map((node) => ({
      id: node.menuId,
      path: node.path,
      name: node.menuCode || node.menuId,
      title: node.menuName,
      icon: node.icon || DEFAULT_MENU_ICON,
      hidden: false,
      children: toSidebarItems(node.children),
    }));
}

export type Highlight = { kind: 'item'; path: string } | { kind: 'none' } | { kind: 'redirectHome' };

/**
 * The sidebar entry to highlight for the current route: itself when visible, its parent's path when it is
 * a hidden menu item, a redirect to / when a hidden item has no parent, nothing when it is not a menu item.
 */
export function highlightFor(items: readonly ServerMenuItem[], currentPath: string): Highlight {
  const wanted = normalizeMenuPath(currentPath);
  const item = items.find((i) => i.path && normalizeMenuPath(i.path) === wanted);
  if (!item) return { kind: 'none' };
  if (!item.hidden) return { kind: 'item', path: normalizeMenuPath(item.path) };
  const parent = items.find((i) => i.menuId === item.parentKid);
  return parent ? { kind: 'item', path: normalizeMenuPath(parent.path) } : { kind: 'redirectHome' };
}

export interface Crumb {
  title: string;
  path: string;
}

/** The menu path of the current route, from its area down to itself (empty outside the menu). */
/** A make page opened on an existing record (`?keyId=` or `?id=`) is its 编辑 page: its 新增 title says so. */
const EDITING = /[?&](keyId|id)=[^&]/;

export function breadcrumbFor(items: readonly ServerMenuItem[], currentPath: string, search = ''): Crumb[] {
  const wanted = normalizeMenuPath(currentPath);
  const byId = new Map(items.map((i) => [i.menuId, i]));
  const crumbs: Crumb[] = [];
  const seen = new Set<string>();
  for (
    let item = items.find((i) => i.path && normalizeMenuPath(i.path) === wanted);
    item && !seen.has(item.menuId);
    item = byId.get(item.parentKid)
  ) {
    seen.add(item.menuId);
    crumbs.unshift({ title: item.menuName, path: item.path });
  }
  const last = crumbs.at(-1);
  if (last && EDITING.test(search) && last.title.startsWith('新增')) last.title = `编辑${last.title.slice(2)}`;
  return crumbs;
}

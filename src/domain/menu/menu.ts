// The server's flat menu list (SPEC §3) and what the client and gateway derive from it: the tree, the set
// of known paths, the menu id of a path and the operation codes a path grants (SPEC §2.3, §6).
export interface OperationAuthority {
  operationCode: string;
}

export interface ServerMenuItem {
  menuId: string;
  menuName: string;
  component: string;
  path: string;
  /** JSON text */
  params: string;
  /** JSON text */
  query: string;
  /** '0' for a top-level item */
  parentKid: string;
  icon: string;
  menuCode: string;
  hidden: boolean;
  sortNo: number;
  opAuthorityDTOList: OperationAuthority[];
}

export interface MenuNode extends ServerMenuItem {
  children: MenuNode[];
  leaf: boolean;
}

export const TOP_LEVEL_PARENT = '0';

/**
 * Menu paths are compared lower-cased with a leading slash, no trailing slash, no repeated slashes and no
 * query or hash. Idempotent: trailing blanks and slashes go together, so '/a/ /' does not become '/a/ '.
 */
export function normalizeMenuPath(path: string): string {
  const bare = path
    .split(/[?#]/, 1)[0]!
    .toLowerCase()
    .replace(/^\s+/, '')
    .replace(/[\s/]+$/, '')
    .replace(/\/{2,}/g, '/');
  return bare.startsWith('/') ? bare : `/${bare}`;
}

/** SPEC §6: the menu id is derived from the lower-cased path. */
export function menuIdForPath(path: string): string {
  return normalizeMenuPath(path);
}

export function buildMenuTree(items: readonly ServerMenuItem[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const item of items) nodes.set(item.menuId, { ...item, children: [], leaf: true });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentKid === TOP_LEVEL_PARENT ? undefined : nodes.get(node.parentKid);
    if (parent) {
      parent.children.push(node);
      parent.leaf = false;
    } else if (node.parentKid === TOP_LEVEL_PARENT) {
      roots.push(node);
    }
  }
  const sort = (list: MenuNode[]): MenuNode[] => {
    list.sort((a, b) => a.sortNo - b.sortNo);
    for (const n of list) sort(n.children);
    return list;
  };
  return sort(roots);
}

/** SPEC §2.3: a path is known if it was collected from the menu tree. */
export function collectKnownPaths(items: readonly ServerMenuItem[]): Set<string> {
  return new Set(items.filter((i) => i.path).map((i) => normalizeMenuPath(i.path)));
}

export function operationCodesFor(items: readonly ServerMenuItem[], path: string): Set<string> {
  const wanted = normalizeMenuPath(path);
  const item = items.find((i) => i.path && normalizeMenuPath(i.path) === wanted);
  // The server may send null for a menu without operations.
  return new Set((item?.opAuthorityDTOList ?? []).map((o) => o.operationCode));
}

export function hasOperation(items: readonly ServerMenuItem[], path: string, code: string): boolean {
  return operationCodesFor(items, path).has(code);
}

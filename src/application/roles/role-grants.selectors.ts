// What 角色权限 shows besides the tree: whether the selection differs from what the role holds (leaving then
// asks first), and each menu's place in the tree in Chinese ('风险管理 › 负面舆情') for the filter's results.
import { selectionOf, type GrantSelection, type MenuResource } from '../../domain/role/role';

function canonical(selection: GrantSelection): string {
  return JSON.stringify(
    Object.keys(selection)
      .sort()
      .map((k) => [k, [...(selection[k] ?? [])].sort()]),
  );
}

export function grantsChanged(resources: readonly MenuResource[], selection: GrantSelection): boolean {
  return canonical(selectionOf(resources)) !== canonical(selection);
}

/** The menu names from the top of the tree down to this menu. */
export function menuTrail(resources: readonly MenuResource[], menuId: string): string[] {
  const byId = new Map(resources.map((r) => [r.menuId, r]));
  const trail: string[] = [];
  for (let r = byId.get(menuId); r && trail.length < 20; r = byId.get(r.parentKid)) trail.unshift(r.menuName);
  return trail;
}

/** The menus whose Chinese title contains the text, in tree order, each with its trail. */
export function findMenus(
  resources: readonly MenuResource[],
  text: string,
): Array<{ resource: MenuResource; trail: string[] }> {
  const needle = text.trim();
  if (!needle) return [];
  return resources
    .filter((r) => r.menuName.includes(needle))
    .sort((a, b) => a.sortNo - b.sortNo)
    .map((resource) => ({ resource, trail: menuTrail(resources, resource.menuId) }));
}

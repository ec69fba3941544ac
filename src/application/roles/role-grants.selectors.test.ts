import { describe, expect, it } from 'vitest';
import type { MenuResource } from '../../domain/role/role';
import { findMenus, grantsChanged, menuTrail } from './role-grants.selectors';

const r = (
  menuId: string,
  menuName: string,
  parentKid: string,
  sortNo: number,
  checked = false,
  ops: string[] = [],
): MenuResource => ({
  menuId,
  menuName,
  path: `/${menuId}`,
  parentKid,
  hidden: false,
  sortNo,
  operationCodes: ['export', 'add'],
  checked,
  checkedOperationCodes: ops,
});
const RESOURCES = [
  r('risk', '风险管理', '0', 1),
  r('opinion', '负面舆情', 'risk', 2, true, ['export', 'add']),
  r('monitor', '风险监测', 'risk', 3),
];

describe('角色权限 selectors', () => {
  it('sees a change only when the selection differs from what the role holds, whatever the order', () => {
    expect(grantsChanged(RESOURCES, { opinion: ['add', 'export'] })).toBe(false);
    expect(grantsChanged(RESOURCES, { opinion: ['add'] })).toBe(true);
    expect(grantsChanged(RESOURCES, { opinion: ['add', 'export'], monitor: [] })).toBe(true);
  });

  it('finds menus by their Chinese title and names their place in the tree, never the route path', () => {
    expect(menuTrail(RESOURCES, 'opinion')).toEqual(['风险管理', '负面舆情']);
    expect(findMenus(RESOURCES, '舆情').map((m) => m.trail.join(' › '))).toEqual(['风险管理 › 负面舆情']);
    expect(findMenus(RESOURCES, '风险').map((m) => m.resource.menuId)).toEqual(['risk', 'monitor']);
    expect(findMenus(RESOURCES, 'opinion')).toEqual([]);
    expect(findMenus(RESOURCES, '  ')).toEqual([]);
  });
});

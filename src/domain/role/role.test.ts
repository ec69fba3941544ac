import { describe, expect, it } from 'vitest';
import { LIFECYCLE } from '../financing/lifecycle';
import { MEETING_MAKE_PATH } from '../financing/meeting-workflow';
import { ALL_OPERATION_CODES } from '../menu/route-catalogue';
import {
  buildResourceTree,
  checkStateOf,
  grantsOf,
  operationLabel,
  selectionOf,
  toggleNode,
  toggleOperation,
  validateRoleForm,
  type MenuResource,
} from './role';

const r = (
  menuId: string,
  parentKid: string,
  sortNo: number,
  operationCodes: string[] = [],
  checked = false,
  checkedOperationCodes: string[] = [],
): MenuResource => ({
  menuId,
  menuName: menuId,
  path: menuId,
  parentKid,
  hidden: false,
  sortNo,
  operationCodes,
  checked,
  checkedOperationCodes,
});

const resources = [
  r('/dashboard', '0', 0, [], true),
  r('/base', '0', 1),
  r('/base/roles', '/base', 2, ['add', 'edit'], true, ['add']),
  r('/base/roles/auth', '/base/roles', 3, ['authorize']),
  r('/base/users', '/base', 4, ['add']),
  r('/risk', '0', 5),
  r('/risk/opinion', '/risk', 6),
];

describe('role form', () => {
  it('requires a name and a code that starts with a letter', () => {
    expect(validateRoleForm({ roleName: ' ', roleCode: '', status: 'ENABLED', remark: '' })).toEqual({
      roleName: '请输入角色名称',
      roleCode: '请输入角色编码',
    });
    expect(validateRoleForm({ roleName: '风控', roleCode: '1X', status: 'ENABLED', remark: '' }).roleCode).toMatch(
      /字母开头/,
    );
    expect(validateRoleForm({ roleName: '风控', roleCode: 'RISK_1', status: 'ENABLED', remark: '' })).toEqual({});
  });
});

describe('grant tree', () => {
  const tree = buildResourceTree(resources);
  const base = tree.find((n) => n.resource.menuId === '/base')!;
  const roles = base.children[0]!;
  const risk = tree.find((n) => n.resource.menuId === '/risk')!;

  it('nests by parent and reads what the role holds', () => {
    expect(tree.map((n) => n.resource.menuId)).toEqual(['/dashboard', '/base', '/risk']);
    expect(roles.children.map((n) => n.resource.menuId)).toEqual(['/base/roles/auth']);
    expect(selectionOf(resources)).toEqual({ '/dashboard': [], '/base/roles': ['add'] });
  });

  it('a parent is mixed when part of it is checked, checked when all of it is', () => {
    const selection = selectionOf(resources);
    expect(checkStateOf(selection, base)).toBe('mixed');
    expect(checkStateOf(selection, risk)).toBe(false);
    const all = toggleNode(selection, base, true);
    expect(checkStateOf(all, base)).toBe(true);
    expect(all['/base/roles']).toEqual(['add', 'edit']);
    expect(checkStateOf(toggleNode(all, base, false), base)).toBe(false);
  });

  it('checking a code grants its menu; the grants carry the ancestors', () => {
    const selection = toggleOperation({}, '/base/users', 'add', true);
    expect(grantsOf(selection, resources)).toEqual([
      { menuId: '/base', operationCodes: [] },
      { menuId: '/base/users', operationCodes: ['add'] },
    ]);
    expect(toggleOperation(selection, '/base/users', 'add', false)).toEqual({ '/base/users': [] });
    expect(toggleOperation({}, '/x', 'add', false)).toEqual({});
  });

  it('a group left with nothing below it is not granted', () => {
    const selection = toggleNode(toggleNode({}, risk, true), risk.children[0]!, false);
    expect(checkStateOf(selection, risk)).toBe(false);
    expect(grantsOf(selection, resources)).toEqual([]);
  });
});

describe('operationLabel', () => {
  it('names an operation as its page does, and the business timeline the same', () => {
    // 评审会制作's submit is the 发送通知 button; the move it makes on each business carries the same name.
    expect(operationLabel(MEETING_MAKE_PATH, 'submit')).toBe('发送通知');
    expect(LIFECYCLE.transitions.find((t) => t.action === 'schedule')?.label).toBe('发送通知');
    expect(operationLabel('/business/meetingInfoManage', 'terminate')).toBe('取消会议');
    // Elsewhere the operation's own name; every code of the catalogue has one.
    expect(operationLabel('/business/decisionMake', 'submit')).toBe('提交');
    for (const op of ALL_OPERATION_CODES) expect(operationLabel('/x', op)).not.toBe(op);
  });
});

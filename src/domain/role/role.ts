// 角色管理 and 角色权限 (SPEC §3, §6): what a role is on screen, the form's rules, and the grant tree — menus
// with their operation codes, a parent checked when all below it are, mixed when some are, and a checked
// child implying its ancestors when the grants are saved (the gateway adds them as well).
export type RoleStatus = 'ENABLED' | 'DISABLED';

export interface Role {
  roleId: string;
  roleName: string;
  roleCode: string;
  status: RoleStatus;
  remark: string;
  version: number;
  createTime: string;
  userCount?: number;
  /** The platform administrator's role: not deletable, not disableable. */
  platformAdmin: boolean;
}

export interface RoleQuery {
  roleName: string;
  roleCode: string;
  status: RoleStatus | '';
}

export const EMPTY_ROLE_QUERY: RoleQuery = { roleName: '', roleCode: '', status: '' };
export const ROLE_STATUS_LABEL: Record<RoleStatus, string> = { ENABLED: '启用', DISABLED: '停用' };

export interface RoleForm {
  roleName: string;
  roleCode: string;
  status: RoleStatus;
  remark: string;
}

export const EMPTY_ROLE_FORM: RoleForm = { roleName: '', roleCode: '', status: 'ENABLED', remark: '' };

export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export interface RoleFormErrors {
  roleName?: string;
  roleCode?: string;
}

/** The form's own rules; uniqueness comes from the gateway and is merged in by the editor flow. */
export function validateRoleForm(form: RoleForm): RoleFormErrors {
  const errors: RoleFormErrors = {};
  if (!form.roleName.trim()) errors.roleName = '请输入角色名称';
  else if (form.roleName.trim().length > 50) errors.roleName = '角色名称不超过50个字符';
  if (!form.roleCode.trim()) errors.roleCode = '请输入角色编码';
  else if (!ROLE_CODE_PATTERN.test(form.roleCode.trim()))
    errors.roleCode = '角色编码以字母开头，只含字母、数字和下划线';
  else if (form.roleCode.trim().length > 50) errors.roleCode = '角色编码不超过50个字符';
  return errors;
}

export const ROLE_NAME_TAKEN = '角色名称已存在';
export const ROLE_CODE_TAKEN = '角色编码已存在';

export interface RoleUser {
  userId: string;
  userName: string;
  nickName: string;
  organizationId: string;
  orgName: string;
  status: string;
}

// ---- grants -------------------------------------------------------------------------------------------

export interface MenuResource {
  menuId: string;
  menuName: string;
  path: string;
  parentKid: string;
  hidden: boolean;
  sortNo: number;
  operationCodes: string[];
  checked: boolean;
  checkedOperationCodes: string[];
}

export interface MenuGrant {
  menuId: string;
  operationCodes: string[];
}

export const OPERATION_LABEL: Record<string, string> = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
  submit: '提交',
  examine: '审核',
  reject: '驳回',
  resetPwd: '重置密码',
  authorize: '授权',
  lock: '锁定',
  unlock: '解锁',
  withdraw: '撤回',
  terminate: '终止',
};

/**
 * Where a page names an operation by what its button does (BUSINESS.md §4: 评审会制作's `submit` is 发送通知,
 * 会议信息管理's `terminate` is 取消会议), the role's grants list it by that name, as the page and the
 * business's 流转记录 do.
 */
const PAGE_OPERATION_LABEL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/business/approvalReviewMeetingMake': { submit: '发送通知' },
  '/business/meetingInfoManage': { terminate: '取消会议' },
};

/** An operation of a page as the role's grants list it. */
export const operationLabel = (path: string, op: string): string =>
  PAGE_OPERATION_LABEL[path]?.[op] ?? OPERATION_LABEL[op] ?? op;

/** The role's grants: menu id → operation codes. A menu in the map is granted. */
export type GrantSelection = Readonly<Record<string, readonly string[]>>;

export interface ResourceNode {
  resource: MenuResource;
  children: ResourceNode[];
}

export function buildResourceTree(resources: readonly MenuResource[]): ResourceNode[] {
  const nodes = new Map(resources.map((r) => [r.menuId, { resource: r, children: [] as ResourceNode[] }]));
  const roots: ResourceNode[] = [];
  for (const r of [...resources].sort((a, b) => a.sortNo - b.sortNo)) {
    const node = nodes.get(r.menuId)!;
    const parent = nodes.get(r.parentKid);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** What the role holds now, as the tree's selection. */
export function selectionOf(resources: readonly MenuResource[]): GrantSelection {
  return Object.fromEntries(resources.filter((r) => r.checked).map((r) => [r.menuId, [...r.checkedOperationCodes]]));
}

type Leaf = { menuId: string; op?: string };

/** A page can be granted by itself; a group (codes none, children some) only through what is below it. */
function isPage(node: ResourceNode): boolean {
  return node.children.length === 0 || node.resource.operationCodes.length > 0;
}

/** Every checkbox below and including a node: the menu itself when it has no children, and each code. */
function leavesOf(node: ResourceNode): Leaf[] {
  const own: Leaf[] = node.resource.operationCodes.map((op) => ({ menuId: node.resource.menuId, op }));
  if (isPage(node)) own.unshift({ menuId: node.resource.menuId });
  return [...own, ...node.children.flatMap(leavesOf)];
}

function leafChecked(selection: GrantSelection, leaf: Leaf): boolean {
  const ops = selection[leaf.menuId];
  return ops !== undefined && (leaf.op === undefined || ops.includes(leaf.op));
}

export type CheckState = boolean | 'mixed';

/** A node's checkbox: checked when everything below it is, mixed when some of it is. */
export function checkStateOf(selection: GrantSelection, node: ResourceNode): CheckState {
  const leaves = leavesOf(node);
  const checked = leaves.filter((l) => leafChecked(selection, l)).length;
  if (checked === 0) return false;
  return checked === leaves.length ? true : 'mixed';
}

/** Checks or clears a node and everything below it, with all its codes. */
export function toggleNode(selection: GrantSelection, node: ResourceNode, checked: boolean): GrantSelection {
  const next: Record<string, readonly string[]> = { ...selection };
  const visit = (n: ResourceNode) => {
    if (checked) next[n.resource.menuId] = [...n.resource.operationCodes];
    else delete next[n.resource.menuId];
    n.children.forEach(visit);
  };
  visit(node);
  return next;
}

/** Checks or clears one operation code; checking a code grants its menu. */
export function toggleOperation(
  selection: GrantSelection,
  menuId: string,
  op: string,
  checked: boolean,
): GrantSelection {
  const ops = selection[menuId] ?? [];
  if (checked) return { ...selection, [menuId]: ops.includes(op) ? ops : [...ops, op] };
  if (selection[menuId] === undefined) return selection;
  return { ...selection, [menuId]: ops.filter((o) => o !== op) };
}

/**
 * The grants to send: every selected menu with its codes, plus the ancestors of each (a granted page must
 * be reachable in the sidebar). A group whose children were all cleared is dropped.
 */
export function grantsOf(selection: GrantSelection, resources: readonly MenuResource[]): MenuGrant[] {
  const byId = new Map(resources.map((r) => [r.menuId, r]));
  const hasChildren = new Set(resources.map((r) => r.parentKid));
  const granted = new Map<string, string[]>();
  for (const [menuId, ops] of Object.entries(selection)) {
    const resource = byId.get(menuId);
    if (!resource) continue;
    // A group stays only if something below it stays.
    if (hasChildren.has(menuId) && resource.operationCodes.length === 0) continue;
    granted.set(
      menuId,
      resource.operationCodes.filter((op) => ops.includes(op)),
    );
    for (let p = byId.get(resource.parentKid); p && !granted.has(p.menuId); p = byId.get(p.parentKid)) {
      granted.set(
        p.menuId,
        p.operationCodes.filter((op) => selection[p!.menuId]?.includes(op)),
      );
    }
  }
  return resources
    .filter((r) => granted.has(r.menuId))
    .map((r) => ({ menuId: r.menuId, operationCodes: granted.get(r.menuId)! }));
}

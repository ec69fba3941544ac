// Wire shapes of 角色管理 and 角色权限 (SPEC §7.2 Roles). Query values arrive as strings (DESIGN.md §2 paging).
import { envelopeResponses, type JsonSchema } from '../../plugins/envelope';

// Seeded and generated ids are 19 digits; fixtures may use other plain ids.
const id = { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' } as const;
const current = { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } as const;
const size = { type: 'string', pattern: '^(100|[1-9][0-9]?)$' } as const;
const roleName = { type: 'string', minLength: 1, maxLength: 50 } as const;
const roleCode = { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_]*$' } as const;
const liveStatus = { type: 'string', enum: ['ENABLED', 'DISABLED'] } as const;
const operationCodes = { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 20 } } as const;
const menuGrants = {
  type: 'array',
  maxItems: 500,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['menuId', 'operationCodes'],
    properties: { menuId: { type: 'string', minLength: 1, maxLength: 200 }, operationCodes },
  },
} as const;

function paged(record: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['records', 'total', 'current', 'size'],
    properties: { records: { type: 'array', items: record }, total: { type: 'integer' }, current: { type: 'integer' }, size: { type: 'integer' } },
  };
}

const role = {
  type: 'object',
  required: ['roleId', 'roleName', 'roleCode', 'status', 'remark', 'version', 'createTime', 'updateTime', 'platformAdmin'],
  properties: {
    roleId: { type: 'string' },
    roleName: { type: 'string' },
    roleCode: { type: 'string' },
    status: liveStatus,
    remark: { type: 'string' },
    version: { type: 'integer' },
    createTime: { type: 'string' },
    updateTime: { type: 'string' },
    userCount: { type: 'integer' },
    platformAdmin: { type: 'boolean', description: '平台管理员角色：不能删除，不能停用，不能取消角色管理权限' },
  },
} as const;

const roleUser = {
  type: 'object',
  required: ['userId', 'userName', 'nickName', 'organizationId', 'orgName', 'status'],
  properties: {
    userId: { type: 'string' },
    userName: { type: 'string' },
    nickName: { type: 'string' },
    organizationId: { type: 'string' },
    orgName: { type: 'string' },
    status: { type: 'string' },
  },
} as const;

const resource = {
  type: 'object',
  required: ['menuId', 'menuName', 'path', 'parentKid', 'hidden', 'sortNo', 'operationCodes', 'checked', 'checkedOperationCodes'],
  properties: {
    menuId: { type: 'string' },
    menuName: { type: 'string' },
    path: { type: 'string' },
    parentKid: { type: 'string', description: "'0' 为顶层" },
    hidden: { type: 'boolean' },
    sortNo: { type: 'integer' },
    operationCodes: { type: 'array', items: { type: 'string' }, description: '该菜单提供的操作码' },
    checked: { type: 'boolean', description: '角色是否拥有该菜单' },
    checkedOperationCodes: { type: 'array', items: { type: 'string' }, description: '角色在该菜单上拥有的操作码' },
  },
} as const;

export interface RolePageQuery {
  current?: string;
  size?: string;
  roleName?: string;
  roleCode?: string;
  status?: 'ENABLED' | 'DISABLED';
}

export const rolePageSchema = {
  tags: ['role'],
  summary: '角色分页查询（名称、编码模糊匹配，状态精确匹配；已删除的角色不列出）',
  querystring: {
    type: 'object',
    properties: { current, size, roleName: { type: 'string', maxLength: 50 }, roleCode: { type: 'string', maxLength: 50 }, status: liveStatus },
  },
  response: envelopeResponses(paged(role)),
};

export interface RoleBody {
  roleName: string;
  roleCode: string;
  status?: 'ENABLED' | 'DISABLED';
  remark?: string;
}

const roleBodyProperties = { roleName, roleCode, status: liveStatus, remark: { type: 'string', maxLength: 200 } };

export const createRoleSchema = {
  tags: ['role'],
  summary: '新增角色（名称、编码在租户内唯一）；新角色自带首页',
  body: { type: 'object', additionalProperties: false, required: ['roleName', 'roleCode'], properties: roleBodyProperties },
  response: envelopeResponses(role),
};

export interface UpdateRoleBody extends RoleBody {
  version: number;
  roleId?: string;
}

export const updateRoleSchema = {
  tags: ['role'],
  summary: '修改角色（version 为读取时的版本，已被他人修改时返回 160300409）',
  params: { type: 'object', required: ['id'], properties: { id } },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['roleName', 'roleCode', 'version'],
    properties: { ...roleBodyProperties, version: { type: 'integer', minimum: 1 }, roleId: id },
  },
  response: envelopeResponses(role),
};

export const allRolesSchema = {
  tags: ['role'],
  summary: '租户内全部启用的角色',
  response: envelopeResponses({
    type: 'array',
    items: {
      type: 'object',
      required: ['roleId', 'roleName', 'roleCode'],
      properties: { roleId: { type: 'string' }, roleName: { type: 'string' }, roleCode: { type: 'string' } },
    },
  }),
};

export interface RoleExistQuery {
  roleName?: string;
  roleCode?: string;
  roleId?: string;
}

export const roleExistSchema = {
  tags: ['role'],
  summary: '角色名称或编码是否已被使用（roleId：修改时排除自身）；data 为 true 表示已存在',
  querystring: {
    type: 'object',
    properties: { roleName: { type: 'string', maxLength: 50 }, roleCode: { type: 'string', maxLength: 50 }, roleId: id },
  },
  response: envelopeResponses({ type: 'boolean' }),
};

export interface DeleteRolesBody {
  roleIds: string[];
}

export const deleteRolesSchema = {
  tags: ['role'],
  summary: '删除角色（状态改为已删除；其用户的下一次请求起不再拥有该角色的权限）',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['roleIds'],
    properties: { roleIds: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: id } },
  },
  response: envelopeResponses({ type: 'null' }),
};

export interface RoleUsersQuery {
  current?: string;
  size?: string;
  name?: string;
}

export const roleUsersSchema = {
  tags: ['role'],
  summary: '角色的用户（分页，按用户名或姓名模糊匹配）',
  params: { type: 'object', required: ['roleId'], properties: { roleId: id } },
  querystring: { type: 'object', properties: { current, size, name: { type: 'string', maxLength: 50 } } },
  response: envelopeResponses(paged(roleUser)),
};

export interface ExcludeUsersQuery extends RoleUsersQuery {
  roleId: string;
}

export const excludeUsersSchema = {
  tags: ['role'],
  summary: '租户内不属于该角色的用户（分页，按用户名或姓名模糊匹配）',
  querystring: { type: 'object', required: ['roleId'], properties: { roleId: id, current, size, name: { type: 'string', maxLength: 50 } } },
  response: envelopeResponses(paged(roleUser)),
};

export interface AddUsersBody {
  roleId: string;
  userIds: string[];
}

export const addUsersSchema = {
  tags: ['role'],
  summary: '为角色添加用户（已在角色中的用户忽略）',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['roleId', 'userIds'],
    properties: { roleId: id, userIds: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: id } },
  },
  response: envelopeResponses({ type: 'null' }),
};

export interface RoleUserListQuery {
  roleId?: string;
  userId?: string;
}

export const roleUserListSchema = {
  tags: ['role'],
  summary: '角色与用户的对应关系（按角色或按用户，二者至少其一）',
  querystring: { type: 'object', properties: { roleId: id, userId: id } },
  response: envelopeResponses({
    type: 'array',
    items: {
      type: 'object',
      required: ['roleId', 'roleName', 'roleCode', 'userId', 'userName', 'nickName'],
      properties: {
        roleId: { type: 'string' },
        roleName: { type: 'string' },
        roleCode: { type: 'string' },
        userId: { type: 'string' },
        userName: { type: 'string' },
        nickName: { type: 'string' },
      },
    },
  }),
};

export interface ResourceQuery {
  roleId: string;
}

export const resourceSchema = {
  tags: ['role'],
  summary: '菜单资源树（扁平，按 parentKid 成树）：每个菜单提供的操作码，以及角色已拥有的菜单与操作码',
  querystring: { type: 'object', required: ['roleId'], properties: { roleId: id } },
  response: envelopeResponses({ type: 'array', items: resource }),
};

export interface ResourcePageQuery {
  roleId: string;
  current?: string;
  size?: string;
  menuName?: string;
}

export const resourcePageSchema = {
  tags: ['role'],
  summary: '可授权的页面菜单（分页，按菜单名称模糊匹配），以及角色已拥有的菜单与操作码',
  querystring: {
    type: 'object',
    required: ['roleId'],
    properties: { roleId: id, current, size, menuName: { type: 'string', maxLength: 50 } },
  },
  response: envelopeResponses(paged(resource)),
};

export interface RoleAuthBody {
  roleId: string;
  menus: Array<{ menuId: string; operationCodes: string[] }>;
}

export const roleAuthSchema = {
  tags: ['role'],
  summary: '保存一个角色的权限（整体替换）：菜单及其操作码；勾选子菜单即含其上级菜单',
  body: { type: 'object', additionalProperties: false, required: ['roleId', 'menus'], properties: { roleId: id, menus: menuGrants } },
  response: envelopeResponses({ type: 'null' }),
};

export interface BatchAuthBody {
  roleIds: string[];
  menus: Array<{ menuId: string; operationCodes: string[] }>;
}

export const batchAuthSchema = {
  tags: ['role'],
  summary: '批量授权：把一组菜单及操作码追加给多个角色（不取消已有权限）',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['roleIds', 'menus'],
    properties: { roleIds: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: id }, menus: { ...menuGrants, minItems: 1 } },
  },
  response: envelopeResponses({ type: 'null' }),
};

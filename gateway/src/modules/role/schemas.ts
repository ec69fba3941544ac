// Wire shapes of 角色管理 and 角色权限 (SPEC §7.2 Roles), each written once with TypeBox and its type derived
// from it. Query values arrive as strings (DESIGN.md §2 paging, shared in schemas/common).
import { type Static, type TSchema, Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { PageQueryFields, Version, pageOf } from '../../schemas/common';

// Seeded and generated ids are 19 digits; fixtures may use other plain ids.
const Id = Type.String({ pattern: '^[0-9A-Za-z_-]{1,64}$' });
const RoleName = Type.String({ minLength: 1, maxLength: 50 });
const RoleCode = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
const LiveStatus = Type.Union([Type.Literal('ENABLED'), Type.Literal('DISABLED')]);
const OperationCodes = Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 20, uniqueItems: true });
const MenuGrant = Type.Object(
  { menuId: Type.String({ minLength: 1, maxLength: 200 }), operationCodes: OperationCodes },
  { additionalProperties: false },
);
const Ids = Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true });
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

const Role = Type.Object({
  roleId: Type.String(),
  roleName: Type.String(),
  roleCode: Type.String(),
  status: LiveStatus,
  remark: Type.String(),
  version: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
  userCount: optional(Type.Integer()),
  platformAdmin: Type.Boolean({ description: '平台管理员角色：不能删除，不能停用，不能取消角色管理权限' }),
});

const RoleUser = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  nickName: Type.String(),
  organizationId: Type.String(),
  orgName: Type.String(),
  status: Type.String(),
});

const Resource = Type.Object({
  menuId: Type.String(),
  menuName: Type.String(),
  path: Type.String(),
  parentKid: Type.String({ description: "'0' 为顶层" }),
  hidden: Type.Boolean(),
  sortNo: Type.Integer(),
  operationCodes: Type.Array(Type.String(), { description: '该菜单提供的操作码' }),
  checked: Type.Boolean({ description: '角色是否拥有该菜单' }),
  checkedOperationCodes: Type.Array(Type.String(), { description: '角色在该菜单上拥有的操作码' }),
});

export const RolePageQuery = Type.Object({
  ...PageQueryFields,
  roleName: optional(Type.String({ maxLength: 50 })),
  roleCode: optional(Type.String({ maxLength: 50 })),
  status: optional(LiveStatus),
});
export type RolePageQuery = Static<typeof RolePageQuery>;

export const rolePageSchema = {
  tags: ['role'],
  summary: '角色分页查询（名称、编码模糊匹配，状态精确匹配；已删除的角色不列出）',
  querystring: RolePageQuery,
  response: envelopeResponses(pageOf(Role)),
};

const roleBodyFields = {
  roleName: RoleName,
  roleCode: RoleCode,
  status: optional(LiveStatus),
  remark: optional(Type.String({ maxLength: 200 })),
};

export const RoleBody = Type.Object(roleBodyFields, { additionalProperties: false });
export type RoleBody = Static<typeof RoleBody>;

export const createRoleSchema = {
  tags: ['role'],
  summary: '新增角色（名称、编码在租户内唯一）；新角色自带首页',
  body: RoleBody,
  response: envelopeResponses(Role),
};

export const UpdateRoleBody = Type.Object(
  { ...roleBodyFields, version: Version, roleId: optional(Id) },
  { additionalProperties: false },
);
export type UpdateRoleBody = Static<typeof UpdateRoleBody>;

export const updateRoleSchema = {
  tags: ['role'],
  summary: '修改角色（version 为读取时的版本，已被他人修改时返回 160300409）',
  params: Type.Object({ id: Id }),
  body: UpdateRoleBody,
  response: envelopeResponses(Role),
};

export const allRolesSchema = {
  tags: ['role'],
  summary: '租户内全部启用的角色',
  response: envelopeResponses(
    Type.Array(Type.Object({ roleId: Type.String(), roleName: Type.String(), roleCode: Type.String() })),
  ),
};

export const RoleExistQuery = Type.Object({
  roleName: optional(Type.String({ maxLength: 50 })),
  roleCode: optional(Type.String({ maxLength: 50 })),
  roleId: optional(Id),
});
export type RoleExistQuery = Static<typeof RoleExistQuery>;

export const roleExistSchema = {
  tags: ['role'],
  summary: '角色名称或编码是否已被使用（roleId：修改时排除自身）；data 为 true 表示已存在',
  querystring: RoleExistQuery,
  response: envelopeResponses(Type.Boolean()),
};

export const DeleteRolesBody = Type.Object({ roleIds: Ids }, { additionalProperties: false });
export type DeleteRolesBody = Static<typeof DeleteRolesBody>;

export const deleteRolesSchema = {
  tags: ['role'],
  summary: '删除角色（状态改为已删除；其用户的下一次请求起不再拥有该角色的权限）',
  body: DeleteRolesBody,
  response: envelopeResponses(Type.Null()),
};

const roleUsersFields = { ...PageQueryFields, name: optional(Type.String({ maxLength: 50 })) };
export const RoleUsersQuery = Type.Object(roleUsersFields);
export type RoleUsersQuery = Static<typeof RoleUsersQuery>;

export const roleUsersSchema = {
  tags: ['role'],
  summary: '角色的用户（分页，按用户名或姓名模糊匹配）',
  params: Type.Object({ roleId: Id }),
  querystring: RoleUsersQuery,
  response: envelopeResponses(pageOf(RoleUser)),
};

export const ExcludeUsersQuery = Type.Object({ roleId: Id, ...roleUsersFields });
export type ExcludeUsersQuery = Static<typeof ExcludeUsersQuery>;

export const excludeUsersSchema = {
  tags: ['role'],
  summary: '租户内不属于该角色的用户（分页，按用户名或姓名模糊匹配）',
  querystring: ExcludeUsersQuery,
  response: envelopeResponses(pageOf(RoleUser)),
};

export const AddUsersBody = Type.Object({ roleId: Id, userIds: Ids }, { additionalProperties: false });
export type AddUsersBody = Static<typeof AddUsersBody>;

export const addUsersSchema = {
  tags: ['role'],
  summary: '为角色添加用户（已在角色中的用户忽略）',
  body: AddUsersBody,
  response: envelopeResponses(Type.Null()),
};

export const RoleUserListQuery = Type.Object({ roleId: optional(Id), userId: optional(Id) });
export type RoleUserListQuery = Static<typeof RoleUserListQuery>;

export const roleUserListSchema = {
  tags: ['role'],
  summary: '角色与用户的对应关系（按角色或按用户，二者至少其一）',
  querystring: RoleUserListQuery,
  response: envelopeResponses(
    Type.Array(
      Type.Object({
        roleId: Type.String(),
        roleName: Type.String(),
        roleCode: Type.String(),
        userId: Type.String(),
        userName: Type.String(),
        nickName: Type.String(),
      }),
    ),
  ),
};

export const ResourceQuery = Type.Object({ roleId: Id });
export type ResourceQuery = Static<typeof ResourceQuery>;

export const resourceSchema = {
  tags: ['role'],
  summary: '菜单资源树（扁平，按 parentKid 成树）：每个菜单提供的操作码，以及角色已拥有的菜单与操作码',
  querystring: ResourceQuery,
  response: envelopeResponses(Type.Array(Resource)),
};

export const ResourcePageQuery = Type.Object({
  roleId: Id,
  ...PageQueryFields,
  menuName: optional(Type.String({ maxLength: 50 })),
});
export type ResourcePageQuery = Static<typeof ResourcePageQuery>;

export const resourcePageSchema = {
  tags: ['role'],
  summary: '可授权的页面菜单（分页，按菜单名称模糊匹配），以及角色已拥有的菜单与操作码',
  querystring: ResourcePageQuery,
  response: envelopeResponses(pageOf(Resource)),
};

export const RoleAuthBody = Type.Object(
  { roleId: Id, menus: Type.Array(MenuGrant, { maxItems: 500 }) },
  { additionalProperties: false },
);
export type RoleAuthBody = Static<typeof RoleAuthBody>;

export const roleAuthSchema = {
  tags: ['role'],
  summary: '保存一个角色的权限（整体替换）：菜单及其操作码；勾选子菜单即含其上级菜单',
  body: RoleAuthBody,
  response: envelopeResponses(Type.Null()),
};

export const BatchAuthBody = Type.Object(
  { roleIds: Ids, menus: Type.Array(MenuGrant, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type BatchAuthBody = Static<typeof BatchAuthBody>;

export const batchAuthSchema = {
  tags: ['role'],
  summary: '批量授权：把一组菜单及操作码追加给多个角色（不取消已有权限）',
  body: BatchAuthBody,
  response: envelopeResponses(Type.Null()),
};

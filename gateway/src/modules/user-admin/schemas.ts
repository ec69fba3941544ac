// 用户管理 calls of SPEC §7.2 (Users), with the organisation lookup the list needs: each wire shape written once
// with TypeBox and its type derived from it. Query and path values are strings on the wire; bodies are strict
// JSON (no coercion, no unknown fields).
import { type Static, type TSchema, Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { IdParams, PageQueryFields, pageOf } from '../../schemas/common';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const text = (max: number) => Type.String({ maxLength: max });
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
const Status = Type.Union([Type.Literal('ENABLED'), Type.Literal('DISABLED')]);
const strict = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const UserPageQuery = strict({
  ...PageQueryFields,
  userName: optional(text(30)),
  nickName: optional(text(30)),
  mobile: optional(text(11)),
  organizationId: optional(text(64)),
  status: optional(Status),
});
export type UserPageQuery = Static<typeof UserPageQuery>;

const UserRecord = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  nickName: Type.String(),
  organizationId: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  idNumber: Type.String(),
  oaAccount: Type.String(),
  status: Status,
  userType: Type.Union([Type.Literal('STAFF'), Type.Literal('SUPPLIER')]),
  isAuthData: Type.Boolean({ description: '保存角色时是否启用数据授权' }),
  version: Type.Integer(),
  createTime: Type.String(),
});

export const userPageSchema = {
  tags: ['authcenter'],
  summary: '用户分页查询（用户名、姓名、手机号模糊匹配；组织、状态精确匹配）',
  querystring: UserPageQuery,
  response: envelopeResponses(pageOf(UserRecord)),
};

export const CreateUserBody = strict({
  userName: text(30),
  nickName: text(30),
  organizationId: Id,
  mobile: text(11),
  oaAccount: optional(text(50)),
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const createUserSchema = {
  tags: ['authcenter'],
  summary: '新增用户（生成符合密码策略的初始密码，仅在此应答中出现一次）',
  body: CreateUserBody,
  response: envelopeResponses(
    Type.Object({ userId: Type.String(), password: Type.String({ description: '初始密码，仅显示一次' }) }),
  ),
};

export const UpdateUserBody = Type.Object(
  {
    nickName: optional(text(30)),
    organizationId: optional(Id),
    mobile: optional(text(11)),
    oaAccount: optional(text(50)),
    status: optional(Status),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const updateUserSchema = {
  tags: ['authcenter'],
  summary: '修改用户（停用时该用户的全部令牌失效）',
  params: IdParams,
  body: UpdateUserBody,
  response: envelopeResponses(Type.Null()),
};

const personnelFields = { name: text(30), mobile: text(11), email: optional(text(100)), idNumber: optional(text(18)) };
export const PersonnelBody = strict({ userId: Id, ...personnelFields });
export type PersonnelBody = Static<typeof PersonnelBody>;

export const createPersonnelSchema = {
  tags: ['company'],
  summary: '新增人员信息（姓名、手机号、邮箱、身份证号）',
  body: PersonnelBody,
  response: envelopeResponses(Type.Object({ keyId: Type.String() })),
};

export const updatePersonnelSchema = {
  tags: ['company'],
  summary: '修改人员信息（路径 id 为用户 id；没有人员信息时新建）',
  params: IdParams,
  body: strict({ userId: optional(Id), ...personnelFields }),
  response: envelopeResponses(Type.Null()),
};

export interface ExistQuery {
  userName?: string;
  oaAccount?: string;
  mobile?: string;
  excludeId?: string;
}

const existQuery = (field: 'userName' | 'oaAccount' | 'mobile', max: number) =>
  strict({ [field]: Type.String({ minLength: 1, maxLength: max }), excludeId: optional(text(64)) });

export const userExistSchema = {
  tags: ['authcenter'],
  summary: '用户名是否已存在（全平台唯一；excludeId 为编辑中的用户）',
  querystring: existQuery('userName', 64),
  response: envelopeResponses(Type.Boolean()),
};

export const oaExistSchema = {
  tags: ['authcenter'],
  summary: 'OA账号在本租户是否已存在',
  querystring: existQuery('oaAccount', 64),
  response: envelopeResponses(Type.Boolean()),
};

export const byPhoneSchema = {
  tags: ['authcenter'],
  summary: '按手机号查本租户用户（没有时为 null）',
  querystring: existQuery('mobile', 20),
  response: envelopeResponses(
    Type.Union([Type.Object({ userId: Type.String(), userName: Type.String(), nickName: Type.String() }), Type.Null()]),
  ),
};

export const SaveRolesQuery = Type.Object({
  isAuthData: Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]),
});
export type SaveRolesQuery = Static<typeof SaveRolesQuery>;

export const SaveRolesBody = strict({ userId: Id, roleIds: Type.Array(Id, { maxItems: 100, uniqueItems: true }) });
export type SaveRolesBody = Static<typeof SaveRolesBody>;

export const saveRolesSchema = {
  tags: ['authcenter'],
  summary: '保存用户的角色（isAuthData：是否启用数据授权）',
  querystring: SaveRolesQuery,
  body: SaveRolesBody,
  response: envelopeResponses(Type.Null()),
};

const roleFields = { roleId: Type.String(), roleCode: Type.String(), roleName: Type.String() };

export const userRolesWsfSchema = {
  tags: ['authcenter'],
  summary: '可分配的角色（本租户全部角色，checked 为该用户已有）及数据授权开关',
  params: IdParams,
  response: envelopeResponses(
    Type.Object({
      isAuthData: Type.Boolean(),
      roles: Type.Array(Type.Object({ ...roleFields, checked: Type.Boolean() })),
    }),
  ),
};

export const userRolesSchema = {
  tags: ['authcenter'],
  summary: '用户已有的角色',
  params: IdParams,
  response: envelopeResponses(Type.Array(Type.Object(roleFields))),
};

export const ResetPasswordBody = strict({ userId: Id });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const resetPasswordSchema = {
  tags: ['authcenter'],
  summary: '重置密码（生成符合密码策略的新密码，仅在此应答中出现一次；该用户的全部令牌失效）',
  body: ResetPasswordBody,
  response: envelopeResponses(Type.Object({ password: Type.String() })),
};

export const ListCompanyQuery = strict({
  keyIds: optional(Type.Union([text(64), Type.Array(text(64), { maxItems: 100 })])),
});
export type ListCompanyQuery = Static<typeof ListCompanyQuery>;

export const listCompanySchema = {
  tags: ['company'],
  summary: '按组织 id 查组织名称（keyIds 重复键；本租户以外的 id 不出现在结果中）',
  querystring: ListCompanyQuery,
  response: envelopeResponses(Type.Array(Type.Object({ keyId: Type.String(), enterpriseName: Type.String() }))),
};

export const licensableListSchema = {
  tags: ['authcenter'],
  summary: '本租户可分配给用户的组织（集团、子公司、项目公司、供应商、资金方）',
  querystring: Type.Object({}),
  response: envelopeResponses(
    Type.Array(
      Type.Object({
        keyId: Type.String(),
        enterpriseName: Type.String(),
        orgType: Type.String({ enum: ['GROUP', 'SUBSIDIARY', 'PROJECT_COMPANY', 'SUPPLIER', 'CAPITAL_SIDE'] }),
        parentId: Type.String({ description: "'0' 为顶级" }),
      }),
    ),
  ),
};

export const exportUsersSchema = {
  tags: ['authcenter'],
  summary: '导出当前查询条件下的全部用户（.xlsx）',
  querystring: UserPageQuery,
};

const Row = Type.Integer();
export const importUsersSchema = {
  tags: ['authcenter'],
  summary: '按用户导入模板导入用户（multipart，一个 .xlsx 文件）；逐行报告错误，通过的行导入并各生成一次性密码',
  response: envelopeResponses(
    Type.Object({
      total: Type.Integer(),
      imported: Type.Array(Type.Object({ row: Row, userName: Type.String(), password: Type.String() })),
      errors: Type.Array(Type.Object({ row: Row, message: Type.String() })),
    }),
  ),
};

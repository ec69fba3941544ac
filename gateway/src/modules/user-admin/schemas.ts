// 用户管理 calls of SPEC §7.2 (Users), with the organisation lookup the list needs. Query and path values are
// strings on the wire; bodies are strict JSON (no coercion, no unknown fields).
import { envelopeResponses } from '../../plugins/envelope';

const id = { type: 'string', minLength: 1, maxLength: 64 };
const text = (max: number) => ({ type: 'string', maxLength: max });
const paging = {
  current: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  size: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
};
const idParams = { type: 'object', required: ['id'], properties: { id } };

export interface UserPageQuery {
  current?: string;
  size?: string;
  userName?: string;
  nickName?: string;
  mobile?: string;
  organizationId?: string;
  status?: 'ENABLED' | 'DISABLED';
}

const userRecord = {
  type: 'object',
  required: ['userId', 'userName', 'nickName', 'organizationId', 'mobile', 'email', 'idNumber', 'oaAccount', 'status', 'userType', 'isAuthData', 'version', 'createTime'],
  properties: {
    userId: { type: 'string' },
    userName: { type: 'string' },
    nickName: { type: 'string' },
    organizationId: { type: 'string' },
    mobile: { type: 'string' },
    email: { type: 'string' },
    idNumber: { type: 'string' },
    oaAccount: { type: 'string' },
    status: { type: 'string', enum: ['ENABLED', 'DISABLED'] },
    userType: { type: 'string', enum: ['STAFF', 'SUPPLIER'] },
    isAuthData: { type: 'boolean', description: '保存角色时是否启用数据授权' },
    version: { type: 'integer' },
    createTime: { type: 'string' },
  },
};

export const userPageSchema = {
  tags: ['authcenter'],
  summary: '用户分页查询（用户名、姓名、手机号模糊匹配；组织、状态精确匹配）',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...paging,
      userName: text(30), nickName: text(30), mobile: text(11), organizationId: text(64),
      status: { type: 'string', enum: ['ENABLED', 'DISABLED'] },
    },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['records', 'total', 'current', 'size'],
    properties: { records: { type: 'array', items: userRecord }, total: { type: 'integer' }, current: { type: 'integer' }, size: { type: 'integer' } },
  }),
};

export interface CreateUserBody {
  userName: string;
  nickName: string;
  organizationId: string;
  mobile: string;
  oaAccount?: string;
}

export const createUserSchema = {
  tags: ['authcenter'],
  summary: '新增用户（生成符合密码策略的初始密码，仅在此应答中出现一次）',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['userName', 'nickName', 'organizationId', 'mobile'],
    properties: { userName: text(30), nickName: text(30), organizationId: id, mobile: text(11), oaAccount: text(50) },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['userId', 'password'],
    properties: { userId: { type: 'string' }, password: { type: 'string', description: '初始密码，仅显示一次' } },
  }),
};

export interface UpdateUserBody {
  nickName?: string;
  organizationId?: string;
  mobile?: string;
  oaAccount?: string;
  status?: 'ENABLED' | 'DISABLED';
}

export const updateUserSchema = {
  tags: ['authcenter'],
  summary: '修改用户（停用时该用户的全部令牌失效）',
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      nickName: text(30), organizationId: id, mobile: text(11), oaAccount: text(50),
      status: { type: 'string', enum: ['ENABLED', 'DISABLED'] },
    },
  },
  response: envelopeResponses({ type: 'null' }),
};

export interface PersonnelBody {
  userId: string;
  name: string;
  mobile: string;
  email?: string;
  idNumber?: string;
}

const personnelProperties = { userId: id, name: text(30), mobile: text(11), email: text(100), idNumber: text(18) };

export const createPersonnelSchema = {
  tags: ['company'],
  summary: '新增人员信息（姓名、手机号、邮箱、身份证号）',
  body: { type: 'object', additionalProperties: false, required: ['userId', 'name', 'mobile'], properties: personnelProperties },
  response: envelopeResponses({ type: 'object', required: ['keyId'], properties: { keyId: { type: 'string' } } }),
};

export const updatePersonnelSchema = {
  tags: ['company'],
  summary: '修改人员信息（路径 id 为用户 id；没有人员信息时新建）',
  params: idParams,
  body: { type: 'object', additionalProperties: false, required: ['name', 'mobile'], properties: personnelProperties },
  response: envelopeResponses({ type: 'null' }),
};

export interface ExistQuery {
  userName?: string;
  oaAccount?: string;
  mobile?: string;
  excludeId?: string;
}

const existQuery = (field: 'userName' | 'oaAccount' | 'mobile', max: number) => ({
  type: 'object',
  additionalProperties: false,
  required: [field],
  properties: { [field]: { type: 'string', minLength: 1, maxLength: max }, excludeId: text(64) },
});

export const userExistSchema = {
  tags: ['authcenter'],
  summary: '用户名是否已存在（全平台唯一；excludeId 为编辑中的用户）',
  querystring: existQuery('userName', 64),
  response: envelopeResponses({ type: 'boolean' }),
};

export const oaExistSchema = {
  tags: ['authcenter'],
  summary: 'OA账号在本租户是否已存在',
  querystring: existQuery('oaAccount', 64),
  response: envelopeResponses({ type: 'boolean' }),
};

export const byPhoneSchema = {
  tags: ['authcenter'],
  summary: '按手机号查本租户用户（没有时为 null）',
  querystring: existQuery('mobile', 20),
  response: envelopeResponses({
    type: ['object', 'null'],
    required: ['userId', 'userName', 'nickName'],
    properties: { userId: { type: 'string' }, userName: { type: 'string' }, nickName: { type: 'string' } },
  }),
};

export interface SaveRolesQuery {
  isAuthData: 'true' | 'false' | '1' | '0';
}

export interface SaveRolesBody {
  userId: string;
  roleIds: string[];
}

export const saveRolesSchema = {
  tags: ['authcenter'],
  summary: '保存用户的角色（isAuthData：是否启用数据授权）',
  querystring: {
    type: 'object',
    required: ['isAuthData'],
    properties: { isAuthData: { type: 'string', enum: ['true', 'false', '1', '0'] } },
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['userId', 'roleIds'],
    properties: { userId: id, roleIds: { type: 'array', maxItems: 100, uniqueItems: true, items: id } },
  },
  response: envelopeResponses({ type: 'null' }),
};

const roleItem = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['roleId', 'roleCode', 'roleName', ...required],
  properties: { roleId: { type: 'string' }, roleCode: { type: 'string' }, roleName: { type: 'string' }, ...extra },
});

export const userRolesWsfSchema = {
  tags: ['authcenter'],
  summary: '可分配的角色（本租户全部角色，checked 为该用户已有）及数据授权开关',
  params: idParams,
  response: envelopeResponses({
    type: 'object',
    required: ['isAuthData', 'roles'],
    properties: {
      isAuthData: { type: 'boolean' },
      roles: { type: 'array', items: roleItem({ checked: { type: 'boolean' } }, ['checked']) },
    },
  }),
};

export const userRolesSchema = {
  tags: ['authcenter'],
  summary: '用户已有的角色',
  params: idParams,
  response: envelopeResponses({ type: 'array', items: roleItem() }),
};

export interface ResetPasswordBody {
  userId: string;
}

export const resetPasswordSchema = {
  tags: ['authcenter'],
  summary: '重置密码（生成符合密码策略的新密码，仅在此应答中出现一次；该用户的全部令牌失效）',
  body: { type: 'object', additionalProperties: false, required: ['userId'], properties: { userId: id } },
  response: envelopeResponses({ type: 'object', required: ['password'], properties: { password: { type: 'string' } } }),
};

export interface ListCompanyQuery {
  keyIds?: string | string[];
}

export const listCompanySchema = {
  tags: ['company'],
  summary: '按组织 id 查组织名称（keyIds 重复键；本租户以外的 id 不出现在结果中）',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      keyIds: {
        anyOf: [
          { type: 'string', maxLength: 64 },
          { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 64 } },
        ],
      },
    },
  },
  response: envelopeResponses({
    type: 'array',
    items: { type: 'object', required: ['keyId', 'enterpriseName'], properties: { keyId: { type: 'string' }, enterpriseName: { type: 'string' } } },
  }),
};

export const licensableListSchema = {
  tags: ['authcenter'],
  summary: '本租户可分配给用户的组织（集团、子公司、项目公司、供应商、资金方）',
  querystring: { type: 'object', properties: {} },
  response: envelopeResponses({
    type: 'array',
    items: {
      type: 'object',
      required: ['keyId', 'enterpriseName', 'orgType', 'parentId'],
      properties: {
        keyId: { type: 'string' },
        enterpriseName: { type: 'string' },
        orgType: { type: 'string', enum: ['GROUP', 'SUBSIDIARY', 'PROJECT_COMPANY', 'SUPPLIER', 'CAPITAL_SIDE'] },
        parentId: { type: 'string', description: "'0' 为顶级" },
      },
    },
  }),
};

export const exportUsersSchema = {
  tags: ['authcenter'],
  summary: '导出当前查询条件下的全部用户（.xlsx）',
  querystring: userPageSchema.querystring,
};

export const importUsersSchema = {
  tags: ['authcenter'],
  summary: '按用户导入模板导入用户（multipart，一个 .xlsx 文件）；逐行报告错误，通过的行导入并各生成一次性密码',
  response: envelopeResponses({
    type: 'object',
    required: ['total', 'imported', 'errors'],
    properties: {
      total: { type: 'integer' },
      imported: {
        type: 'array',
        items: { type: 'object', required: ['row', 'userName', 'password'], properties: { row: { type: 'integer' }, userName: { type: 'string' }, password: { type: 'string' } } },
      },
      errors: {
        type: 'array',
        items: { type: 'object', required: ['row', 'message'], properties: { row: { type: 'integer' }, message: { type: 'string' } } },
      },
    },
  }),
};

// 组织管理, 项目公司管理, 供应商管理 and the organisation lookups (SPEC §7.2 Organisations and lookups), each wire
// shape written once with TypeBox and its type derived from it. Query and path values are strings on the wire;
// bodies are strict JSON (no coercion, no unknown fields).
import { type Static, type TSchema, Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { IdParams, PageQueryFields, Version, pageOf } from '../../schemas/common';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );
const ORG_TYPES = ['GROUP', 'SUBSIDIARY', 'PROJECT_COMPANY', 'SUPPLIER', 'CAPITAL_SIDE'] as const;
const OrgType = literals(ORG_TYPES);
const CreatableType = literals(['SUBSIDIARY', 'PROJECT_COMPANY', 'SUPPLIER', 'CAPITAL_SIDE'] as const);
const Status = literals(['ENABLED', 'DISABLED'] as const);
const strict = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const organizationRecord = Type.Object({
  keyId: Type.String(),
  orgType: OrgType,
  parentId: Type.String({ description: "'0' 为顶级" }),
  parentName: Type.String(),
  enterpriseName: Type.String(),
  creditCode: Type.String({ description: '统一社会信用代码' }),
  contactName: Type.String(),
  contactMobile: Type.String(),
  email: Type.String(),
  address: Type.String(),
  status: Status,
  gysId: Type.String({ description: '供应商编号（仅供应商）' }),
  appIds: Type.Array(Type.String(), { description: '所属子系统（仅供应商）' }),
  version: Type.Integer(),
  createTime: Type.String(),
});

export const OrgPageQuery = strict({
  ...PageQueryFields,
  enterpriseName: text(100),
  creditCode: text(18),
  gysId: text(32),
  status: Type.Optional(Status),
});
export type OrgPageQuery = Static<typeof OrgPageQuery>;

export const orgPageSchema = (summary: string, withGysId: boolean) => {
  const { gysId: _gysId, ...withoutGysId } = OrgPageQuery.properties;
  return {
    tags: ['company'],
    summary,
    querystring: withGysId ? OrgPageQuery : strict(withoutGysId),
    response: envelopeResponses(pageOf(organizationRecord)),
  };
};

export const orgDetailSchema = (summary: string) => ({
  tags: ['company'],
  summary,
  params: IdParams,
  response: envelopeResponses(organizationRecord),
});

const bodyFields = {
  enterpriseName: Type.String({ maxLength: 100 }),
  parentId: text(64),
  creditCode: text(18),
  contactName: text(30),
  contactMobile: text(11),
  email: text(254),
  address: text(200),
  appIds: Type.Optional(Type.Array(Id, { maxItems: 20, uniqueItems: true })),
};

export const OrgBody = strict({
  ...bodyFields,
  orgType: Type.Optional(CreatableType),
  version: Type.Optional(Version),
});
export type OrgBody = Static<typeof OrgBody>;

export const orgCreateSchema = (summary: string, withType: boolean) => ({
  tags: ['company'],
  summary,
  body: withType ? strict({ ...bodyFields, orgType: CreatableType }) : strict(bodyFields),
  response: envelopeResponses(
    Type.Object({
      keyId: Type.String(),
      gysId: Type.String({ description: '新供应商的编号；其他类型为空' }),
    }),
  ),
});

export const orgUpdateSchema = (summary: string) => ({
  tags: ['company'],
  summary,
  params: IdParams,
  body: strict({ ...bodyFields, version: Version }),
  response: envelopeResponses(Type.Null()),
});

export const StatusBody = strict({ status: Status, version: Version });
export type StatusBody = Static<typeof StatusBody>;

export const orgStatusSchema = (summary: string) => ({
  tags: ['company'],
  summary,
  params: IdParams,
  body: StatusBody,
  response: envelopeResponses(Type.Null()),
});

export const orgTreeSchema = {
  tags: ['authcenter'],
  summary: '本租户的全部组织（按 parentId 成树：集团、子公司、项目公司、供应商、资金方）',
  querystring: strict({}),
  response: envelopeResponses(Type.Array(organizationRecord)),
};

export const AccountPageQuery = strict({ ...PageQueryFields, orgId: Id });
export type AccountPageQuery = Static<typeof AccountPageQuery>;

export const accountPageSchema = {
  tags: ['authcenter'],
  summary: '组织下的账号分页查询',
  querystring: AccountPageQuery,
  response: envelopeResponses(
    pageOf(
      Type.Object({
        userId: Type.String(),
        userName: Type.String(),
        nickName: Type.String(),
        mobile: Type.String(),
        status: Status,
        userType: literals(['STAFF', 'SUPPLIER'] as const),
      }),
    ),
  ),
};

const orgRefFields = { keyId: Type.String(), enterpriseName: Type.String(), orgType: OrgType };

export const userTopSchema = {
  tags: ['authcenter'],
  summary: '当前用户所属组织的顶级组织（集团）',
  querystring: strict({}),
  response: envelopeResponses(Type.Union([Type.Object(orgRefFields), Type.Null()])),
};

export const SupplierDropQuery = strict({ enterpriseName: text(100) });
export type SupplierDropQuery = Static<typeof SupplierDropQuery>;

export const supplierDropSchema = {
  tags: ['company'],
  summary: '供应商下拉（启用的供应商，按名称模糊匹配，最多 50 条）',
  querystring: SupplierDropQuery,
  response: envelopeResponses(
    Type.Array(Type.Object({ keyId: Type.String(), gysId: Type.String(), enterpriseName: Type.String() })),
  ),
};

export const capitalSideListSchema = {
  tags: ['capital'],
  summary: '资金方列表（启用的资金方；capitalSideCode 即授权所用的资金方编号）',
  querystring: strict({}),
  response: envelopeResponses(
    Type.Array(Type.Object({ keyId: Type.String(), capitalSideCode: Type.String(), capitalSideName: Type.String() })),
  ),
};

export const ListByLabelQuery = strict({ orgType: OrgType });
export type ListByLabelQuery = Static<typeof ListByLabelQuery>;

export const listByLabelSchema = {
  tags: ['company'],
  summary: '按组织类型列出启用的组织',
  querystring: ListByLabelQuery,
  response: envelopeResponses(Type.Array(Type.Object({ ...orgRefFields, parentId: Type.String() }))),
};

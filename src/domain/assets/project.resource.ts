// 项目信息 (/assetsManage/projectInformation): the projects of the group's project companies (BUSINESS.md §2
// Project). 付款单数, 应收总额 and 已融资额 are computed from the project's payment orders, never typed.
import { type FieldDef, type RefDef, type ResourceDef, orgRef } from '../resource/resource';

export const PROJECT_PATH = '/assetsManage/projectInformation';
export type ProjectStatus = 'BUILDING' | 'COMPLETED' | 'CLOSED';

/** The project company a record may name when it is made (a contract lock, a financing demand). */
export const PROJECT_COMPANY_ON_CREATE: FieldDef = {
  key: 'projectCompanyId',
  label: '项目公司',
  type: 'text',
  form: 'create',
  required: false,
  ref: orgRef('PROJECT_COMPANY'),
};
export const PROJECT_REF: RefDef = { table: 'project', id: 'project_id', name: 'project_name' };

/** The demo project the samples rest on (seeded in every tenant-one database). */
export const SAMPLE_PROJECT_ID = '2400000000000000001';
export const SAMPLE_PROJECT_COMPANY_ID = '1100000000000000004';
export const SAMPLE_SUPPLIER_ID = '1100000000000000011';

export const PROJECT: ResourceDef<ProjectStatus> = {
  name: 'project',
  api: '/api/assets/project',
  menuPath: PROJECT_PATH,
  title: '项目信息',
  noun: '项目',
  storage: { table: 'project', id: 'project_id', uniqueIndex: 'project_code_uq' },
  fields: [
    {
      key: 'projectCode',
      label: '项目编码',
      type: 'text',
      max: 30,
      form: 'create',
      search: 'like',
      list: { width: 130 },
    },
    {
      key: 'projectName',
      label: '项目名称',
      type: 'text',
      max: 100,
      form: 'always',
      search: 'like',
      list: { width: 200 },
    },
    {
      key: 'projectCompanyId',
      label: '项目公司',
      type: 'text',
      max: 30,
      form: 'always',
      ref: orgRef('PROJECT_COMPANY'),
      detail: false,
    },
    {
      key: 'projectCompanyName',
      label: '项目公司',
      type: 'text',
      column: 'project_company_id',
      refName: true,
      list: { width: 200 },
    },
    { key: 'city', label: '城市', type: 'text', max: 20, form: 'always', search: 'like', list: { width: 80 } },
    {
      key: 'orderCount',
      label: '付款单数',
      type: 'int',
      list: { width: 80 },
      aggregate: { table: 'payment_order', on: 'project_id', fn: 'count' },
    },
    {
      key: 'receivableTotal',
      label: '应收总额',
      type: 'money',
      list: { width: 140 },
      aggregate: { table: 'payment_order', on: 'project_id', fn: 'sum', column: 'receivable_amount' },
    },
    {
      key: 'financedTotal',
      label: '已融资额',
      type: 'money',
      list: { width: 140 },
      aggregate: { table: 'payment_order', on: 'project_id', fn: 'sum', column: 'financed_amount' },
    },
    { key: 'createTime', label: '创建时间', type: 'datetime', column: 'created_at' },
  ],
  statuses: {
    BUILDING: { label: '在建', tone: 'brand' },
    COMPLETED: { label: '已竣工', tone: 'success' },
    CLOSED: { label: '已关闭', tone: 'subtle' },
  },
  initialStatus: 'BUILDING',
  create: { label: '新增项目' },
  update: { when: ['BUILDING', 'COMPLETED'] },
  unique: { fields: ['projectCode'], statuses: ['BUILDING', 'COMPLETED', 'CLOSED'], message: '项目编码已存在' },
  sample: {
    projectCode: 'XM-PACT-0001',
    projectName: '契约样例项目',
    projectCompanyId: SAMPLE_PROJECT_COMPANY_ID,
    city: '苏州',
  },
  titleField: 'projectName',
};

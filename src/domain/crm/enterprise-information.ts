// 企业信息 (/CRM/enterpriseInformation): ONE record per company — the organisation row (name, credit code,
// its role from the organisation type) with its side table enterprise_profile (BUSINESS.md "Decisions":
// 企业信息 is the organisation row with its side tables, not a second copy). Only the profile is edited; its
// row is made on the first save. The list pages over the organisation join, which the kit's single-table
// statements do not say, so the gateway's routes are written by hand with the kit's schemas, checks and
// screen: the definition keeps the kit's shape (page, detail, edit, export) without `create` or `remove`.
// Deliberately not a `*.resource.ts` file: the generic kit tests create records, and this list has none to create.
import type { ResourceDef } from '../resource/resource';

export const ENTERPRISE_INFORMATION_PATH = '/CRM/enterpriseInformation';
export type EnterpriseStatus = 'PROFILED' | 'UNPROFILED';

/** The organisation types that are enterprises the business deals with, and their role's word. */
export const ENTERPRISE_ROLE_LABEL = {
  SUPPLIER: '供应商',
  PROJECT_COMPANY: '项目公司',
  CAPITAL_SIDE: '资金方',
} as const;
export const ENTERPRISE_SCALE_LABEL = { LARGE: '大型', MEDIUM: '中型', SMALL: '小微' } as const;
export const TAXPAYER_TYPE_LABEL = { GENERAL: '一般纳税人', SMALL_SCALE: '小规模纳税人' } as const;
export const WHITELIST_LABEL = { MANUAL: '人工', SYSTEM: '系统', NONE: '非' } as const;
export const RATING_LABEL = { AAA: 'AAA', AA: 'AA', A: 'A', BBB: 'BBB', BB: 'BB', B: 'B' } as const;

export const ENTERPRISE_INFORMATION: ResourceDef<EnterpriseStatus> = {
  name: 'enterpriseInformation',
  api: '/api/crm/enterprise',
  menuPath: ENTERPRISE_INFORMATION_PATH,
  title: '企业信息',
  noun: '企业信息',
  storage: { table: 'enterprise_profile', id: 'org_id' },
  fields: [
    { key: 'enterpriseName', label: '企业', type: 'text', search: 'like', list: { width: 220 } },
    { key: 'creditCode', label: '统一社会信用代码', type: 'text', search: 'like', list: { width: 180 } },
    { key: 'role', label: '角色', type: 'enum', options: ENTERPRISE_ROLE_LABEL, search: 'eq', list: { width: 80 } },
    {
      key: 'scale',
      label: '规模',
      type: 'enum',
      options: ENTERPRISE_SCALE_LABEL,
      form: 'always',
      search: 'eq',
      list: { width: 70 },
    },
    { key: 'legalRep', label: '法人', type: 'text', max: 30, form: 'always', list: { width: 90 } },
    { key: 'registeredCapital', label: '注册资本', type: 'money', form: 'always', list: { width: 140 } },
    { key: 'establishedOn', label: '成立日期', type: 'date', form: 'always', required: false, nearTermYears: 0 },
    { key: 'address', label: '地址', type: 'text', max: 200, form: 'always', required: false },
    { key: 'industry', label: '行业', type: 'text', max: 50, form: 'always', required: false },
    { key: 'taxpayerType', label: '纳税人类型', type: 'enum', options: TAXPAYER_TYPE_LABEL, form: 'always' },
    {
      key: 'rating',
      label: '评级',
      type: 'enum',
      options: RATING_LABEL,
      form: 'always',
      search: 'eq',
      list: { width: 70 },
    },
    {
      key: 'whitelist',
      label: '白名单',
      type: 'enum',
      options: WHITELIST_LABEL,
      form: 'always',
      search: 'eq',
      list: { width: 80 },
      optionTones: { MANUAL: 'success', SYSTEM: 'brand', NONE: 'subtle' },
    },
  ],
  statuses: { PROFILED: { label: '已建档', tone: 'success' }, UNPROFILED: { label: '未建档', tone: 'warning' } },
  initialStatus: 'UNPROFILED',
  update: { when: ['PROFILED', 'UNPROFILED'] },
  order: { key: 'enterpriseName', direction: 'asc' },
  sample: {
    scale: 'MEDIUM',
    legalRep: '王建国',
    registeredCapital: 50_000_000_00,
    establishedOn: '2008-05-12',
    address: '上海市闵行区虹梅路88号',
    industry: '建筑材料',
    taxpayerType: 'GENERAL',
    rating: 'AA',
    whitelist: 'MANUAL',
  },
  titleField: 'enterpriseName',
};

// 子公司参数 (/parameterManage/parameterSubsidiary): the limits one subsidiary — a city company or a project
// company of the tenant — sets on the financings it pays (BUSINESS.md §2 Parameters, §3 "Single financing ≤
// subsidiary singleMaxAmount"). One parameter per subsidiary. 已用 is the year's lending against the annual
// quota: what the registered loans lent on the orders it pays (its own project company's, or those of the project
// companies under a city company) with a loan date within its effective dates, summed when read. A 停用 parameter sets no cap (capSourcesOf reads live ones only).
import { orgRef, withRefName, type ResourceDef, type ResourceRecord } from '../resource/resource';
import { MAX_FINANCING_RATIO, MAX_TERM_DAYS, everyRefusal, notAbove, rateAboveZero, rateAtMost } from './param-rules';

export const PARAMETER_SUBSIDIARY_PATH = '/parameterManage/parameterSubsidiary';
export type SubsidiaryParameterStatus = 'ENABLED' | 'DISABLED';
export const DUPLICATE_SUBSIDIARY_PARAMETER = '该子公司已设置参数，请编辑原参数';
/** The organisations that pay financings and so carry limits: city companies and project companies. */
export const SUBSIDIARY_ORG_TYPES = ['SUBSIDIARY', 'PROJECT_COMPANY'] as const;

// The demo seed's 远景建设工程(杭州)有限公司, a city company the seed leaves without parameters.
const SAMPLE_SUBSIDIARY = '1100000000000000003';

export const SUBSIDIARY_PARAMETER: ResourceDef<SubsidiaryParameterStatus> = {
  name: 'subsidiaryParameter',
  api: '/api/parameter/subsidiary',
  menuPath: PARAMETER_SUBSIDIARY_PATH,
  title: '子公司参数',
  noun: '子公司参数',
  storage: {
    table: 'subsidiary_parameter',
    id: 'param_id',
    createdBy: true,
    uniqueIndex: 'subsidiary_parameter_org_uq',
  },
  fields: [
    ...withRefName(
      {
        key: 'subsidiaryId',
        label: '子公司',
        type: 'text',
        form: 'create',
        ref: orgRef(...SUBSIDIARY_ORG_TYPES),
      },
      { list: { width: 240 } },
    ),
    { key: 'singleMaxAmount', label: '单笔上限', type: 'money', form: 'always', list: { width: 140 } },
    {
      key: 'maxFinancingRatio',
      label: '比例上限',
      type: 'rate',
      form: 'always',
      list: { width: 100 },
      hint: '不超过0.9000（90%）',
    },
    {
      key: 'maxTermDays',
      label: '最长期限（天）',
      type: 'int',
      min: 1,
      max: MAX_TERM_DAYS,
      form: 'always',
      list: { width: 110 },
    },
    { key: 'annualQuota', label: '年度额度', type: 'money', form: 'always', list: { width: 150 }, sum: true },
    {
      key: 'usedQuota',
      label: '已用额度',
      type: 'money',
      list: { width: 130 },
      sum: true,
      aggregate: { table: 'subsidiary_parameter_lending', on: 'param_id', fn: 'sum', column: 'amount' },
    },
    { key: 'effectiveFrom', label: '生效日', type: 'date', form: 'always', search: 'range', list: { width: 110 } },
    { key: 'effectiveTo', label: '失效日', type: 'date', form: 'always', list: { width: 110 } },
    { key: 'createTime', label: '创建时间', type: 'datetime', column: 'created_at' },
  ],
  statuses: {
    ENABLED: { label: '启用', tone: 'success' },
    DISABLED: { label: '停用', tone: 'subtle' },
  },
  initialStatus: 'ENABLED',
  create: { label: '新增子公司参数' },
  update: { when: ['ENABLED', 'DISABLED'] },
  remove: { when: ['ENABLED', 'DISABLED'] },
  workflow: {
    noun: '子公司参数',
    statusOf: (r: ResourceRecord) => r.status as SubsidiaryParameterStatus,
    transitions: [
      {
        action: 'disable',
        label: '停用',
        op: 'edit',
        from: ['ENABLED'],
        to: 'DISABLED',
        comment: 'none',
        tone: 'danger',
      },
      { action: 'enable', label: '启用', op: 'edit', from: ['DISABLED'], to: 'ENABLED', comment: 'none' },
    ],
  },
  unique: { fields: ['subsidiaryId'], statuses: ['ENABLED', 'DISABLED'], message: DUPLICATE_SUBSIDIARY_PARAMETER },
  history: true,
  order: { key: 'createTime', direction: 'desc' },
  crossCheck: everyRefusal(
    rateAboveZero('maxFinancingRatio', '比例上限'),
    rateAtMost('maxFinancingRatio', '比例上限', MAX_FINANCING_RATIO, '90%'),
    notAbove('effectiveFrom', 'effectiveTo', '生效日不能晚于失效日'),
  ),
  sample: {
    subsidiaryId: SAMPLE_SUBSIDIARY,
    singleMaxAmount: 30_000_000_00,
    maxFinancingRatio: '0.8000',
    maxTermDays: 360,
    annualQuota: 500_000_000_00,
    effectiveFrom: '2026-01-01',
    effectiveTo: '2026-12-31',
  },
  titleField: 'subsidiaryIdName',
};

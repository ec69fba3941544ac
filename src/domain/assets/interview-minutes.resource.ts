// 资产访谈纪要 (/assetsManage/interviewMinutes): minutes of interviews about a project or a payment order
// (BUSINESS.md §2 CRM InterviewMinutes), kept beside the assets they concern. The number is the gateway's.
import { type RefDef, type ResourceDef, orgRef } from '../resource/resource';
import { PROJECT_REF, SAMPLE_PROJECT_COMPANY_ID, SAMPLE_PROJECT_ID } from './project.resource';

export const ASSET_MINUTES_PATH = '/assetsManage/interviewMinutes';
export const MINUTES_TYPE_LABEL = { PRE_LOAN: '贷前', POST_LOAN: '贷后', REVISIT: '回访' } as const;

const ORDER_REF: RefDef = { table: 'payment_order', id: 'order_id', name: 'order_no' };

export const ASSET_INTERVIEW_MINUTES: ResourceDef<'RECORDED'> = {
  name: 'assetInterviewMinutes',
  api: '/api/assets/interviewMinutes',
  menuPath: ASSET_MINUTES_PATH,
  title: '资产访谈纪要',
  noun: '访谈纪要',
  storage: { table: 'asset_interview_minutes', id: 'minutes_id', createdBy: true },
  fields: [
    { key: 'minutesNo', label: '纪要编号', type: 'text', list: { width: 150 }, search: 'like' },
    {
      key: 'enterpriseId',
      label: '受访企业',
      type: 'text',
      max: 30,
      form: 'always',
      ref: orgRef(),
      detail: false,
    },
    {
      key: 'enterpriseName',
      label: '受访企业',
      type: 'text',
      column: 'enterprise_id',
      refName: true,
      list: { width: 200 },
    },
    { key: 'projectId', label: '关联项目', type: 'text', max: 30, form: 'always', ref: PROJECT_REF, detail: false },
    { key: 'projectName', label: '关联项目', type: 'text', column: 'project_id', refName: true, list: { width: 160 } },
    {
      key: 'orderId',
      label: '关联付款单',
      type: 'text',
      max: 30,
      form: 'always',
      required: false,
      ref: ORDER_REF,
      detail: false,
    },
    { key: 'orderNo', label: '关联付款单', type: 'text', column: 'order_id', refName: true, list: { width: 150 } },
    {
      key: 'minutesType',
      label: '访谈类型',
      type: 'enum',
      options: MINUTES_TYPE_LABEL,
      form: 'always',
      search: 'eq',
      list: { width: 80 },
    },
    {
      key: 'interviewDate',
      label: '访谈日期',
      type: 'date',
      nearTermYears: 1,
      form: 'always',
      search: 'range',
      list: { width: 100 },
    },
    { key: 'place', label: '访谈地点', type: 'text', max: 100, form: 'always' },
    { key: 'interviewees', label: '受访人（姓名/职务）', type: 'text', max: 200, form: 'always', list: { width: 160 } },
    { key: 'interviewers', label: '访谈人', type: 'text', max: 100, form: 'always', list: { width: 100 } },
    { key: 'content', label: '访谈内容', type: 'textarea', max: 2000, form: 'always' },
    { key: 'conclusion', label: '结论', type: 'textarea', max: 500, form: 'always', required: false },
    { key: 'createdByName', label: '记录人', type: 'text', column: 'created_by', userName: true },
  ],
  statuses: { RECORDED: { label: '已记录', tone: 'success' } },
  initialStatus: 'RECORDED',
  create: { label: '新增纪要' },
  update: { when: ['RECORDED'] },
  order: { key: 'interviewDate', direction: 'desc' },
  sample: {
    enterpriseId: SAMPLE_PROJECT_COMPANY_ID,
    projectId: SAMPLE_PROJECT_ID,
    orderId: '',
    minutesType: 'PRE_LOAN',
    interviewDate: '2026-06-18',
    place: '苏州工业园区项目部',
    interviewees: '李工（项目经理）',
    interviewers: '业务经办',
    content: '契约样例：核实付款计划与工程进度。',
    conclusion: '',
  },
  titleField: 'minutesNo',
};

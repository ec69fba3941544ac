// 访谈纪要 (/CRM/interviewMinutesManagement, made on /CRM/interviewMinutesMake): what was learned visiting an
// enterprise before or after lending (BUSINESS.md §2 CRM). The 纪要编号 is the tenant's document number
// FT + yyyyMMdd + a 4-digit daily sequence (BUSINESS.md §2; src/domain/document-numbers.ts). Only its author may delete a minutes (§4
// "delete (own)").
import type { ResourceDef } from '../resource/resource';

export const INTERVIEW_MINUTES_PATH = '/CRM/interviewMinutesManagement';
export const INTERVIEW_MINUTES_MAKE_PATH = '/CRM/interviewMinutesMake';
export type MinutesStatus = 'SAVED';

export const MINUTES_TYPE_LABEL = { PRE_LOAN: '贷前', POST_LOAN: '贷后', REVISIT: '回访' } as const;

export const INTERVIEW_MINUTES: ResourceDef<MinutesStatus> = {
  name: 'interviewMinutes',
  api: '/api/crm/interviewMinutes',
  menuPath: INTERVIEW_MINUTES_PATH,
  title: '访谈纪要管理',
  noun: '访谈纪要',
  storage: { table: 'interview_minutes', id: 'minutes_id', createdBy: true, softDelete: true },
  fields: [
    { key: 'minutesNo', label: '纪要编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'enterpriseName', label: '企业', type: 'text', form: 'always', search: 'like', list: { width: 220 } },
    {
      key: 'minutesType',
      label: '类型',
      type: 'enum',
      options: MINUTES_TYPE_LABEL,
      form: 'always',
      search: 'eq',
      list: { width: 70 },
    },
    {
      key: 'interviewDate',
      label: '日期',
      type: 'date',
      nearTermYears: 1,
      form: 'always',
      search: 'range',
      list: { width: 110 },
    },
    { key: 'place', label: '地点', type: 'text', form: 'always' },
    {
      key: 'interviewees',
      label: '访谈对象',
      type: 'text',
      max: 200,
      form: 'always',
      hint: '姓名（职务），多人以逗号分隔',
    },
    {
      key: 'interviewers',
      label: '访谈人',
      type: 'text',
      max: 100,
      form: 'always',
      search: 'like',
      list: { width: 120 },
    },
    { key: 'content', label: '内容', type: 'textarea', max: 2000, form: 'always' },
    { key: 'conclusion', label: '结论', type: 'textarea', max: 500, form: 'always' },
    {
      key: 'businessNos',
      label: '关联业务',
      type: 'text',
      max: 200,
      form: 'always',
      required: false,
      list: { width: 160 },
    },
    { key: 'authorName', label: '记录人', type: 'text', column: 'created_by', userName: true },
    { key: 'createTime', label: '记录时间', type: 'datetime', column: 'created_at' },
  ],
  statuses: { SAVED: { label: '已保存', tone: 'success' } },
  initialStatus: 'SAVED',
  create: { label: '新增纪要' },
  update: { when: ['SAVED'] },
  remove: { when: ['SAVED'], ownOnly: true },
  makePath: INTERVIEW_MINUTES_MAKE_PATH,
  order: { key: 'interviewDate', direction: 'desc' },
  sample: {
    enterpriseName: '契约样例访谈企业有限公司',
    minutesType: 'PRE_LOAN',
    interviewDate: '2026-04-08',
    place: '上海市浦东新区世纪大道100号',
    interviewees: '张明（财务总监）',
    interviewers: '李经办',
    content: '了解企业经营与回款情况。',
    conclusion: '经营正常，建议继续合作。',
    businessNos: '',
  },
  titleField: 'minutesNo',
};

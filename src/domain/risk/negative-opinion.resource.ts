// 负面舆情 (/risk/negativePublicOpinion): negative public opinion found about an enterprise the group works
// with (BUSINESS.md §2 Risk, §4). A new item is 待处理; 跟进 takes it up, 关闭 closes it with what was done.
import type { ResourceDef, ResourceRecord } from '../resource/resource';

export const NEGATIVE_OPINION_PATH = '/risk/negativePublicOpinion';
export type OpinionStatus = 'PENDING' | 'FOLLOWING' | 'CLOSED';
export const RISK_LEVEL_LABEL = { HIGH: '高', MEDIUM: '中', LOW: '低' } as const;

export const NEGATIVE_OPINION: ResourceDef<OpinionStatus> = {
  name: 'negativeOpinion',
  api: '/api/risk/negativePublicOpinion',
  menuPath: NEGATIVE_OPINION_PATH,
  title: '负面舆情',
  noun: '负面舆情',
  storage: {
    table: 'negative_opinion',
    id: 'opinion_id',
    stamp: { comment: 'handling' },
    softDelete: true,
    createdBy: true,
  },
  fields: [
    { key: 'enterpriseName', label: '企业名称', type: 'text', form: 'always', search: 'like', list: { width: 200 } },
    { key: 'title', label: '舆情标题', type: 'text', max: 200, form: 'always', search: 'like', list: { width: 260 } },
    { key: 'source', label: '来源', type: 'text', form: 'always', list: { width: 160 } },
    {
      key: 'riskLevel',
      label: '风险等级',
      type: 'enum',
      options: RISK_LEVEL_LABEL,
      form: 'always',
      search: 'eq',
      list: { width: 90 },
      optionTones: { HIGH: 'danger', MEDIUM: 'warning', LOW: 'informative' },
    },
    {
      key: 'publishedOn',
      label: '发布日期',
      type: 'date',
      nearTermYears: 0,
      form: 'always',
      search: 'range',
      list: { width: 110 },
    },
    { key: 'url', label: '原文链接', type: 'text', max: 500, form: 'always', required: false },
    { key: 'summary', label: '摘要', type: 'textarea', max: 1000, form: 'always', required: false },
    { key: 'handling', label: '处理意见', type: 'textarea' },
  ],
  statuses: {
    PENDING: { label: '待处理', tone: 'warning' },
    FOLLOWING: { label: '跟进中', tone: 'brand' },
    CLOSED: { label: '已关闭', tone: 'subtle' },
  },
  initialStatus: 'PENDING',
  create: { label: '新增舆情' },
  update: { when: ['PENDING', 'FOLLOWING'] },
  remove: { when: ['PENDING'] },
  workflow: {
    noun: '舆情',
    statusOf: (r: ResourceRecord) => r.status as OpinionStatus,
    transitions: [
      {
        action: 'follow',
        label: '跟进',
        op: 'examine',
        from: ['PENDING'],
        to: 'FOLLOWING',
        comment: 'optional',
        commentLabel: '处理意见',
      },
      {
        action: 'close',
        label: '关闭',
        op: 'examine',
        from: ['PENDING', 'FOLLOWING'],
        to: 'CLOSED',
        comment: 'required',
        commentLabel: '处理结果',
        tone: 'danger',
      },
    ],
  },
  order: { key: 'publishedOn', direction: 'desc' },
  sample: {
    enterpriseName: '契约舆情企业有限公司',
    title: '契约样例舆情',
    source: '财经网',
    riskLevel: 'MEDIUM',
    publishedOn: '2026-03-01',
    url: '',
    summary: '',
  },
  titleField: 'title',
};

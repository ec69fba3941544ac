// 风险检测 (/risk/riskDetection; the "risk page" endpoint, menu-scoped by SPEC §7.2): what the checks found
// about a supplier or a project company (BUSINESS.md §2 Risk: 裁判文书, 法院公告, 开庭公告 … 逾期, 资产变更).
// An alert is 待处理 until 处理 (examine) records the result — 保持预警 or 取消预警 — with a comment.
import type { ResourceDef, ResourceRecord } from '../resource/resource';

export const RISK_DETECTION_PATH = '/risk/riskDetection';
export type RiskAlertStatus = 'PENDING' | 'HANDLED';

export const SUBJECT_TYPE_LABEL = { SUPPLIER: '供应商', PROJECT_COMPANY: '项目公司' } as const;
export const ALERT_CATEGORY_LABEL = {
  JUDGMENT: '裁判文书',
  COURT_NOTICE: '法院公告',
  HEARING_NOTICE: '开庭公告',
  DISHONEST: '失信被执行',
  ABNORMAL_OPERATION: '经营异常',
  EQUITY_FREEZE: '股权冻结',
  OVERDUE: '逾期',
  ASSET_CHANGE: '资产变更',
  DURATION_CHECK: '存续期检查',
} as const;
export const ALERT_LEVEL_LABEL = { HINT: '提示', ATTENTION: '关注', WARNING: '预警', SEVERE: '严重' } as const;
export const ALERT_RESULT_LABEL = { KEEP: '保持预警', CANCEL: '取消预警' } as const;

export const RISK_ALERT: ResourceDef<RiskAlertStatus> = {
  name: 'riskAlert',
  api: '/api/risk/riskAlert',
  menuPath: RISK_DETECTION_PATH,
  title: '风险检测',
  noun: '风险预警',
  storage: {
    table: 'risk_alert',
    id: 'alert_id',
    stamp: { comment: 'handling', actor: 'handled_by', at: 'handled_at' },
    createdBy: true,
  },
  fields: [
    {
      key: 'subjectType',
      label: '主体类型',
      type: 'enum',
      options: SUBJECT_TYPE_LABEL,
      form: 'create',
      search: 'eq',
      list: { width: 90 },
    },
    { key: 'subjectName', label: '主体', type: 'text', form: 'create', search: 'like', list: { width: 220 } },
    {
      key: 'category',
      label: '类别',
      type: 'enum',
      options: ALERT_CATEGORY_LABEL,
      form: 'create',
      search: 'eq',
      list: { width: 100 },
    },
    {
      key: 'level',
      label: '等级',
      type: 'enum',
      options: ALERT_LEVEL_LABEL,
      form: 'create',
      search: 'eq',
      list: { width: 80 },
      optionTones: { HINT: 'informative', ATTENTION: 'brand', WARNING: 'warning', SEVERE: 'danger' },
    },
    {
      key: 'detectedOn',
      label: '检测时间',
      type: 'date',
      nearTermYears: 0,
      form: 'create',
      search: 'range',
      list: { width: 110 },
    },
    {
      key: 'businessNos',
      label: '关联业务',
      type: 'text',
      max: 200,
      form: 'create',
      required: false,
      list: { width: 160 },
    },
    { key: 'summary', label: '检测摘要', type: 'textarea', max: 1000, form: 'create', required: false },
    {
      key: 'result',
      label: '处理结果',
      type: 'enum',
      options: ALERT_RESULT_LABEL,
      list: { width: 90 },
      optionTones: { KEEP: 'warning', CANCEL: 'subtle' },
    },
    { key: 'handling', label: '处理意见', type: 'textarea' },
    { key: 'handlerName', label: '处理人', type: 'text', column: 'handled_by', userName: true },
    { key: 'handledAt', label: '处理时间', type: 'datetime' },
  ],
  statuses: { PENDING: { label: '待处理', tone: 'warning' }, HANDLED: { label: '已处理', tone: 'success' } },
  initialStatus: 'PENDING',
  // Alerts come from the checks; a person may also record one found by hand (add).
  create: { label: '登记预警' },
  workflow: {
    noun: '风险预警',
    statusOf: (r: ResourceRecord) => r.status as RiskAlertStatus,
    transitions: [
      {
        action: 'keep',
        label: '保持预警',
        op: 'examine',
        from: ['PENDING'],
        to: 'HANDLED',
        comment: 'required',
        commentLabel: '处理意见',
      },
      {
        action: 'cancel',
        label: '取消预警',
        op: 'examine',
        from: ['PENDING'],
        to: 'HANDLED',
        comment: 'required',
        commentLabel: '处理意见',
      },
    ],
  },
  menuScoped: true,
  history: true,
  order: { key: 'detectedOn', direction: 'desc' },
  sample: {
    subjectType: 'SUPPLIER',
    subjectName: '契约样例供应商有限公司',
    category: 'COURT_NOTICE',
    level: 'WARNING',
    detectedOn: '2026-05-06',
    businessNos: '',
    summary: '',
  },
  titleField: 'subjectName',
};

/** The result a 处理 action records (the transition hook writes it). */
export const RESULT_OF_ACTION: Readonly<Record<string, keyof typeof ALERT_RESULT_LABEL>> = {
  keep: 'KEEP',
  cancel: 'CANCEL',
};

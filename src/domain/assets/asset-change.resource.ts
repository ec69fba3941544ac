// 资产变更查询 (/assetsManage/assetChangeQuery): changes to a project or a payment order, synchronised from the
// source system or entered by hand (BUSINESS.md §2 AssetChange). Each records every field's before and after
// (`diffs`, read on the detail page) and the businesses it touches; 处理 chooses what becomes of them
// (暂停业务 / 重算 / 无影响) with a comment. The businesses stay empty until the lifecycle exists.
import type { ResourceDef, ResourceRecord } from '../resource/resource';

export const ASSET_CHANGE_PATH = '/assetsManage/assetChangeQuery';
export const ASSET_CHANGE_DETAIL_PATH = '/assetsManage/assetChangeDetail';
export type AssetChangeStatus = 'PENDING' | 'HANDLED';

export const TARGET_TYPE_LABEL = { PROJECT: '项目', ORDER: '付款单' } as const;
export const CHANGE_TYPE_LABEL = {
  AMOUNT: '金额调整',
  DUE_DATE: '到期日变更',
  VOID: '付款单作废',
  SUPPLIER: '供应商变更',
  EARLY_PAYMENT: '提前付款',
  INVOICE: '发票变更',
} as const;
export const CHANGE_SOURCE_LABEL = { SYNC: '系统同步', MANUAL: '手工' } as const;
export const HANDLING_LABEL = { SUSPEND: '暂停业务', RECALCULATE: '重算', NO_IMPACT: '无影响' } as const;

/** The Chinese names of the fields a change may touch, for the before/after table. */
export const CHANGED_FIELD_LABEL: Readonly<Record<string, string>> = {
  receivableAmount: '应收金额',
  paidAmount: '已付金额',
  dueDate: '应付日',
  supplierName: '供应商',
  status: '状态',
  invoices: '发票',
  contractNo: '合同编号',
  projectName: '项目名称',
  city: '城市',
};

export const ASSET_CHANGE: ResourceDef<AssetChangeStatus> = {
  name: 'assetChange',
  api: '/api/assets/assetChange',
  menuPath: ASSET_CHANGE_PATH,
  title: '资产变更查询',
  noun: '资产变更',
  storage: {
    table: 'asset_change',
    id: 'change_id',
    stamp: { comment: 'handling_comment', actor: 'handled_by', at: 'handled_at' },
  },
  fields: [
    { key: 'changeNo', label: '变更编号', type: 'text', search: 'like', list: { width: 150 } },
    {
      key: 'targetType',
      label: '对象类型',
      type: 'enum',
      options: TARGET_TYPE_LABEL,
      search: 'eq',
      list: { width: 80 },
    },
    { key: 'targetNo', label: '对象编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'targetId', label: '对象', type: 'text', detail: false },
    {
      key: 'changeType',
      label: '变更类型',
      type: 'enum',
      options: CHANGE_TYPE_LABEL,
      search: 'eq',
      list: { width: 100 },
    },
    { key: 'summary', label: '变更摘要', type: 'text', max: 200, list: { width: 260 } },
    { key: 'source', label: '来源', type: 'enum', options: CHANGE_SOURCE_LABEL, search: 'eq', list: { width: 80 } },
    { key: 'impactedCount', label: '影响业务数', type: 'int', list: { width: 90 } },
    { key: 'changedAt', label: '变更时间', type: 'datetime', search: 'range', list: { width: 150 } },
    { key: 'handling', label: '处理方式', type: 'enum', options: HANDLING_LABEL, required: true },
    { key: 'handlingComment', label: '处理意见', type: 'textarea' },
    { key: 'handledByName', label: '处理人', type: 'text', column: 'handled_by', userName: true },
    { key: 'handledAt', label: '处理时间', type: 'datetime' },
  ],
  statuses: { PENDING: { label: '待处理', tone: 'warning' }, HANDLED: { label: '已处理', tone: 'success' } },
  initialStatus: 'PENDING',
  workflow: {
    noun: '资产变更',
    statusOf: (r: ResourceRecord) => r.status as AssetChangeStatus,
    transitions: [
      {
        action: 'handle',
        label: '处理',
        op: 'examine',
        from: ['PENDING'],
        to: 'HANDLED',
        comment: 'required',
        commentLabel: '处理意见',
        inputs: { keys: ['handling'], sample: { handling: 'NO_IMPACT' } },
      },
    ],
  },
  order: { key: 'changedAt', direction: 'desc' },
  sample: {},
  titleField: 'changeNo',
};

// 融资需求 (BUSINESS.md §2 FinancingDemand, §4 /financingDemandManagement/financingDemandManagement): stage 0
// of the lifecycle, its own small record until accepted. The definition feeds the kit's list, form, detail
// and export; its row actions are NOT a second table: 受理 and 关闭 are the LIFECYCLE's own transitions out of
// DEMAND/NEW, shown here with their labels, codes and comment rules, and offered on a row only when the
// gateway sent them in the row's `actions` (the gateway decides with the LIFECYCLE and the facts it loaded).
//
// It is not a `*.resource.ts`: its routes are the demand module's (a supplier user's own scope, 受理 creating
// the business through the aggregate), so the kit's generic conformance suite does not apply to it.
import { PROJECT_COMPANY_ON_CREATE } from '../assets/project.resource';
import { orgRef, withRefName, type ResourceDef, type ResourceRecord, type StatusDef } from '../resource/resource';
import type { WorkflowTable } from '../workflow/workflow';
import { type StageDef, stageMessages } from '../stage/stage';
import { LIFECYCLE } from './lifecycle';
import {
  DEMAND_AMOUNT_MAX_FEN,
  DEMAND_AMOUNT_MIN_FEN,
  DEMAND_TERM_MAX_DAYS,
  DEMAND_TERM_MIN_DAYS,
} from './pre-credit-rules';

export const DEMAND_PATH = '/financingDemandManagement/financingDemandManagement';

export type DemandStatus = 'NEW' | 'ACCEPTED' | 'CLOSED';
export type DemandSource = 'SUPPLIER' | 'OPERATOR';

export const DEMAND_SOURCE_LABEL: Readonly<Record<DemandSource, string>> = {
  SUPPLIER: '供应商提交',
  OPERATOR: '经办代录',
};

const STATUSES: Record<DemandStatus, StatusDef> = {
  NEW: { label: '待受理', tone: 'warning' },
  ACCEPTED: { label: '已受理', tone: 'success' },
  CLOSED: { label: '已关闭', tone: 'subtle' },
};

/** The most orders one demand names. */
export const DEMAND_ORDERS_MAX = 20;

/** 拟融资付款单 as typed: the order numbers, split at commas, 、 or blanks, each once, in the order typed. */
export const orderNosOf = (typed: string): string[] => [
  ...new Set(
    typed
      .split(/[\s,，、;；]+/)
      .map((n) => n.trim())
      .filter(Boolean),
  ),
];

/** A row action the gateway offered for this row (its `actions`), or why not. */
export const offeredOnRow = (record: ResourceRecord, action: string): string | null => {
  const actions = (record as unknown as { actions?: unknown }).actions;
  return Array.isArray(actions) && actions.includes(action) ? null : '当前不可操作';
};

/** The LIFECYCLE's transitions out of one state, seen from a list of records in `status`. */
export function rowActionsOf<S extends string>(
  from: string,
  menu: string,
  toStatus: (to: string) => S,
  fromStatus: S,
  noun: string,
): WorkflowTable<S, ResourceRecord> {
  return {
    noun,
    statusOf: (r) => r.status as S,
    commentMax: LIFECYCLE.commentMax,
    transitions: LIFECYCLE.transitions
      .filter((t) => t.from.includes(from as never) && t.menu === menu)
      .map((t) => ({
        action: t.action,
        label: t.label,
        op: t.op,
        from: [fromStatus],
        to: toStatus(typeof t.to === 'string' ? t.to : from),
        comment: t.comment,
        commentLabel: t.commentLabel,
        tone: t.tone,
        guard: (r: ResourceRecord) => offeredOnRow(r, t.action),
      })),
  };
}

// The demo seed's 华东建材有限公司: the sample must name a supplier of the tenant.
const SAMPLE_SUPPLIER = '1100000000000000011';

export const FINANCING_DEMAND: ResourceDef<DemandStatus> = {
  name: 'financingDemand',
  api: '/api/business/demand',
  menuPath: DEMAND_PATH,
  title: '融资需求管理',
  noun: '融资需求',
  // Read through a view that names the supplier, the project company and the business; written to the table.
  storage: { table: 'financing_demand_view', id: 'demand_id', softDelete: true, createdBy: true },
  fields: [
    { key: 'demandNo', label: '需求编号', type: 'text', max: 20, search: 'like', list: { width: 130 } },
    // The names the demand shows are its own columns; the joined ones ride along on the wire only.
    ...withRefName(
      { key: 'supplierId', label: '供应商', type: 'text', form: 'create', ref: orgRef('SUPPLIER') },
      { detail: false },
    ),
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 140 } },
    ...withRefName(PROJECT_COMPANY_ON_CREATE, { detail: false }),
    { key: 'projectCompanyName', label: '项目公司', type: 'text', list: { width: 140 } },
    {
      key: 'expectedAmount',
      label: '期望金额',
      type: 'money',
      min: DEMAND_AMOUNT_MIN_FEN,
      max: DEMAND_AMOUNT_MAX_FEN,
      form: 'create',
      list: { width: 110 },
    },
    {
      key: 'expectedTermDays',
      label: '期限（天）',
      type: 'int',
      min: DEMAND_TERM_MIN_DAYS,
      max: DEMAND_TERM_MAX_DAYS,
      form: 'create',
      list: { width: 70 },
    },
    { key: 'purpose', label: '融资用途', type: 'textarea', max: 200, form: 'create', list: { width: 110 } },
    {
      key: 'paymentOrderNos',
      label: '拟融资付款单',
      type: 'text',
      max: 200,
      required: false,
      form: 'create',
      hint: '付款单号，多个以逗号分隔',
    },
    { key: 'contactName', label: '联系人', type: 'text', max: 20, form: 'create' },
    {
      key: 'contactPhone',
      label: '联系电话',
      type: 'text',
      max: 11,
      pattern: 'mobile',
      form: 'create',
      mask: 'mobile',
    },
    { key: 'source', label: '来源', type: 'enum', options: DEMAND_SOURCE_LABEL },
    { key: 'createdAt', label: '提交时间', type: 'datetime', list: { width: 140 } },
    { key: 'createdDate', label: '提交日期', type: 'date', search: 'range', detail: false },
    { key: 'closeReason', label: '关闭原因', type: 'textarea', max: 200 },
    { key: 'businessId', label: '融资业务', type: 'text', detail: false },
    { key: 'businessNo', label: '业务编号', type: 'text' },
  ],
  statuses: STATUSES,
  initialStatus: 'NEW',
  create: { label: '新增需求', op: 'add' },
  workflow: rowActionsOf<DemandStatus>(
    'DEMAND/NEW',
    DEMAND_PATH,
    (to) => (to === 'DEMAND/CLOSED' ? 'CLOSED' : 'ACCEPTED'),
    'NEW',
    '融资需求',
  ),
  sample: {
    supplierId: SAMPLE_SUPPLIER,
    projectCompanyId: null,
    expectedAmount: 5_000_000_00,
    expectedTermDays: 180,
    purpose: '支付钢材采购款',
    contactName: '王经理',
    contactPhone: '13900001111',
  },
  titleField: 'demandNo',
};

/** 融资需求 on the stage kit: its rows are its own records (the business at stage 0), moved by 受理 / 关闭. */
export const DEMAND_STAGE: StageDef<DemandStatus> = {
  stage: 'DEMAND',
  resource: FINANCING_DEMAND,
  messages: { ...stageMessages('融资需求'), stale: '融资需求已被他人处理，请刷新后重试' },
};

// 预授信 (BUSINESS.md §2 PreCredit, §4 /business/preCreditApplicationManage and /business/applyForRufs): stage 1
// of the lifecycle, one per business. Its status is the business's state in the stage (草稿, 待审核, 已退回),
// or where the business went from there (已通过 once it left the stage, 不通过 / 已失效 / 已终止 when it
// ended) — read from the business, never stored twice. The list's 撤回 is the LIFECYCLE's own withdraw,
// offered on a row only when the gateway sent it; 提交 is the make page's, through the business transition.
//
// Not a `*.resource.ts`: its routes are the pre-credit module's (the business is created with it, a supplier
// user sees its own), so the kit's generic conformance suite does not apply to it.
import type { ResourceDef, StatusDef } from '../resource/resource';
import { rowActionsOf } from './financing-demand';
import { stageOf, statusOf } from './lifecycle';

export const PRE_CREDIT_LIST_PATH = '/business/preCreditApplicationManage';
export const PRE_CREDIT_MAKE_PATH = '/business/applyForRufs';

export type PreCreditStatus = 'DRAFT' | 'PENDING' | 'RETURNED' | 'APPROVED' | 'REJECTED' | 'EXPIRED' | 'TERMINATED';

const STATUSES: Record<PreCreditStatus, StatusDef> = {
  DRAFT: { label: '草稿', tone: 'subtle' },
  PENDING: { label: '待审核', tone: 'warning' },
  RETURNED: { label: '已退回', tone: 'danger' },
  APPROVED: { label: '已通过', tone: 'success' },
  REJECTED: { label: '不通过', tone: 'danger' },
  EXPIRED: { label: '已失效', tone: 'subtle' },
  TERMINATED: { label: '已终止', tone: 'subtle' },
};

/** The pre-credit's status from its business's state (the view computes the same in SQL). */
export function preCreditStatusOf(state: string): PreCreditStatus {
  const stage = stageOf(state);
  const status = statusOf(state);
  if (stage === 'PRE_CREDIT')
    return (['DRAFT', 'PENDING', 'RETURNED'].includes(status) ? status : 'DRAFT') as PreCreditStatus;
  if (stage === 'TERMINATED') {
    if (status === 'REJECTED') return 'REJECTED';
    if (status === 'EXPIRED') return 'EXPIRED';
    return 'TERMINATED';
  }
  return 'APPROVED';
}

export const PRE_CREDIT: ResourceDef<PreCreditStatus> = {
  name: 'preCredit',
  api: '/api/business/preCredit',
  menuPath: PRE_CREDIT_LIST_PATH,
  title: '预授信申请管理',
  noun: '预授信',
  // A view over pre_credit and financing_business: the status and version are the business's.
  storage: { table: 'pre_credit_view', id: 'pre_credit_id', softDelete: true, createdBy: true },
  fields: [
    { key: 'preCreditNo', label: '预授信编号', type: 'text', max: 20, search: 'like', list: { width: 140 } },
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20 },
    { key: 'supplierId', label: '供应商', type: 'text', form: 'create', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'projectCompanyId', label: '项目公司', type: 'text', form: 'always', required: false, detail: false },
    { key: 'projectCompanyName', label: '项目公司', type: 'text', list: { width: 150 } },
    { key: 'applyAmount', label: '申请额', type: 'money', min: 1, form: 'always', list: { width: 120 } },
    { key: 'approvedAmount', label: '批复额', type: 'money', list: { width: 110 } },
    { key: 'validDays', label: '有效期（天）', type: 'int', min: 1, max: 365, form: 'always' },
    { key: 'validFrom', label: '有效期起', type: 'date' },
    { key: 'validTo', label: '有效期至', type: 'date', list: { width: 110 } },
    { key: 'state', label: '业务状态', type: 'text', detail: false },
    { key: 'reviewLevel', label: '当前级次', type: 'int', detail: false },
    { key: 'reviewLevels', label: '总级次', type: 'int', detail: false },
    { key: 'basisOrderCount', label: '依据付款单数', type: 'int' },
    { key: 'ownerId', label: '经办人', type: 'text', detail: false },
    { key: 'createdAt', label: '申请时间', type: 'datetime' },
    { key: 'createdDate', label: '申请日期', type: 'date', search: 'range', detail: false },
  ],
  statuses: STATUSES,
  initialStatus: 'DRAFT',
  create: { label: '申请预授信', op: 'add' },
  update: { when: ['DRAFT', 'RETURNED'], op: 'edit' },
  remove: { when: ['DRAFT'], op: 'delete' },
  makePath: PRE_CREDIT_MAKE_PATH,
  workflow: rowActionsOf<PreCreditStatus>(
    'PRE_CREDIT/PENDING',
    PRE_CREDIT_LIST_PATH,
    (to) => preCreditStatusOf(to),
    'PENDING',
    '预授信',
  ),
  sample: {
    supplierId: '1100000000000000011',
    projectCompanyId: null,
    applyAmount: 100_000_00,
    validDays: 90,
  },
  titleField: 'preCreditNo',
};

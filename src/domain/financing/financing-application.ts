// 融资申请 (BUSINESS.md §2 FinancingApplication, §4 /business/financingApplicationManagement and
// /business/accessDocumentsMake): stage 2 of the lifecycle, one per business. Its status is the business's
// state in the stage (草稿, 待审核, 已退回), or where the business went from there (已通过 once it left the stage
// through the review, 不通过 / 已终止 when it ended) — read from the business, never stored twice. The list's
// 撤回 is the LIFECYCLE's own withdraw, offered on a row only when the gateway sent it; 提交 is the make
// page's, through the business transition.
//
// Not a `*.resource.ts`: its routes are the application module's (a draft is made for an existing business,
// submission reserves payment-order amounts), so the kit's generic conformance suite does not apply to it.
import type { ResourceDef, StatusDef } from '../resource/resource';
import { STAGE_LABEL } from './stages';
import { rowActionsOf } from './financing-demand';
import {
  type ChildStatus,
  childStatusesOf,
  type StageDef,
  childStatusOf,
  editableStatuses,
  removableStatuses,
  stageMessages,
  STAGE_BUSINESS_FIELDS,
} from '../stage/stage';

export const FINANCING_APPLICATION_LIST_PATH = '/business/financingApplicationManagement';
export const FINANCING_APPLICATION_MAKE_PATH = '/business/accessDocumentsMake';
export const FINANCING_APPLICATION_EXAMINE_PATH = '/business/financingApplicationExamine';
export const FINANCING_APPLICATION_EXAMINE_INFO_PATH = '/business/financingApplicationExamineInfo';

export type FinancingApplicationStatus = ChildStatus;

/** The application's status: the kit's one function of the business's state and whether it passed the review. */
export const financingApplicationStatusOf = (state: string, passed = false): FinancingApplicationStatus =>
  childStatusOf('APPLICATION', state, passed);

const STATUSES: Readonly<Record<FinancingApplicationStatus, StatusDef>> = childStatusesOf('APPLICATION');

export const FINANCING_APPLICATION: ResourceDef<FinancingApplicationStatus> = {
  name: 'financingApplication',
  api: '/api/business/financingApplication',
  menuPath: FINANCING_APPLICATION_LIST_PATH,
  title: '融资申请管理',
  noun: STAGE_LABEL.APPLICATION,
  // A view over financing_application and financing_business: the status and version are the business's.
  storage: { table: 'financing_application_view', id: 'application_id', softDelete: true, createdBy: true },
  fields: [
    { key: 'applicationNo', label: '申请编号', type: 'text', max: 20, search: 'like', list: { width: 130 } },
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 130 } },
    { key: 'supplierId', label: '供应商', type: 'text', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 130 } },
    // Beside the supplier, as on 预授信 and 融资业务管理: whose orders are financed (the basis orders' companies
    // when the pre-credit named 全部项目公司).
    { key: 'projectCompanyName', label: '项目公司', type: 'text', list: { width: 150 } },
    // Chosen at the application (BUSINESS.md §2), carried on the business; the list keeps §4's columns (融资业务管理
    // shows 资金方/产品), 查看 and the export name them.
    { key: 'capitalSideName', label: '资金方', type: 'text' },
    { key: 'productName', label: '资金产品', type: 'text' },
    { key: 'orderCount', label: '付款单数', type: 'int', list: { width: 60 } },
    { key: 'totalAmount', label: '申请额', type: 'money', list: { width: 110 } },
    { key: 'termDays', label: '期限（天）', type: 'int', list: { width: 60 } },
    ...STAGE_BUSINESS_FIELDS,
    { key: 'submittedAt', label: '提交时间', type: 'datetime', list: { width: 140 } },
    { key: 'createdAt', label: '创建时间', type: 'datetime' },
    { key: 'createdDate', label: '创建日期', type: 'date', search: 'range', detail: false },
  ],
  statuses: STATUSES,
  initialStatus: 'DRAFT',
  create: { label: '新增融资申请', op: 'add' },
  // What may be edited and deleted is the table's (the states the maker submits from; the draft).
  update: { when: editableStatuses('APPLICATION') as FinancingApplicationStatus[], op: 'edit' },
  remove: { when: removableStatuses('APPLICATION') as FinancingApplicationStatus[], op: 'delete' },
  makePath: FINANCING_APPLICATION_MAKE_PATH,
  workflow: rowActionsOf<FinancingApplicationStatus>(
    'APPLICATION/PENDING',
    FINANCING_APPLICATION_LIST_PATH,
    (to) => financingApplicationStatusOf(to),
    'PENDING',
    STAGE_LABEL.APPLICATION,
  ),
  sample: {},
  titleField: 'applicationNo',
};

/** 融资申请 on the stage kit: its list (the view), its make page and its words. */
export const FINANCING_APPLICATION_STAGE: StageDef<FinancingApplicationStatus> = {
  stage: 'APPLICATION',
  resource: FINANCING_APPLICATION,
  makePath: FINANCING_APPLICATION_MAKE_PATH,
  messages: stageMessages(STAGE_LABEL.APPLICATION),
};

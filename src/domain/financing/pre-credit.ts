// 预授信 (BUSINESS.md §2 PreCredit, §4 /business/preCreditApplicationManage and /business/applyForRufs): stage 1
// of the lifecycle, one per business. Its status is the business's state in the stage (草稿, 待审核, 已退回),
// or where the business went from there (已通过 once it left the stage, 不通过 / 已失效 / 已终止 when it
// ended) — read from the business, never stored twice. The list's 撤回 is the LIFECYCLE's own withdraw,
// offered on a row only when the gateway sent it; 提交 is the make page's, through the business transition.
//
// Not a `*.resource.ts`: its routes are the pre-credit module's (the business is created with it, a supplier
// user sees its own), so the kit's generic conformance suite does not apply to it.
import { orgRef } from '../resource/resource';
import { type ChildStatus, childStage, childStatusOf } from '../stage/stage';
import { rowActionsOf } from './financing-demand';
import { STAGE_LABEL } from './stages';

export const PRE_CREDIT_LIST_PATH = '/business/preCreditApplicationManage';
export const PRE_CREDIT_MAKE_PATH = '/business/applyForRufs';

export type PreCreditStatus = ChildStatus;

/** The pre-credit's status: the kit's one function of the business's state and whether it passed the review. */
export const preCreditStatusOf = (state: string, passed = false): PreCreditStatus =>
  childStatusOf('PRE_CREDIT', state, passed);

/** 预授信 on the stage kit: its list (a view over pre_credit and the business), its make page and its words. */
export const PRE_CREDIT_STAGE = childStage({
  stage: 'PRE_CREDIT',
  name: 'preCredit',
  api: '/api/business/preCredit',
  listPath: PRE_CREDIT_LIST_PATH,
  makePath: PRE_CREDIT_MAKE_PATH,
  title: '预授信申请管理',
  view: { table: 'pre_credit_view', id: 'pre_credit_id', createdBy: true },
  fields: [
    { key: 'preCreditNo', label: '预授信编号', type: 'text', max: 20, search: 'like', list: { width: 140 } },
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20 },
    { key: 'supplierId', label: '供应商', type: 'text', form: 'create', ref: orgRef('SUPPLIER'), detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 150 } },
    {
      key: 'projectCompanyId',
      label: '项目公司',
      type: 'text',
      form: 'always',
      required: false,
      ref: orgRef('PROJECT_COMPANY'),
      detail: false,
    },
    { key: 'projectCompanyName', label: '项目公司', type: 'text', list: { width: 150 } },
    { key: 'applyAmount', label: '申请额', type: 'money', min: 1, form: 'always', list: { width: 120 } },
    { key: 'approvedAmount', label: '批复额', type: 'money', list: { width: 110 } },
    { key: 'validDays', label: '有效期（天）', type: 'int', min: 1, max: 365, form: 'always' },
    { key: 'validFrom', label: '有效期起', type: 'date' },
    { key: 'validTo', label: '有效期至', type: 'date', list: { width: 110 } },
    { key: 'basisOrderCount', label: '依据付款单数', type: 'int' },
    { key: 'createdAt', label: '申请时间', type: 'datetime' },
    { key: 'createdDate', label: '申请日期', type: 'date', search: 'range', detail: false },
  ],
  create: { label: '申请预授信', op: 'add' },
  workflow: rowActionsOf<PreCreditStatus>(
    'PRE_CREDIT/PENDING',
    PRE_CREDIT_LIST_PATH,
    preCreditStatusOf,
    'PENDING',
    STAGE_LABEL.PRE_CREDIT,
  ),
  // The demo seed's 华东建材有限公司: the sample must name a supplier of the tenant.
  sample: { supplierId: '1100000000000000011', projectCompanyId: null, applyAmount: 100_000_00, validDays: 90 },
  titleField: 'preCreditNo',
});
export const PRE_CREDIT = PRE_CREDIT_STAGE.resource;

/**
 * What a later stage reads of a business's pre-credit by name (the kit's named sources): the application is
 * refused once its pre-credit lapsed, and held to the amount the pre-credit's review approved.
 */
export const PRE_CREDIT_SOURCES = {
  /** 'YYYY-MM-DD' or null. */
  validTo: 'preCredit.validTo',
  /** 分 as bigint, as the list reads it: the 批复额度, or the applied amount once the review passed. */
  approvedAmount: 'preCredit.approvedAmount',
} as const;

/** The hand-off a stage before the pre-credit makes (the demand's 受理): the new business's pre-credit draft. */
export const PRE_CREDIT_DRAFT_HANDOFF = 'preCredit.draft';

/** The pre-credit draft of a new business. */
export interface PreCreditDraft {
  tenantId: string;
  businessId: string;
  /** 分. */
  applyAmount: bigint;
  basisOrderIds: readonly string[];
  validDays?: number;
  userId: string;
  now: Date;
}

// 资金方管理 (/fundManagement/fundmanagement, made on /addFund): one row per 资金产品 with its capital side
// (BUSINESS.md §2 资金方 / 资金产品, §4). The capital side is an organisation of type CAPITAL_SIDE picked when
// the product is made; its type comes from the side table. 已用 is what lending has drawn on the product's
// quota and reads 0 until lending exists; 可用 = 额度 − 已用 is the database's own computed column. 停用 /
// 启用 are the lock / unlock operations; a product may be deleted only while nothing has used it.
import { CAPITAL_SIDE_TYPE_LABEL } from './capital-side';
import {
  MAX_FINANCING_RATIO,
  MAX_TERM_DAYS,
  everyRefusal,
  notAbove,
  rateAboveZero,
  rateAtMost,
} from '../parameters/param-rules';
import { orgRef, withRefName, type ResourceDef, type ResourceRecord } from '../resource/resource';

export const FUND_MANAGEMENT_PATH = '/fundManagement/fundmanagement';
export const ADD_FUND_PATH = '/addFund';
export type FundProductStatus = 'ENABLED' | 'DISABLED';

export const DUPLICATE_PRODUCT_CODE = '产品编号已存在';
export const PRODUCT_IN_USE = '该资金产品已被使用，不能删除';
/** BUSINESS.md §2: 0 < min ≤ max ≤ 24 % [D]; service fee 0–2 % [S10]. */
export const MAX_PRODUCT_RATE = '0.2400';
export const MAX_SERVICE_FEE_RATE = '0.0200';
/** Defaults a product takes when left empty: 罚息上浮 50 % [S11], no early-repayment fee [D]. */
export const DEFAULT_PENALTY_MARKUP = '0.5000';
export const DEFAULT_EARLY_REPAY_FEE_RATE = '0.0000';

export const REPAYMENT_METHOD_LABEL = {
  BULLET: '到期一次还本付息',
  INTEREST_FIRST: '先息后本',
  EQUAL_INSTALLMENT: '等额本息',
  EQUAL_PRINCIPAL: '等额本金',
} as const;
export const INTEREST_MODE_LABEL = { FRONT: '前置', BACK: '后置' } as const;
export const DAY_COUNT_BASIS_LABEL = { '360': '360天', '365': '365天' } as const;

// The demo seed's 中国工商银行上海市分行: the sample must name a capital side of the tenant.
const SAMPLE_CAPITAL_SIDE = '1100000000000000021';

export const FUND_PRODUCT: ResourceDef<FundProductStatus> = {
  name: 'fundProduct',
  api: '/api/fund/product',
  menuPath: FUND_MANAGEMENT_PATH,
  title: '资金方管理',
  noun: '资金产品',
  storage: {
    table: 'fund_product',
    id: 'product_id',
    createdBy: true,
    stamp: { comment: 'status_reason' },
    uniqueIndex: 'fund_product_code_uq',
  },
  fields: [
    ...withRefName(
      { key: 'capitalSideId', label: '资金方', type: 'text', form: 'create', ref: orgRef('CAPITAL_SIDE') },
      { list: { width: 220 } },
    ),
    {
      key: 'sideType',
      label: '类型',
      type: 'enum',
      options: CAPITAL_SIDE_TYPE_LABEL,
      column: 'capital_side_id',
      refName: true,
      ref: { table: 'capital_side', id: 'org_id', name: 'side_type' },
      list: { width: 90 },
    },
    {
      key: 'productCode',
      label: '产品编号',
      type: 'text',
      max: 20,
      form: 'create',
      search: 'like',
      list: { width: 120 },
      normalize: (v) => v.toUpperCase(),
      hint: '如 ICBC-SCF-01',
    },
    { key: 'productName', label: '产品名称', type: 'text', form: 'always', search: 'like', list: { width: 180 } },
    {
      key: 'minRate',
      label: '最低年利率',
      type: 'rate',
      form: 'always',
      list: { width: 100 },
      hint: '如 0.0450 表示4.5%',
    },
    {
      key: 'maxRate',
      label: '最高年利率',
      type: 'rate',
      form: 'always',
      list: { width: 100 },
      hint: '如 0.0800 表示8%',
    },
    { key: 'serviceFeeRate', label: '服务费率', type: 'rate', form: 'always', hint: '0到0.0200（2%）' },
    { key: 'quota', label: '产品额度', type: 'money', form: 'always', list: { width: 140 }, sum: true },
    { key: 'usedQuota', label: '已用额度', type: 'money', list: { width: 130 }, sum: true },
    { key: 'availableQuota', label: '可用额度', type: 'money', list: { width: 140 }, sum: true },
    {
      key: 'termMinDays',
      label: '最短期限（天）',
      type: 'int',
      min: 1,
      max: MAX_TERM_DAYS,
      form: 'always',
      list: { width: 110 },
    },
    {
      key: 'termMaxDays',
      label: '最长期限（天）',
      type: 'int',
      min: 1,
      max: MAX_TERM_DAYS,
      form: 'always',
      list: { width: 110 },
    },
    { key: 'maxFinancingRatio', label: '最高融资比例', type: 'rate', form: 'always', hint: '不超过0.9000（90%）' },
    { key: 'dayCountBasis', label: '计息基数', type: 'enum', options: DAY_COUNT_BASIS_LABEL, form: 'always' },
    {
      key: 'repaymentMethods',
      label: '还款方式',
      type: 'enum',
      options: REPAYMENT_METHOD_LABEL,
      multiple: true,
      form: 'always',
    },
    { key: 'interestMode', label: '收息方式', type: 'enum', options: INTEREST_MODE_LABEL, form: 'always' },
    { key: 'graceDays', label: '宽限期（天）', type: 'int', min: 0, max: 30, form: 'always' },
    {
      key: 'penaltyMarkup',
      label: '罚息上浮',
      type: 'rate',
      form: 'always',
      required: false,
      hint: '默认0.5000（上浮50%）',
    },
    {
      key: 'earlyRepayFeeRate',
      label: '提前还款费率',
      type: 'rate',
      form: 'always',
      required: false,
      hint: '默认0',
    },
    { key: 'validFrom', label: '生效日', type: 'date', form: 'always' },
    { key: 'validTo', label: '到期日', type: 'date', form: 'always', list: { width: 110 } },
    { key: 'statusReason', label: '停用/启用说明', type: 'textarea', max: 200 },
    { key: 'createTime', label: '创建时间', type: 'datetime', column: 'created_at' },
  ],
  statuses: {
    ENABLED: { label: '启用', tone: 'success' },
    DISABLED: { label: '停用', tone: 'subtle' },
  },
  initialStatus: 'ENABLED',
  // The list is 资金方管理 and /addFund is 新增资金方 (BUSINESS.md §4): the page says what the button said.
  create: { label: '新增资金方', title: '新增资金方' },
  update: { when: ['ENABLED', 'DISABLED'] },
  remove: { when: ['ENABLED', 'DISABLED'] },
  makePath: ADD_FUND_PATH,
  makeOp: 'add',
  workflow: {
    noun: '资金产品',
    statusOf: (r: ResourceRecord) => r.status as FundProductStatus,
    transitions: [
      {
        action: 'disable',
        label: '停用',
        op: 'lock',
        from: ['ENABLED'],
        to: 'DISABLED',
        comment: 'optional',
        commentLabel: '停用原因',
        tone: 'danger',
      },
      {
        action: 'enable',
        label: '启用',
        op: 'unlock',
        from: ['DISABLED'],
        to: 'ENABLED',
        comment: 'optional',
        commentLabel: '启用说明',
      },
    ],
  },
  unique: { fields: ['productCode'], statuses: ['ENABLED', 'DISABLED'], message: DUPLICATE_PRODUCT_CODE },
  history: true,
  order: { key: 'createTime', direction: 'desc' },
  crossCheck: everyRefusal(
    rateAboveZero('minRate', '最低年利率'),
    rateAtMost('maxRate', '最高年利率', MAX_PRODUCT_RATE, '24%'),
    notAbove('minRate', 'maxRate', '最低年利率不能大于最高年利率'),
    rateAtMost('serviceFeeRate', '服务费率', MAX_SERVICE_FEE_RATE, '2%'),
    rateAboveZero('maxFinancingRatio', '最高融资比例'),
    rateAtMost('maxFinancingRatio', '最高融资比例', MAX_FINANCING_RATIO, '90%'),
    notAbove('termMinDays', 'termMaxDays', '最短期限不能大于最长期限'),
    notAbove('validFrom', 'validTo', '生效日不能晚于到期日'),
  ),
  sample: {
    capitalSideId: SAMPLE_CAPITAL_SIDE,
    productCode: 'PACT-PROD-01',
    productName: '契约样例供应链保理产品',
    minRate: '0.0450',
    maxRate: '0.0800',
    serviceFeeRate: '0.0050',
    quota: 500_000_000_00,
    termMinDays: 30,
    termMaxDays: 360,
    maxFinancingRatio: '0.8000',
    dayCountBasis: '360',
    repaymentMethods: 'BULLET,INTEREST_FIRST',
    interestMode: 'BACK',
    graceDays: 15,
    penaltyMarkup: '0.5000',
    earlyRepayFeeRate: '0.0000',
    validFrom: '2026-01-01',
    validTo: '2027-12-31',
  },
  titleField: 'productName',
};

// 付款单信息 (/assetsManage/paymentOrderInformation): the receivables every financing rests on (BUSINESS.md §2
// PaymentOrder, §4). The record's status is its 确权状态: 发起确权 takes it to 确权中, 确权 records the
// evidence (付款确认书 or 商票) and the confirmed amount — at most the receivable not yet paid — and 确权失败
// sends it back with the reason. 可融资 is `eligibleAmount` (BUSINESS.md §3), stored by the gateway on every
// write so that the footer can sum it over the filter.
import { orgRef, type ResourceDef, type ResourceRecord } from '../resource/resource';
import { confirmableAmount } from './eligible-amount';
import { PROJECT_REF, SAMPLE_PROJECT_ID, SAMPLE_SUPPLIER_ID } from './project.resource';

export const PAYMENT_ORDER_PATH = '/assetsManage/paymentOrderInformation';
export const PAYMENT_ORDER_DETAILS_PATH = '/assetsManage/PaymentOrderDetails';
export type ConfirmStatus = 'UNCONFIRMED' | 'CONFIRMING' | 'CONFIRMED' | 'FAILED';

export const CONTRACT_TYPE_LABEL = {
  ENGINEERING: '工程',
  TRADE: '贸易',
  DESIGN: '设计',
  SUPERVISION: '监理',
  SERVICE: '服务',
} as const;
export const CONFIRM_EVIDENCE_LABEL = { CONFIRMATION_LETTER: '付款确认书', COMMERCIAL_BILL: '商票' } as const;
export const FINANCING_STATUS_LABEL = {
  NONE: '未融资',
  FINANCING: '融资中',
  FINANCED: '已融资',
  SETTLED: '已结清',
} as const;
export const LOCKED_LABEL = { NO: '未锁定', YES: '已锁定' } as const;

export const PaymentOrderMessage = {
  paidOverReceivable: '已付金额不能大于应收金额',
  duplicate: '该项目公司下付款单号已存在',
  confirmedOver: (maxYuan: string) => `确权金额不能大于应收金额减已付金额（${maxYuan}元）`,
  confirmedZero: '确权金额须大于0',
  locked: '付款单已锁定，不能确权',
} as const;

const yuan = (fen: number) => `${Math.trunc(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const ALL: readonly ConfirmStatus[] = ['UNCONFIRMED', 'CONFIRMING', 'CONFIRMED', 'FAILED'];
/** A locked order (合同锁定, BUSINESS.md §2 Risk) keeps its state but takes no 确权 until unlocked. */
const unlocked = (r: ResourceRecord) => (r.locked === 'YES' ? PaymentOrderMessage.locked : null);

export const PAYMENT_ORDER: ResourceDef<ConfirmStatus> = {
  name: 'paymentOrder',
  api: '/api/assets/paymentOrder',
  menuPath: PAYMENT_ORDER_PATH,
  title: '付款单信息',
  noun: '付款单',
  storage: {
    table: 'payment_order',
    id: 'order_id',
    uniqueIndex: 'payment_order_no_uq',
    stamp: { comment: 'confirm_comment' },
  },
  fields: [
    { key: 'orderNo', label: '付款单号', type: 'text', max: 30, form: 'create', search: 'like', list: { width: 150 } },
    { key: 'projectId', label: '项目', type: 'text', max: 30, form: 'create', ref: PROJECT_REF, detail: false },
    { key: 'projectName', label: '项目', type: 'text', column: 'project_id', refName: true, list: { width: 160 } },
    { key: 'projectCompanyId', label: '项目公司', type: 'text', ref: orgRef('PROJECT_COMPANY'), detail: false },
    {
      key: 'projectCompanyName',
      label: '项目公司',
      type: 'text',
      column: 'project_company_id',
      refName: true,
      list: { width: 180 },
    },
    {
      key: 'supplierId',
      label: '供应商',
      type: 'text',
      max: 30,
      form: 'always',
      ref: orgRef('SUPPLIER'),
      detail: false,
    },
    { key: 'supplierName', label: '供应商', type: 'text', column: 'supplier_id', refName: true, list: { width: 180 } },
    {
      key: 'contractNo',
      label: '合同编号',
      type: 'text',
      max: 50,
      form: 'always',
      search: 'like',
      list: { width: 140 },
    },
    {
      key: 'contractType',
      label: '合同类型',
      type: 'enum',
      options: CONTRACT_TYPE_LABEL,
      form: 'always',
      search: 'eq',
    },
    {
      key: 'receivableAmount',
      label: '应收金额',
      type: 'money',
      min: 1,
      form: 'always',
      search: 'range',
      list: { width: 130 },
      sum: true,
    },
    { key: 'paidAmount', label: '已付金额', type: 'money', form: 'always', list: { width: 120 }, sum: true },
    {
      key: 'dueDate',
      label: '应付日',
      type: 'date',
      nearTermYears: 5,
      form: 'always',
      search: 'range',
      list: { width: 100 },
    },
    { key: 'confirmEvidence', label: '确权凭证', type: 'enum', options: CONFIRM_EVIDENCE_LABEL, required: true },
    { key: 'confirmedAmount', label: '确权金额', type: 'money', min: 1, list: { width: 120 } },
    { key: 'confirmedAt', label: '确权时间', type: 'datetime' },
    { key: 'confirmComment', label: '确权意见', type: 'textarea' },
    { key: 'reservedAmount', label: '占用金额', type: 'money' },
    { key: 'financedAmount', label: '已融资', type: 'money' },
    { key: 'eligibleAmount', label: '可融资', type: 'money', list: { width: 120 }, sum: true },
    {
      key: 'financingStatus',
      label: '融资状态',
      type: 'enum',
      options: FINANCING_STATUS_LABEL,
      search: 'eq',
      list: { width: 90 },
      optionTones: { NONE: 'subtle', FINANCING: 'warning', FINANCED: 'brand', SETTLED: 'success' },
    },
    {
      key: 'locked',
      label: '锁定',
      type: 'enum',
      options: LOCKED_LABEL,
      list: { width: 80 },
      optionTones: { NO: 'subtle', YES: 'danger' },
    },
  ],
  statuses: {
    UNCONFIRMED: { label: '未确权', tone: 'subtle' },
    CONFIRMING: { label: '确权中', tone: 'warning' },
    CONFIRMED: { label: '已确权', tone: 'success' },
    FAILED: { label: '确权失败', tone: 'danger' },
  },
  initialStatus: 'UNCONFIRMED',
  create: { label: '新增付款单' },
  update: { when: ['UNCONFIRMED', 'CONFIRMING', 'FAILED'] },
  workflow: {
    noun: '付款单',
    statusOf: (r: ResourceRecord) => r.status as ConfirmStatus,
    transitions: [
      {
        action: 'startConfirm',
        label: '发起确权',
        op: 'examine',
        from: ['UNCONFIRMED', 'FAILED'],
        to: 'CONFIRMING',
        comment: 'optional',
        commentLabel: '确权说明',
        guard: unlocked,
      },
      {
        action: 'confirm',
        label: '确权',
        op: 'examine',
        from: ['UNCONFIRMED', 'CONFIRMING'],
        to: 'CONFIRMED',
        comment: 'optional',
        commentLabel: '确权意见',
        tone: 'success',
        guard: unlocked,
        inputs: {
          keys: ['confirmEvidence', 'confirmedAmount'],
          sample: { confirmEvidence: 'CONFIRMATION_LETTER', confirmedAmount: 100 },
          check: (record, values) => {
            const amount = num(values.confirmedAmount) ?? 0;
            const most = confirmableAmount({
              receivableAmount: num(record.receivableAmount),
              paidAmount: num(record.paidAmount),
            });
            return amount > most ? PaymentOrderMessage.confirmedOver(yuan(most)) : null;
          },
        },
      },
      {
        action: 'fail',
        label: '确权失败',
        op: 'examine',
        from: ['CONFIRMING'],
        to: 'FAILED',
        comment: 'required',
        commentLabel: '失败原因',
        tone: 'danger',
      },
      // 锁定 / 解锁 keep the 确权 state; the gateway sets the flag after the transition.
      {
        action: 'lock',
        label: '锁定',
        op: 'lock',
        from: ALL,
        to: (r) => r.status as ConfirmStatus,
        comment: 'required',
        commentLabel: '锁定原因',
        tone: 'danger',
        guard: (r) => (r.locked === 'YES' ? '付款单已锁定' : null),
      },
      {
        action: 'unlock',
        label: '解锁',
        op: 'lock',
        from: ALL,
        to: (r) => r.status as ConfirmStatus,
        comment: 'optional',
        commentLabel: '解锁说明',
        guard: (r) => (r.locked === 'YES' ? null : '付款单未锁定'),
      },
    ],
  },
  unique: {
    fields: ['projectCompanyId', 'orderNo'],
    statuses: ['UNCONFIRMED', 'CONFIRMING', 'CONFIRMED', 'FAILED'],
    message: PaymentOrderMessage.duplicate,
  },
  crossCheck: (form) => {
    const receivable = num(form.receivableAmount);
    const paid = num(form.paidAmount);
    return receivable !== null && paid !== null && paid > receivable
      ? { key: 'paidAmount', message: PaymentOrderMessage.paidOverReceivable }
      : null;
  },
  order: { key: 'dueDate', direction: 'asc' },
  sample: {
    orderNo: 'FK-PACT-0001',
    projectId: SAMPLE_PROJECT_ID,
    supplierId: SAMPLE_SUPPLIER_ID,
    contractNo: 'HT-PACT-0001',
    contractType: 'ENGINEERING',
    receivableAmount: 100_000_000,
    paidAmount: 20_000_000,
    dueDate: '2026-12-31',
  },
  titleField: 'orderNo',
};

// 监管账户 (/risk/accountManage; the "risk supervise account" endpoint, menu-scoped by SPEC §7.2): the 保理专户
// a supplier's collections run through (BUSINESS.md §2 Risk). The account number is masked in lists and
// exports, whole on the detail for someone who may act. 冻结 and 解冻 are the lock / unlock operations and
// need a reason; 销户 ends the account. One live (正常 or 冻结) record per account number.
import { orgRef, withRefName, type ResourceDef, type ResourceRecord } from '../resource/resource';

export const SUPERVISED_ACCOUNT_PATH = '/risk/accountManage';
export type SupervisedAccountStatus = 'NORMAL' | 'FROZEN' | 'CLOSED';
export const DUPLICATE_ACCOUNT = '该账号已登记为监管账户';

// The demo seed's 华东建材有限公司 and 工商银行上海市分行: the samples must name organisations of the tenant.
const SAMPLE_SUPPLIER = '1100000000000000011';
const SAMPLE_CAPITAL_SIDE = '1100000000000000021';

export const SUPERVISED_ACCOUNT: ResourceDef<SupervisedAccountStatus> = {
  name: 'supervisedAccount',
  api: '/api/risk/superviseAccount',
  menuPath: SUPERVISED_ACCOUNT_PATH,
  title: '监管账户管理',
  noun: '监管账户',
  storage: {
    table: 'supervised_account',
    id: 'account_id',
    stamp: { comment: 'status_reason' },
    createdBy: true,
    uniqueIndex: 'supervised_account_live_no_uq',
  },
  fields: [
    { key: 'accountName', label: '户名', type: 'text', form: 'always', search: 'like', list: { width: 200 } },
    {
      key: 'accountNo',
      label: '账号',
      type: 'text',
      max: 30,
      form: 'always',
      search: 'eq',
      list: { width: 170 },
      mask: 'account',
      pattern: 'bankAccount',
      normalize: (v) => v.replace(/\s+/g, ''),
    },
    { key: 'bank', label: '开户行', type: 'text', form: 'always', search: 'like', list: { width: 200 } },
    ...withRefName(
      { key: 'supplierId', label: '供应商', type: 'text', form: 'always', ref: orgRef('SUPPLIER') },
      { list: { width: 200 } },
    ),
    ...withRefName(
      { key: 'capitalSideId', label: '资金方', type: 'text', form: 'always', ref: orgRef('CAPITAL_SIDE') },
      { list: { width: 200 } },
    ),
    { key: 'balance', label: '余额', type: 'money', form: 'always', list: { width: 130 } },
    { key: 'statusReason', label: '冻结/解冻原因', type: 'textarea', max: 200 },
    { key: 'createTime', label: '登记时间', type: 'datetime', column: 'created_at' },
  ],
  statuses: {
    NORMAL: { label: '正常', tone: 'success' },
    FROZEN: { label: '冻结', tone: 'danger' },
    CLOSED: { label: '销户', tone: 'subtle' },
  },
  initialStatus: 'NORMAL',
  create: { label: '新增监管账户' },
  update: { when: ['NORMAL', 'FROZEN'] },
  workflow: {
    noun: '监管账户',
    statusOf: (r: ResourceRecord) => r.status as SupervisedAccountStatus,
    transitions: [
      {
        action: 'freeze',
        label: '冻结',
        op: 'lock',
        from: ['NORMAL'],
        to: 'FROZEN',
        comment: 'required',
        commentLabel: '冻结原因',
        tone: 'danger',
      },
      {
        action: 'unfreeze',
        label: '解冻',
        op: 'unlock',
        from: ['FROZEN'],
        to: 'NORMAL',
        comment: 'required',
        commentLabel: '解冻原因',
      },
      {
        action: 'close',
        label: '销户',
        op: 'edit',
        from: ['NORMAL', 'FROZEN'],
        to: 'CLOSED',
        comment: 'required',
        commentLabel: '销户原因',
        tone: 'danger',
      },
    ],
  },
  unique: { fields: ['accountNo'], statuses: ['NORMAL', 'FROZEN'], message: DUPLICATE_ACCOUNT },
  menuScoped: true,
  history: true,
  order: { key: 'createTime', direction: 'desc' },
  sample: {
    accountName: '契约样例监管账户',
    accountNo: '6222020000000000001',
    bank: '中国工商银行上海分行',
    supplierId: SAMPLE_SUPPLIER,
    capitalSideId: SAMPLE_CAPITAL_SIDE,
    balance: 1_250_000_00,
  },
  titleField: 'accountName',
};

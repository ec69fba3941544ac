// 合同锁定 (/risk/contractLock) and 供应商锁定 (/risk/supplierLock): a lock is 锁定中 from the moment it is
// made (lock, with a reason) until 解锁 (unlock, reason required); each change is kept in the operation
// log and shown as the record's history (BUSINESS.md §2 Risk, §4). The lifecycle's guards read the live
// locks through `isSupplierLocked` / `isContractLocked` (locks.ts).
import { PROJECT_COMPANY_ON_CREATE } from '../assets/project.resource';
import { orgRef, withRefName, type ResourceDef, type ResourceRecord, type StatusDef } from '../resource/resource';
import type { WorkflowTable } from '../workflow/workflow';
import { type LockStatus, SUPPLIER_LOCK_SCOPE_LABEL } from './locks';

export const CONTRACT_LOCK_PATH = '/risk/contractLock';
export const SUPPLIER_LOCK_PATH = '/risk/supplierLock';
export const CONTRACT_TARGET_REQUIRED = '请输入合同编号或付款单号';

// The demo seed's 华东建材有限公司: the sample must name a supplier of the tenant.
const SAMPLE_SUPPLIER = '1100000000000000011';

const LOCK_STATUSES: Record<LockStatus, StatusDef> = {
  LOCKED: { label: '锁定中', tone: 'danger' },
  UNLOCKED: { label: '已解锁', tone: 'subtle' },
};

const UNLOCK_WORKFLOW = (noun: string): WorkflowTable<LockStatus, ResourceRecord> => ({
  noun,
  statusOf: (r) => r.status as LockStatus,
  transitions: [
    {
      action: 'unlock',
      label: '解锁',
      op: 'unlock',
      from: ['LOCKED'],
      to: 'UNLOCKED',
      comment: 'required',
      commentLabel: '解锁原因',
    },
  ],
});

const stampedFields = [
  { key: 'lockedByName', label: '锁定人', type: 'text', column: 'created_by', userName: true, list: { width: 90 } },
  { key: 'lockedAt', label: '锁定时间', type: 'datetime', column: 'created_at', list: { width: 140 } },
  { key: 'unlockReason', label: '解锁原因', type: 'textarea', max: 200 },
  { key: 'unlockedByName', label: '解锁人', type: 'text', column: 'unlocked_by', userName: true },
  { key: 'unlockedAt', label: '解锁时间', type: 'datetime' },
] as const;

const storage = (table: string) => ({
  table,
  id: 'lock_id',
  createdBy: true,
  stamp: { comment: 'unlock_reason', actor: 'unlocked_by', at: 'unlocked_at' },
});

export const SUPPLIER_LOCK: ResourceDef<LockStatus> = {
  name: 'supplierLock',
  api: '/api/risk/supplierLock',
  menuPath: SUPPLIER_LOCK_PATH,
  title: '供应商锁定',
  noun: '供应商锁定',
  storage: storage('supplier_lock'),
  fields: [
    ...withRefName(
      { key: 'supplierId', label: '供应商', type: 'text', form: 'create', ref: orgRef('SUPPLIER') },
      { list: { width: 220 } },
    ),
    {
      key: 'scope',
      label: '范围',
      type: 'enum',
      options: SUPPLIER_LOCK_SCOPE_LABEL,
      form: 'create',
      search: 'eq',
      list: { width: 100 },
    },
    { key: 'reason', label: '锁定原因', type: 'textarea', max: 200, form: 'create', list: { width: 220 } },
    {
      key: 'expiresAt',
      label: '到期日',
      type: 'date',
      form: 'create',
      required: false,
      notPast: true,
      list: { width: 110 },
    },
    ...stampedFields,
  ],
  statuses: LOCK_STATUSES,
  initialStatus: 'LOCKED',
  create: { label: '锁定供应商', op: 'lock' },
  workflow: UNLOCK_WORKFLOW('供应商锁定'),
  history: true,
  order: { key: 'lockedAt', direction: 'desc' },
  sample: { supplierId: SAMPLE_SUPPLIER, scope: 'NEW_APPLICATION', reason: '契约样例：涉诉待核实', expiresAt: '' },
  // A lock is named by whom it locks (the 解锁 prompt asks "解锁 华东建材有限公司?"), not by its reason.
  titleField: 'supplierIdName',
};

export const CONTRACT_LOCK: ResourceDef<LockStatus> = {
  name: 'contractLock',
  api: '/api/risk/contractLock',
  menuPath: CONTRACT_LOCK_PATH,
  title: '合同锁定',
  noun: '合同锁定',
  storage: storage('contract_lock'),
  fields: [
    {
      key: 'contractNo',
      label: '合同编号',
      type: 'text',
      max: 50,
      form: 'create',
      required: false,
      search: 'like',
      list: { width: 170 },
    },
    {
      key: 'paymentOrderNo',
      label: '付款单号',
      type: 'text',
      max: 30,
      form: 'create',
      required: false,
      search: 'like',
      list: { width: 150 },
    },
    ...withRefName(PROJECT_COMPANY_ON_CREATE, { list: { width: 180 } }),
    ...withRefName(
      {
        key: 'supplierId',
        label: '供应商',
        type: 'text',
        form: 'create',
        required: false,
        ref: orgRef('SUPPLIER'),
      },
      { list: { width: 180 } },
    ),
    { key: 'reason', label: '锁定原因', type: 'textarea', max: 200, form: 'create', list: { width: 200 } },
    ...stampedFields,
  ],
  statuses: LOCK_STATUSES,
  initialStatus: 'LOCKED',
  create: { label: '锁定合同', op: 'lock' },
  workflow: UNLOCK_WORKFLOW('合同锁定'),
  history: true,
  order: { key: 'lockedAt', direction: 'desc' },
  sample: {
    contractNo: 'HT-PACT-0001',
    paymentOrderNo: '',
    projectCompanyId: '',
    supplierId: SAMPLE_SUPPLIER,
    reason: '契约样例：合同争议',
  },
  titleField: 'contractNo',
};

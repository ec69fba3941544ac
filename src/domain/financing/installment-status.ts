// An installment's status as the close of business sets it (BUSINESS.md §2 installment.status), apart from the
// close of business's rules: a screen that only names a status does not load the holiday calendar with them.

/** 未到期 / 已到期 / 逾期 / 已结清. */
export type InstallmentStatus = 'NOT_DUE' | 'DUE' | 'OVERDUE' | 'SETTLED';

export const INSTALLMENT_STATUS_LABEL: Readonly<Record<InstallmentStatus, string>> = {
  NOT_DUE: '未到期',
  DUE: '已到期',
  OVERDUE: '逾期',
  SETTLED: '已结清',
};

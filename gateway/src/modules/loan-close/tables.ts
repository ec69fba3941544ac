// The close of business's loan facts as Kysely sees them (migration 0200), joined to the gateway's `Database` and to
// the kit's loan row (stage-loans.ts) by declaration merging.
import type { ColumnType } from 'kysely';
import type { DayColumn, FenColumn } from '../../stage/stage-money';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A reminder of a closed day: an installment's (subject INSTALLMENT:n) or the 中登 registration's (ZHONGDENG). */
export interface LoanReminderTable {
  tenant_id: string;
  business_id: string;
  day: DayColumn;
  subject: string;
  kind: string;
  period_no: number | null;
  due_date: DayColumn;
  /** What was owed that day, 分 (0 for the 中登 registration). */
  amount: FenColumn;
  overdue_days: Defaulted<number>;
}

declare module '../../db/database' {
  interface Database {
    loan_reminder: LoanReminderTable;
  }
}

declare module '../../stage/stage-loans' {
  interface LoanTable {
    /** The most overdue days of its installments on the last day closed. */
    overdue_days: Defaulted<number>;
    /** 正常 / 关注 / 次级 by those days (close-of-business.ts riskClass). */
    risk_class: Defaulted<string>;
    /** Overdue past 180 days: for write-off review. */
    write_off_review: Defaulted<boolean>;
  }
}

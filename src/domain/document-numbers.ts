// Every numbered document's kind has a prefix of its own, in this one table: a number read out on the phone or
// off a scan then says what it is (the search box goes by it), and no two kinds can ever share one. A daily
// number is PREFIX + the Beijing day (yyyyMMdd) + the day's sequence in four digits (BUSINESS.md §2); the
// supplier (GYS + year + five digits) and the certificate (ZS + year + id) are counted by the year.
import { businessDay } from './calendar/calendar-date';

export const DOCUMENT_PREFIX = {
  /** 融资业务 业务编号 (BUSINESS.md: "RZ…"). */
  business: 'RZ',
  /** 融资需求. */
  demand: 'XQ',
  /** 预授信. */
  preCredit: 'YS',
  /** 融资申请. */
  application: 'SQ',
  /** 尽调报告. */
  report: 'BG',
  /** 评审会. */
  meeting: 'HY',
  /** 融资决议. */
  decision: 'JY',
  /** 放款 放款编号 (DK, 贷款: FK is the payment orders' own). */
  loan: 'DK',
  /** 还款登记 (HK, 还款). */
  repayment: 'HK',
  /** 退还登记 of an overpayment (TK, 退款). */
  refund: 'TK',
  /** 访谈纪要 (CRM). */
  interviewMinutes: 'FT',
  /** 合同. */
  contract: 'HT',
  /** 签约. */
  signing: 'QY',
  /** 推送 (资金方推送). */
  push: 'TS',
  /** 正式函件. */
  letter: 'HJ',
  /** 存续期检查报告. */
  duration: 'CX',
  /** 供应商编号. */
  supplier: 'GYS',
  /** 认证证书. */
  certificate: 'ZS',
} as const;

export type DocumentKind = keyof typeof DOCUMENT_PREFIX;

/** yyyyMMdd of the instant's business day (Asia/Shanghai, calendar-date.ts). */
export function shanghaiDay(now: Date): string {
  return businessDay(now).replace(/-/g, '');
}

/** The `seq`-th number of the Beijing day of `now` for a kind of document: JY202611290001. */
export function dailyDocumentNo(kind: DocumentKind, now: Date, seq: number): string {
  return `${DOCUMENT_PREFIX[kind]}${shanghaiDay(now)}${String(seq).padStart(4, '0')}`;
}

/** The kind of document a number belongs to, by its prefix; undefined for a number of no known kind. */
export function kindOfNumber(no: string): DocumentKind | undefined {
  const text = no.trim().toUpperCase();
  const kinds = Object.entries(DOCUMENT_PREFIX) as [DocumentKind, string][];
  // Longest prefix first: a prefix may begin like a shorter one of another kind.
  const match = kinds
    .filter(([, prefix]) => text.startsWith(prefix) && /^\d/.test(text.slice(prefix.length)))
    .sort((a, b) => b[1].length - a[1].length)[0];
  return match?.[0];
}

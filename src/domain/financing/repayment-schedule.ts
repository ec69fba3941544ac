// Repayment schedules (BUSINESS.md "Contracts" and §3): one pure function for the four methods, in exact
// rational arithmetic on bigint — r = R/12 is rational, and (1+r)^n is kept as a fraction, never a float or
// a rounded decimal. Each component is rounded to 分 HALF_UP; the last instalment takes the residual, since
// per-component rounding drifts. Monthly due dates count from the loan date and are clamped to a month's end
// (Jan 31 + 1 month = Feb 28/29); interest on days runs from the start day (counted) to the end day (not).

export type RepaymentMethod = 'BULLET' | 'INTEREST_FIRST' | 'EQUAL_INSTALLMENT' | 'EQUAL_PRINCIPAL';

export interface ScheduleInput {
  principalFen: bigint;
  /** Annual rate as a decimal string, e.g. '0.0600'. */
  annualRate: string;
  method: RepaymentMethod;
  /** 'YYYY-MM-DD'; interest starts that day. */
  loanDate: string;
  /** BULLET: the single due date. */
  dueDate?: string;
  /** The other methods: the number of monthly periods. */
  periods?: number;
  dayCountBasis: 360 | 365;
}

export interface Installment {
  periodNo: number;
  startDate: string;
  dueDate: string;
  principalFen: bigint;
  interestFen: bigint;
  totalFen: bigint;
}

export interface Fraction {
  n: bigint;
  d: bigint;
}

/** The rate as a fraction: '0.0600' → 600 / 10000. */
export function rateFraction(rate: string): Fraction {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) throw new Error(`不是合法的利率：${rate}`);
  const fraction = m[2] ?? '';
  return { n: BigInt(`${m[1]}${fraction}`), d: 10n ** BigInt(fraction.length) };
}

/** n / d rounded HALF_UP to an integer (n ≥ 0, d > 0). */
export function roundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n || n < 0n) throw new Error('roundHalfUp expects n ≥ 0 and d > 0');
  return (2n * n + d) / (2n * d);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayNumber = (date: string): number => {
  const m = DATE.exec(date);
  if (!m) throw new Error(`不是合法的日期：${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
};
const pad = (n: number) => String(n).padStart(2, '0');

/** Days from start (counted) to end (not counted). */
export function daysBetween(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start);
}

/** The day n days later (earlier when n < 0). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** The same day n months later, clamped to that month's last day. */
export function addMonths(date: string, months: number): string {
  const m = DATE.exec(date);
  if (!m) throw new Error(`不是合法的日期：${date}`);
  const total = Number(m[1]) * 12 + Number(m[2]) - 1 + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${pad(month + 1)}-${pad(Math.min(Number(m[3]), last))}`;
}

/** 等额本息's payment A = round(P·r·(1+r)^n / ((1+r)^n − 1)), exactly, with r the monthly rate; P / n at 0 %. */
export function annuityPaymentFen(principalFen: bigint, r: Fraction, periods: number): bigint {
  // (1+r)^n = N / D.
  const N = (r.d + r.n) ** BigInt(periods);
  const D = r.d ** BigInt(periods);
  return r.n === 0n ? roundHalfUp(principalFen, BigInt(periods)) : roundHalfUp(principalFen * r.n * N, r.d * (N - D));
}

/** The monthly rate r = R / 12, exactly. */
export function monthlyRate(R: Fraction): Fraction {
  return { n: R.n, d: R.d * 12n };
}

export function interestForDays(balance: bigint, rate: Fraction, days: number, basis: number): bigint {
  return roundHalfUp(balance * rate.n * BigInt(days), rate.d * BigInt(basis));
}

function monthlyDates(loanDate: string, periods: number): Array<[string, string]> {
  return Array.from(
    { length: periods },
    (_, i) => [addMonths(loanDate, i), addMonths(loanDate, i + 1)] as [string, string],
  );
}

const installment = (
  periodNo: number,
  [startDate, dueDate]: [string, string],
  principalFen: bigint,
  interestFen: bigint,
): Installment => ({
  periodNo,
  startDate,
  dueDate,
  principalFen,
  interestFen,
  totalFen: principalFen + interestFen,
});

export function buildRepaymentSchedule(input: ScheduleInput): {
  installments: Installment[];
  totalInterestFen: bigint;
} {
  const P = input.principalFen;
  if (P <= 0n) throw new Error('本金须大于0');
  const R = rateFraction(input.annualRate);
  const installments: Installment[] = [];
  if (input.method === 'BULLET') {
    if (!input.dueDate) throw new Error('到期一次还本付息须有到期日');
    const days = daysBetween(input.loanDate, input.dueDate);
    if (days <= 0) throw new Error('到期日须晚于起息日');
    installments.push(
      installment(1, [input.loanDate, input.dueDate], P, interestForDays(P, R, days, input.dayCountBasis)),
    );
  } else {
    const n = input.periods ?? 0;
    if (!Number.isInteger(n) || n < 1 || n > 360) throw new Error('期数须为1到360的整数');
    const dates = monthlyDates(input.loanDate, n);
    const r = monthlyRate(R);
    const monthly = (balance: bigint) => roundHalfUp(balance * r.n, r.d);
    if (input.method === 'INTEREST_FIRST') {
      dates.forEach((span, i) => {
        const interest = interestForDays(P, R, daysBetween(span[0], span[1]), input.dayCountBasis);
        installments.push(installment(i + 1, span, i === n - 1 ? P : 0n, interest));
      });
    } else if (input.method === 'EQUAL_PRINCIPAL') {
      const part = P / BigInt(n);
      let balance = P;
      dates.forEach((span, i) => {
        const principal = i === n - 1 ? balance : part;
        installments.push(installment(i + 1, span, principal, monthly(balance)));
        balance -= principal;
      });
    } else {
      const payment = annuityPaymentFen(P, r, n);
      let balance = P;
      dates.forEach((span, i) => {
        const interest = monthly(balance);
        // A tiny loan over many periods could over-pay by rounding: never more than what is left.
        const principal = i === n - 1 ? balance : payment - interest > balance ? balance : payment - interest;
        installments.push(installment(i + 1, span, principal, interest));
        balance -= principal;
      });
    }
  }
  return { installments, totalInterestFen: installments.reduce((sum, i) => sum + i.interestFen, 0n) };
}

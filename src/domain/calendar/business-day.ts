// Business days (工作日) of the mainland Chinese calendar: Monday to Friday, less the public holidays the State
// Council announces each year, plus the weekend days it makes working days in exchange (调休). The holidays
// come from `chinese-days`, a maintained package that publishes them as plain data; only its JSON is read, not
// its functions, because those compute the weekday in the machine's time zone and so answer a day off in a
// browser west of Greenwich. A year the package has no data for yet counts weekends only. Penalty and overdue
// start follow these days (close-of-business.ts); schedule dates never move.
// ESM reads JSON only with the attribute (tsx, Vite); the compiled gateway has the data compiled in.
import calendar from 'chinese-days/dist/chinese-days.json' with { type: 'json' };

const holidays: Readonly<Record<string, string>> = calendar.holidays;
const workdays: Readonly<Record<string, string>> = calendar.workdays;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const utc = (date: string): Date => {
  const m = DATE.exec(date);
  if (!m) throw new Error(`不是合法的日期：${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
};

/** Whether the day ('YYYY-MM-DD') is a working day in mainland China. */
export function isBusinessDay(date: string): boolean {
  if (date in workdays) return true;
  if (date in holidays) return false;
  const weekday = utc(date).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The first business day after the day (never the day itself). */
export function nextBusinessDay(date: string): string {
  const day = utc(date);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (!isBusinessDay(day.toISOString().slice(0, 10)));
  return day.toISOString().slice(0, 10);
}

/** The day itself when it is a business day, else the next one: when something due that day is really due. */
export function onOrNextBusinessDay(date: string): string {
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

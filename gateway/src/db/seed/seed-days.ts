// The demo tells the same story whenever it is first started: every seeded date is a number of Beijing days
// before (or, for a due date or an end of validity, after) the moment the seed runs, never a day of the
// calendar. A seed takes that moment as `now` and asks here for its days.
import { businessDay, SHANGHAI_OFFSET_MS } from '../../../../src/domain/calendar/calendar-date';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The instant `days` Beijing days before `now` (negative: after it). With an `hour`, at that Beijing hour of
 * that day — so a walk's moves fall on the same days and hours whatever time of day the seed runs; a caller
 * giving an hour names a day before today, so that nothing is dated after the seed. Without one, at `now`'s
 * own time of day.
 */
export function daysBefore(now: Date, days: number, hour?: number): Date {
  const back = new Date(now.getTime() - days * DAY);
  if (hour === undefined) return back;
  const midnight = Date.parse(businessDay(back)) - SHANGHAI_OFFSET_MS;
  return new Date(midnight + hour * HOUR);
}

/** The Beijing calendar day ('YYYY-MM-DD') `days` days before `now`; negative: after it. */
export function dateBefore(now: Date, days: number): string {
  return businessDay(daysBefore(now, days));
}

/** The day the demo's stories are told as of: a day they name by month and day is counted back from it. */
const STORY_DAY = Date.UTC(2026, 10, 28);

/**
 * How many days the `day`th of the `month`th month lies before 28 November in the demo's stories (negative:
 * after it) — as many as the seed then dates it before `now` (daysBefore, dateBefore). A story of the year up
 * to the seed, such as the assets', tells its dates this way.
 */
export function storyDaysBefore(month: number, day: number): number {
  return (STORY_DAY - Date.UTC(2026, month - 1, day)) / DAY;
}

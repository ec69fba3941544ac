// The schedule of a serving gateway's daily job, on fake timers: a run at start, the next at 00:10 Beijing (a timer
// never sleeps more than an hour, so the runs between find nothing to do), a sooner retry after a lost claim,
// and nothing after stop.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloseOutcome, DailyJob } from './daily-job';
import { CLAIM_RETRY_MS, scheduleDailyJob } from './schedule';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the daily job schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // 23:30 in Beijing.
    vi.setSystemTime(new Date('2031-03-09T15:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const jobAnswering = (outcomes: CloseOutcome[]) => {
    const at: string[] = [];
    const job = {
      closeDays: async () => {
        at.push(new Date().toISOString());
        return outcomes.shift() ?? { claimed: true, days: [] };
      },
      stop: () => undefined,
    } as unknown as DailyJob;
    return { job, at };
  };

  it('runs at start and again at the next 00:10', async () => {
    const { job, at } = jobAnswering([]);
    const scheduled = scheduleDailyJob(job, () => new Date(), quiet);
    await vi.advanceTimersByTimeAsync(40 * 60_000);
    expect(at).toEqual(['2031-03-09T15:30:00.000Z', '2031-03-09T16:10:00.000Z']);
    await scheduled.stop();
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(at).toHaveLength(2);
  });

  it('tries again sooner when another process held the claim', async () => {
    vi.setSystemTime(new Date('2031-03-09T10:00:00Z'));
    const { job, at } = jobAnswering([{ claimed: false }]);
    const scheduled = scheduleDailyJob(job, () => new Date(), quiet);
    await vi.advanceTimersByTimeAsync(CLAIM_RETRY_MS);
    expect(at).toEqual([
      '2031-03-09T10:00:00.000Z',
      new Date(Date.parse('2031-03-09T10:00:00Z') + CLAIM_RETRY_MS).toISOString(),
    ]);
    await scheduled.stop();
  });
});

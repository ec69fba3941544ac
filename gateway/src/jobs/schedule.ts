// When a serving gateway runs the daily job: once at start (a day missed while no gateway ran is caught up then),
// and at each next 00:10 Asia/Shanghai on the app's clock. Every process does so; the claim makes one of them do
// the work (daily-job.ts). One that lost the claim looks again a while later, so the days are still closed when
// the winner died before finishing them.
import { nextCloseTime } from '../../../src/domain/calendar/close-of-business';
import type { Clock } from '../clock';
import type { DailyJob, LogSink } from './daily-job';

/** A process that lost the claim tries again this much later (if the next 00:10 is not sooner). */
export const CLAIM_RETRY_MS = 15 * 60_000;
/** A timer never sleeps longer than this, so a clock moved (or a machine suspended) is noticed within it. */
const LONGEST_SLEEP_MS = 3_600_000;

export interface ScheduledJob {
  /** No further run starts; resolves once the one under way stopped between units. */
  stop(): Promise<void>;
}

export function scheduleDailyJob(job: DailyJob, clock: Clock, log: LogSink): ScheduledJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const sleep = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(wake, Math.max(1_000, Math.min(ms, LONGEST_SLEEP_MS)));
    timer.unref();
  };
  const untilNextClose = () => nextCloseTime(clock()).getTime() - clock().getTime();

  function wake() {
    running = job.closeDays().then(
      (outcome) => {
        if (!outcome.claimed) {
          log.info({}, 'another gateway process is closing the days');
          sleep(Math.min(CLAIM_RETRY_MS, untilNextClose()));
          return;
        }
        if (outcome.days.length > 0) log.info({ days: outcome.days.map((d) => d.day) }, 'days closed');
        sleep(untilNextClose());
      },
      (error: unknown) => {
        log.error({ err: error }, 'daily job failed');
        sleep(Math.min(CLAIM_RETRY_MS, untilNextClose()));
      },
    );
  }

  wake();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      job.stop();
      await running;
    },
  };
}

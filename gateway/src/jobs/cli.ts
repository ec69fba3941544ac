// `npm run job -- [--date YYYY-MM-DD]`: close the business days not yet closed through that Beijing day (today,
// the latest day whose 00:10 has come, unless given) against DATABASE_URL or DATA_DIR, as a serving gateway's
// daily job would, and print what it did. The app is built as the gateway builds it, so every module's steps
// are the ones registered. On PGlite, stop the gateway first: one process at a time opens its data directory.
import { parseArgs } from 'node:util';
import { isCalendarDate } from '../../../src/domain/calendar/calendar-date';
import { buildApp } from '../app';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

const { values } = parseArgs({ options: { date: { type: 'string' } } });
if (values.date !== undefined && !isCalendarDate(values.date)) {
  console.error(`--date must be a day as YYYY-MM-DD, got '${values.date}'`);
  process.exit(2);
}

const config = loadConfig();
const { db, kind } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
let exitCode = 0;
try {
  await migrate(db);
  const app = await buildApp({
    db,
    database: kind,
    now: systemClock,
    encryptEnabled: config.encryptEnabled,
    filesDir: config.filesDir,
    // What the job prints below says what it did; the log adds only what went wrong, unless asked for more.
    logLevel: process.env.LOG_LEVEL || 'warn',
  });
  try {
    await app.ready();
    const outcome = await app.dailyJob.closeDays(values.date ? { through: values.date } : {});
    if (!outcome.claimed) {
      console.log('Another process is closing the days (it holds the claim): nothing done.');
      exitCode = 1;
    } else if (outcome.days.length === 0) {
      console.log(`Nothing to close: every day through ${values.date ?? 'today'} is closed.`);
    }
    for (const closed of outcome.claimed ? outcome.days : []) {
      const steps = closed.steps.map((s) => `${s.step} ${s.done} done${s.failed ? `, ${s.failed} failed` : ''}`);
      console.log(`${closed.day} closed: ${steps.join('; ') || 'no steps'}`);
      const failures = await db
        .selectFrom('close_day_unit')
        .select(['step', 'unit_key', 'detail'])
        .where('day', '=', closed.day)
        .where('status', '=', 'FAILED')
        .orderBy('step')
        .orderBy('unit_key')
        .execute();
      for (const f of failures) console.log(`  failed: ${f.step} ${f.unit_key}: ${f.detail ?? ''}`);
    }
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);

// `tsx gateway/src/db/seed/cli.ts [--scale N] [--lifecycle N]`: migrate and seed the demo tenant into DATABASE_URL
// or DATA_DIR; with --scale N add N×1000 generated staff users for benchmarks, with --lifecycle N add N×1000
// businesses past 放款 with their loans and ten installments each (lifecycle-scale.ts).
import { parseArgs } from 'node:util';
import { systemClock } from '../../clock';
import { loadConfig } from '../../config';
import { openDatabase } from '../database';
import { migrate } from '../migrate';
import { seedDemo } from './demo-seed';
import { seedGeneratedStaff } from './generated-staff';
import { seedLifecycleScale } from './lifecycle-scale';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '0' }, lifecycle: { type: 'string', default: '0' } },
});
const scale = Number(values.scale);
const lifecycle = Number(values.lifecycle);
for (const [name, n] of [
  ['scale', scale],
  ['lifecycle', lifecycle],
] as const) {
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got '${values[name]}'`);
    process.exit(2);
  }
}

const config = loadConfig();
const { db, kind } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  // How long the seed takes is a duration, read on the monotonic clock; the seed's dates come from the clock.
  const started = performance.now();
  const now = systemClock();
  await migrate(db);
  await seedDemo(db, now, { filesDir: config.filesDir });
  if (scale > 0) await seedGeneratedStaff(db, scale * 1000, now);
  if (lifecycle > 0) await seedLifecycleScale(db, lifecycle * 1000);
  const { count } = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  console.log(`Seeded ${kind} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${Number(count)} users`);
} finally {
  await db.destroy();
}

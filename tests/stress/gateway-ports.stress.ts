// `npm run stress:ports` (not part of npm test): starts and stops 100 spec gateways two at a time, as the
// browser tests do, while another process keeps opening outgoing connections to 127.0.0.1, and reports how
// many started. A gateway binds a port the system chooses (tests/e2e/support/gateway-process.ts), so none
// may fail on a port taken between choosing and binding. Exits 1 unless every one started.
import { spawn } from 'node:child_process';
import setupTemplate from '../support/e2e-template.setup';
import { startGateway } from '../e2e/support/gateway-process';

const GATEWAYS = Number(process.env.STRESS_GATEWAYS ?? 100);
const AT_ONCE = 2;
/** What is checked is that no start fails on its port; on a busy machine a start may take minutes. */
const START_MS = Number(process.env.STRESS_START_SECONDS ?? 600) * 1000;

const load = spawn(process.execPath, ['--import', 'tsx', 'tests/stress/outgoing-connections.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let lastLoad = '';
load.stdout.on('data', (chunk: Buffer) => {
  lastLoad = chunk.toString().trim().split('\n').pop() ?? lastLoad;
});
const loadExited = new Promise<void>((resolve) => load.once('exit', () => resolve()));

const removeTemplate = await setupTemplate();
const started = Date.now();
let ok = 0;
const failures: string[] = [];

async function one(n: number): Promise<void> {
  const t = Date.now();
  try {
    const gateway = await startGateway({}, { startMs: START_MS });
    const health = await fetch(`${gateway.url}/api/health`);
    await gateway.stop();
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
    ok += 1;
    console.log(`gateway ${n}: started on ${new URL(gateway.url).port} in ${Date.now() - t} ms`);
  } catch (error) {
    failures.push(`gateway ${n}: ${error instanceof Error ? error.message : String(error)}`);
    console.log(failures.at(-1));
  }
}

try {
  for (let n = 1; n <= GATEWAYS; n += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, GATEWAYS - n + 1) }, (_, i) => one(n + i)));
  }
} finally {
  load.kill('SIGTERM');
  await loadExited;
  removeTemplate();
}

console.log(`\noutgoing connections beside the run: ${lastLoad}`);
console.log(
  `gateways: ${ok} of ${GATEWAYS} started, ${failures.length} failed, in ${Math.round((Date.now() - started) / 1000)} s`,
);
for (const failure of failures) console.log(failure);
process.exit(ok === GATEWAYS ? 0 : 1);

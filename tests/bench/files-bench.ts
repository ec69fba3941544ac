// Files: upload and download throughput of one 20 MB file through the real gateway, and the
// gateway's resident memory while it does (sampled from /proc every 10 ms). Streaming keeps the peak near
// the idle figure whatever the file's size; buffering would add the file's size (or a multiple) to it.
// Run alone with `npx tsx tests/bench/files-bench.ts`, or as part of `npm run bench`.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { apiLogin, type RunningGateway } from '../e2e/support/gateway-process';
import { benchGateway } from './speed-bench';

const FILE_MB = 20;
const RUNS = 3;

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Runs `work` while sampling the process's RSS; answers the work's seconds, the RSS just before and the highest seen. */
async function sampled(
  pid: number,
  work: () => Promise<void>,
): Promise<{ seconds: number; before: number; peak: number }> {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 10);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssBytes(pid));
  return { seconds: (performance.now() - start) / 1000, before, peak };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureFiles(
  gateway: RunningGateway,
  record: (name: string, value: string, budget?: string) => void,
): Promise<void> {
  const { token, tenantId } = await apiLogin(gateway.url, 'admin', 'Admin@2026');
  const headers = { authorization: `Bearer ${token}`, token, tenantid: tenantId };
  // A PDF signature and random bytes: passes the content check, and every run stores a new blob.
  const body = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MB * 1024 * 1024 - 9)]);
  const idle = rssBytes(gateway.pid);
  const uploads: number[] = [];
  const downloads: number[] = [];
  let uploadPeak = 0;
  let downloadPeak = 0;
  // Growth over the RSS just before each transfer: GC between runs moves the idle figure by megabytes.
  let uploadGrowth = Number.NEGATIVE_INFINITY;
  let downloadGrowth = Number.NEGATIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const bytes = body();
    let keyId = '';
    const up = await sampled(gateway.pid, async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), `基准测试-${run}.pdf`);
      const res = await fetch(`${gateway.url}/api/file/file`, { method: 'POST', headers, body: form });
      const json = (await res.json()) as { code: number; message: string; data: { keyId: string; size: number } };
      if (json.code !== 0 || json.data.size !== bytes.length) throw new Error(`upload failed: ${json.message}`);
      keyId = json.data.keyId;
    });
    const down = await sampled(gateway.pid, async () => {
      const res = await fetch(`${gateway.url}/api/file/file/download?keyId=${keyId}`, { headers });
      let received = 0;
      for await (const chunk of res.body!) received += (chunk as Uint8Array).length;
      if (received !== bytes.length) throw new Error(`download returned ${received} of ${bytes.length} bytes`);
    });
    uploads.push(FILE_MB / up.seconds);
    downloads.push(FILE_MB / down.seconds);
    uploadPeak = Math.max(uploadPeak, up.peak);
    downloadPeak = Math.max(downloadPeak, down.peak);
    uploadGrowth = Math.max(uploadGrowth, up.peak - up.before);
    downloadGrowth = Math.max(downloadGrowth, down.peak - down.before);
  }
  record(`file upload, ${FILE_MB} MB (median of ${RUNS})`, `${median(uploads).toFixed(1)} MB/s`);
  record(`file download, ${FILE_MB} MB (median of ${RUNS})`, `${median(downloads).toFixed(1)} MB/s`);
  record('gateway RSS idle before the transfers', mb(idle));
  record(
    `gateway peak RSS during ${FILE_MB} MB uploads`,
    `${mb(uploadPeak)} (${signedMb(uploadGrowth)} over the RSS before)`,
    `growth < ${FILE_MB} MB`,
  );
  record(
    `gateway peak RSS during ${FILE_MB} MB downloads`,
    `${mb(downloadPeak)} (${signedMb(downloadGrowth)} over the RSS before)`,
    `growth < ${FILE_MB} MB`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const gateway = await benchGateway({ STATIC_DIR: '.tmp/no-client' });
  try {
    await measureFiles(gateway, (name, value, budget) =>
      console.log(`  ${name}: ${value}${budget ? `  (budget ${budget})` : ''}`),
    );
  } finally {
    await gateway.stop();
  }
}

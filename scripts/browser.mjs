// The browser tests drive Debian's Chromium (never a downloaded one). When it, the CJK fonts, poppler's
// pdftotext (the gateway's document tests read the PDFs they render with it) or NSS's certutil (the signing
// tests make pdfsig a database trusting the tenant's demo CA) are missing and we are root with apt-get, install
// them; otherwise stop with one line saying what to do.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasCjkFont() {
  const r = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return r.status === 0 && /Noto (Sans|Serif) CJK/i.test(r.stdout);
}

function hasPdfToText() {
  return spawnSync('pdftotext', ['-v']).error === undefined;
}

function hasCertutil() {
  return spawnSync('certutil', ['-H']).error === undefined;
}

/**
 * The shell command that installs what is missing (Chromium, the CJK fonts, pdftotext, certutil), or null when nothing is;
 * when something is missing and cannot be installed here, says what to do and stops.
 */
export function chromiumInstallCommand() {
  if (existsSync(CHROMIUM_PATH) && hasCjkFont() && hasPdfToText() && hasCertutil()) return null;
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    console.error(
      `浏览器与文档测试需要 Chromium、中文字体、pdftotext 与 certutil：请以 root 运行 apt-get install -y chromium fonts-noto-cjk poppler-utils libnss3-tools（或设置 CHROMIUM_PATH）`,
    );
    process.exit(1);
  }
  return 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk poppler-utils libnss3-tools >/dev/null';
}

export const CHROMIUM_INSTALLING = '安装 Chromium、fonts-noto-cjk、poppler-utils 与 libnss3-tools (apt-get)…';

export function ensureChromium() {
  const command = chromiumInstallCommand();
  if (!command) return;
  console.log(CHROMIUM_INSTALLING);
  execSync(command, { stdio: 'inherit', shell: '/bin/bash' });
}

/** The launch options every browser test and the benchmark use. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

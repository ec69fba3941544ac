// Builds the client into dist/ when it is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

export function clientIsStale(root = process.cwd()) {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sourcesTime = Math.max(
    ...SOURCES.map((s) => join(root, s))
      .filter(existsSync)
      .map(newest),
  );
  return sourcesTime > statSync(built).mtimeMs;
}

export function buildClientIfStale(root = process.cwd()) {
  if (!clientIsStale(root)) return;
  console.log('正在构建前端 (vite build)…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

// The production code of the gateway and the client, as the guard tests that scan it line by line read it (one
// clock, no Number() on money): every source file of gateway/src and src but tests, test support and seeds,
// which may do what production code may not.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
}

function isProduction(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  if (/\.(test|spec)\.tsx?$/.test(name)) return false;
  if (path.startsWith('gateway/src/testing/')) return false;
  return !(path.startsWith('gateway/src/db/seed/') || name === 'seed.ts' || name.endsWith('.seed.ts'));
}

/** The production files (paths from the repository's root), but those `exempt` names. */
export function productionFiles(exempt: ReadonlySet<string>): string[] {
  return [...sources('gateway/src'), ...sources('src')].filter((path) => isProduction(path) && !exempt.has(path));
}

/** Each line of `files` that `matches`, as `path:line: code`. */
export function linesWhere(files: readonly string[], matches: (line: string) => boolean): string[] {
  return files.flatMap((path) =>
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .flatMap((line, i) => (matches(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
  );
}

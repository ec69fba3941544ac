// The stages' modules, as the guard tests that hold them to the kit's rules find them: every module that builds
// on the kit's routes or package, and the stages named here.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const GATEWAY = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MODULES = join(GATEWAY, 'modules');

const NAMED = [
  ...['elements', 'contract', 'signing', 'push', 'letters', 'lending', 'repayment', 'repayment-plan', 'loan-close'],
  ...['duration', 'report', 'decision', 'meeting', 'financing-application', 'pre-credit', 'demand'],
];

/** A folder's source files, its tests apart (they may reach past the rules to set up a fixture). */
export const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );

export const onTheKit = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .filter((m) => sources(join(MODULES, m)).some((f) => /stage\/stage-(routes|package)'/.test(readFileSync(f, 'utf8'))));

export const stageModules = [...new Set([...NAMED, ...onTheKit])].sort();

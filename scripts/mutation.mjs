// npm run mutation [-- <files to mutate>]: StrykerJS over the domain rules (stryker.config.mjs), outside npm
// test. This starts StrykerJS through its own entry class, as its command line does, and closes with one line: the
// mutation score. (StrykerJS 10 asks for Node 22 or later; the project's own Node, 24, satisfies it.)
import { Stryker } from '../node_modules/@stryker-mutator/core/dist/src/stryker.js';
import { sayWhenAnotherNode } from './runtime.mjs';

sayWhenAnotherNode('npm run mutation');

// `--concurrency 1` runs one test runner: beside other work on this machine, one file or folder at a time.
const args = process.argv.slice(2);
const at = args.indexOf('--concurrency');
const concurrency = at >= 0 ? Number(args.splice(at, 2)[1]) : undefined;
const mutate = args;
const results = await new Stryker({
  configFile: 'stryker.config.mjs',
  ...(mutate.length ? { mutate } : {}),
  ...(concurrency ? { concurrency } : {}),
}).runMutationTest();
const killed = results.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length;
const valid = results.filter((r) => ['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(r.status)).length;
console.log(
  `mutation score: ${((100 * killed) / Math.max(valid, 1)).toFixed(2)} % (${killed} of ${valid} mutants killed)`,
);

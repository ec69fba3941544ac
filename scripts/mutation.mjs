// npm run mutation [-- <files to mutate>]: StrykerJS over the domain rules (stryker.config.mjs), outside npm
// test. StrykerJS 10's command line refuses Node 20 outright (it asks for 22), although what it runs works
// here as vitest 5 and Pact 17 do, which also name Node 22; 9.x, the last line that accepts Node 20, cannot
// pick single tests out of vitest 5 and reports nearly every mutant as surviving. So this starts StrykerJS
// through its own entry class, the same as its command line does after that check.
import { Stryker } from '../node_modules/@stryker-mutator/core/dist/src/stryker.js';

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

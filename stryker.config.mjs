// Mutation testing of the pure domain rules (`npm run mutation`, not part of `npm test`): StrykerJS changes
// one operator or condition at a time in src/domain/financing and src/domain/workflow and runs the domain
// Vitest project against each change; a change no test notices is a rule no test pins down (a boundary, a
// guard). Started by scripts/mutation.mjs (why, there). Two test runners at
// most: the machine has two cores.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts' },
  mutate: ['src/domain/financing/**/*.ts', 'src/domain/workflow/**/*.ts', '!**/*.test.ts'],
  // The sandbox needs only what the domain tests import, and what vite.config.ts imports to load.
  ignorePatterns: [
    '/*',
    '!/src',
    '!/package.json',
    '!/tsconfig.json',
    '!/vite.config.ts',
    '!/stryker.vitest.config.ts',
    '!/scripts',
    '/scripts/*',
    '!/scripts/precompress.mjs',
  ],
  coverageAnalysis: 'perTest',
  // A static mutant (a change to a module-level table, mostly labels) must run every test in a fresh module
  // graph: a quarter of the mutants, four fifths of the time. They are left out, and the score is of the rest.
  ignoreStatic: true,
  // Only mutants whose code or covering tests changed since the last run are tested again.
  incremental: true,
  incrementalFile: '.tmp/mutation/incremental.json',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.tmp/mutation/index.html' },
  jsonReporter: { fileName: '.tmp/mutation/mutation.json' },
  tempDirName: '.tmp/stryker',
  thresholds: { high: 90, low: 85, break: null },
};

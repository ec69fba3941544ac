// The import directions of HOUSE.md, checked by `npm test` (npm run lint:deps).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports only src/domain (and dayjs, and the holiday data of chinese-days)',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', '^node_modules/dayjs/', '^node_modules/chinese-days/dist/chinese-days\\.json$'] },
    },
    {
      name: 'application-uses-domain-and-xstate',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { pathNot: ['^src/application/', '^src/domain/', '^node_modules/(xstate|inversify)/', '^node_modules/@inversifyjs/'] },
    },
    {
      name: 'adapters-implement-application-ports',
      comment: 'adapters never reach into the UI',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'only-the-composition-root-knows-adapters',
      severity: 'error',
      from: { path: '^src/ui/', pathNot: '^src/ui/app/' },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'ui-speaks-no-http',
      comment: 'axios and crypto-js stay inside adapters',
      severity: 'error',
      from: { path: '^src/(ui|application|domain)/' },
      to: { path: '^node_modules/(axios|crypto-js)/' },
    },
    {
      name: 'gateway-uses-only-src-domain',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'client-never-imports-gateway',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // dependency-cruiser reads sources with TypeScript 5's compiler API; type checking uses the native TypeScript 7.
    parser: 'tsc',
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'types', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};

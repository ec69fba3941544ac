// The Vitest configuration StrykerJS runs: the project's own, narrowed to its `domain` project, so mutants
// are tested exactly as `npx vitest run --project domain` tests the code.
import { defineConfig } from 'vitest/config';
import base from './vite.config';

const domain = base.test?.projects?.filter(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'domain',
);
if (!domain?.length) throw new Error('vite.config.ts has no domain test project');

export default defineConfig({ ...base, test: { ...base.test, projects: domain } });

// The gateway runs from its TypeScript sources (tests, `npm run dev`) or from the plain JavaScript tree that
// `npm start` compiles (scripts/gateway-build.mjs), where every file has the same name ending in .js. What it
// finds at run time by file name — each module's routes, the migrations, the seeds, the database thread, the
// PDF children — is named through here, so both trees find the same files.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** '.ts' when the module at `moduleUrl` (its import.meta.url) is a source file, '.js' when compiled. */
export function sourceExtension(moduleUrl: string): '.ts' | '.js' {
  return moduleUrl.endsWith('.js') ? '.js' : '.ts';
}

/** The file `name` (without extension) beside the module at `moduleUrl`, in that module's tree. */
export function besideModule(moduleUrl: string, name: string): URL {
  return new URL(`${name}${sourceExtension(moduleUrl)}`, moduleUrl);
}

/** What a child process running a file of the module's tree needs to load it: tsx for TypeScript only. */
export function loaderArgs(moduleUrl: string): string[] {
  if (sourceExtension(moduleUrl) === '.js') return [];
  return ['--import', pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href];
}

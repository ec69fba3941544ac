// The shell is the entry chunk, the main layout's chunk and every chunk they import statically: what each
// signed-in page loads before its own screen. A screen's code belongs in the screen's own lazy chunk; the
// shell may hold only the small declaration files that say which screen serves which route, the registry
// that gathers them, the loaders those declarations call (the resource kit's, the stage kit's, a detail
// tab's definition: each only names the lazy chunks), and the error screen a route shows when its chunk
// cannot be loaded.
import type { BuiltChunk } from '../../vite.config';

const ALLOWED_IN_SHELL = [
  /\/src\/ui\/screens\/.+\.screens\.ts$/,
  /\/src\/ui\/screens\/screen-registry\.ts$/,
  /\/src\/ui\/screens\/define-screens\.ts$/,
  /\/src\/ui\/screens\/resource\/resource-screen-loader\.tsx$/,
  /\/src\/ui\/screens\/stage\/stage-kit\.tsx$/,
  /\/src\/ui\/screens\/stage\/define-detail-tab\.ts$/,
  /\/src\/ui\/screens\/common\/route-error-screen\.tsx$/,
];

export function shellChunks(chunks: readonly BuiltChunk[]): BuiltChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const pending = chunks
    .filter((c) => c.isEntry || c.facade?.endsWith('/src/ui/shell/main-layout.tsx'))
    .map((c) => c.fileName);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...(byName.get(name)?.imports ?? []));
  }
  return chunks.filter((c) => seen.has(c.fileName));
}

/** The screens' modules that landed in the shell, with the chunk holding each; none is the goal. */
export function screensInShell(chunks: readonly BuiltChunk[]): string[] {
  const shell = shellChunks(chunks);
  if (!shell.some((c) => c.facade?.endsWith('/src/ui/shell/main-layout.tsx'))) {
    return ['(the main layout is not a lazy chunk of its own)'];
  }
  return shell.flatMap((chunk) =>
    chunk.modules
      .filter((m) => m.includes('/src/ui/screens/') && !ALLOWED_IN_SHELL.some((allowed) => allowed.test(m)))
      .map((m) => `${m.slice(m.indexOf('/src/') + 1)} (in ${chunk.fileName})`),
  );
}

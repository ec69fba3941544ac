// Which lazily loaded screen serves which route. Each screen declares its routes in a `<name>.screens.ts`
// beside it (define-screens.ts); this file merges them, keyed by normalised path. Only those tiny declaration
// files are eager: each screen stays a lazy chunk of its own. Every route of the catalogue has its screen (the
// registry's test holds it); a path without one is refused as a module not found. Loading a screen fails in two ways the
// error catalogue (SPEC §8) tells apart: its chunk cannot be fetched (module not found), or it takes
// longer than 120 s (load error); the route's error screen offers a retry for both.
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import { normalizeMenuPath } from '../../domain/menu/menu';
import type { ScreenLoader, ScreenMap } from './define-screens';

/** Every `*.screens.ts` under this folder, by file. */
export const GATHERED_SCREENS: Readonly<Record<string, ScreenMap>> = Object.fromEntries(
  Object.entries(import.meta.glob<ScreenMap>('./**/*.screens.ts', { eager: true, import: 'default' })),
);

/** The sources of screens, merged in order. Another source (e.g. generic resource screens) is one more line. */
const SOURCES: readonly ScreenMap[] = [...Object.values(GATHERED_SCREENS)];

const SCREENS: ReadonlyMap<string, ScreenLoader> = new Map(
  SOURCES.flatMap((screens) =>
    Object.entries(screens).map(([path, loader]) => [normalizeMenuPath(path), loader as ScreenLoader] as const),
  ),
);

const noScreen =
  (path: string): ScreenLoader =>
  async () => {
    throw new Error(`no screen serves ${path}`);
  };

export class ScreenLoadError extends Error {
  constructor(
    readonly kind: 'timeout' | 'missing',
    cause?: unknown,
  ) {
    super(kind === 'timeout' ? '页面加载超时' : '页面模块加载失败', { cause });
    this.name = 'ScreenLoadError';
  }
}

/** Loads with a time limit; a loader that fails becomes a 'missing' screen, one that hangs a 'timeout'. */
export function loadWithin(loader: ScreenLoader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<ComponentType> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadError('timeout')), timeoutMs);
    loader().then(
      (screen) => {
        clearTimeout(timer);
        resolve(screen);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ScreenLoadError('missing', error));
      },
    );
  });
}

export function screenFor(normalisedPath: string): Promise<ComponentType> {
  return loadWithin(SCREENS.get(normalisedPath) ?? noScreen(normalisedPath));
}

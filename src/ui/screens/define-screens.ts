// A screen declares the routes it serves in a small `<name>.screens.ts` file beside it; screen-registry.ts
// gathers those files, so a new screen adds its file and edits no shared list. The keys are typed against
// the route catalogue (plus the shell's own pages), so a misspelt path does not compile.
import type { ComponentType } from 'react';
import type { CataloguePath } from '../../domain/menu/route-catalogue';
import type {
  HOME_PATH,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  UNAUTHORIZED_PATH,
} from '../../domain/navigation/navigation-policy';

/** The pages outside the catalogue that the router serves (route-table.ts VALID_PATHS). */
export type ShellPath =
  | typeof HOME_PATH
  | typeof LOGIN_PATH
  | '/register'
  | typeof UNAUTHORIZED_PATH
  | typeof NOT_FOUND_PATH;

/** A route's path as the catalogue writes it (the registry compares them normalised). */
export type ScreenPath = CataloguePath | ShellPath;

/** Loads the screen's lazy chunk: `() => import('./x-screen').then((m) => m.XScreen)`. */
export type ScreenLoader = () => Promise<ComponentType>;

export type ScreenMap = Partial<Record<ScreenPath, ScreenLoader>>;

/** The routes a screen file serves; a key that is no route is a compile error. */
export function defineScreens(screens: ScreenMap): ScreenMap {
  return screens;
}

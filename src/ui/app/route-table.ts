// The client's routes come from the shared route catalogue (src/domain/menu/route-catalogue.ts), so the
// router and the gateway's menu tree are one list. Screens are lazily loaded, each route's from its own chunk.
import { DASHBOARD_ROUTE, flattenRoutes, type FlatRoute } from '../../domain/menu/route-catalogue';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../../domain/navigation/navigation-policy';

/** What each route carries for the shell (react-router's `handle`). */
export interface RouteHandle {
  title: string;
  /** SPEC §2.4: route meta cache false disables page caching. */
  cache: boolean;
}

export const MENU_ROUTES: readonly FlatRoute[] = [
  { ...DASHBOARD_ROUTE, parentPath: '0', area: DASHBOARD_ROUTE.path },
  ...flattenRoutes(),
];

/** Every normalised path the router has a screen for (SPEC §2.3 "the path is not valid"). */
export const VALID_PATHS: ReadonlySet<string> = new Set([
  HOME_PATH,
  LOGIN_PATH,
  '/register',
  UNAUTHORIZED_PATH,
  NOT_FOUND_PATH,
  ...MENU_ROUTES.map((r) => normalizeMenuPath(r.path)),
]);

export function routeTitle(path: string): string | undefined {
  const wanted = normalizeMenuPath(path);
  return MENU_ROUTES.find((r) => normalizeMenuPath(r.path) === wanted)?.title;
}

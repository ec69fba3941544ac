// SPEC §2.3 as one pure decision: given where the user wants to go and what the session knows, allow
// the navigation or redirect, and say which session side effects go with it. The router applies it.
import { normalizeMenuPath } from '../menu/menu';
import { READ_ELSEWHERE } from '../menu/route-catalogue';

export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
/** The login layout's routes (SPEC §2.1): the only ones reachable signed out (BUSINESS.md Decisions). */
export const LOGIN_LAYOUT: ReadonlySet<string> = new Set([LOGIN_PATH, REGISTER_PATH]);
export const HOME_PATH = '/';
export const UNAUTHORIZED_PATH = '/401';
export const NOT_FOUND_PATH = '/404';
export const ALWAYS_ALLOWED: ReadonlySet<string> = new Set([HOME_PATH, UNAUTHORIZED_PATH, NOT_FOUND_PATH]);
export const SUBLEVEL_PATH = '/business/applyforrufs';
export const SUBLEVEL_RETURN_PATH = '/business/preCreditApplicationManage';

export interface NavigationInput {
  path: string;
  signedIn: boolean;
  /** Normalised paths the router has a screen for. */
  validPaths: ReadonlySet<string>;
  /** Normalised paths collected from the user's menu tree. */
  menuPaths: ReadonlySet<string>;
  /** Whether the session flag 'sublevel' is set. */
  sublevel: boolean;
  /** The query of the address (`?id=…`), kept when a page is read elsewhere. */
  search?: string;
}

const ELSEWHERE = new Map([...READ_ELSEWHERE].map(([from, to]) => [normalizeMenuPath(from), to]));

export type NavigationDecision =
  | { kind: 'allow'; setSublevel?: true }
  | { kind: 'redirect'; to: string; clearSession?: true; clearSublevel?: true };

export function decideNavigation(input: NavigationInput): NavigationDecision {
  const path = normalizeMenuPath(input.path);
  if (!input.signedIn) {
    return LOGIN_LAYOUT.has(path) ? { kind: 'allow' } : { kind: 'redirect', to: LOGIN_PATH, clearSession: true };
  }
  if (LOGIN_LAYOUT.has(path)) return { kind: 'redirect', to: HOME_PATH };
  if (ALWAYS_ALLOWED.has(path)) return { kind: 'allow' };
  if (path === SUBLEVEL_PATH) {
    return input.sublevel
      ? { kind: 'redirect', to: SUBLEVEL_RETURN_PATH, clearSublevel: true }
      : { kind: 'allow', setSublevel: true };
  }
  if (!input.validPaths.has(path)) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (!input.menuPaths.has(path)) {
    const elsewhere = ELSEWHERE.get(path);
    return elsewhere && input.menuPaths.has(normalizeMenuPath(elsewhere))
      ? { kind: 'redirect', to: `${elsewhere}${input.search ?? ''}` }
      : { kind: 'redirect', to: UNAUTHORIZED_PATH };
  }
  return { kind: 'allow' };
}

import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../../domain/navigation/navigation-policy';
import { failedScreen, RouteErrorScreen } from '../screens/common/route-error-screen';
import { screenFor } from '../screens/screen-registry';
import { ConfigOverlay } from './config-overlay';
import { NavigationGate } from './navigation-gate';
import { MENU_ROUTES, type RouteHandle } from './route-table';

// A screen that cannot be loaded still gives the route a component, the failure screen with its retry:
// the route then renders inside the shell like any other page.
const lazyScreen = (path: string) => async () => ({ Component: await screenFor(path).catch(failedScreen) });
const loadMainLayout = async () => ({ Component: (await import('../shell/main-layout')).MainLayout });

/** Starts fetching the main layout and the home screen ahead of need (module loading is cached). */
export function preloadShell(): void {
  void loadMainLayout();
  void screenFor('/');
}

/** A route's `lazy` that first waits for the screens' ports to be bound (container.ts featureLoader). */
const afterFeatures =
  <T,>(features: () => Promise<void>, load: () => Promise<T>) =>
  async (): Promise<T> => {
    const [loaded] = await Promise.all([load(), features()]);
    return loaded;
  };

function menuRoute(path: string, title: string, cache: boolean): RouteObject {
  const routePath = path.startsWith('/') ? path : `/${path}`;
  return {
    path: routePath,
    lazy: lazyScreen(normalizeMenuPath(path)),
    errorElement: <RouteErrorScreen />,
    handle: { title, cache } satisfies RouteHandle,
  };
}

/** The routes; every one behind the login page waits for `features`, the binding of the screens' ports. */
export const routesWith = (features: () => Promise<void>): RouteObject[] => [
  {
    element: <NavigationGate />,
    errorElement: <RouteErrorScreen />,
    // On a full page load the first matched screen is still a lazy chunk: the router shows this until it
    // is loaded (the same overlay the gate shows while the session settles), and warns when there is none.
    hydrateFallbackElement: <ConfigOverlay />,
    children: [
      { path: '/login', lazy: lazyScreen('/login') },
      { path: '/register', lazy: afterFeatures(features, lazyScreen('/register')) },
      {
        lazy: afterFeatures(features, loadMainLayout),
        children: [
          menuRoute('/', '首页', false),
          menuRoute(UNAUTHORIZED_PATH, '无权限', false),
          menuRoute(NOT_FOUND_PATH, '页面不存在', false),
          ...MENU_ROUTES.map((r) => menuRoute(r.path, r.title, r.cache ?? true)),
        ],
      },
      // Unknown paths render nothing: the gate has already redirected them (to /404 or /login).
      { path: '*', element: null },
    ],
  },
];

export function createRouter(features: () => Promise<void>) {
  return createBrowserRouter(routesWith(features));
}

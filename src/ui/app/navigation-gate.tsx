// Applies the navigation policy (SPEC §2.3) to every route: waits for the session to settle, then allows
// the route or redirects, with the policy's session side effects (clear the session, the sublevel flag).
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { collectKnownPaths } from '../../domain/menu/menu';
import { decideNavigation, LOGIN_PATH } from '../../domain/navigation/navigation-policy';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { selectMenus, selectPhase, selectSignedIn } from '../../application/session/session.selectors';
import { ConfigOverlay } from './config-overlay';
import { VALID_PATHS } from './route-table';
import { useServices } from './services';

export function NavigationGate() {
  const { session, store } = useServices();
  const phase = useSelector(session, selectPhase);
  const signedIn = useSelector(session, selectSignedIn);
  const menus = useSelector(session, selectMenus);
  const location = useLocation();
  const onLogin = normalizeMenuPath(location.pathname) === LOGIN_PATH;
  const settled = phase !== 'booting' && !(phase === 'initialising' && !onLogin);

  const menuPaths = useMemo(() => collectKnownPaths(menus), [menus]);
  // Decided once per navigation (location.key), so re-renders and StrictMode's double effects cannot
  // read the sublevel flag this very navigation has just set.
  const decision = useMemo(
    () =>
      settled
        ? decideNavigation({
            path: location.pathname,
            signedIn,
            validPaths: VALID_PATHS,
            menuPaths,
            sublevel: store.getFlag('sublevel') !== null,
            search: location.search,
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.key, location.pathname, location.search, settled, signedIn, menuPaths],
  );

  useEffect(() => {
    if (!decision) return;
    if (decision.kind === 'allow' && decision.setSublevel) store.setFlag('sublevel', '1');
    if (decision.kind === 'redirect' && decision.clearSublevel) store.removeFlag('sublevel');
    if (decision.kind === 'redirect' && decision.clearSession) session.send({ type: 'CLEAR_SESSION' });
  }, [decision, session, store]);

  if (!decision) return <ConfigOverlay />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

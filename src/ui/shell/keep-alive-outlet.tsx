// Keep-alive for the content area (SPEC §2.4, §4) with React 19's <Activity>: every cached page whose tag is
// open stays mounted, hidden, with its state (typed values, page number) intact and its effects paused;
// the active one is visible. The cache is bounded by the open tags: closing a tag frees its page, and a
// refresh changes the page's key, which remounts it. A page's scroll position is kept beside it.
// A tag switch changes only which <Activity> is visible: a hidden page keeps the very element it was cached
// with, and its memoised frame bails out, so its screen does not render again. Each page also reads the
// location it was last shown at: the address moving on to another page is no news to a hidden one (a screen
// reading its query string would otherwise render again on every switch), and coming back to the same
// address hands it the very same location.
import { Activity, memo, useContext, useLayoutEffect, useRef, type ContextType, type ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { UNSAFE_LocationContext as LocationContext, useMatches, useOutlet } from 'react-router-dom';
import { normalizeMenuPath } from '../../domain/menu/menu';
import type { RouteHandle } from '../app/route-table';

const useStyles = makeStyles({
  page: { height: '100%', overflow: 'auto' },
});

const ScrollKeepingPage = memo(function ScrollKeepingPage({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  // Runs each time the page is shown again (Activity re-creates layout effects when it becomes visible).
  // A page left at its top needs nothing: writing scrollTop would make the browser lay the page out inside
  // the switch's commit, where it costs the switch its frame.
  useLayoutEffect(() => {
    if (box.current && scrollTop.current !== 0) box.current.scrollTop = scrollTop.current;
  }, []);
  return (
    <div
      ref={box}
      className={styles.page}
      onScroll={(e) => {
        scrollTop.current = e.currentTarget.scrollTop;
      }}
    >
      {children}
    </div>
  );
});

export function KeepAliveOutlet({
  openPaths,
  refreshKeys,
}: {
  openPaths: ReadonlySet<string>;
  refreshKeys: Readonly<Record<string, number>>;
}) {
  const outlet = useOutlet();
  const here = useContext(LocationContext);
  const { pathname } = here.location;
  const matches = useMatches();
  const active = normalizeMenuPath(pathname);
  const cacheable = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.cache === true;

  // A cache, not state: written while rendering so that the page being shown is in it at once, and
  // trimmed to the open tags (the active page stays until its tag is added).
  // A page shown again keeps the element it was cached with (the same route: its path is the same), so that
  // React bails out of it instead of rendering the screen again on every switch.
  const pages = useRef(new Map<string, ReactNode>());
  if (cacheable && outlet && !pages.current.has(active)) pages.current.set(active, outlet);
  for (const path of [...pages.current.keys()]) {
    if (path !== active && !openPaths.has(path)) pages.current.delete(path);
  }
  const shownAt = useRef(new Map<string, ContextType<typeof LocationContext>>());
  const last = shownAt.current.get(active)?.location;
  if (!last || last.pathname !== pathname || last.search !== here.location.search || last.hash !== here.location.hash) {
    shownAt.current.set(active, here);
  }
  for (const path of [...shownAt.current.keys()]) {
    if (!pages.current.has(path)) shownAt.current.delete(path);
  }

  const keyOf = (path: string) => `${path}#${refreshKeys[path] ?? 0}`;
  return (
    <>
      {[...pages.current].map(([path, element]) => (
        <Activity key={keyOf(path)} mode={path === active ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={shownAt.current.get(path) ?? here}>
            <ScrollKeepingPage>{element}</ScrollKeepingPage>
          </LocationContext.Provider>
        </Activity>
      ))}
      {cacheable ? null : <ScrollKeepingPage key={keyOf(active)}>{outlet}</ScrollKeepingPage>}
    </>
  );
}

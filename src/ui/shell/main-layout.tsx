// SPEC §2.1 main layout: sidebar, header, tag bar and content area. Wide screens show the sidebar inline,
// or collapsed to an icon rail (remembered); below the tablet width it is an overlay drawer opened from the
// header. The layout itself reads no location: a tag switch re-renders only what shows the current page
// (the highlight in the sidebar and tag bar, the breadcrumb, the visible page), not the whole shell.
import { makeStyles, Spinner, tokens, useModalAttributes } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectMenus } from '../../application/session/session.selectors';
import { selectRefreshKeys, selectTags } from '../../application/tags/tags.selectors';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { tagForPath } from '../../domain/tags/tag-cache';
import { useServices } from '../app/services';
import { Header } from './header';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { Sidebar, useTodoCountOnShow } from './sidebar';
import { SidebarRail } from './sidebar-rail';
import { SupplierAuthorizationPrompt, useSupplierAuthorizationFlow } from './supplier-authorization-prompt';
import { TagBar } from './tag-bar';
import { useAskBeforeUnload } from './use-unsaved-changes';
import { useNarrowScreen } from './use-narrow-screen';

const useStyles = makeStyles({
  layout: { display: 'flex', height: '100%', overflow: 'hidden' },
  main: {
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  // Focused by the shell, never tabbed to (tabIndex -1): no ring around the whole screen.
  content: { flex: 1, minHeight: 0, position: 'relative', ':focus': { outlineStyle: 'none' } },
});

const SIDEBAR_COLLAPSED = 'sidebarCollapsed';

/** Adds the tag of each visited menu page (SPEC §2.4); renders nothing. */
function TagVisitor() {
  const { session, tags } = useServices();
  const menus = useSelector(session, selectMenus);
  const { pathname } = useLocation();
  useEffect(() => {
    const tag = tagForPath(menus, pathname);
    if (tag) tags.send({ type: 'VISIT', tag });
  }, [menus, pathname, tags]);
  return null;
}

/**
 * Focus is never left nowhere once the shell shows: when the page is loaded, when signing in removes the login
 * form's button, or when a screen's focused control goes with its screen (a tag closed), focus rests on the
 * body, from where a screen reader starts again at the top and Tab starts before the sidebar. Then the content
 * area takes it, so that reading and Tab start at the screen. Focus somewhere already (a menu item, a tag, a
 * dialog) is left where it is. Fluent's focus manager (Tabster) also keeps two aria-hidden sentinels in the
 * page's tab order while it sees focus outside the app, to catch it coming back in (into an open dialog), and
 * takes them out when focus comes in. It adds them only when the first dialog or popover is set up; set up
 * after this first focus (on a page loaded already signed in), they would stay in the tab order until focus
 * moved again, and an audit would find focusable content hidden from assistive technology. So the dialogs'
 * focus manager is set up here, and the content area takes focus once it is ready.
 */
function FocusWhenLost({ target }: { target: RefObject<HTMLElement | null> }) {
  useModalAttributes();
  // Read for its change alone: this renders, and so looks again, on each move (and on nothing else).
  useLocation();
  useEffect(() => {
    // A task later: the focus manager finishes setting up in a task of its own, and must see this focus arrive.
    const later = setTimeout(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) target.current?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(later);
  });
  return null;
}

/** The content area: the open tags bound the page cache. */
function Pages() {
  const { tags: tagsActor } = useServices();
  const tags = useSelector(tagsActor, selectTags);
  const refreshKeys = useSelector(tagsActor, selectRefreshKeys);
  const openPaths = useMemo(() => new Set(tags.map((t) => normalizeMenuPath(t.path))), [tags]);
  return <KeepAliveOutlet openPaths={openPaths} refreshKeys={refreshKeys} />;
}

export function MainLayout() {
  const styles = useStyles();
  const { browser } = useServices();
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useState(() => browser.readPreference(SIDEBAR_COLLAPSED) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const authorization = useSupplierAuthorizationFlow();
  const content = useRef<HTMLElement>(null);
  useTodoCountOnShow();
  useAskBeforeUnload();

  const toggleSidebar = useCallback(() => {
    if (narrow) {
      setDrawerOpen((open) => !open);
      return;
    }
    browser.writePreference(SIDEBAR_COLLAPSED, String(!collapsed));
    setCollapsed(!collapsed);
  }, [narrow, collapsed, browser]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  let sidebar: ReactNode;
  if (narrow) sidebar = <Sidebar mode="drawer" open={drawerOpen} onClose={closeDrawer} />;
  else if (collapsed) sidebar = <SidebarRail />;
  else sidebar = <Sidebar mode="inline" open onClose={closeDrawer} />;

  return (
    <div className={styles.layout}>
      <TagVisitor />
      <FocusWhenLost target={content} />
      {sidebar}
      <div className={styles.main}>
        <Header
          sidebarOpen={narrow ? drawerOpen : !collapsed}
          compact={narrow}
          onToggleSidebar={toggleSidebar}
          authorization={authorization}
        />
        <TagBar />
        <main ref={content} className={styles.content} tabIndex={-1}>
          <Suspense fallback={<Spinner />}>
            <Pages />
          </Suspense>
        </main>
      </div>
      <SupplierAuthorizationPrompt flow={authorization} />
    </div>
  );
}

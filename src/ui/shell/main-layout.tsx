// SPEC §2.1 main layout: sidebar, header, tag bar and content area. Wide screens show the sidebar inline,
// or collapsed to an icon rail (remembered); below the tablet width it is an overlay drawer opened from the
// header. The layout itself reads no location: a tag switch re-renders only what shows the current page
// (the highlight in the sidebar and tag bar, the breadcrumb, the visible page), not the whole shell.
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
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
  content: { flex: 1, minHeight: 0, position: 'relative' },
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
      {sidebar}
      <div className={styles.main}>
        <Header
          sidebarOpen={narrow ? drawerOpen : !collapsed}
          compact={narrow}
          onToggleSidebar={toggleSidebar}
          authorization={authorization}
        />
        <TagBar />
        <main className={styles.content}>
          <Suspense fallback={<Spinner />}>
            <Pages />
          </Suspense>
        </main>
      </div>
      <SupplierAuthorizationPrompt flow={authorization} />
    </div>
  );
}

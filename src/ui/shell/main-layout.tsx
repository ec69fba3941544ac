import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectMenus } from '../../application/session/session.selectors';
import { selectRefreshKeys, selectTags } from '../../application/tags/tags.selectors';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { tagForPath } from '../../domain/tags/tag-cache';
import { useServices } from '../app/services';
import { Header } from './header';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { Sidebar } from './sidebar';
import { SupplierAuthorizationPrompt } from './supplier-authorization-prompt';
import { TagBar } from './tag-bar';

const useStyles = makeStyles({
  layout: { display: 'flex', height: '100%', overflow: 'hidden' },
  main: { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, backgroundColor: tokens.colorNeutralBackground2 },
  content: { flex: 1, minHeight: 0, position: 'relative' },
});

const SIDEBAR_COLLAPSED = 'sidebarCollapsed';

/** SPEC §2.1 main layout: sidebar, header, tag bar and content area. */
export function MainLayout() {
  const styles = useStyles();
  const { session, tags: tagsActor, browser } = useServices();
  const menus = useSelector(session, selectMenus);
  const tags = useSelector(tagsActor, selectTags);
  const refreshKeys = useSelector(tagsActor, selectRefreshKeys);
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(() => browser.readPreference(SIDEBAR_COLLAPSED) !== 'true');
  const openPaths = useMemo(() => new Set(tags.map((t) => normalizeMenuPath(t.path))), [tags]);

  useEffect(() => {
    const tag = tagForPath(menus, pathname);
    if (tag) tagsActor.send({ type: 'VISIT', tag });
  }, [menus, pathname, tagsActor]);

  const toggleSidebar = () => {
    browser.writePreference(SIDEBAR_COLLAPSED, String(sidebarOpen));
    setSidebarOpen(!sidebarOpen);
  };

  return (
    <div className={styles.layout}>
      <Sidebar open={sidebarOpen} />
      <div className={styles.main}>
        <Header sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
        <TagBar />
        <main className={styles.content}>
          <Suspense fallback={<Spinner />}>
            <KeepAliveOutlet openPaths={openPaths} refreshKeys={refreshKeys} />
          </Suspense>
        </main>
      </div>
      <SupplierAuthorizationPrompt />
    </div>
  );
}

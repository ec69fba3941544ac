import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from './header';
import { Sidebar } from './sidebar';

const useStyles = makeStyles({
  layout: { display: 'flex', height: '100%', overflow: 'hidden' },
  main: { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, backgroundColor: tokens.colorNeutralBackground2 },
  content: { flex: 1, overflow: 'auto' },
});

/** SPEC §2.1 main layout: sidebar, header and content area. */
export function MainLayout() {
  const styles = useStyles();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  return (
    <div className={styles.layout}>
      <Sidebar open={sidebarOpen} />
      <div className={styles.main}>
        <Header sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((o) => !o)} />
        <main className={styles.content}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

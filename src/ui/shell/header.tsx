import {
  Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Button, makeStyles, Menu, MenuItem, MenuList,
  MenuPopover, MenuTrigger, tokens, Tooltip,
} from '@fluentui/react-components';
import {
  ArrowSwap20Regular, ChevronDown16Regular, FullScreenMaximize20Regular, Key20Regular, Navigation20Regular,
  Search20Regular, SignOut20Regular,
} from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { Fragment, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectMenus, selectNickName } from '../../application/session/session.selectors';
import { breadcrumbFor } from '../../domain/navigation/sidebar';
import { useServices } from '../app/services';
import { ChangePasswordDialog } from './change-password-dialog';
import { SwitchSubsystemDialog } from './switch-subsystem-dialog';

const CommandPalette = lazy(async () => ({ default: (await import('./command-palette')).CommandPalette }));

/** SPEC §8 'you browser can not work', in the interface's language. */
export const FULLSCREEN_UNSUPPORTED = '您的浏览器不支持全屏';

const useStyles = makeStyles({
  header: {
    display: 'flex', alignItems: 'center', gap: '8px', height: '48px', padding: '0 12px', flexShrink: 0,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1,
  },
  spacer: { flex: 1, minWidth: 0 },
});

type Open = 'none' | 'switch' | 'password' | 'palette';

export function Header({ onToggleSidebar, sidebarOpen }: { onToggleSidebar: () => void; sidebarOpen: boolean }) {
  const styles = useStyles();
  const { session, browser, notifier } = useServices();
  const nickName = useSelector(session, selectNickName);
  const menus = useSelector(session, selectMenus);
  const { pathname } = useLocation();
  const crumbs = useMemo(() => breadcrumbFor(menus, pathname), [menus, pathname]);
  const [open, setOpen] = useState<Open>('none');
  const close = () => setOpen('none');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen('palette');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <header className={styles.header}>
      <Button
        appearance="subtle"
        icon={<Navigation20Regular />}
        aria-label={sidebarOpen ? '收起菜单' : '展开菜单'}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      />
      <Breadcrumb aria-label="当前位置" size="small" className={styles.spacer}>
        {crumbs.map((crumb, i) => (
          <Fragment key={crumb.path}>
            {i > 0 ? <BreadcrumbDivider /> : null}
            <BreadcrumbItem>
              <BreadcrumbButton current={i === crumbs.length - 1}>{crumb.title}</BreadcrumbButton>
            </BreadcrumbItem>
          </Fragment>
        ))}
      </Breadcrumb>
      <Tooltip content="搜索菜单 (Ctrl+K)" relationship="label">
        <Button appearance="subtle" icon={<Search20Regular />} onClick={() => setOpen('palette')} />
      </Tooltip>
      <Tooltip content="全屏" relationship="label">
        <Button
          appearance="subtle"
          icon={<FullScreenMaximize20Regular />}
          onClick={() => { if (!browser.toggleFullscreen()) notifier.warning(FULLSCREEN_UNSUPPORTED); }}
        />
      </Tooltip>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<ChevronDown16Regular />} iconPosition="after">你好，{nickName}</Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<ArrowSwap20Regular />} onClick={() => setOpen('switch')}>切换子系统</MenuItem>
            <MenuItem icon={<Key20Regular />} onClick={() => setOpen('password')}>修改密码</MenuItem>
            <MenuItem icon={<SignOut20Regular />} onClick={() => session.send({ type: 'LOGOUT' })}>退出登录</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <SwitchSubsystemDialog open={open === 'switch'} onClose={close} />
      <ChangePasswordDialog open={open === 'password'} onClose={close} />
      {open === 'palette' ? (
        <Suspense fallback={null}>
          <CommandPalette open onClose={close} />
        </Suspense>
      ) : null}
    </header>
  );
}

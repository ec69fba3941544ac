import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  Button,
  Input,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  ArrowSwap20Regular,
  ChevronDown16Regular,
  FullScreenMaximize20Regular,
  Key20Regular,
  Navigation20Regular,
  Person20Regular,
  Search20Regular,
  SignOut20Regular,
} from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { Fragment, lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { selectMenus, selectNickName } from '../../application/session/session.selectors';
import { breadcrumbFor } from '../../domain/navigation/sidebar';
import { useServices } from '../app/services';
import { SupplierAuthorizationCommand, type SupplierAuthorizationFlow } from './supplier-authorization-prompt';

// What the header opens is loaded when it is opened: none of it weighs on the shell.
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette')).CommandPalette }));
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('./change-password-dialog')).ChangePasswordDialog,
}));
const SwitchSubsystemDialog = lazy(async () => ({
  default: (await import('./switch-subsystem-dialog')).SwitchSubsystemDialog,
}));

/** SPEC §8 'you browser can not work', in the interface's language. */
export const FULLSCREEN_UNSUPPORTED = '您的浏览器不支持全屏';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    height: '48px',
    padding: '0 12px',
    flexShrink: 0,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  compactHeader: { gap: '2px', padding: '0 4px' },
  spacer: { flex: 1, minWidth: 0, overflow: 'hidden' },
  // On a phone only the current page is named, on one line.
  crumbCompact: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  numberBox: { width: '220px' },
});

type Open = 'none' | 'switch' | 'password' | 'palette';

export interface HeaderProps {
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
  /** Below the tablet width: the current page only in the breadcrumb, the greeting as an icon. */
  compact: boolean;
  authorization: SupplierAuthorizationFlow;
}

/** The breadcrumb is the one part of the header that follows the page; the rest stays put on a tag switch. */
const Crumbs = memo(function Crumbs({ compact }: { compact: boolean }) {
  const styles = useStyles();
  const { session } = useServices();
  const menus = useSelector(session, selectMenus);
  const { pathname, search } = useLocation();
  const allCrumbs = useMemo(() => breadcrumbFor(menus, pathname, search), [menus, pathname, search]);
  const crumbs = compact ? allCrumbs.slice(-1) : allCrumbs;
  return (
    <Breadcrumb aria-label="当前位置" size="small" className={styles.spacer}>
      {crumbs.map((crumb, i) => (
        <Fragment key={crumb.path}>
          {i > 0 ? <BreadcrumbDivider /> : null}
          <BreadcrumbItem>
            <BreadcrumbButton className={compact ? styles.crumbCompact : undefined} current={i === crumbs.length - 1}>
              {crumb.title}
            </BreadcrumbButton>
          </BreadcrumbItem>
        </Fragment>
      ))}
    </Breadcrumb>
  );
});

export const Header = memo(function Header({ onToggleSidebar, sidebarOpen, compact, authorization }: HeaderProps) {
  const styles = useStyles();
  const { session, browser, notifier } = useServices();
  const nickName = useSelector(session, selectNickName);
  const greeting = `你好，${nickName}`;
  const [open, setOpen] = useState<Open>('none');
  // What was typed in the header's box, handed to the palette that searches it.
  const [typed, setTyped] = useState('');
  const close = () => {
    setOpen('none');
    setTyped('');
  };

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
    <header className={compact ? `${styles.header} ${styles.compactHeader}` : styles.header}>
      <Button
        appearance="subtle"
        icon={<Navigation20Regular />}
        aria-label={sidebarOpen ? '收起菜单' : '展开菜单'}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      />
      <Crumbs compact={compact} />
      <SupplierAuthorizationCommand flow={authorization} compact={compact} />
      {compact ? null : (
        <Input
          className={styles.numberBox}
          size="small"
          aria-label="按编号或名称搜索"
          placeholder="业务编号、付款单号、供应商…"
          value={typed}
          maxLength={100}
          onChange={(_, d) => setTyped(d.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && typed.trim()) setOpen('palette');
          }}
        />
      )}
      <Tooltip content="搜索菜单 (Ctrl+K)" relationship="label">
        <Button appearance="subtle" icon={<Search20Regular />} onClick={() => setOpen('palette')} />
      </Tooltip>
      <Tooltip content="全屏" relationship="label">
        <Button
          appearance="subtle"
          icon={<FullScreenMaximize20Regular />}
          onClick={() => {
            if (!browser.toggleFullscreen()) notifier.warning(FULLSCREEN_UNSUPPORTED);
          }}
        />
      </Tooltip>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          {compact ? (
            <Button appearance="subtle" icon={<Person20Regular />} aria-label={greeting} title={greeting} />
          ) : (
            <Button appearance="subtle" icon={<ChevronDown16Regular />} iconPosition="after">
              {greeting}
            </Button>
          )}
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<ArrowSwap20Regular />} onClick={() => setOpen('switch')}>
              切换子系统
            </MenuItem>
            <MenuItem icon={<Key20Regular />} onClick={() => setOpen('password')}>
              修改密码
            </MenuItem>
            <MenuItem icon={<SignOut20Regular />} onClick={() => session.send({ type: 'LOGOUT' })}>
              退出登录
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {open === 'none' ? null : (
        <Suspense fallback={null}>
          {open === 'switch' ? <SwitchSubsystemDialog open onClose={close} /> : null}
          {open === 'password' ? <ChangePasswordDialog open onClose={close} /> : null}
          {open === 'palette' ? <CommandPalette open onClose={close} initialQuery={typed.trim()} /> : null}
        </Suspense>
      )}
    </header>
  );
});

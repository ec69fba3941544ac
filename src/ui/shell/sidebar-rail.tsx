// The collapsed sidebar: an icon rail. Each top-level area is its icon (its name in a tooltip); an area
// with pages opens a flyout listing them, a page of its own opens directly. The current page's area is
// marked, so that collapsing does not lose the user's place.
import {
  Button,
  makeStyles,
  Menu,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { Building20Regular } from '@fluentui/react-icons';
import { memo } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { normalizeMenuPath } from '../../domain/menu/menu';
import type { SidebarItem } from '../../domain/navigation/sidebar';
import { GROUP_COMPANY_NAME } from '../../domain/session/session';
import { useServices } from '../app/services';
import { MenuIcon } from './menu-icon';
import { useSidebarPosition } from './sidebar';

const useStyles = makeStyles({
  rail: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    width: '52px',
    flexShrink: 0,
    padding: '8px 0',
    overflowY: 'auto',
    overflowX: 'hidden',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground4,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  logo: { marginBottom: '8px' },
  current: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2 },
});

export const SidebarRail = memo(function SidebarRail() {
  const styles = useStyles();
  const { store } = useServices();
  const { items, pathname, highlight, selected, currentArea } = useSidebarPosition();
  const navigate = useNavigate();
  if (highlight.kind === 'redirectHome') return <Navigate to="/" replace />;

  const go = (item: SidebarItem) => {
    store.removeFlag('activeNames');
    navigate(item.path);
  };

  return (
    <nav className={styles.rail} aria-label="主菜单">
      <Tooltip content={GROUP_COMPANY_NAME} relationship="label" positioning="after">
        <Button
          className={styles.logo}
          appearance="subtle"
          icon={<Building20Regular />}
          onClick={() => {
            if (normalizeMenuPath(pathname) !== '/') navigate('/');
          }}
        />
      </Tooltip>
      {items.map((area) => {
        const isCurrent = area.id === currentArea;
        const className = isCurrent ? styles.current : undefined;
        if (area.children.length === 0) {
          return (
            <Tooltip key={area.id} content={area.title} relationship="label" positioning="after">
              <Button
                appearance="subtle"
                className={className}
                icon={<MenuIcon name={area.icon} />}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => go(area)}
              />
            </Tooltip>
          );
        }
        return (
          <Menu key={area.id} positioning={{ position: 'after', align: 'top' }}>
            <MenuTrigger disableButtonEnhancement>
              <Tooltip content={area.title} relationship="label" positioning="after">
                <Button
                  appearance="subtle"
                  className={className}
                  icon={<MenuIcon name={area.icon} />}
                  aria-haspopup="menu"
                  aria-current={isCurrent ? 'true' : undefined}
                />
              </Tooltip>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuGroup>
                  <MenuGroupHeader>{area.title}</MenuGroupHeader>
                  {area.children.map((page) => (
                    <MenuItem
                      key={page.id}
                      aria-current={normalizeMenuPath(page.path) === selected ? 'page' : undefined}
                      onClick={() => go(page)}
                    >
                      {page.title}
                    </MenuItem>
                  ))}
                </MenuGroup>
              </MenuList>
            </MenuPopover>
          </Menu>
        );
      })}
    </nav>
  );
});

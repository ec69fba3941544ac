// The collapsed sidebar: an icon rail. Each top-level area is its icon (its name in a tooltip); an area
// with pages opens a flyout listing them, a page of its own opens directly. The current page's area is
// marked, so that collapsing does not lose the user's place.
// As in the sidebar, the rail itself reads no location: the sidebar's follower writes where the user is into a
// watched position, and a page change renders only the two area icons whose mark moves, not every icon,
// tooltip and flyout of the rail.
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
import { memo, useSyncExternalStore } from 'react';
import { normalizeMenuPath } from '../../domain/menu/menu';
import type { SidebarItem } from '../../domain/navigation/sidebar';
import { GROUP_COMPANY_NAME } from '../../domain/session/session';
import { MenuIcon } from './menu-icon';
import { FollowLocation, noop, useMenuPlace, type WatchedPosition } from './sidebar';

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

/** An area of the rail, where the current page is, and what opening one of its pages does. */
interface RailAreaProps {
  area: SidebarItem;
  position: WatchedPosition;
  onGo: (item: SidebarItem) => void;
}

/** One area's icon, marked while the current page is in it. */
const RailArea = memo(function RailArea({ area, position, onGo }: RailAreaProps) {
  const styles = useStyles();
  const isCurrent = useSyncExternalStore(position.subscribe, () => position.get().area === area.id);
  const className = isCurrent ? styles.current : undefined;
  if (area.children.length === 0) {
    return (
      <Tooltip content={area.title} relationship="label" positioning="after">
        <Button
          appearance="subtle"
          className={className}
          icon={<MenuIcon name={area.icon} />}
          aria-current={isCurrent ? 'page' : undefined}
          onClick={() => onGo(area)}
        />
      </Tooltip>
    );
  }
  return (
    <Menu positioning={{ position: 'after', align: 'top' }}>
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
        <RailPages area={area} position={position} onGo={onGo} />
      </MenuPopover>
    </Menu>
  );
});

/** An area's flyout: its pages, the current one marked (rendered only while the flyout is open). */
function RailPages({ area, position, onGo }: RailAreaProps) {
  const selected = useSyncExternalStore(position.subscribe, () => position.get().page);
  return (
    <MenuList>
      <MenuGroup>
        <MenuGroupHeader>{area.title}</MenuGroupHeader>
        {area.children.map((page) => (
          <MenuItem
            key={page.id}
            aria-current={normalizeMenuPath(page.path) === selected ? 'page' : undefined}
            onClick={() => onGo(page)}
          >
            {page.title}
          </MenuItem>
        ))}
      </MenuGroup>
    </MenuList>
  );
}

export const SidebarRail = memo(function SidebarRail() {
  const styles = useStyles();
  const { items, position, navigator, navigate, openPage } = useMenuPlace();

  return (
    <nav className={styles.rail} aria-label="主菜单">
      <FollowLocation position={position} navigator={navigator} onNavigate={noop} />
      <Tooltip content={GROUP_COMPANY_NAME} relationship="label" positioning="after">
        <Button
          className={styles.logo}
          appearance="subtle"
          icon={<Building20Regular />}
          onClick={() => {
            if (position.get().path !== '/') navigate('/');
          }}
        />
      </Tooltip>
      {items.map((area) => (
        <RailArea key={area.id} area={area} position={position} onGo={openPage} />
      ))}
    </nav>
  );
});

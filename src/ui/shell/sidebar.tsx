import {
  makeStyles, NavCategory, NavCategoryItem, NavDrawer, NavDrawerBody, NavDrawerHeader, NavItem, NavSubItem,
  NavSubItemGroup, Text, tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { selectMenus } from '../../application/session/session.selectors';
import { buildMenuTree, normalizeMenuPath } from '../../domain/menu/menu';
import { highlightFor, toSidebarItems, type SidebarItem } from '../../domain/navigation/sidebar';
import { GROUP_COMPANY_NAME } from '../../domain/session/session';
import { useServices } from '../app/services';
import { MenuIcon } from './menu-icon';

const useStyles = makeStyles({
  logo: { cursor: 'pointer', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, padding: '8px 4px' },
});

export function Sidebar({ open }: { open: boolean }) {
  const styles = useStyles();
  const { session, store } = useServices();
  const menus = useSelector(session, selectMenus);
  const items = useMemo(() => toSidebarItems(buildMenuTree(menus)), [menus]);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const highlight = highlightFor(menus, pathname);
  const selected = highlight.kind === 'item' ? highlight.path : undefined;
  const currentCategory = selected ? items.find((a) => a.children.some((c) => normalizeMenuPath(c.path) === selected))?.id : undefined;

  if (highlight.kind === 'redirectHome') return <Navigate to="/" replace />;

  const go = (item: SidebarItem) => {
    store.removeFlag('activeNames');
    navigate(item.path);
  };

  return (
    <NavDrawer
      // Arriving on a page of another area (from a tag, the search, a link) opens that area: the drawer is
      // remade with it as the open category.
      key={currentCategory ?? 'none'}
      open={open}
      type="inline"
      selectedValue={selected ?? ''}
      selectedCategoryValue={currentCategory ?? ''}
      defaultOpenCategories={currentCategory ? [currentCategory] : []}
      multiple={false}
      aria-label="主菜单"
    >
      <NavDrawerHeader>
        <Text
          className={styles.logo}
          role="link"
          tabIndex={0}
          onClick={() => normalizeMenuPath(pathname) !== '/' && navigate('/')}
        >
          {GROUP_COMPANY_NAME}
        </Text>
      </NavDrawerHeader>
      <NavDrawerBody>
        {items.map((item) =>
          item.children.length === 0 ? (
            <NavItem key={item.id} value={normalizeMenuPath(item.path)} icon={<MenuIcon name={item.icon} />} onClick={() => go(item)}>
              {item.title}
            </NavItem>
          ) : (
            <NavCategory key={item.id} value={item.id}>
              <NavCategoryItem icon={<MenuIcon name={item.icon} />}>{item.title}</NavCategoryItem>
              <NavSubItemGroup>
                {item.children.map((child) => (
                  <NavSubItem key={child.id} value={normalizeMenuPath(child.path)} onClick={() => go(child)}>
                    {child.title}
                  </NavSubItem>
                ))}
              </NavSubItemGroup>
            </NavCategory>
          ),
        )}
      </NavDrawerBody>
    </NavDrawer>
  );
}

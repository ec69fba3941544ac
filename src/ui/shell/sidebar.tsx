// The sidebar (SPEC §2.4): the user's menu tree, the current page's entry highlighted and its area open.
// Inline on wide screens; below the tablet width an overlay drawer that closes on navigation, on its
// backdrop and on Escape.
// Fluent's nav tells every item the selected value through one context, so a page change would render each
// of the menu's items again. The drawer's own selection therefore never changes; the current page and area
// are a watched value instead, and each entry re-renders only when its own answer (am I current?) changes,
// handing its item a context in which it is the selected one. The sidebar itself reads no location: a small
// follower does, and writes the watched value, so that a page change renders the sidebar only when the open
// area moves with it.
import {
  CounterBadge,
  makeStyles,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavDrawerHeader,
  NavItem,
  NavSubItem,
  NavProvider,
  NavSubItemGroup,
  Text,
  tokens,
  useFocusFinders,
  useNavContext_unstable,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Navigate, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { selectMenus } from '../../application/session/session.selectors';
import { buildMenuTree, normalizeMenuPath } from '../../domain/menu/menu';
import { highlightFor, toSidebarItems, type SidebarItem } from '../../domain/navigation/sidebar';
import { GROUP_COMPANY_NAME } from '../../domain/session/session';
import { useServices } from '../app/services';
import { MenuIcon } from './menu-icon';

const useStyles = makeStyles({
  logo: {
    cursor: 'pointer',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    padding: '8px 4px',
  },
  drawer: { maxWidth: 'min(280px, 85vw)' },
  badge: { marginLeft: '8px' },
});

/** 我的待办 carries the number of items awaiting the user (BUSINESS.md §4 workbench). */
const TODO_PATH = normalizeMenuPath('/workbench/technological/todo');

/** The count beside 我的待办; nothing while there is nothing to do. */
function TodoBadge() {
  const styles = useStyles();
  const { todoCount } = useServices();
  const count = useSelector(todoCount, (s) => s.context.count);
  if (count <= 0) return null;
  return (
    <CounterBadge
      className={styles.badge}
      count={count}
      overflowCount={99}
      size="small"
      color="danger"
      aria-label={count > 99 ? '99项以上待办' : `${count}项待办`}
    />
  );
}

/** Where the user is, as the sidebar and its entries watch it. */
interface Position {
  /** The address, as the menu writes paths. */
  path: string | undefined;
  page: string | undefined;
  area: string | undefined;
}

export class WatchedPosition {
  private value: Position = { path: undefined, page: undefined, area: undefined };
  private readonly listeners = new Set<() => void>();
  readonly get = () => this.value;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(next: Position) {
    if (next.path === this.value.path && next.page === this.value.page && next.area === this.value.area) return;
    this.value = next;
    for (const listener of this.listeners) listener();
  }
}

/** Matches no entry: the drawer's own selection, which stays put. */
const NO_SELECTION = '';

/** One entry of the menu, told it is current only when it is: an item by its path, an area by its id. */
const Current = memo(function Current({
  position,
  kind,
  value,
  children,
}: {
  position: WatchedPosition;
  kind: 'page' | 'area';
  value: string;
  children: ReactNode;
}) {
  const nav = useNavContext_unstable();
  const current = useSyncExternalStore(position.subscribe, () => position.get()[kind] === value);
  const context = useMemo(
    () =>
      current ? { ...nav, ...(kind === 'page' ? { selectedValue: value } : { selectedCategoryValue: value }) } : nav,
    [nav, current, kind, value],
  );
  return <NavProvider value={context}>{children}</NavProvider>;
});

/**
 * Asks for 我的待办's count once the shell's first screen shows, when the user's menu holds it: after the
 * screen, so that the sign-in path carries nothing the first screen does not need, and after the sign-in's
 * navigation, which would cancel it.
 */
export function useTodoCountOnShow(): void {
  const { session, todoCount } = useServices();
  const menus = useSelector(session, selectMenus);
  const hasTodo = useMemo(() => menus.some((m) => normalizeMenuPath(m.path) === TODO_PATH), [menus]);
  useEffect(() => {
    if (hasTodo) todoCount.send({ type: 'REFRESH' });
  }, [hasTodo, todoCount]);
}

/** The user's menu as the sidebar lists it. */
function useSidebarItems() {
  const { session } = useServices();
  const menus = useSelector(session, selectMenus);
  const items = useMemo(() => toSidebarItems(buildMenuTree(menus)), [menus]);
  return { menus, items };
}

/**
 * What the sidebar and the rail share: the user's menu, where the user is (written by FollowLocation, read by
 * the entries that mark it) and the router's navigate lent by it, and `openPage`, which goes to a page of the menu
 * as a fresh visit (the tag bar's sublevel flag taken down).
 */
export function useMenuPlace() {
  const { store } = useServices();
  const { items } = useSidebarItems();
  const [position] = useState(() => new WatchedPosition());
  const navigator = useRef<NavigateFunction>(null);
  const navigate = useCallback((path: string) => navigator.current?.(path), []);
  const openPage = useCallback(
    (item: SidebarItem) => {
      store.removeFlag('activeNames');
      navigate(item.path);
    },
    [store, navigate],
  );
  return { items, position, navigator, navigate, openPage };
}

/** The menu, the highlighted page and the area (top-level item) holding it, for the sidebar and the rail. */
function useSidebarPosition() {
  const { menus, items } = useSidebarItems();
  const { pathname } = useLocation();
  const highlight = useMemo(() => highlightFor(menus, pathname), [menus, pathname]);
  const selected = highlight.kind === 'item' ? highlight.path : undefined;
  const currentArea = selected
    ? items.find(
        (a) => normalizeMenuPath(a.path) === selected || a.children.some((c) => normalizeMenuPath(c.path) === selected),
      )?.id
    : undefined;
  return { items, pathname, highlight, selected, currentArea };
}

/**
 * Follows the address for the sidebar: writes where the user is into the watched position, sends the user
 * home from a hidden page that belongs to no listed one, and tells of a navigation from anywhere (a tag, the
 * search, a link on the page). The only part of the sidebar that renders on every page change; it renders nothing.
 * It also lends the sidebar the router's navigate: the router hands that out through its route context,
 * which is new on every navigation, so whoever asks for it renders on every page change.
 */
export const FollowLocation = memo(function FollowLocation({
  position,
  navigator,
  onNavigate,
}: {
  position: WatchedPosition;
  navigator: RefObject<NavigateFunction | null>;
  onNavigate: () => void;
}) {
  const { pathname, highlight, selected, currentArea } = useSidebarPosition();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    navigator.current = navigate;
  }, [navigator, navigate]);
  useLayoutEffect(
    () => position.set({ path: normalizeMenuPath(pathname), page: selected, area: currentArea }),
    [position, pathname, selected, currentArea],
  );
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    onNavigate();
  }, [pathname, onNavigate]);
  return highlight.kind === 'redirectHome' ? <Navigate to="/" replace /> : null;
});

export const noop = () => undefined;

export interface SidebarProps {
  mode: 'inline' | 'drawer';
  open: boolean;
  /** The drawer asks to close: a navigation, its backdrop, Escape. */
  onClose: () => void;
}

/**
 * Up and down arrows (and Home, End) move between the menu's items, round at the ends. Fluent's drawer body
 * does it with its focus manager's arrow group, which keeps two focusable sentinels, hidden from assistive
 * technology, at the group's ends to steer Tab into and out of it: an audit finds focusable content hidden from
 * assistive technology on every page that shows the inline menu. The group is left out (the body's
 * `data-tabster` taken away) and the arrows handled here; every item stays in the tab order, as in Fluent's
 * tabbable nav.
 */
function useMenuArrows() {
  const { findFirstFocusable, findLastFocusable, findNextFocusable, findPrevFocusable } = useFocusFinders();
  return useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const container = event.currentTarget;
      const current = event.target instanceof HTMLElement ? event.target : null;
      let next: HTMLElement | null | undefined;
      if (event.key === 'ArrowDown')
        next = (current && findNextFocusable(current, { container })) || findFirstFocusable(container);
      else if (event.key === 'ArrowUp')
        next = (current && findPrevFocusable(current, { container })) || findLastFocusable(container);
      else if (event.key === 'Home') next = findFirstFocusable(container);
      else if (event.key === 'End') next = findLastFocusable(container);
      else return;
      if (!next) return;
      event.preventDefault();
      next.focus();
    },
    [findFirstFocusable, findLastFocusable, findNextFocusable, findPrevFocusable],
  );
}

export const Sidebar = memo(function Sidebar({ mode, open, onClose }: SidebarProps) {
  const styles = useStyles();
  const menuArrows = useMenuArrows();
  const { items, position, navigator, navigate, openPage } = useMenuPlace();
  const currentArea = useSyncExternalStore(position.subscribe, () => position.get().area);
  // The open area follows the current page (arriving from a tag, the search, a link), and the user may
  // open another by hand in between.
  const [openArea, setOpenArea] = useState(currentArea);
  const [shownArea, setShownArea] = useState(currentArea);
  if (shownArea !== currentArea) {
    setShownArea(currentArea);
    setOpenArea(currentArea);
  }
  const openCategories = useMemo(() => (openArea ? [openArea] : []), [openArea]);

  const go = useCallback(
    (item: SidebarItem) => {
      openPage(item);
      if (mode === 'drawer') onClose();
    },
    [openPage, mode, onClose],
  );

  // The entries are made once per menu: a page change only moves the highlight, which the nav's items read
  // from its context, so the elements themselves need not be made again.
  const entries = useMemo(
    () =>
      items.map((item) =>
        item.children.length === 0 ? (
          <Current key={item.id} position={position} kind="page" value={normalizeMenuPath(item.path)}>
            <NavItem value={normalizeMenuPath(item.path)} icon={<MenuIcon name={item.icon} />} onClick={() => go(item)}>
              {item.title}
              {normalizeMenuPath(item.path) === TODO_PATH && <TodoBadge />}
            </NavItem>
          </Current>
        ) : (
          <Current key={item.id} position={position} kind="area" value={item.id}>
            <NavCategory value={item.id}>
              <NavCategoryItem icon={<MenuIcon name={item.icon} />}>{item.title}</NavCategoryItem>
              <NavSubItemGroup>
                {item.children.map((child) => (
                  <Current key={child.id} position={position} kind="page" value={normalizeMenuPath(child.path)}>
                    <NavSubItem value={normalizeMenuPath(child.path)} onClick={() => go(child)}>
                      {child.title}
                      {normalizeMenuPath(child.path) === TODO_PATH && <TodoBadge />}
                    </NavSubItem>
                  </Current>
                ))}
              </NavSubItemGroup>
            </NavCategory>
          </Current>
        ),
      ),
    [items, go, position],
  );

  return (
    <>
      {/* Beside the drawer, not in it: a closed overlay drawer holds none of its content. A navigation from
          anywhere closes the drawer. */}
      <FollowLocation position={position} navigator={navigator} onNavigate={mode === 'drawer' ? onClose : noop} />
      <NavDrawer
        open={open}
        type={mode === 'drawer' ? 'overlay' : 'inline'}
        className={mode === 'drawer' ? styles.drawer : undefined}
        onOpenChange={(_, data) => {
          if (!data.open) onClose();
        }}
        selectedValue={NO_SELECTION}
        selectedCategoryValue={NO_SELECTION}
        openCategories={openCategories}
        onNavCategoryItemToggle={(_, data) => {
          const area = data.categoryValue === undefined ? undefined : String(data.categoryValue);
          setOpenArea(openArea === area ? undefined : area);
        }}
        multiple={false}
        aria-label="主菜单"
      >
        <NavDrawerHeader>
          <Text
            className={styles.logo}
            role="link"
            tabIndex={0}
            onClick={() => {
              if (position.get().path !== '/') navigate('/');
              if (mode === 'drawer') onClose();
            }}
          >
            {GROUP_COMPANY_NAME}
          </Text>
        </NavDrawerHeader>
        <NavDrawerBody data-tabster={undefined} onKeyDown={menuArrows}>
          {entries}
        </NavDrawerBody>
      </NavDrawer>
    </>
  );
});

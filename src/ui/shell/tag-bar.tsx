// The tag bar (SPEC §2.4): one tag per visited menu page with a close button, the home tag 首页 first, and a
// right-click menu with 刷新, 关闭, 关闭其他, 关闭左侧, 关闭右侧, 关闭所有. It only shows and sends: the tags
// flow decides what closes, where to go, and whether to ask about unsaved changes first.
// With many tags the bar scrolls sideways: the active tag is scrolled into view whenever it changes, the
// mouse wheel scrolls the bar, and arrow buttons at both ends appear while it overflows. Each tag is
// memoised, so a tag switch re-renders the two tags whose highlight changes, not the bar's every tag.
import {
  Button,
  InteractionTag,
  InteractionTagPrimary,
  InteractionTagSecondary,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  tokens,
  type PositioningVirtualElement,
} from '@fluentui/react-components';
import { ChevronLeft16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectConfirmingClose, selectTags } from '../../application/tags/tags.selectors';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { HOME_TAG, type TagCommand } from '../../domain/tags/tag-cache';
import { useServices } from '../app/services';

// The confirmation is loaded when a close needs it, so that no dialog weighs on the shell.
const GenericDialog = lazy(async () => ({ default: (await import('../kit/dialogs/generic-dialog')).GenericDialog }));

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    minWidth: 0,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  scroller: {
    display: 'flex',
    gap: '6px',
    padding: '6px 12px',
    overflowX: 'auto',
    flex: 1,
    minWidth: 0,
    scrollbarWidth: 'none',
    '::-webkit-scrollbar': { display: 'none' },
  },
  tag: { flexShrink: 0 },
  arrow: { flexShrink: 0, minWidth: '28px' },
});

const COMMANDS: ReadonlyArray<[TagCommand | 'refresh', string]> = [
  ['refresh', '刷新'],
  ['close', '关闭'],
  ['closeOthers', '关闭其他'],
  ['closeLeft', '关闭左侧'],
  ['closeRight', '关闭右侧'],
  ['closeAll', '关闭所有'],
];

// One arrow click scrolls most of the visible width, keeping a tag or so for orientation.
const ARROW_SCROLL_SHARE = 0.7;

interface ContextMenu {
  path: string;
  target: PositioningVirtualElement;
}

function pointAt(x: number, y: number): PositioningVirtualElement {
  return {
    getBoundingClientRect: () => ({ x, y, top: y, left: x, bottom: y, right: x, width: 0, height: 0 }) as DOMRect,
  };
}

interface TagChipProps {
  path: string;
  name: string;
  isHome: boolean;
  selected: boolean;
  onOpen: (path: string) => void;
  onClose: (path: string) => void;
  onMenu: (path: string, x: number, y: number) => void;
}

const TagChip = memo(function TagChip({ path, name, isHome, selected, onOpen, onClose, onMenu }: TagChipProps) {
  const styles = useStyles();
  return (
    <InteractionTag
      className={styles.tag}
      value={path}
      size="small"
      appearance={selected ? 'brand' : 'outline'}
      data-tag-path={path}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu(path, e.clientX, e.clientY);
      }}
    >
      <InteractionTagPrimary
        hasSecondaryAction={!isHome}
        aria-current={selected ? 'page' : undefined}
        onClick={() => onOpen(path)}
      >
        {name}
      </InteractionTagPrimary>
      {isHome ? null : <InteractionTagSecondary aria-label={`关闭 ${name}`} onClick={() => onClose(path)} />}
    </InteractionTag>
  );
});

interface TagMenuProps {
  menu: ContextMenu | null;
  run: (command: TagCommand | 'refresh', path: string) => void;
  onDismiss: () => void;
}

/** The right-click menu of a tag; memoised, so that it stays put while the tags move. */
const TagMenu = memo(function TagMenu({ menu, run, onDismiss }: TagMenuProps) {
  return (
    <Menu
      open={menu !== null}
      onOpenChange={(_, d) => {
        if (!d.open) onDismiss();
      }}
      positioning={{ target: menu?.target, position: 'below', align: 'start' }}
    >
      <MenuPopover>
        <MenuList>
          {COMMANDS.map(([command, label]) => (
            <MenuItem
              key={command}
              onClick={() => {
                if (menu) run(command, menu.path);
                onDismiss();
              }}
            >
              {label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});

/** SPEC §2.4: closing a page with unsaved changes asks first. */
const CloseConfirm = memo(function CloseConfirm() {
  const { tags: tagsActor } = useServices();
  const confirming = useSelector(tagsActor, selectConfirmingClose);
  if (!confirming) return null;
  return (
    <Suspense fallback={null}>
      <GenericDialog
        open
        title="提示"
        width={420}
        submitText="确定"
        closeText="取消"
        onSubmit={() => tagsActor.send({ type: 'CONFIRM' })}
        onClose={() => tagsActor.send({ type: 'CANCEL' })}
      >
        当前页面有未保存的修改，关闭后将丢失，确定关闭吗？
      </GenericDialog>
    </Suspense>
  );
});

interface Overflow {
  overflowing: boolean;
  atStart: boolean;
  atEnd: boolean;
}

function overflowOf(el: HTMLElement): Overflow {
  const max = el.scrollWidth - el.clientWidth;
  return { overflowing: max > 1, atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft >= max - 1 };
}

const sameOverflow = (a: Overflow, b: Overflow) =>
  a.overflowing === b.overflowing && a.atStart === b.atStart && a.atEnd === b.atEnd;

export const TagBar = memo(function TagBar() {
  const styles = useStyles();
  const { tags: tagsActor } = useServices();
  const tags = useSelector(tagsActor, selectTags);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<ContextMenu | null>(null);
  const [overflow, setOverflow] = useState<Overflow>({ overflowing: false, atStart: true, atEnd: true });
  const scroller = useRef<HTMLDivElement>(null);
  const active = normalizeMenuPath(pathname);
  // The handlers read the current path through a ref, so that they stay the same from render to render.
  const activePath = useRef(pathname);
  activePath.current = pathname;

  const run = useCallback(
    (command: TagCommand | 'refresh', path: string) => {
      if (command === 'refresh') tagsActor.send({ type: 'REFRESH', path });
      else tagsActor.send({ type: 'COMMAND', command, path, activePath: activePath.current });
    },
    [tagsActor],
  );
  // A cached page is shown within the click's own task: the router's default is a transition, which React
  // renders in slices between which the browser may draw a frame with the old page still up.
  const onOpen = useCallback((path: string) => navigate(path, { flushSync: true }), [navigate]);
  const onClose = useCallback((path: string) => run('close', path), [run]);
  const onMenu = useCallback((path: string, x: number, y: number) => setMenu({ path, target: pointAt(x, y) }), []);
  const dismissMenu = useCallback(() => setMenu(null), []);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = overflowOf(el);
    setOverflow((prev) => (sameOverflow(prev, next) ? prev : next));
  }, []);

  // The active tag comes into view whenever it changes or the tags change (a new tag is added at the end).
  // In the next frame, before it is drawn: asked for in the switch's own commit, scrolling (and reading the
  // bar's widths) makes the browser lay out the page just shown there and then, which cost the tag switch
  // most of its time; in the frame the browser lays it out once anyway.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const tag = scroller.current?.querySelector<HTMLElement>(`[data-active-tag="true"]`);
      tag?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      measure();
    });
    return () => cancelAnimationFrame(frame);
  }, [active, tags, measure]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    // A vertical wheel scrolls the bar sideways; React's wheel listener is passive, so this one is native.
    const onWheel = (e: WheelEvent) => {
      if (el.scrollWidth <= el.clientWidth || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      e.preventDefault();
      el.scrollLeft += e.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(el);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);

  const scrollBy = (direction: -1 | 1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * ARROW_SCROLL_SHARE, behavior: 'smooth' });
  };

  return (
    <nav className={styles.bar} aria-label="已打开的页面">
      {overflow.overflowing ? (
        <Button
          className={styles.arrow}
          appearance="subtle"
          size="small"
          icon={<ChevronLeft16Regular />}
          aria-label="向左滚动标签"
          disabled={overflow.atStart}
          onClick={() => scrollBy(-1)}
        />
      ) : null}
      <div className={styles.scroller} ref={scroller} data-tag-scroller>
        {tags.map((tag) => {
          const selected = normalizeMenuPath(tag.path) === active;
          return (
            <span key={tag.path} className={styles.tag} data-active-tag={selected ? 'true' : undefined}>
              <TagChip
                path={tag.path}
                name={tag.menuName}
                isHome={tag.path === HOME_TAG.path}
                selected={selected}
                onOpen={onOpen}
                onClose={onClose}
                onMenu={onMenu}
              />
            </span>
          );
        })}
      </div>
      {overflow.overflowing ? (
        <Button
          className={styles.arrow}
          appearance="subtle"
          size="small"
          icon={<ChevronRight16Regular />}
          aria-label="向右滚动标签"
          disabled={overflow.atEnd}
          onClick={() => scrollBy(1)}
        />
      ) : null}
      <TagMenu menu={menu} run={run} onDismiss={dismissMenu} />
      <CloseConfirm />
    </nav>
  );
});

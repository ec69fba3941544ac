// The tag bar (SPEC §2.4): one tag per visited menu page with a close button, the home tag 首页 first, and a
// right-click menu with 刷新, 关闭, 关闭其他, 关闭左侧, 关闭右侧, 关闭所有. It only shows and sends: the tags
// flow decides what closes, where to go, and whether to ask about unsaved changes first.
import {
  InteractionTag, InteractionTagPrimary, InteractionTagSecondary, makeStyles, Menu, MenuItem, MenuList, MenuPopover,
  tokens, type PositioningVirtualElement,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectConfirmingClose, selectTags } from '../../application/tags/tags.selectors';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { HOME_TAG, type TagCommand } from '../../domain/tags/tag-cache';
import { useServices } from '../app/services';
import { GenericDialog } from '../kit/dialogs/generic-dialog';

const useStyles = makeStyles({
  bar: {
    display: 'flex', gap: '6px', padding: '6px 12px', overflowX: 'auto', flexShrink: 0,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1,
  },
});

const COMMANDS: ReadonlyArray<[TagCommand | 'refresh', string]> = [
  ['refresh', '刷新'],
  ['close', '关闭'],
  ['closeOthers', '关闭其他'],
  ['closeLeft', '关闭左侧'],
  ['closeRight', '关闭右侧'],
  ['closeAll', '关闭所有'],
];

interface ContextMenu {
  path: string;
  target: PositioningVirtualElement;
}

function pointAt(x: number, y: number): PositioningVirtualElement {
  return { getBoundingClientRect: () => ({ x, y, top: y, left: x, bottom: y, right: x, width: 0, height: 0 }) as DOMRect };
}

export function TagBar() {
  const styles = useStyles();
  const { tags: tagsActor } = useServices();
  const tags = useSelector(tagsActor, selectTags);
  const confirming = useSelector(tagsActor, selectConfirmingClose);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<ContextMenu | null>(null);
  const active = normalizeMenuPath(pathname);

  const run = (command: TagCommand | 'refresh', path: string) => {
    if (command === 'refresh') tagsActor.send({ type: 'REFRESH', path });
    else tagsActor.send({ type: 'COMMAND', command, path, activePath: pathname });
  };

  return (
    <nav className={styles.bar} aria-label="已打开的页面">
      {tags.map((tag) => {
        const isHome = tag.path === HOME_TAG.path;
        const selected = normalizeMenuPath(tag.path) === active;
        return (
          <InteractionTag
            key={tag.path}
            value={tag.path}
            size="small"
            appearance={selected ? 'brand' : 'outline'}
            onContextMenu={(e) => {
              e.preventDefault();
              setMenu({ path: tag.path, target: pointAt(e.clientX, e.clientY) });
            }}
          >
            <InteractionTagPrimary hasSecondaryAction={!isHome} aria-current={selected ? 'page' : undefined} onClick={() => navigate(tag.path)}>
              {tag.menuName}
            </InteractionTagPrimary>
            {isHome ? null : <InteractionTagSecondary aria-label={`关闭 ${tag.menuName}`} onClick={() => run('close', tag.path)} />}
          </InteractionTag>
        );
      })}
      <Menu open={menu !== null} onOpenChange={(_, d) => { if (!d.open) setMenu(null); }} positioning={{ target: menu?.target, position: 'below', align: 'start' }}>
        <MenuPopover>
          <MenuList>
            {COMMANDS.map(([command, label]) => (
              <MenuItem key={command} onClick={() => { if (menu) run(command, menu.path); setMenu(null); }}>{label}</MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      <GenericDialog
        open={confirming}
        title="提示"
        width={420}
        submitText="确定"
        closeText="取消"
        onSubmit={() => tagsActor.send({ type: 'CONFIRM' })}
        onClose={() => tagsActor.send({ type: 'CANCEL' })}
      >
        当前页面有未保存的修改，关闭后将丢失，确定关闭吗？
      </GenericDialog>
    </nav>
  );
}

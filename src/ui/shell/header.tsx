import {
  Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, tokens,
} from '@fluentui/react-components';
import { ChevronDown16Regular, Navigation20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { selectNickName } from '../../application/session/session.selectors';
import { useServices } from '../app/services';

const useStyles = makeStyles({
  header: {
    display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: '48px', padding: '0 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1,
  },
});

export function Header({ onToggleSidebar, sidebarOpen }: { onToggleSidebar: () => void; sidebarOpen: boolean }) {
  const styles = useStyles();
  const { session } = useServices();
  const nickName = useSelector(session, selectNickName);
  return (
    <header className={styles.header}>
      <Button
        appearance="subtle"
        icon={<Navigation20Regular />}
        aria-label={sidebarOpen ? '收起菜单' : '展开菜单'}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      />
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<ChevronDown16Regular />} iconPosition="after">你好，{nickName}</Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<SignOut20Regular />} onClick={() => session.send({ type: 'LOGOUT' })}>退出登录</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </header>
  );
}

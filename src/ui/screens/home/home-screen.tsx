import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectMenus, selectNickName, selectOrgName } from '../../../application/session/session.selectors';
import { buildMenuTree } from '../../../domain/menu/menu';
import { toSidebarItems, type SidebarItem } from '../../../domain/navigation/sidebar';
import { useServices } from '../../app/services';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '12px' },
  muted: { color: tokens.colorNeutralForeground3 },
  // A card drawn here rather than Fluent's Card: the home screen is the first one after sign-in, and the
  // Card component (with its focus management) would weigh on every sign-in for a plain link.
  area: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { boxShadow: tokens.shadow8, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

function firstLeaf(item: SidebarItem): SidebarItem {
  return item.children.length ? firstLeaf(item.children[0]!) : item;
}

/** Home: a greeting and the areas this user may work in, each opening its first screen. */
export function HomeScreen() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { session } = useServices();
  const nickName = useSelector(session, selectNickName);
  const orgName = useSelector(session, selectOrgName);
  const menus = useSelector(session, selectMenus);
  const areas = useMemo(() => toSidebarItems(buildMenuTree(menus)).filter((a) => a.children.length > 0), [menus]);

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        你好，{nickName}
      </Text>
      <Text className={styles.muted}>{orgName}</Text>
      <div className={styles.grid}>
        {areas.map((area) => (
          <a
            key={area.id}
            className={styles.area}
            href={firstLeaf(area).path}
            onClick={(e) => {
              e.preventDefault();
              navigate(firstLeaf(area).path);
            }}
          >
            <Text weight="semibold">{area.title}</Text>
            <Text className={styles.muted}>
              {area.children
                .map((c) => c.title)
                .slice(0, 4)
                .join('、')}
            </Text>
          </a>
        ))}
      </div>
    </section>
  );
}

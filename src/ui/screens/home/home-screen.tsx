import { Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
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
          <Card key={area.id} onClick={() => navigate(firstLeaf(area).path)} role="link">
            <CardHeader
              header={<Text weight="semibold">{area.title}</Text>}
              description={
                <Text className={styles.muted}>
                  {area.children
                    .map((c) => c.title)
                    .slice(0, 4)
                    .join('、')}
                </Text>
              }
            />
          </Card>
        ))}
      </div>
    </section>
  );
}

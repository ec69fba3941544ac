import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router-dom';
import { routeTitle } from '../../app/route-table';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '8px' },
  note: { color: tokens.colorNeutralForeground3 },
});

/** Stands in for a screen whose issue has not been built yet: its menu title and '功能建设中'. */
export function UnderConstructionScreen() {
  const styles = useStyles();
  const { pathname } = useLocation();
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {routeTitle(pathname) ?? pathname}
      </Text>
      <Text className={styles.note}>功能建设中</Text>
    </section>
  );
}

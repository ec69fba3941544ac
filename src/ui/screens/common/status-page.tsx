import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', paddingTop: '80px' },
  code: {
    fontSize: '64px',
    lineHeight: '80px',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
  },
});

/** The shared body of the 401 and 404 pages. */
export function StatusPage({ code, message }: { code: string; message: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <Text className={styles.code}>{code}</Text>
      <Text size={400}>{message}</Text>
      <Button appearance="primary" onClick={() => navigate('/')}>
        返回首页
      </Button>
    </section>
  );
}

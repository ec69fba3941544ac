import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { SessionMessage } from '../../domain/session/session';

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    zIndex: 3000,
  },
});

/** SPEC §2.1: '系统数据配置中' until initialisation finishes. */
export function ConfigOverlay() {
  const styles = useStyles();
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <Spinner label={SessionMessage.configuring} />
    </div>
  );
}

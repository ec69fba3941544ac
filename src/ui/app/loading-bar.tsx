import { makeStyles, tokens } from '@fluentui/react-components';
import { useSyncExternalStore } from 'react';
import type { LoadingCounter } from './loading-counter';

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    height: '3px',
    zIndex: 3001,
    backgroundColor: tokens.colorBrandBackground,
    animationName: { from: { transform: 'scaleX(0.1)' }, to: { transform: 'scaleX(1)' } },
    animationDuration: '1.2s',
    animationIterationCount: 'infinite',
    transformOrigin: 'left',
  },
});

/** The loading mask of SPEC §7.1, kept to a thin bar so staff can keep reading while a call runs. */
export function LoadingBar({ counter }: { counter: LoadingCounter }) {
  const styles = useStyles();
  const loading = useSyncExternalStore(counter.subscribe, counter.isLoading);
  return loading ? <div className={styles.bar} role="progressbar" aria-label="加载中" /> : null;
}

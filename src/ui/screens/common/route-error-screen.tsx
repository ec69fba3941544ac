// What a route shows when it cannot be shown (SPEC §8): a screen whose chunk is missing or took over 120 s,
// with a retry; anything else as a plain failure message. Never a stack trace.
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useLayoutEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router-dom';
import { dropDrawnLogin } from '../../app/drawn-login';
import { ScreenLoadError } from '../screen-registry';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', paddingTop: '80px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

function describe(error: unknown): { title: string; detail: string } {
  if (error instanceof ScreenLoadError && error.kind === 'timeout') {
    return { title: '页面加载超时', detail: '网络较慢或服务繁忙，页面在 120 秒内没有加载完成。' };
  }
  if (error instanceof ScreenLoadError) {
    return { title: '页面模块加载失败', detail: '找不到该页面的程序模块，可能系统刚刚更新，请重试。' };
  }
  return { title: '页面出错了', detail: '页面遇到问题无法显示，请重试；若仍然出错，请联系管理员。' };
}

/** A route whose own render failed. */
export function RouteErrorScreen() {
  return <LoadFailure error={useRouteError()} />;
}

/** What stands in for a screen that could not be loaded (the route still renders, with a retry). */
export function failedScreen(error: unknown) {
  return function FailedScreen() {
    return <LoadFailure error={error} />;
  };
}

function LoadFailure({ error }: { error: unknown }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { title, detail } = describe(error);
  // On /login the form login.html drew hides the app until the login screen takes it over: when that screen
  // cannot be loaded, the failure and its retry are what the page shows.
  useLayoutEffect(dropDrawnLogin, []);
  return (
    <section className={styles.page} role="alert">
      <Text size={500} weight="semibold">
        {title}
      </Text>
      <Text className={styles.muted}>{detail}</Text>
      <Button appearance="primary" onClick={() => navigate(0)}>
        重试
      </Button>
    </section>
  );
}

import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { selectBusy, selectSessionError } from '../../../application/session/session.selectors';
import { DOCUMENT_TITLE } from '../../../domain/session/session';
import { dropDrawnLogin, readDrawnLogin, type DrawnLogin } from '../../app/drawn-login';
import { useServices } from '../../app/services';
import { RouteLink } from '../../kit/route-link';

const useStyles = makeStyles({
  page: {
    minHeight: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground3} 100%)`,
  },
  card: {
    width: '360px',
    padding: '32px',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, textAlign: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type Missing = { username?: string; password?: string };

export function LoginScreen() {
  const styles = useStyles();
  const { session } = useServices();
  const busy = useSelector(session, selectBusy);
  const error = useSelector(session, selectSessionError);
  // On a full load of /login the page first shows the form login.html draws: this screen starts from what was
  // typed in it, so that nothing typed before the app took over is lost.
  const [drawn] = useState(readDrawnLogin);
  const [username, setUsername] = useState(drawn?.username ?? '');
  const [password, setPassword] = useState(drawn?.password ?? '');
  const [missing, setMissing] = useState<Missing>({});
  const [takenOver, setTakenOver] = useState<DrawnLogin>();
  const form = useRef<HTMLFormElement>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // Before the browser draws this form, the drawn one goes: read once more (a key may have come between the
  // render and now), then removed in the same frame, so the page never shows both or neither.
  useLayoutEffect(() => {
    const latest = readDrawnLogin();
    if (!latest) return;
    dropDrawnLogin();
    setUsername(latest.username);
    setPassword(latest.password);
    setTakenOver(latest);
  }, []);

  // The caret goes back where it was, and a sign-in asked for on the drawn form is carried out.
  useLayoutEffect(() => {
    if (!takenOver) return;
    const { focus, submit: asked } = takenOver;
    if (focus) {
      const input = (focus.field === 'username' ? usernameInput : passwordInput).current;
      input?.focus();
      input?.setSelectionRange(focus.start, focus.end);
    }
    if (asked) form.current?.requestSubmit();
  }, [takenOver]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Missing = {};
    if (!username.trim()) next.username = '请输入用户名';
    if (!password) next.password = '请输入密码';
    setMissing(next);
    if (next.username || next.password) return;
    session.send({ type: 'LOGIN', credentials: { username: username.trim(), password } });
  };

  return (
    <main className={styles.page}>
      <form ref={form} className={styles.card} onSubmit={submit} noValidate aria-label="登录">
        <Text as="h1" className={styles.title}>
          {DOCUMENT_TITLE}
        </Text>
        <Field label="用户名" required validationMessage={missing.username}>
          <Input
            ref={usernameInput}
            value={username}
            onChange={(_, d) => setUsername(d.value)}
            autoComplete="username"
            maxLength={64}
          />
        </Field>
        <Field label="密码" required validationMessage={missing.password}>
          <Input
            ref={passwordInput}
            type="password"
            value={password}
            onChange={(_, d) => setPassword(d.value)}
            autoComplete="current-password"
            maxLength={64}
          />
        </Field>
        {error ? (
          <Text role="alert" className={styles.error}>
            {error}
          </Text>
        ) : null}
        <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? '登录中…' : '登录'}
        </Button>
        <Text align="center">
          还没有账号？
          <RouteLink to="/register" inline>
            供应商注册
          </RouteLink>
        </Text>
      </form>
    </main>
  );
}

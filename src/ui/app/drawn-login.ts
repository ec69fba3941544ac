// The login form login.html draws before the app's scripts have loaded (boot-login.ts). While it is on the page
// the app's root is not shown (login.html's style), so that nothing the app draws meanwhile — the overlay of a
// session being checked, the login screen's first frame — moves or covers it. The login screen takes it over —
// what was typed, the field the caret was in, a sign-in asked for — and removes it, which shows the root; any
// other route the app settles on removes it too (app.tsx).

/** The drawn form's page; boot-login.ts looks it up by the same id. */
const DRAWN_LOGIN_ID = 'drawn-login';

export interface DrawnLogin {
  username: string;
  password: string;
  /** The field the caret was in when the app took over, with its selection. */
  focus?: { field: 'username' | 'password'; start: number | null; end: number | null };
  /** 登录 was pressed, or Enter in a field, before the app could act on it (boot-login.ts marks the page). */
  submit: boolean;
}

const drawnPage = () => (typeof document === 'undefined' ? null : document.getElementById(DRAWN_LOGIN_ID));

/** What the drawn form holds now, or nothing once it is gone (or on any other page). */
export function readDrawnLogin(): DrawnLogin | undefined {
  const page = drawnPage();
  if (!page) return undefined;
  const input = (name: string) => page.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const username = input('username');
  const password = input('password');
  const active = document.activeElement;
  const field = active === username ? 'username' : active === password ? 'password' : undefined;
  return {
    username: username?.value ?? '',
    password: password?.value ?? '',
    ...(field && active instanceof HTMLInputElement
      ? { focus: { field, start: active.selectionStart, end: active.selectionEnd } }
      : {}),
    submit: page.dataset.submit === 'true',
  };
}

export function dropDrawnLogin(): void {
  drawnPage()?.remove();
}

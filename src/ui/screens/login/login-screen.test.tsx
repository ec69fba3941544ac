// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent } from '../../kit/dialogs/dialog-test-support';
import { LoginScreen } from './login-screen';

/** The form login.html draws before the app's scripts load, as the page has it. */
const DRAWN_FORM = /<main id="drawn-login">[\s\S]*?<\/main>/.exec(
  readFileSync(resolve(import.meta.dirname, '../../../../login.html'), 'utf8'),
)![0];

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** A signed-out session that records what the screen sends it. */
function renderLogin() {
  const sent: unknown[] = [];
  const snapshot = { matches: () => false, context: { error: null } };
  const session = {
    getSnapshot: () => snapshot,
    subscribe: () => ({ unsubscribe: () => undefined }),
    send: (event: unknown) => void sent.push(event),
  };
  renderInFluent(
    <MemoryRouter>
      <ServicesContext.Provider value={{ session } as unknown as Services}>
        <LoginScreen />
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return sent;
}

/** The page as it is before the app takes over, with what the user typed into it. */
function drawForm(typed: { username: string; password: string }) {
  document.body.insertAdjacentHTML('afterbegin', DRAWN_FORM);
  const page = document.getElementById('drawn-login')!;
  const username = page.querySelector<HTMLInputElement>('input[name="username"]')!;
  const password = page.querySelector<HTMLInputElement>('input[name="password"]')!;
  username.value = typed.username;
  password.value = typed.password;
  return { page, username, password };
}

describe('the login screen taking over the drawn form', () => {
  it('keeps what was typed before the app loaded, the caret in its field, and removes the drawn form', () => {
    const drawn = drawForm({ username: 'admin', password: 'Admin@20' });
    drawn.password.focus();
    drawn.password.setSelectionRange(5, 5);

    const sent = renderLogin();

    expect(document.getElementById('drawn-login')).toBeNull();
    const username = screen.getByLabelText(/^用户名/) as HTMLInputElement;
    const password = screen.getByLabelText(/^密码/) as HTMLInputElement;
    expect(username.value).toBe('admin');
    expect(password.value).toBe('Admin@20');
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([5, 5]);
    // Typing carries on in the screen's own field.
    expect(sent).toEqual([]);
  });

  it('signs in when 登录 was pressed on the drawn form', () => {
    const drawn = drawForm({ username: ' operator ', password: 'Operator@2026' });
    drawn.page.dataset.submit = 'true';

    const sent = renderLogin();

    expect(sent).toEqual([{ type: 'LOGIN', credentials: { username: 'operator', password: 'Operator@2026' } }]);
  });

  it('checks the fields as its own 登录 does when the drawn form was sent half filled', async () => {
    const drawn = drawForm({ username: 'admin', password: '' });
    drawn.page.dataset.submit = 'true';

    const sent = renderLogin();

    expect(sent).toEqual([]);
    expect(await screen.findByText('请输入密码')).toBeTruthy();
  });

  it('starts empty on a page without a drawn form', () => {
    renderLogin();
    expect((screen.getByLabelText(/^用户名/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^密码/) as HTMLInputElement).value).toBe('');
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { ServerMenuItem } from '../../domain/menu/menu';
import { ServicesContext, type Services } from '../app/services';
import { Permission, useOperation } from './permission';
import { menu } from '../screens/screen-test-support';

afterEach(cleanup);

const USERS = '/basicDataManagement/userManagment';

// A stand-in for the session flow: only its menus are read.
function sessionWith(menus: ServerMenuItem[]) {
  const machine = setup({
    types: { context: {} as { menus: ServerMenuItem[] }, events: {} as { type: 'set'; menus: ServerMenuItem[] } },
  }).createMachine({
    context: { menus },
    on: { set: { actions: assign({ menus: ({ event }) => event.menus }) } },
  });
  return createActor(machine).start();
}

function renderAt(pathname: string, menus: ServerMenuItem[], ui: React.ReactNode) {
  const session = sessionWith(menus);
  render(
    <ServicesContext.Provider value={{ session } as unknown as Services}>
      <MemoryRouter initialEntries={[pathname]}>{ui}</MemoryRouter>
    </ServicesContext.Provider>,
  );
  return session;
}

function Probe({ code }: { code: 'edit' }) {
  return <span>{useOperation(code) ? 'yes' : 'no'}</span>;
}

describe('Permission', () => {
  it('shows the element when the current menu path grants the code, in any spelling of the path', () => {
    renderAt(
      '/basicdatamanagement/usermanagment/',
      [menu(USERS, ['add', 'edit'])],
      <Permission code="add">
        <button>新增</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
  });

  it('removes the element when the code is missing, the menu has no codes, or the path is not a menu', () => {
    renderAt(
      USERS,
      [menu(USERS, ['edit']), menu('/other', ['add'])],
      <>
        <Permission code="add">
          <button>新增</button>
        </Permission>
        <Permission code="resetPwd">
          <button>重置密码</button>
        </Permission>
        <Permission code="edit">
          <button>编辑</button>
        </Permission>
      </>,
    );
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重置密码' })).toBeNull();
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
  });

  it('uses the path it is given over the current route, and follows the session when grants change', async () => {
    const session = renderAt(
      '/',
      [menu(USERS, [])],
      <>
        <Permission code="delete" path={USERS}>
          <button>删除</button>
        </Permission>
        <Probe code="edit" />
      </>,
    );
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByText('no')).toBeTruthy();
    const { act } = await import('@testing-library/react');
    act(() => session.send({ type: 'set', menus: [menu(USERS, ['delete']), { ...menu('/', ['edit']) }] }));
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
    expect(screen.getByText('yes')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
// The sidebar follows the address: the current page's entry is highlighted and its area open, wherever the
// navigation came from. Moving between two pages of one area re-renders only the follower and the two
// entries whose answer changed, never the drawer with all its entries; a page of another area opens that area.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { ServerMenuItem } from '../../domain/menu/menu';
import type { Services } from '../app/services';
import { ServicesContext } from '../app/services';
import { withoutWebAnimations } from '../kit/dialogs/dialog-test-support';
import { menu } from '../screens/screen-test-support';
import { Sidebar } from './sidebar';

// The sidebar reads the store from its services once per render, and nothing else under it reads the store:
// counting those reads counts the sidebar's own renders (each of which renders the drawer with all its entries),
// through the port the sidebar is given rather than a mocked library, which a worker shared by several test
// files would reach only in modules imported after the mock.
const sidebarRenders = { count: 0 };
beforeAll(withoutWebAnimations);
afterEach(cleanup);

const entry = (menuId: string, menuName: string, path: string, parentKid = '0', hidden = false) =>
  ({ ...menu(path, []), menuId, menuName, parentKid, hidden }) as ServerMenuItem;

const MENUS = [
  entry('business', '业务管理', '/business'),
  entry('manage', '融资业务管理', '/business/financingBusinessManage', 'business'),
  entry('review', '业务审核', '/business/businessReview', 'business'),
  entry('detail', '业务详情', '/business/newDetails', 'manage', true),
  entry('system', '系统管理', '/system'),
  entry('users', '用户管理', '/system/user', 'system'),
];

function renderSidebar(path: string, mode: 'inline' | 'drawer' = 'inline', onClose = () => undefined) {
  const session = createActor(setup({}).createMachine({ context: { menus: MENUS } })).start();
  const todoCount = createActor(setup({}).createMachine({ context: { count: 0 } })).start();
  const store = { removeFlag: vi.fn() };
  const services = {
    session,
    todoCount,
    get store() {
      sidebarRenders.count += 1;
      return store;
    },
  } as unknown as Services;
  const router = createMemoryRouter([{ path: '*', element: <Sidebar mode={mode} open onClose={onClose} /> }], {
    initialEntries: [path],
  });
  render(
    <FluentProvider theme={webLightTheme}>
      <ServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </FluentProvider>,
  );
  return router;
}

const highlighted = () =>
  within(screen.getByRole('navigation', { name: '主菜单' }))
    .queryAllByRole('link')
    .concat(within(screen.getByRole('navigation', { name: '主菜单' })).queryAllByRole('button'))
    .filter((el) => el.getAttribute('aria-current') === 'page')
    .map((el) => el.textContent);

describe('Sidebar', () => {
  it('moves the highlight within an area without rendering the drawer again', async () => {
    const router = renderSidebar('/business/financingBusinessManage');
    expect(highlighted()).toEqual(['融资业务管理']);
    const before = sidebarRenders.count;
    await act(() => router.navigate('/business/businessReview'));
    expect(highlighted()).toEqual(['业务审核']);
    // A page hidden from the menu highlights the page it belongs to.
    await act(() => router.navigate('/business/newDetails?id=b1'));
    expect(highlighted()).toEqual(['融资业务管理']);
    await act(() => router.navigate('/business/businessReview'));
    expect(highlighted()).toEqual(['业务审核']);
    expect(sidebarRenders.count).toBe(before);
  });

  it('opens the area of a page of another area and highlights the page', async () => {
    const router = renderSidebar('/business/financingBusinessManage');
    expect(screen.queryByText('用户管理')).toBeNull();
    const before = sidebarRenders.count;
    await act(() => router.navigate('/system/user'));
    expect(await screen.findByText('用户管理')).toBeTruthy();
    expect(highlighted()).toEqual(['用户管理']);
    expect(sidebarRenders.count).toBeGreaterThan(before);
  });

  it('closes the drawer on a navigation from anywhere, and only then', async () => {
    const onClose = vi.fn();
    const router = renderSidebar('/business/financingBusinessManage', 'drawer', onClose);
    expect(highlighted()).toEqual(['融资业务管理']);
    expect(onClose).not.toHaveBeenCalled();
    await act(() => router.navigate('/business/businessReview'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

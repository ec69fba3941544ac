// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet';

function QueryPage({ name }: { name: string }) {
  const [value, setValue] = useState('');
  return (
    <label>
      {name}查询
      <input value={value} onChange={(e) => setValue(e.target.value)} />
    </label>
  );
}

function setup(openPaths: string[], refreshKeys: Record<string, number> = {}) {
  const props = { openPaths: new Set(openPaths), refreshKeys };
  const router = createMemoryRouter(
    [
      {
        element: <KeepAliveOutlet {...props} />,
        children: [
          { path: '/a', element: <QueryPage name="甲" />, handle: { title: '甲', cache: true } },
          { path: '/b', element: <QueryPage name="乙" />, handle: { title: '乙', cache: true } },
          { path: '/c', element: <QueryPage name="丙" />, handle: { title: '丙', cache: false } },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return { router, props };
}

afterEach(cleanup);

describe('KeepAliveOutlet', () => {
  it("keeps a cached page's typed value when the user leaves and comes back", async () => {
    const { router } = setup(['/a', '/b']);
    await userEvent.type(screen.getByLabelText('甲查询'), '华东建材');
    await act(() => router.navigate('/b'));
    expect(screen.getByLabelText('乙查询')).toBeTruthy();
    await act(() => router.navigate('/a'));
    expect((screen.getByLabelText('甲查询') as HTMLInputElement).value).toBe('华东建材');
  });

  it('does not keep a page whose route says cache: false', async () => {
    const { router } = setup(['/a', '/c']);
    await act(() => router.navigate('/c'));
    await userEvent.type(screen.getByLabelText('丙查询'), '临时');
    await act(() => router.navigate('/a'));
    await act(() => router.navigate('/c'));
    expect((screen.getByLabelText('丙查询') as HTMLInputElement).value).toBe('');
  });

  it('frees a page whose tag was closed', async () => {
    const { router } = setup(['/b']);
    await userEvent.type(screen.getByLabelText('甲查询'), '华东建材');
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/a'));
    expect((screen.getByLabelText('甲查询') as HTMLInputElement).value).toBe('');
  });

  it('remounts a page when its refresh key changes', async () => {
    // The tags flow hands over a new refresh number; the outlet reads it on the next render.
    const { router, props } = setup(['/a', '/b']);
    await userEvent.type(screen.getByLabelText('甲查询'), '华东建材');
    props.refreshKeys['/a'] = 1;
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/a'));
    expect((screen.getByLabelText('甲查询') as HTMLInputElement).value).toBe('');
  });
});

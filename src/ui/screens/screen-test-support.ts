// What the screen tests share: a menu entry of the session with its operation codes, and a stage port that
// answers a stage's own routes.
import { vi } from 'vitest';
import type { ServerMenuItem } from '../../domain/menu/menu';

export const menu = (path: string, codes: string[]) =>
  ({
    menuId: path.toLowerCase(),
    menuName: path,
    component: '',
    path,
    params: '',
    query: '',
    parentKid: '0',
    icon: '',
    menuCode: path,
    hidden: false,
    sortNo: 0,
    opAuthorityDTOList: codes.map((operationCode) => ({ operationCode })),
  }) as ServerMenuItem;

/**
 * The stage port as a stage's own calls reach it (`custom`, `download`, `detail`): each `METHOD /path` under the stage's
 * api answered by `routes`, every call recorded; `sent` gives the body of the last call to one of them.
 */
export function stagesServing(routes: Record<string, (body?: unknown) => unknown>) {
  const answer = async (method: string, path: string, body?: unknown) => {
    const route = routes[`${method} ${path}`];
    if (!route) throw new Error(`no answer for ${method} ${path}`);
    return route(body);
  };
  const custom = vi.fn(async (_def: unknown, method: string, path: string, body?: object) =>
    answer(method, path, body),
  );
  const download = vi.fn(async (_def: unknown, path: string) => answer('GET', path));
  // A stage's record (`detail`) is `GET /<id>` under its api, as the gateway serves it.
  const detail = vi.fn(async (_def: unknown, keyId: string) => answer('GET', `/${keyId}`));
  const sent = (method: string, path: string) =>
    custom.mock.calls.filter((c) => c[1] === method && c[2] === path).at(-1)?.[3];
  return { custom, download, detail, sent };
}

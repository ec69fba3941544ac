import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import { normalizeMenuPath } from '../../domain/menu/menu';
import { MENU_ROUTES, VALID_PATHS } from '../app/route-table';
import { defineScreens } from './define-screens';
import { GATHERED_SCREENS, loadWithin, screenFor, ScreenLoadError } from './screen-registry';

afterEach(() => vi.useRealTimers());

const Screen = () => null;

describe('loadWithin (SPEC §8 chunk loading)', () => {
  it('gives the screen when it loads in time', async () => {
    await expect(loadWithin(async () => Screen)).resolves.toBe(Screen);
  });

  it('turns a chunk that cannot be fetched into a module-not-found error', async () => {
    const error = await loadWithin(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScreenLoadError);
    expect((error as ScreenLoadError).kind).toBe('missing');
  });

  it('gives up after 120 s with a load error', async () => {
    vi.useFakeTimers();
    const pending = loadWithin(() => new Promise(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect((error as ScreenLoadError).kind).toBe('timeout');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

describe('screens declared beside the screens (*.screens.ts)', () => {
  const declared = Object.entries(GATHERED_SCREENS).flatMap(([file, screens]) =>
    Object.keys(screens).map((path) => ({ file, path })),
  );

  it('serves each route of the registry it replaced', () => {
    const served = new Set(declared.map((d) => normalizeMenuPath(d.path)));
    expect(
      [
        ...new Set([
          '/login',
          '/register',
          '/',
          '/dashboard',
          '/401',
          '/404',
          '/risk/negativepublicopinion',
          '/basicdatamanagement/usermanagment',
          '/basicdatamanagement/rolesmanagment',
          '/basicdatamanagement/rolesmanagment/jurisdiction',
          '/basicdatamanagement/suppliermanagement',
          '/addsupplier',
          '/basicdatamanagement/projectcompanymanagement',
          '/addprojectcompany',
          '/basicdatamanagement/orgmain',
          '/basicdatamanagement/certificatemanagement',
          '/basicdatamanagement/enterprisecertification',
          '/basicdatamanagement/personalcertification',
          '/preview/previewmain',
        ]),
      ].filter((path) => !served.has(path)),
    ).toEqual([]);
  });

  // A key that is no route would never be reached, and its route would have no screen.
  it.each(declared)('$file declares $path, a route the router has', ({ path }) => {
    expect(VALID_PATHS.has(normalizeMenuPath(path))).toBe(true);
  });

  it('declares no route twice', () => {
    const paths = declared.map((d) => normalizeMenuPath(d.path));
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  // The catalogue is every route of SPEC §2.2 (route-catalogue.test.ts holds that): each has its own screen.
  it('serves every route of SPEC §2.2 with a declared screen', () => {
    const served = new Set(declared.map((d) => normalizeMenuPath(d.path)));
    const routes = MENU_ROUTES.map((r) => normalizeMenuPath(r.path));
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((path) => !served.has(path))).toEqual([]);
  });

  // It imports two screens' whole module graphs cold, which on a busy machine outlasts the unit project's 15 s.
  it('loads the declared screen, and refuses a path no screen serves as a module not found', {
    timeout: 60_000,
  }, async () => {
    const { OrgMainScreen } = await import('./basic-data/org-main-screen');
    await expect(screenFor('/basicdatamanagement/orgmain')).resolves.toBe(OrgMainScreen);
    const { SignatoriesScreen } = await import('./contract/contract-screens');
    await expect(screenFor('/business/contractfilemake/contractfilemakesignature')).resolves.toBe(SignatoriesScreen);
    const error = await screenFor('/no/such/screen').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScreenLoadError);
    expect((error as ScreenLoadError).kind).toBe('missing');
  });

  it('refuses a misspelt path at compile time', () => {
    const screens = defineScreens({
      // @ts-expect-error: '/risk/negativePublicOpinon' is no route of the catalogue
      '/risk/negativePublicOpinon': async () => Screen,
    });
    expect(Object.keys(screens)).toHaveLength(1);
  });
});

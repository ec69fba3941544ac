import { injectable } from 'inversify';
import type { StoredSession } from '../../domain/session/session';
import type { BrowserWindow } from '../../application/ports/browser.port';

const HANDOVER_PARAMS = ['token', 'tenantId', 'sysId'] as const;
const PREFERENCE_PREFIX = 'wsf.pref.';

@injectable()
export class BrowserWindowAdapter implements BrowserWindow {
  takeSessionFromUrl(): StoredSession | null {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token');
    if (!token) return null;
    const session: StoredSession = { token, tenantId: url.searchParams.get('tenantId') ?? '' };
    const sysId = url.searchParams.get('sysId');
    if (sysId) session.sysId = sysId;
    for (const name of HANDOVER_PARAMS) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return session;
  }

  setTitle(title: string): void {
    document.title = title;
  }

  redirect(url: string): void {
    window.location.assign(url);
  }

  readPreference(key: string): string | null {
    return localStorage.getItem(`${PREFERENCE_PREFIX}${key}`);
  }

  writePreference(key: string, value: string): void {
    localStorage.setItem(`${PREFERENCE_PREFIX}${key}`, value);
  }

  toggleFullscreen(): boolean {
    if (!document.fullscreenEnabled) return false;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
    return true;
  }
}

import type { ServiceIdentifier } from 'inversify';
import type { StoredSession } from '../../domain/session/session';

/** What the application needs of the browser window beyond storage. */
export interface BrowserWindow {
  /**
   * SPEC §2.3: a token may arrive in the URL query on any entry. Returns it (with tenantId and sysId when
   * given) and removes them from the address bar at once, so the token is not left in history or referrers.
   */
  takeSessionFromUrl(): StoredSession | null;
  setTitle(title: string): void;
  /** A full-page navigation away from this application. */
  redirect(url: string): void;
  /** Small UI preferences kept across sessions on this browser (e.g. the sidebar's collapsed state). */
  readPreference(key: string): string | null;
  writePreference(key: string, value: string): void;
  /** Enters or leaves full screen; false when the browser cannot. */
  toggleFullscreen(): boolean;
}

export const BrowserWindowId: ServiceIdentifier<BrowserWindow> = Symbol.for('BrowserWindow');

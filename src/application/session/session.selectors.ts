import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

type Snapshot = SnapshotFrom<SessionMachine>;

export type SessionPhase = 'booting' | 'signedOut' | 'signingIn' | 'initialising' | 'ready' | 'signingOut' | 'expired';

export const selectPhase = (s: Snapshot): SessionPhase => s.value as SessionPhase;
/** Signed in for the router: initialised, or on the way out (the page stays until the redirect). */
export const selectSignedIn = (s: Snapshot): boolean =>
  s.matches('ready') || s.matches('expired') || s.matches('signingOut');
export const selectBusy = (s: Snapshot): boolean => s.matches('signingIn') || s.matches('initialising');
export const selectMenus = (s: Snapshot) => s.context.menus;
export const selectNickName = (s: Snapshot): string => s.context.user?.nickName ?? '';
export const selectOrgName = (s: Snapshot): string => s.context.user?.orgName ?? '';
export const selectSessionError = (s: Snapshot): string | null => s.context.error;

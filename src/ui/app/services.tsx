// What screens and the shell may reach: the running flows and the ports they need, handed down by the
// composition root. Components never call the container.
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BrowserWindow } from '../../application/ports/browser.port';
import type { SessionStore } from '../../application/ports/session-store.port';
import type { SessionMachine } from '../../application/session/session.machine';

export interface Services {
  session: ActorRefFrom<SessionMachine>;
  store: SessionStore;
  browser: BrowserWindow;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing: render inside <App>');
  return services;
}

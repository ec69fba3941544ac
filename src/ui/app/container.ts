// The composition root's container: the only place that knows which adapter implements which port. What the
// login page needs is bound here; the ports of the screens behind it are bound by feature-bindings.ts, a
// lazy chunk loaded with the main layout or the registration page, so that none of their adapters weighs
// on the login page.
import { Container } from 'inversify';
import { BrowserWindowId } from '../../application/ports/browser.port';
import { ClockId } from '../../application/ports/clock.port';
import { LoadingIndicatorId } from '../../application/ports/loading-indicator.port';
import { NotifierId } from '../../application/ports/notifier.port';
import { RequestControlId } from '../../application/ports/request-control.port';
import { SessionGatewayId } from '../../application/ports/session-gateway.port';
import { SessionStoreId } from '../../application/ports/session-store.port';
import { BrowserClock } from '../../adapters/browser/browser-clock.adapter';
import { BrowserSessionStore } from '../../adapters/browser/browser-session-store.adapter';
import { BrowserWindowAdapter } from '../../adapters/browser/browser-window.adapter';
import { HttpClient, HttpClientId, HttpConfigId, loadParameterCipher } from '../../adapters/gateway/http-client';
import { SessionGatewayAdapter } from '../../adapters/gateway/session-gateway.adapter';
import type { LoadingCounter } from './loading-counter';
import type { ToastNotifier } from './toast-notifier';

export function createContainer(ui: { notifier: ToastNotifier; loading: LoadingCounter }): Container {
  const container = new Container();
  container.bind(HttpConfigId).toConstantValue({ baseURL: import.meta.env.VITE_GATEWAY_BASE_URL ?? '' });
  container.bind(NotifierId).toConstantValue(ui.notifier);
  container.bind(LoadingIndicatorId).toConstantValue(ui.loading);
  container.bind(SessionStoreId).to(BrowserSessionStore).inSingletonScope();
  container.bind(BrowserWindowId).to(BrowserWindowAdapter).inSingletonScope();
  container.bind(ClockId).to(BrowserClock).inSingletonScope();
  container.bind(HttpClientId).to(HttpClient).inSingletonScope();
  container.bind(RequestControlId).toService(HttpClientId);
  container.bind(SessionGatewayId).to(SessionGatewayAdapter).inSingletonScope();
  // The sign-in sends its parameters encrypted: the cipher is fetched while the person types, so that the
  // login page does not load it before anyone signs in, nor the sign-in wait for it after Enter. Local storage
  // is opened then too: a page's first read of it waits for the browser to hand it over (0.3 ms on a quiet
  // machine, 15–50 ms on a busy one, traced), and the first read would otherwise come between the sign-in's
  // answer and the session's first calls, which send the stored user's id.
  document.addEventListener(
    'input',
    () => {
      void loadParameterCipher();
      container.get(SessionStoreId).readUser();
    },
    { capture: true, once: true },
  );
  return container;
}

/** Binds the screens' ports, once; every route behind the login page waits for it. */
export function featureLoader(container: Container): () => Promise<void> {
  let loaded: Promise<void> | undefined;
  return () => {
    loaded ??= import('./feature-bindings').then(({ bindFeatures }) => bindFeatures(container));
    return loaded;
  };
}

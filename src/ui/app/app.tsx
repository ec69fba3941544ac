// The composition root: builds the container, starts the session flow, wires the gateway's expired-session
// signal and navigation side effects (title, cancelling pending requests), and renders the router.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { lazy, StrictMode, Suspense, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createActor } from 'xstate';
import { BrowserWindowId } from '../../application/ports/browser.port';
import { ClockId } from '../../application/ports/clock.port';
import { RequestControlId } from '../../application/ports/request-control.port';
import { SessionGatewayId } from '../../application/ports/session-gateway.port';
import { SessionStoreId } from '../../application/ports/session-store.port';
import { AccountGatewayId } from '../../application/ports/account-gateway.port';
import { RoleGatewayId } from '../../application/ports/role-gateway.port';
import { UserGatewayId } from '../../application/ports/user-gateway.port';
import { OrganizationGatewayId } from '../../application/ports/organization-gateway.port';
import { ResourceGatewayId } from '../../application/ports/resource-gateway.port';
import { RegistrationGatewayId } from '../../application/ports/registration-gateway.port';
import { AssetsGatewayId } from '../../application/ports/assets-gateway.port';
import { StageGatewayId } from '../../application/ports/stage-gateway.port';
import { ParametersGatewayId } from '../../application/ports/parameters-gateway.port';
import { StatisticsGatewayId } from '../../application/ports/statistics-gateway.port';
import { SearchGatewayId } from '../../application/ports/search-gateway.port';
import { ReviewGatewayId } from '../../application/ports/review-gateway.port';
import { createTodoCountMachine } from '../../application/workbench/todo-count.machine';
import { BusinessGatewayId } from '../../application/ports/business-gateway.port';
import { createSessionMachine } from '../../application/session/session.machine';
import { SupplierAuthorizationGatewayId } from '../../application/ports/supplier-authorization.port';
import { FileGatewayId } from '../../application/ports/file-gateway.port';
import { createTagsMachine, restoreTags } from '../../application/tags/tags.machine';
import { DOCUMENT_TITLE } from '../../domain/session/session';
import { createContainer, featureLoader } from './container';
import { dropDrawnLogin } from './drawn-login';
import { LoadingBar } from './loading-bar';
import { LoadingCounter } from './loading-counter';
import { createRouter, preloadShell } from './router';
import { ServicesContext, type Services } from './services';
import { ToastNotifier } from './toast-notifier';

function compose() {
  const notifier = new ToastNotifier();
  const loading = new LoadingCounter();
  const container = createContainer({ notifier, loading });
  const store = container.get(SessionStoreId);
  const browser = container.get(BrowserWindowId);
  const requests = container.get(RequestControlId);
  const session = createActor(
    createSessionMachine({
      gateway: container.get(SessionGatewayId),
      store,
      notifier,
      browser,
      requests,
    }),
  );
  requests.onSessionExpired(() => session.send({ type: 'SESSION_EXPIRED' }));
  // While the gateway checks the password and the session initialises, fetch the shell, the home screen and
  // the screens' ports, so that none is downloaded after it: in the next task, once the sign-in's own request has gone out
  // ahead of them. The toaster is loaded with the first message, as on the login page.
  const features = featureLoader(container);
  const preload = session.subscribe((s) => {
    if (s.matches('signingIn') || s.matches('initialising')) {
      setTimeout(() => {
        preloadShell();
        void features();
      }, 0);
      preload.unsubscribe();
    }
  });
  session.start();

  const tags = createActor(createTagsMachine({ store }), { input: { tags: restoreTags(store) } }).start();
  session.subscribe((s) => {
    if (s.matches('signedOut') && tags.getSnapshot().context.tags.length > 1) tags.send({ type: 'RESET' });
  });

  // 我的待办's count: the shell asks for it once its first screen shows (main-layout.tsx), so that it is not
  // on the sign-in path; it is emptied when the session ends, and the screens ask again after the user acts
  // on an item.
  const todoCount = createActor(createTodoCountMachine(() => container.get(ReviewGatewayId).todoCount())).start();
  let wasReady = false;
  session.subscribe((s) => {
    if (wasReady && !s.matches('ready')) todoCount.send({ type: 'CLEAR' });
    wasReady = s.matches('ready');
  });

  const router = createRouter(features);
  tags.on('navigate', ({ to }) => void router.navigate(to));
  // SPEC §2.3: on each navigation the title is set and pending requests are cancelled. A router
  // subscription runs before the next screen mounts, so it cannot cancel that screen's own requests.
  let lastPath = router.state.location.pathname;
  // The form login.html draws is the login screen's to take over: any other page the app lands on removes it.
  const dropDrawnElsewhere = () => {
    if (lastPath !== '/login') dropDrawnLogin();
  };
  dropDrawnElsewhere();
  browser.setTitle(DOCUMENT_TITLE);
  router.subscribe((state) => {
    if (state.location.pathname === lastPath) return;
    lastPath = state.location.pathname;
    dropDrawnElsewhere();
    requests.cancelPending();
    browser.setTitle(DOCUMENT_TITLE);
  });

  // The screens' ports are bound once the main layout or the registration page loads (router.tsx): they
  // are looked up when a screen asks, never on the login page.
  const services: Services = {
    session,
    tags,
    store,
    browser,
    clock: container.get(ClockId),
    notifier,
    get account() {
      return container.get(AccountGatewayId);
    },
    get supplierAuthorization() {
      return container.get(SupplierAuthorizationGatewayId);
    },
    get files() {
      return container.get(FileGatewayId);
    },
    get roles() {
      return container.get(RoleGatewayId);
    },
    get users() {
      return container.get(UserGatewayId);
    },
    get organizations() {
      return container.get(OrganizationGatewayId);
    },
    get resources() {
      return container.get(ResourceGatewayId);
    },
    get registration() {
      return container.get(RegistrationGatewayId);
    },
    get assets() {
      return container.get(AssetsGatewayId);
    },
    get stages() {
      return container.get(StageGatewayId);
    },
    get parameters() {
      return container.get(ParametersGatewayId);
    },
    get review() {
      return container.get(ReviewGatewayId);
    },
    todoCount,
    get business() {
      return container.get(BusinessGatewayId);
    },
    get statistics() {
      return container.get(StatisticsGatewayId);
    },
    get search() {
      return container.get(SearchGatewayId);
    },
  };
  return { services, router, notifier, loading };
}

const loadToastHost = () => import('./toast-host');
const ToastHost = lazy(async () => ({ default: (await loadToastHost()).ToastHost }));

function Toasts({ notifier }: { notifier: ToastNotifier }) {
  const wanted = useSyncExternalStore(notifier.subscribe, notifier.isWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost notifier={notifier} />
    </Suspense>
  ) : null;
}

export function App() {
  const [{ services, router, notifier, loading }] = useState(compose);
  return (
    <StrictMode>
      <FluentProvider theme={webLightTheme} style={{ height: '100%' }}>
        <ServicesContext.Provider value={services}>
          <LoadingBar counter={loading} />
          <Toasts notifier={notifier} />
          <RouterProvider router={router} />
        </ServicesContext.Provider>
      </FluentProvider>
    </StrictMode>
  );
}

// The composition root's container: the only place that knows which adapter implements which port.
import { Container } from 'inversify';
import { AccountGatewayId } from '../../application/ports/account-gateway.port';
import { RiskGatewayId } from '../../application/ports/risk-gateway.port';
import { RoleGatewayId } from '../../application/ports/role-gateway.port';
import { UserGatewayId } from '../../application/ports/user-gateway.port';
import { OrganizationGatewayId } from '../../application/ports/organization-gateway.port';
import { FileGatewayId, FileSaverId } from '../../application/ports/file-gateway.port';
import { BrowserWindowId } from '../../application/ports/browser.port';
import { LoadingIndicatorId } from '../../application/ports/loading-indicator.port';
import { NotifierId } from '../../application/ports/notifier.port';
import { RequestControlId } from '../../application/ports/request-control.port';
import { SessionGatewayId } from '../../application/ports/session-gateway.port';
import { SessionStoreId } from '../../application/ports/session-store.port';
import { SupplierAuthorizationGatewayId } from '../../application/ports/supplier-authorization.port';
import { BrowserSessionStore } from '../../adapters/browser/browser-session-store.adapter';
import { BrowserWindowAdapter } from '../../adapters/browser/browser-window.adapter';
import { HttpClient, HttpClientId, HttpConfigId } from '../../adapters/gateway/http-client';
import { AccountGatewayAdapter } from '../../adapters/gateway/account-gateway.adapter';
import { RiskGatewayAdapter } from '../../adapters/gateway/risk-gateway.adapter';
import { RoleGatewayAdapter } from '../../adapters/gateway/role-gateway.adapter';
import { UserGatewayAdapter } from '../../adapters/gateway/user-gateway.adapter';
import { OrganizationGatewayAdapter } from '../../adapters/gateway/organization-gateway.adapter';
import { BrowserFileSaver, FileGatewayAdapter } from '../../adapters/gateway/file-gateway.adapter';
import { SessionGatewayAdapter } from '../../adapters/gateway/session-gateway.adapter';
import { SupplierAuthorizationGatewayAdapter } from '../../adapters/gateway/supplier-authorization-gateway.adapter';
import type { LoadingCounter } from './loading-counter';
import type { ToastNotifier } from './toast-notifier';

export function createContainer(ui: { notifier: ToastNotifier; loading: LoadingCounter }): Container {
  const container = new Container();
  container.bind(HttpConfigId).toConstantValue({ baseURL: import.meta.env.VITE_GATEWAY_BASE_URL ?? '' });
  container.bind(NotifierId).toConstantValue(ui.notifier);
  container.bind(LoadingIndicatorId).toConstantValue(ui.loading);
  container.bind(SessionStoreId).to(BrowserSessionStore).inSingletonScope();
  container.bind(BrowserWindowId).to(BrowserWindowAdapter).inSingletonScope();
  container.bind(HttpClientId).to(HttpClient).inSingletonScope();
  container.bind(RequestControlId).toService(HttpClientId);
  container.bind(SessionGatewayId).to(SessionGatewayAdapter).inSingletonScope();
  container.bind(SupplierAuthorizationGatewayId).to(SupplierAuthorizationGatewayAdapter).inSingletonScope();
  container.bind(AccountGatewayId).to(AccountGatewayAdapter).inSingletonScope();
  container.bind(RiskGatewayId).to(RiskGatewayAdapter).inSingletonScope();
  container.bind(RoleGatewayId).to(RoleGatewayAdapter).inSingletonScope();
  container.bind(UserGatewayId).to(UserGatewayAdapter).inSingletonScope();
  container.bind(OrganizationGatewayId).to(OrganizationGatewayAdapter).inSingletonScope();
  container.bind(FileSaverId).to(BrowserFileSaver).inSingletonScope();
  container.bind(FileGatewayId).to(FileGatewayAdapter).inSingletonScope();
  return container;
}

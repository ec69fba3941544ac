// What screens and the shell may reach: the running session and tag flows, and the ports every other flow
// needs, handed down by the composition root. Components never call the container. Feature flows are
// built where they are used, inside lazy chunks, so that none of their code weighs on the login page.
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BrowserWindow } from '../../application/ports/browser.port';
import type { Clock } from '../../application/ports/clock.port';
import type { Notifier } from '../../application/ports/notifier.port';
import type { RoleGateway } from '../../application/ports/role-gateway.port';
import type { UserGateway } from '../../application/ports/user-gateway.port';
import type { OrganizationGateway } from '../../application/ports/organization-gateway.port';
import type { ResourceGateway } from '../../application/ports/resource-gateway.port';
import type { RegistrationGateway } from '../../application/ports/registration-gateway.port';
import type { AssetsGateway } from '../../application/ports/assets-gateway.port';
import type { ParametersGateway } from '../../application/ports/parameters-gateway.port';
import type { StatisticsGateway } from '../../application/ports/statistics-gateway.port';
import type { SearchGateway } from '../../application/ports/search-gateway.port';
import type { ReviewGateway } from '../../application/ports/review-gateway.port';
import type { StageGateway } from '../../application/ports/stage-gateway.port';
import type { TodoCountMachine } from '../../application/workbench/todo-count.machine';
import type { BusinessGateway } from '../../application/ports/business-gateway.port';
import type { SessionStore } from '../../application/ports/session-store.port';
import type { AccountGateway } from '../../application/ports/account-gateway.port';
import type { FileGateway } from '../../application/ports/file-gateway.port';
import type { SupplierAuthorizationGateway } from '../../application/ports/supplier-authorization.port';
import type { SessionMachine } from '../../application/session/session.machine';
import type { TagsMachine } from '../../application/tags/tags.machine';

export interface Services {
  session: ActorRefFrom<SessionMachine>;
  tags: ActorRefFrom<TagsMachine>;
  store: SessionStore;
  browser: BrowserWindow;
  /** The client's "now": every form's day rule and every screen's "is it time yet" reads it. */
  clock: Clock;
  notifier: Notifier;
  account: AccountGateway;
  supplierAuthorization: SupplierAuthorizationGateway;
  files: FileGateway;
  roles: RoleGateway;
  users: UserGateway;
  organizations: OrganizationGateway;
  /** Every plain resource, by its definition. */
  resources: ResourceGateway;
  registration: RegistrationGateway;
  /** The assets area's calls beyond the kit (details, import, the pay book). */
  assets: AssetsGateway;
  /** Every lifecycle stage, by its definition (the stage kit's port: src/ui/screens/stage). */
  stages: StageGateway;
  /** 风控汇总参数's version in force and its save (the versions themselves are the kit's). */
  parameters: ParametersGateway;
  /** 审核类型配置, 业务审核 and the workbench. */
  review: ReviewGateway;
  /** The count on 我的待办: refreshed on sign-in and after the user acts on an item. */
  todoCount: ActorRefFrom<TodoCountMachine>;
  /** 融资业务: its list, detail, timeline and the lifecycle's one verb. */
  business: BusinessGateway;
  /** 数据看板's widgets and KPI cards (menu-scoped). */
  statistics: StatisticsGateway;
  /** Search every number (the command palette and the header's box). */
  search: SearchGateway;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing: render inside <App>');
  return services;
}

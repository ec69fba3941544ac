// What screens and the shell may reach: the running flows and the ports they need, handed down by the
// composition root. Components never call the container.
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BrowserWindow } from '../../application/ports/browser.port';
import type { Notifier } from '../../application/ports/notifier.port';
import type { RiskGateway } from '../../application/ports/risk-gateway.port';
import type { RoleGateway } from '../../application/ports/role-gateway.port';
import type { UserGateway } from '../../application/ports/user-gateway.port';
import type { OrganizationGateway } from '../../application/ports/organization-gateway.port';
import type { CertificationGateway } from '../../application/ports/certification-gateway.port';
import type { SessionStore } from '../../application/ports/session-store.port';
import type { ChangePasswordMachine } from '../../application/account/change-password.machine';
import type { SessionMachine } from '../../application/session/session.machine';
import type { PreviewMachine } from '../../application/files/preview.machine';
import type { UploadMachine } from '../../application/files/upload.machine';
import type { SupplierAuthorizationMachine } from '../../application/supplier-authorization/supplier-authorization.machine';
import type { TagsMachine } from '../../application/tags/tags.machine';

export interface Services {
  session: ActorRefFrom<SessionMachine>;
  tags: ActorRefFrom<TagsMachine>;
  /** Started by the change-password dialog each time it opens. */
  changePassword: ChangePasswordMachine;
  /** Started by the supplier authorization prompt on each entry to the main layout. */
  supplierAuthorization: SupplierAuthorizationMachine;
  /** Started by each upload widget (kit/upload). */
  uploads: UploadMachine;
  /** Started by the preview screen for its keyId. */
  preview: PreviewMachine;
  store: SessionStore;
  browser: BrowserWindow;
  notifier: Notifier;
  /** Ports for the screens' own flows, which the screens' lazy chunks create. */
  risk: RiskGateway;
  roles: RoleGateway;
  users: UserGateway;
  organizations: OrganizationGateway;
  certifications: CertificationGateway;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing: render inside <App>');
  return services;
}

// Which lazily loaded screen serves which route (keys are normalised paths). Routes without an entry show
// the under-construction screen until their issue builds them. Loading a screen fails in two ways the
// error catalogue (SPEC §8) tells apart: its chunk cannot be fetched (module not found), or it takes
// longer than 120 s (load error); the route's error screen offers a retry for both.
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/constants';

type ScreenLoader = () => Promise<ComponentType>;

const SCREENS: Record<string, ScreenLoader> = {
  '/login': async () => (await import('./login/login-screen')).LoginScreen,
  '/register': async () => (await import('./login/register-screen')).RegisterScreen,
  '/': async () => (await import('./home/home-screen')).HomeScreen,
  '/dashboard': async () => (await import('./home/home-screen')).HomeScreen,
  '/401': async () => (await import('./common/unauthorized-screen')).UnauthorizedScreen,
  '/404': async () => (await import('./common/not-found-screen')).NotFoundScreen,
  '/risk/negativepublicopinion': async () => (await import('./risk/negative-opinion-screen')).NegativeOpinionScreen,
  '/basicdatamanagement/usermanagment': async () => (await import('./basic-data/user-management-screen')).UserManagementScreen,
  '/basicdatamanagement/rolesmanagment': async () => (await import('./basic-data/roles-screen')).RolesScreen,
  '/basicdatamanagement/rolesmanagment/jurisdiction': async () => (await import('./basic-data/role-jurisdiction-screen')).RoleJurisdictionScreen,
  '/basicdatamanagement/suppliermanagement': async () => (await import('./basic-data/supplier-management-screen')).SupplierManagementScreen,
  '/addsupplier': async () => (await import('./basic-data/supplier-management-screen')).AddSupplierScreen,
  '/basicdatamanagement/projectcompanymanagement': async () => (await import('./basic-data/project-company-management-screen')).ProjectCompanyManagementScreen,
  '/addprojectcompany': async () => (await import('./basic-data/project-company-management-screen')).AddProjectCompanyScreen,
  '/basicdatamanagement/orgmain': async () => (await import('./basic-data/org-main-screen')).OrgMainScreen,
  '/basicdatamanagement/certificatemanagement': async () => (await import('./basic-data/certification-screen')).CertificateManagementScreen,
  '/basicdatamanagement/enterprisecertification': async () => (await import('./basic-data/certification-screen')).EnterpriseCertificationScreen,
  '/basicdatamanagement/personalcertification': async () => (await import('./basic-data/certification-screen')).PersonalCertificationScreen,
  '/preview/previewmain': async () => (await import('./preview/preview-screen')).PreviewScreen,
};

const underConstruction: ScreenLoader = async () => (await import('./common/under-construction-screen')).UnderConstructionScreen;

export class ScreenLoadError extends Error {
  constructor(readonly kind: 'timeout' | 'missing', cause?: unknown) {
    super(kind === 'timeout' ? '页面加载超时' : '页面模块加载失败', { cause });
    this.name = 'ScreenLoadError';
  }
}

/** Loads with a time limit; a loader that fails becomes a 'missing' screen, one that hangs a 'timeout'. */
export function loadWithin(loader: ScreenLoader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<ComponentType> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadError('timeout')), timeoutMs);
    loader().then(
      (screen) => { clearTimeout(timer); resolve(screen); },
      (error: unknown) => { clearTimeout(timer); reject(new ScreenLoadError('missing', error)); },
    );
  });
}

export function screenFor(normalisedPath: string): Promise<ComponentType> {
  return loadWithin(SCREENS[normalisedPath] ?? underConstruction);
}

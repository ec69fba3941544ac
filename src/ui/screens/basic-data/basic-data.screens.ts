import { defineScreens } from '../define-screens';
import { resourceScreen } from '../resource/resource-screen-loader';

export default defineScreens({
  '/basicDataManagement/userManagment': () => import('./user-management-screen').then((m) => m.UserManagementScreen),
  '/basicDataManagement/rolesManagment': () => import('./roles-screen').then((m) => m.RolesScreen),
  '/basicDataManagement/rolesManagment/jurisdiction': () =>
    import('./role-jurisdiction-screen').then((m) => m.RoleJurisdictionScreen),
  '/basicDataManagement/supplierManagement': () =>
    import('./supplier-management-screen').then((m) => m.SupplierManagementScreen),
  '/addSupplier': () => import('./supplier-management-screen').then((m) => m.AddSupplierScreen),
  '/basicDataManagement/projectCompanyManagement': () =>
    import('./project-company-management-screen').then((m) => m.ProjectCompanyManagementScreen),
  '/addProjectCompany': () => import('./project-company-management-screen').then((m) => m.AddProjectCompanyScreen),
  '/basicDataManagement/orgMain': () => import('./org-main-screen').then((m) => m.OrgMainScreen),
  '/basicDataManagement/certificateManagement': resourceScreen(
    async () => (await import('../../../domain/certification/certification.resource')).CERTIFICATE,
  ),
  '/basicDataManagement/enterpriseCertification': resourceScreen(
    async () => (await import('../../../domain/certification/certification.resource')).ENTERPRISE_CERTIFICATION,
  ),
  '/basicDataManagement/personalCertification': resourceScreen(
    async () => (await import('../../../domain/certification/certification.resource')).PERSONAL_CERTIFICATION,
  ),
});

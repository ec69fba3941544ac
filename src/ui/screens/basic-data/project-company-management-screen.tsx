// 项目公司管理 (/basicDataManagement/projectCompanyManagement) and its add / edit page (/addProjectCompany).
import { ADD_PROJECT_COMPANY_PATH, PROJECT_COMPANY_PATH } from '../../../domain/organization/organization';
import { OrganizationFormPage } from './organization-form-page';
import { OrganizationList } from './organization-list';

const LIST = {
  resource: 'projectCompany',
  title: '项目公司管理',
  listPath: PROJECT_COMPANY_PATH,
  addPath: ADD_PROJECT_COMPANY_PATH,
  tableLabel: '项目公司列表',
} as const;
const FORM = {
  resource: 'projectCompany',
  type: 'PROJECT_COMPANY',
  noun: '项目公司',
  listPath: PROJECT_COMPANY_PATH,
  addPath: ADD_PROJECT_COMPANY_PATH,
} as const;

export function ProjectCompanyManagementScreen() {
  return <OrganizationList config={LIST} />;
}

export function AddProjectCompanyScreen() {
  return <OrganizationFormPage config={FORM} />;
}

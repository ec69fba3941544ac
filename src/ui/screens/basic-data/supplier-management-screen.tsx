// 供应商管理 (/basicDataManagement/supplierManagement) and its add / edit page (/addSupplier).
import { ADD_SUPPLIER_PATH, SUPPLIER_PATH } from '../../../domain/organization/organization';
import { OrganizationFormPage } from './organization-form-page';
import { OrganizationList } from './organization-list';

const LIST = {
  resource: 'supplier',
  title: '供应商管理',
  listPath: SUPPLIER_PATH,
  addPath: ADD_SUPPLIER_PATH,
  tableLabel: '供应商列表',
} as const;
const FORM = {
  resource: 'supplier',
  type: 'SUPPLIER',
  noun: '供应商',
  listPath: SUPPLIER_PATH,
  addPath: ADD_SUPPLIER_PATH,
} as const;

export function SupplierManagementScreen() {
  return <OrganizationList config={LIST} />;
}

export function AddSupplierScreen() {
  return <OrganizationFormPage config={FORM} />;
}

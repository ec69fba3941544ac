// 操作日志's change table: the record before and after, field by field, with the Chinese label of each
// stored field per kind of record. A field without a label is shown under its own key (a new column never
// hides); values read as people say them (启用 rather than ENABLED, 是 / 否, lists joined with 、).
const COMMON: Record<string, string> = {
  status: '状态',
  version: '版本',
  created_at: '创建时间',
  updated_at: '修改时间',
  tenant_id: '租户',
  remark: '备注',
  email: '邮箱',
  mobile: '手机号',
};

export const FIELD_LABELS: Record<string, Record<string, string>> = {
  user: {
    user_id: '用户ID',
    user_name: '用户名',
    nick_name: '姓名',
    organization_id: '所属组织',
    user_type: '用户类型',
    oa_account: 'OA账号',
    is_auth_data: '数据授权',
    isAuthData: '数据授权',
    roleIds: '角色',
    id_number: '身份证号',
  },
  personnel: { personnel_id: '人员ID', user_id: '用户ID', name: '姓名', id_number: '身份证号' },
  role: {
    roleName: '角色名称',
    roleCode: '角色编码',
    role_name: '角色名称',
    role_code: '角色编码',
    userIds: '用户',
    menus: '菜单权限',
  },
  organization: {
    org_id: '组织ID',
    org_name: '企业名称',
    enterpriseName: '企业名称',
    org_type: '组织类型',
    parent_id: '上级组织',
    parentId: '上级组织',
    credit_code: '统一社会信用代码',
    creditCode: '统一社会信用代码',
    contact_name: '联系人',
    contactName: '联系人',
    contact_mobile: '联系人手机号',
    contactMobile: '联系人手机号',
    address: '地址',
    gys_id: '供应商编号',
    appIds: '所属子系统',
    sort_no: '排序',
  },
};

const VALUE_LABELS: Record<string, string> = {
  ENABLED: '启用',
  DISABLED: '停用',
  DELETED: '已删除',
  STAFF: '员工',
  SUPPLIER: '供应商',
  GROUP: '集团',
  SUBSIDIARY: '子公司',
  PROJECT_COMPANY: '项目公司',
  CAPITAL_SIDE: '资金方',
};

export interface FieldChange {
  key: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

function parse(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { 值: value };
  } catch {
    return { 值: text };
  }
}

export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '--';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return VALUE_LABELS[value] ?? value;
  if (Array.isArray(value)) return value.length ? value.map(displayValue).join('、') : '--';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every field either side holds, in the order the record stored them, changed ones marked. */
export function fieldChanges(targetType: string, before: string | null, after: string | null): FieldChange[] {
  const b = parse(before);
  const a = parse(after);
  const labels = { ...COMMON, ...(FIELD_LABELS[targetType] ?? {}) };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    const was = displayValue(b[key]);
    const now = displayValue(a[key]);
    return { key, label: labels[key] ?? key, before: was, after: now, changed: was !== now };
  });
}

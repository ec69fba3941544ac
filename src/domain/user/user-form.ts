// The 用户管理 form: one set of rules and messages for the dialog and the gateway, which is the
// authority. Mobile, e-mail and ID number use the shared patterns (SPEC §5); the words for required and
// length limits are ours.
import { checkPattern } from '../patterns/pattern-check';

export interface UserForm {
  userName: string;
  nickName: string;
  organizationId: string;
  mobile: string;
  email: string;
  idNumber: string;
  oaAccount: string;
}

export type UserFormField = keyof UserForm;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export const USER_NAME_PATTERN = /^[A-Za-z0-9_.@-]{3,30}$/;

export const UserFormMessage = {
  userNameRequired: '请输入用户名',
  userNameFormat: '用户名为3-30位字母、数字或 _ . @ -',
  userNameTaken: '用户名已存在',
  nickNameRequired: '请输入姓名',
  nickNameLength: '姓名不能超过30个字符',
  organizationRequired: '请选择所属组织',
  mobileRequired: '请输入手机号',
  mobileTaken: '手机号已被其他用户使用',
  oaFormat: 'OA账号不能超过50个字符',
  oaTaken: 'OA账号已存在',
} as const;

export const EMPTY_USER_FORM: UserForm = {
  userName: '',
  nickName: '',
  organizationId: '',
  mobile: '',
  email: '',
  idNumber: '',
  oaAccount: '',
};

export function validateUserField(field: UserFormField, form: UserForm, today: Date): string | null {
  const value = form[field].trim();
  switch (field) {
    case 'userName':
      if (!value) return UserFormMessage.userNameRequired;
      return USER_NAME_PATTERN.test(value) ? null : UserFormMessage.userNameFormat;
    case 'nickName':
      if (!value) return UserFormMessage.nickNameRequired;
      return [...value].length > 30 ? UserFormMessage.nickNameLength : null;
    case 'organizationId':
      return value ? null : UserFormMessage.organizationRequired;
    case 'mobile':
      return value ? checkPattern('mobile', value) : UserFormMessage.mobileRequired;
    case 'email':
      return checkPattern('email', value);
    case 'idNumber':
      return checkPattern('residentId', value, today);
    case 'oaAccount':
      return value.length > 50 ? UserFormMessage.oaFormat : null;
  }
}

const FIELDS: readonly UserFormField[] = [
  'userName',
  'nickName',
  'organizationId',
  'mobile',
  'email',
  'idNumber',
  'oaAccount',
];

export function validateUserForm(form: UserForm, today: Date): UserFormErrors {
  const errors: UserFormErrors = {};
  for (const field of FIELDS) {
    const message = validateUserField(field, form, today);
    if (message) errors[field] = message;
  }
  return errors;
}

export function firstUserFormError(form: UserForm, today: Date): string | null {
  return Object.values(validateUserForm(form, today))[0] ?? null;
}

export type UserStatus = 'ENABLED' | 'DISABLED';
export const USER_STATUS_LABEL: Readonly<Record<UserStatus, string>> = { ENABLED: '启用', DISABLED: '停用' };

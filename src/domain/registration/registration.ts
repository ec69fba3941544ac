// Registration (/register, SPEC §2.1): a supplier not yet on the platform applies with its company and an
// account. The form's rules are one module for the screen and the gateway: the company's credit code with
// its check character and the contact's mobile and e-mail follow the shared patterns (SPEC §5), the
// password SPEC §5's policy with its exact messages, and the platform's user agreement must be agreed to.
import { checkPasswordStrength } from '../password/password-policy';
import { checkPattern } from '../patterns/pattern-check';

export interface RegistrationForm {
  companyName: string;
  creditCode: string;
  legalPerson: string;
  contactName: string;
  mobile: string;
  email: string;
  userName: string;
  password: string;
  rePassword: string;
  agreed: boolean;
}

export type RegistrationField = keyof RegistrationForm;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const EMPTY_REGISTRATION: RegistrationForm = {
  companyName: '',
  creditCode: '',
  legalPerson: '',
  contactName: '',
  mobile: '',
  email: '',
  userName: '',
  password: '',
  rePassword: '',
  agreed: false,
};

export const REGISTRATION_LABEL: Readonly<Record<Exclude<RegistrationField, 'agreed'>, string>> = {
  companyName: '企业名称',
  creditCode: '统一社会信用代码',
  legalPerson: '法定代表人',
  contactName: '联系人',
  mobile: '手机号码',
  email: '电子邮箱',
  userName: '用户名',
  password: '密码',
  rePassword: '确认密码',
};

const MAX: Readonly<Partial<Record<RegistrationField, number>>> = {
  companyName: 100,
  legalPerson: 30,
  contactName: 20,
  email: 60,
};
const USER_NAME = /^[A-Za-z][A-Za-z0-9_.-]{3,29}$/;

export const RegistrationMessage = {
  required: (label: string) => `请输入${label}`,
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字符`,
  userName: '用户名须以字母开头，由4-30位字母、数字、点、下划线或横线组成',
  rePasswordRequired: '请再次确认密码',
  mismatch: '两次密码输入不一致',
  agreement: '请阅读并同意《平台用户协议》',
  creditCodeTaken: '该企业已注册或正在审核中',
  userNameTaken: '该用户名已被使用',
  /** A name the registration tenant does not hold but sign-in cannot tell apart (names sign in without a tenant). */
  userNameUnavailable: '该用户名不可用，请更换其他用户名',
  underReview: '您的注册申请正在审核中，审核通过后即可登录',
  rejected: (comment: string) => `您的注册申请未通过审核：${comment}`,
  submitted: '注册申请已提交，请等待平台审核',
  tooMany: '注册尝试过于频繁，请稍后再试',
} as const;

export function validateRegistrationField(field: RegistrationField, form: RegistrationForm): string | null {
  if (field === 'agreed') return form.agreed ? null : RegistrationMessage.agreement;
  const value = form[field].trim();
  const label = REGISTRATION_LABEL[field];
  if (field === 'rePassword') {
    if (!form.rePassword) return RegistrationMessage.rePasswordRequired;
    return form.rePassword === form.password ? null : RegistrationMessage.mismatch;
  }
  if (!value) return RegistrationMessage.required(label);
  const max = MAX[field];
  if (max && [...value].length > max) return RegistrationMessage.tooLong(label, max);
  switch (field) {
    case 'creditCode':
      return checkPattern('creditCode', value);
    case 'mobile':
      return checkPattern('mobile', value);
    case 'email':
      return checkPattern('email', value);
    case 'userName':
      return USER_NAME.test(value) ? null : RegistrationMessage.userName;
    case 'password':
      return checkPasswordStrength(form.password);
    default:
      return null;
  }
}

export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'companyName',
  'creditCode',
  'legalPerson',
  'contactName',
  'mobile',
  'email',
  'userName',
  'password',
  'rePassword',
  'agreed',
];

export function validateRegistration(form: RegistrationForm): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const field of REGISTRATION_FIELDS) {
    const message = validateRegistrationField(field, form);
    if (message) errors[field] = message;
  }
  return errors;
}

export const USER_AGREEMENT_TITLE = '平台用户协议';

/** The platform's user agreement, read to its end in the read-only agreement dialog (SPEC §2.5) before 同意. */
export const USER_AGREEMENT = [
  '欢迎注册远景控股集团供应链金融平台（以下简称“本平台”）。在注册之前，请您仔细阅读本协议的全部内容。您点击“同意”即表示您已充分阅读、理解并接受本协议的全部条款。',
  '一、注册信息。您应以企业名义注册，并保证所提交的企业名称、统一社会信用代码、法定代表人及联系人信息真实、准确、完整。平台将对您提交的信息进行审核，审核通过前账号不可登录。',
  '二、账号安全。您应妥善保管账号和密码，因您保管不善造成的损失由您自行承担。如发现账号被他人使用，应立即通知平台。',
  '三、数据使用。您同意平台为开展供应链金融业务的需要，依法收集、使用您提交的企业信息；涉及征信、税务、发票等数据查询的，平台将另行取得您的数据查询授权。',
  '四、业务规则。您通过平台发起的融资需求、申请及签约等行为，应遵守平台公布的业务规则及相关法律法规，不得提交虚假的贸易背景资料。',
  '五、信息保密。平台对您的商业信息承担保密义务，法律法规另有规定或经您授权的除外。',
  '六、协议变更。平台有权根据业务需要修订本协议，修订后的协议将在平台公布，您继续使用平台即视为接受修订后的协议。',
  '七、争议解决。本协议适用中华人民共和国法律。因本协议产生的争议，双方应协商解决；协商不成的，提交平台运营方所在地有管辖权的人民法院诉讼解决。',
].join('\n\n');

// The supplier's data-query authorization (SPEC §3, §4, §7.2): the letter a supplier consents to before
// its financing business may use its data, and the wire shapes of the three calls. The gateway serves the
// letter from here and the client falls back to it, so both sides show the same text.
import { AUTHORIZATION_TEMPLATE_ID } from '../constants';
import { GROUP_COMPANY_NAME } from '../session/session';

/** What checkAuthorization returns while the supplier's consent is still needed. */
export interface AuthorizationDocument {
  templateId: string;
  title: string;
  content: string;
}

/** The body of updateSupplierAuth. */
export interface SupplierAuthRequest {
  gysId: string;
  authState: typeof AUTH_STATE_AGREED;
  capitalSideCodeList: string[];
}

/** updateSupplierAuth's data: code '0' granted, '1' refused with the reason in message. */
export interface SupplierAuthResult {
  code: typeof AUTH_RESULT_OK | typeof AUTH_RESULT_REFUSED;
  message: string;
}

export const AUTH_STATE_AGREED = '1';
export const AUTH_RESULT_OK = '0';
export const AUTH_RESULT_REFUSED = '1';

export const AuthorizationMessage = {
  granted: '授权成功',
  noCapitalSide: '未找到可授权的资金方，请联系管理员',
  unknownCapitalSide: (codes: readonly string[]) => `资金方不存在：${codes.join('、')}`,
  notASupplier: '供应商不存在',
} as const;

export const AUTHORIZATION_LETTER_TITLE = '数据查询授权书';

/**
 * The bank data-query authorization letter (template 2208121420261270001): which information of the
 * supplier held by the group and its subsidiaries the financing institutions may query, and which business
 * data flows back to the group. One paragraph a line.
 */
export function authorizationLetterContent(groupName: string = GROUP_COMPANY_NAME): string {
  const group = `${groupName}及其下属子公司（以下合称“${groupName}”）`;
  return [
    '致：为本企业提供供应链金融服务的各银行及金融机构（以下简称“贵行”）',
    `本企业为申请并办理${groupName}供应链金融平台（以下简称“平台”）项下的融资业务，现授权贵行通过平台查询、收集、保存和使用本企业在${group}处留存或产生的下列信息，用于融资业务的准入审查、授信审批、贷后管理和风险控制：`,
    '一、身份信息：本企业及其法定代表人、实际控制人、经办人的名称、统一社会信用代码、证件类型及号码、联系方式等身份信息；',
    '二、设备及IP信息：本企业用户登录和使用平台时的设备信息、网络IP地址及操作记录；',
    '三、工商登记及司法信息：工商注册登记、股东及其变更、行政处罚、涉诉、被执行及失信等信息；',
    '四、税务信息：纳税申报、税款缴纳、纳税信用等级及欠税等信息；',
    '五、增值税发票信息：本企业开具及取得的增值税发票信息；',
    '六、结算账户流水信息：本企业结算账户的交易流水信息；',
    '七、政务信息：社保、公积金、海关、环保等政务公开及政务服务信息；',
    '八、票据信息：商业汇票的出票、承兑、背书、贴现及兑付信息；',
    `九、采购或招投标信息：本企业与${groupName}之间的采购、招标、投标及中标信息；`,
    `十、合同信息：本企业与${groupName}签订的合同及其履约信息；`,
    `十一、应收账款信息：本企业对${groupName}的应收账款及其确权、转让信息；`,
    `十二、产值及结算信息：本企业在${groupName}项目中的产值确认、工程结算及付款信息。`,
    `同时，本企业同意平台将本企业融资业务的下列数据回传${groupName}：提供融资的金融机构信息，放款及还款信息，融资产品要素信息（融资金额、期限、利率及费用等）。`,
    '贵行应对上述信息严格保密，不得用于本授权书约定以外的用途。本授权自本企业在平台点击“同意”之日起生效，至本企业在平台的全部融资业务结清之日终止。',
    '授权人：本企业（以平台电子确认为准）',
  ].join('\n');
}

export function authorizationLetter(groupName: string = GROUP_COMPANY_NAME): AuthorizationDocument {
  return {
    templateId: AUTHORIZATION_TEMPLATE_ID,
    title: AUTHORIZATION_LETTER_TITLE,
    content: authorizationLetterContent(groupName),
  };
}

function isAuthorizationDocument(data: unknown): data is AuthorizationDocument {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return typeof d.title === 'string' && typeof d.content === 'string' && d.content.trim() !== '';
}

/**
 * SPEC §4: checkAuthorization's data is truthy while consent is needed. The letter to show is the one the
 * gateway sent, or the product's own template when the data is truthy but not a letter; null when no
 * consent is needed.
 */
export function letterToShow(data: unknown): AuthorizationDocument | null {
  if (!data) return null;
  if (isAuthorizationDocument(data)) {
    return {
      templateId: typeof data.templateId === 'string' ? data.templateId : AUTHORIZATION_TEMPLATE_ID,
      title: data.title,
      content: data.content,
    };
  }
  return authorizationLetter();
}

export function isAuthorizationGranted(result: Pick<SupplierAuthResult, 'code'>): boolean {
  return String(result.code) === AUTH_RESULT_OK;
}

// 签约 (BUSINESS.md §1.3 stage 8, §2 Signing; Decisions: Signing): the signing records as the kit's items, the
// provider's statuses as e签宝 numbers them [S6], the signers' order, what a provider status asks of the business,
// the checkpoints' rules (发起, 完成) and a supplement's (from 已签约 until 放款, never changing amount, rate or term).
import { statesOf } from '../stage/stage';
import { type TermElement, type TermFactors, compareFactors } from '../stage/term-factors';
import type { ItemFacts, StageItem } from '../workflow/items';
import { inOrder, steppedOrderProblem, waitingBefore } from '../workflow/stepped-order';
import type { WorkflowTable } from '../workflow/workflow';
import type { StateKey } from './lifecycle';
import { ROLE } from './roles';

export const SIGNING_API = '/api/business/signing';
export const SIGN_MANAGE_PATH = '/business/signManagement';
export const ONLINE_SIGNING_PATH = '/business/onlineSigning';
export const APPLY_ONLINE_PATH = '/business/applyOnlineSigning';
export const APPLY_OFFLINE_PATH = '/business/applyOfflineSigning';
export const SIGNING_DETAILS_PATH = '/business/signingDetails';
export const SIGN_FILE_DETAILS_PATH = '/business/signFileDetails';
export const SIGN_SUPPLEMENT_PATH = '/business/signSupplement';

/** e签宝's signFlowStatus [S6]. */
export const PROVIDER_STATUS_LABEL: Readonly<Record<number, string>> = {
  ...{ 0: '草稿', 1: '签署中', 2: '完成', 3: '撤销', 5: '过期', 7: '拒签' },
};
export const [PROVIDER_SIGNING, PROVIDER_DONE, PROVIDER_REVOKED, PROVIDER_EXPIRED, PROVIDER_REFUSED] = [1, 2, 3, 5, 7];

/** A signer's status at the provider: 0 待签, 1 已签, 2 拒签. */
export const SIGNER_STATUS_LABEL: Readonly<Record<number, string>> = { 0: '待签', 1: '已签', 2: '拒签' };

export type SigningKind = 'ONLINE' | 'OFFLINE' | 'SUPPLEMENT';
export type SigningStatus = 'SIGNING' | 'SIGNED' | 'FAILED';
export const SIGNING_KIND_LABEL: Readonly<Record<SigningKind, string>> = {
  ...{ ONLINE: '线上签约', OFFLINE: '线下签约', SUPPLEMENT: '补充签约' },
};
export const SIGNING_STATUS_LABEL: Readonly<Record<SigningStatus, string>> = {
  ...{ SIGNING: '签约中', SIGNED: '已签约', FAILED: '签约失败' },
};

/** e签宝's 顺序签 as offered here: two to four parties, one per role. */
export const MAX_SIGNERS = 4;

/** The first party not yet among the signers, for one more row (the roles in their listed order). */
export const unusedRole = (signers: readonly { role: SignerRole }[]): SignerRole =>
  (Object.keys(SIGNER_ROLE_LABEL) as SignerRole[]).find((r) => !signers.some((s) => s.role === r)) ?? 'GUARANTOR';

/** Where a signer signs: the supplier's in the back office with a one-time code, the others on the provider's page. */
export type SignerChannel = 'BACK_OFFICE' | 'PAGE';
export type SignerRole = 'FACTOR' | 'SUPPLIER' | 'PROJECT_COMPANY' | 'GUARANTOR';
export const SIGNER_ROLE_LABEL: Readonly<Record<SignerRole, string>> = {
  ...{ FACTOR: '保理人/资金方', SUPPLIER: '供应商', PROJECT_COMPANY: '项目公司', GUARANTOR: '保证人' },
};

/** A party's place in the signing order, as 发起 takes it and 合同签章 sets it. */
export type SignerPlace = { order: number; role: SignerRole };

/** A signer in order: who, where they sign, and their status at the provider (SIGNER_STATUS_LABEL). */
export interface Signer extends SignerPlace {
  organization: string;
  name: string;
  mobile: string;
  channel: SignerChannel;
  status: number;
  signedAt: string | null;
}

export interface SigningItem extends StageItem<SigningStatus> {
  kind: SigningKind;
  signNo: string;
  providerStatus: number | null;
  signers: Signer[];
  scanFileIds: string[];
  originalsReceivedOn: string | null;
}

export const SigningMessage = {
  notFound: '签约记录不存在',
  stale: '签约记录已被他人修改，请刷新后重试',
  deadline: '签署截止须为1至30天',
  signers: '签署方至少2方，顺序为1起的连续整数',
  mobile: '签署人手机号应为11位数字',
  signerName: '签署人姓名为1至20个字',
  onePerRole: '同一签署方只能出现一次',
  backOfficeSupplier: '只有供应商的签署人在后台签署',
  outOfOrder: (name: string) => `请按签署顺序签署：「${name}」尚未签署`,
  alreadySigned: '您已签署',
  notSigning: '签署流程不在签署中',
  revokeOnlyWhileSigning: '只有签署中的流程可以撤销',
  badCode: '验证码错误或已失效',
  badLink: '签署链接无效或已使用',
  notSigner: '您不是该流程的签署人',
  noOnline: '该业务没有签署中的线上签约',
  notFinished: '签署尚未完成',
  offlineScans: '线下签约须上传至少一份签署扫描件',
  offlineOriginals: '请确认原件已收回并填写收回日期',
  originalsDate: '原件收回日期格式应为YYYY-MM-DD，且不晚于今天',
  supplementState: '补充签约只能在已签约后、放款前办理',
  supplementReason: '补充签约原因为1至200个字',
  supplementChanges: (label: string) => `补充签约不能变更${label}，请重新审批`,
  signatoriesDiffer: '各合同的签署方或顺序不一致，请先统一合同签章设置',
  signersNotAsSet: (roles: string) => `签署方及顺序须与合同签章设置一致：${roles}`,
} as const;

/** 7 days [D]; 1 to 30 accepted. */
export const DEFAULT_DEADLINE_DAYS = 7;

/** Signers (or signatories) in e签宝's 顺序签: at least two, ordered 1..n, one per role. */
export const orderProblem = (list: readonly SignerPlace[]) =>
  ({ count: SigningMessage.signers, gaps: SigningMessage.signers, duplicate: SigningMessage.onePerRole, none: null })[
    steppedOrderProblem(list, 2, (s) => s.role) ?? 'none'
  ];

/** The signers as typed for 发起: at least two, ordered 1..n, one per role, each with a name and mobile. */
export function signersProblem(signers: readonly Pick<Signer, 'order' | 'role' | 'name' | 'mobile'>[]): string | null {
  const order = orderProblem(signers);
  if (order) return order;
  for (const s of signers) {
    const n = [...s.name.trim()].length;
    if (n < 1 || n > 20) return SigningMessage.signerName;
    if (!/^1\d{10}$/.test(s.mobile)) return SigningMessage.mobile;
  }
  return null;
}

export const deadlineProblem = (days: number): string | null =>
  Number.isInteger(days) && days >= 1 && days <= 30 ? null : SigningMessage.deadline;

/** The supplier's signer signs in the back office; everyone else on the provider's page. */
export const channelOf = (role: SignerRole): SignerChannel => (role === 'SUPPLIER' ? 'BACK_OFFICE' : 'PAGE');

/** 顺序签: the signer at `order` signs once every earlier one has; else why not (naming the first who has not). */
export function signOrderRefusal(signers: readonly Pick<Signer, 'order' | 'name' | 'status'>[], order: number) {
  const me = signers.find((s) => s.order === order);
  if (!me) return SigningMessage.notSigner;
  if (me.status === 1) return SigningMessage.alreadySigned;
  const waiting = waitingBefore(signers, order, (s) => s.status === 1);
  return waiting ? SigningMessage.outOfOrder(waiting.name) : null;
}

/** The provider's flow status after a signer's move: 完成 when all signed, 拒签 when one refused. */
export function flowStatusAfter(signers: readonly Pick<Signer, 'status'>[]): number {
  if (signers.some((s) => s.status === 2)) return PROVIDER_REFUSED;
  return signers.every((s) => s.status === 1) ? PROVIDER_DONE : PROVIDER_SIGNING;
}

/** The record's status from the provider's: 签署中 → 签约中, 完成 → 已签约, 撤销 / 过期 / 拒签 → 签约失败. */
export const recordStatusOf = (providerStatus: number): SigningStatus =>
  (({ 0: 'SIGNING', [PROVIDER_SIGNING]: 'SIGNING', [PROVIDER_DONE]: 'SIGNED' }) as const)[providerStatus] ?? 'FAILED';

/** The business's system move a provider status asks: 完成 → 签署完成, 撤销 / 过期 / 拒签 → 签署失败, while 签约中. */
export function businessMoveOf(providerStatus: number, businessState: string): string | null {
  if (businessState !== 'SIGNING/SIGNING') return null;
  if (providerStatus === PROVIDER_DONE) return 'signed';
  return [PROVIDER_REVOKED, PROVIDER_EXPIRED, PROVIDER_REFUSED].includes(providerStatus) ? 'signFailed' : null;
}

/** FINISH_SIGNING: the latest signing of the business finished, online (status 2) or offline (scans, originals). */
export function finishProblems(items: readonly SigningItem[]): string[] {
  const latest = [...items].filter((i) => i.kind !== 'SUPPLEMENT').sort((a, b) => b.seq - a.seq)[0];
  if (!latest) return [SigningMessage.notFinished];
  if (latest.kind === 'OFFLINE') {
    if (!latest.scanFileIds.length) return [SigningMessage.offlineScans];
    return latest.originalsReceivedOn ? [] : [SigningMessage.offlineOriginals];
  }
  return latest.providerStatus === PROVIDER_DONE ? [] : [SigningMessage.notFinished];
}

/** START_SIGNING's own part: no signing of the business under way already. */
export function startProblems(items: readonly SigningItem[]): string[] {
  return items.some((i) => i.kind === 'ONLINE' && i.status === 'SIGNING') ? [SigningMessage.notSigning] : [];
}

/** A supplement is made from 已签约 until 放款: 推送's states and 放款's. */
export const SUPPLEMENT_STATES: readonly StateKey[] = ['SIGNING/SIGNED', ...statesOf('PUSH'), ...statesOf('LENDING')];

/** A supplement's refusal: outside 已签约 … 放款, or changing amount, rate or term (the TERM elements' comparison). */
export function supplementRefusal(
  businessState: string,
  factors: Pick<TermFactors, 'amountFen' | 'annualRate' | 'termDays'>,
  terms: readonly TermElement[],
): string | null {
  if (!SUPPLEMENT_STATES.includes(businessState as StateKey)) return SigningMessage.supplementState;
  const changed = compareFactors(factors, terms).find((r) => !r.equal);
  return changed ? SigningMessage.supplementChanges(changed.label) : null;
}

/** The roles in signing order, as 发起 must take them. */
export const roleOrderOf = (list: readonly SignerPlace[]): SignerRole[] => inOrder(list).map((s) => s.role);

/** 发起 against the live contracts' signatories, when any are set: they agree, and the signers follow them. */
export function signersAsSetProblem(
  set: readonly (readonly SignerPlace[])[],
  signers: readonly SignerPlace[],
): string | null {
  const orders = set.filter((l) => l.length).map((l) => roleOrderOf(l).join(','));
  if (!orders.length) return null;
  if (new Set(orders).size > 1) return SigningMessage.signatoriesDiffer;
  if (roleOrderOf(signers).join(',') === orders[0]) return null;
  const roles = (orders[0] as string).split(',') as SignerRole[];
  return SigningMessage.signersNotAsSet(roles.map((r, i) => `${i + 1}.${SIGNER_ROLE_LABEL[r]}`).join(' → '));
}

/** The business states in which a signing record moves (催签). */
export const SIGNING_ITEM_STATES: readonly StateKey[] = ['SIGNING/SIGNING'];

/** The signing records' own table: 催签 while signing; every other status change is the provider's callback's. */
export const SIGNING_ITEMS: WorkflowTable<SigningStatus, SigningItem, ItemFacts> = {
  noun: '签约',
  statusOf: (i) => i.status,
  commentMax: 200,
  transitions: [
    {
      ...{ action: 'remind', label: '催签', op: 'submit', menu: ONLINE_SIGNING_PATH, who: [ROLE.OPERATOR, ROLE.ADMIN] },
      ...{ from: ['SIGNING'], to: 'SIGNING', comment: 'none' },
      guard: (i) => (i.kind === 'ONLINE' && i.providerStatus === PROVIDER_SIGNING ? null : SigningMessage.notSigning),
    },
  ],
};

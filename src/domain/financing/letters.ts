// 正式函件 (BUSINESS.md §2 FormalLetter; §4 /business/formalLetterManagement; "Decisions for the lifecycle's second
// half": Push and letters) on the stage kit: the letters the back office generates for a business from 签约 to 放款 —
// the 应收账款转让通知书, the project company's 回执, the 付款确认书 — and their workflow as stage items: generated,
// sent (method, time), receipted or refused. The 转让通知书's receipt 落实s its element condition by itself; the push
// reads by name whether the notice reached the project company, and the business's letters for its detail.
import { ROLE } from './roles';
import { LIVE_STATES, type StateKey } from './lifecycle';
import { STAGE_LABEL, stagePassed, stageReached } from './stages';
import { stageMessages } from '../stage/stage';
import type { ItemFacts, StageItem } from '../workflow/items';
import type { WorkflowTable } from '../workflow/workflow';

export const LETTER_LIST_PATH = '/business/formalLetterManagement';
export const LETTER_API = '/api/business/letters';

/** What the letters hand another stage by name (the kit's stage sources): the push reads both. */
export const LETTER_SOURCES = {
  /** The business's letters as the wire carries them, in their order. */
  letters: 'letters.ofBusiness',
  /** Whether the 转让通知书 reached the project company (推送's first hard control). */
  noticeSent: 'letters.noticeSent',
} as const;

/** The element condition the 转让通知书's receipt satisfies by itself. */
export const TRANSFER_NOTICE_CONDITION = '转让通知书送达并回执';

/** The letters of BUSINESS.md §2 the back office generates. */
export const LETTER_TYPE_LABEL = {
  TRANSFER_NOTICE: '应收账款转让通知书',
  NOTICE_RECEIPT: '项目公司回执',
  PAYMENT_CONFIRMATION: '付款确认书',
} as const;
export type LetterType = keyof typeof LETTER_TYPE_LABEL;

export const SEND_METHOD_LABEL = { ESEAL: '电子签章', EXPRESS: '快递', EMAIL: '邮件' } as const;
export type SendMethod = keyof typeof SEND_METHOD_LABEL;

/** A letter's status: 待发送 once generated, 待回执 once sent, then 已回执 or 拒收. */
export const LETTER_STATUS_LABEL = {
  GENERATED: '待发送',
  SENT: '待回执',
  RECEIVED: '已回执',
  REFUSED: '拒收',
} as const;
export type LetterStatus = keyof typeof LETTER_STATUS_LABEL;

export interface LetterItem extends StageItem<LetterStatus> {
  letterNo: string;
  letterType: LetterType;
}

export const LetterMessage = {
  notFound: '函件不存在',
  stale: '函件已被他人修改，请刷新后重试',
  method: '请选择发送方式',
  receipt: '请上传回执',
  /** A business out of the caller's scope: letters are made at the push's stage and answer as it does. */
  businessNotFound: stageMessages(STAGE_LABEL.PUSH).notFound,
} as const;

/** Who moves a letter, on 正式函件管理: its operators and the administrator. */
const BY_MAKERS = { menu: LETTER_LIST_PATH, who: [ROLE.OPERATOR, ROLE.ADMIN] };

/** A letter's workflow: 发送 with its method, then 上传回执 or 拒收. */
export const LETTER_ITEMS: WorkflowTable<LetterStatus, LetterItem, ItemFacts> = {
  noun: '函件',
  statusOf: (i) => i.status,
  commentMax: 200,
  transitions: [
    {
      ...{ action: 'send', label: '发送', op: 'submit', ...BY_MAKERS, from: ['GENERATED'], to: 'SENT' },
      ...{ comment: 'optional', commentLabel: '发送说明', tone: 'brand' },
      inputs: {
        keys: ['sendMethod'],
        sample: { sendMethod: 'EXPRESS' },
        check: (_i, v) => (String(v.sendMethod) in SEND_METHOD_LABEL ? null : LetterMessage.method),
      },
    },
    {
      ...{ action: 'receipt', label: '上传回执', op: 'edit', ...BY_MAKERS, from: ['SENT'], to: 'RECEIVED' },
      ...{ comment: 'optional', commentLabel: '回执说明', tone: 'success' },
      inputs: {
        keys: ['receiptFileId'],
        sample: { receiptFileId: null },
        check: (_i, v) => (typeof v.receiptFileId === 'string' && v.receiptFileId ? null : LetterMessage.receipt),
      },
    },
    {
      ...{ action: 'refuse', label: '拒收', op: 'edit', ...BY_MAKERS, from: ['SENT'], to: 'REFUSED' },
      ...{ comment: 'required', commentLabel: '拒收说明', tone: 'danger' },
    },
  ],
};

/** The business states letters are generated and moved in: from 签约 to 放款 (before the loan is registered). */
export const LETTER_ITEM_STATES: readonly StateKey[] = LIVE_STATES.filter(
  (s) => stageReached('SIGNING', s) && !stagePassed('LENDING', s),
);

/** Whether the 转让通知书 reached the project company: sent, or receipted. */
export const noticeSent = (letters: readonly Pick<LetterItem, 'letterType' | 'status'>[]) =>
  letters.some((l) => l.letterType === 'TRANSFER_NOTICE' && (l.status === 'SENT' || l.status === 'RECEIVED'));

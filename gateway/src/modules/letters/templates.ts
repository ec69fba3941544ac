// The letters' templates (HOUSE.md "Documents are data first"), versioned beside the stage: each prints the parties
// and the amount in figures and in 大写 through the one renderer's `words` format (the one pure function,
// src/domain/format/money-in-words.ts). Raise a version whenever what a template prints changes. Their values are
// the kit's `businessPrintValues` with the letter's number (money in 分 as text).
import { LETTER_TYPE_LABEL, type LetterType } from '../../../../src/domain/financing/letters';
import { type DocumentTemplate, type TemplateBlock, fieldsBlock } from '../../documents/document-template';

const parties = fieldsBlock({
  函件编号: 'letterNo',
  业务编号: 'businessNo',
  '转让方（供应商）': 'supplierName',
  '受让方（保理人/资金方）': 'capitalSideName',
  '债务人（项目公司）': 'projectCompanyName',
  转让金额: ['amountFen', 'money'],
  '转让金额（大写）': ['amountFen', 'words'],
  相关合同: 'contractNos',
});

function letter(type: LetterType, id: string, to: string, texts: string[], sign: string[]): DocumentTemplate {
  return {
    id,
    version: 1,
    name: LETTER_TYPE_LABEL[type],
    blocks: [
      { kind: 'title', text: LETTER_TYPE_LABEL[type] },
      { kind: 'paragraph', text: to },
      parties,
      ...texts.map((text): TemplateBlock => ({ kind: 'paragraph', text })),
      ...sign.map((text): TemplateBlock => ({ kind: 'paragraph', text })),
      { kind: 'paragraph', text: '日期：{{madeOn}}' },
    ],
  };
}

export const LETTER_TEMPLATES: Readonly<Record<LetterType, DocumentTemplate>> = {
  TRANSFER_NOTICE: letter(
    'TRANSFER_NOTICE',
    'transfer-notice',
    '致：{{projectCompanyName}}',
    [
      '{{supplierName}}已将其对贵司享有的应收账款{{amountFen|words}}（{{amountFen|money}}）及其从权利转让给{{capitalSideName}}。',
      '自贵司收到本通知之日起，请将上述应收账款款项支付至受让方指定账户，并在回执上签章后寄回。',
    ],
    ['转让方（盖章）：{{supplierName}}', '受让方（盖章）：{{capitalSideName}}'],
  ),
  NOTICE_RECEIPT: letter(
    'NOTICE_RECEIPT',
    'notice-receipt',
    '致：{{capitalSideName}}、{{supplierName}}',
    [
      '本司已收到编号为{{letterNo}}所涉业务的应收账款转让通知书，知悉{{supplierName}}已将应收账款{{amountFen|words}}转让给{{capitalSideName}}。',
      '本司同意按通知书向受让方履行付款义务，且对上述应收账款不主张抵销或其他抗辩。',
    ],
    ['项目公司（盖章）：{{projectCompanyName}}'],
  ),
  PAYMENT_CONFIRMATION: letter(
    'PAYMENT_CONFIRMATION',
    'payment-confirmation',
    '致：{{capitalSideName}}',
    [
      '本司确认对{{supplierName}}负有到期付款义务，金额为{{amountFen|words}}（{{amountFen|money}}）。',
      '本司将于付款到期日将上述款项支付至保理商指定账户。',
    ],
    ['付款方（盖章）：{{projectCompanyName}}'],
  ),
};

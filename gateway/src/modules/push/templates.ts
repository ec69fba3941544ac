// The push summary's template (HOUSE.md "Documents are data first"), versioned beside the stage: it prints the
// business, its approved terms (the amount also in 大写, through the one renderer's `words` format) and what the
// package holds. Raise the version whenever what it prints changes. Its values are the kit's `businessPrintValues`
// with the push's number and the package's files (make.ts).
import { type DocumentTemplate, fieldsBlock } from '../../documents/document-template';

/** The push package's summary (推送摘要): the business, its approved terms, what the package holds. */
export const PUSH_SUMMARY_TEMPLATE: DocumentTemplate = {
  id: 'push-summary',
  version: 1,
  name: '推送摘要',
  blocks: [
    { kind: 'title', text: '融资业务推送摘要' },
    fieldsBlock({
      推送编号: 'pushNo',
      业务编号: 'businessNo',
      供应商: 'supplierName',
      项目公司: 'projectCompanyName',
      资金方: 'capitalSideName',
      批复金额: ['amountFen', 'money'],
      '批复金额（大写）': ['amountFen', 'words'],
      年利率: ['annualRate', 'percent'],
      期限: ['termDays', 'days'],
      合同: 'contractNos',
    }),
    { kind: 'list', label: '资料包内容', items: 'files', empty: '无' },
    { kind: 'paragraph', text: '制作日期：{{madeOn}}' },
  ],
};

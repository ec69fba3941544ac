// The contract templates (BUSINESS.md "Decisions for the lifecycle's second half": Contracts), versioned
// definitions beside the stage: 保理合同, 应收账款转让协议, 保证合同, 服务协议 and 补充协议, each printing the parties,
// the TERM factors (the amount also in 大写, through the one renderer's `words` format) and its own clauses.
// A contract made from one keeps the template's id and version; raise a version whenever what it prints changes.
import { REPAYMENT_METHOD_LABEL } from '../../../../src/domain/funds/fund-product.resource';
import { CONTRACT_TYPE_LABEL, type ContractType } from '../../../../src/domain/financing/contracts';
import {
  type DocumentTemplate,
  type TemplateBlock,
  articleBlocks,
  fieldsBlock,
  signatureBlocks,
} from '../../documents/document-template';

// The values every template reads (routes.ts, on the kit's print values): the numbers, the parties' names, the
// factors (money in 分, the rate as decimal text) and the day it was made.
const head = (title: string): TemplateBlock[] => [
  { kind: 'title', text: title },
  { kind: 'paragraph', text: '合同编号：{{contractNo}}　　业务编号：{{businessNo}}' },
  fieldsBlock({
    '甲方（保理人/资金方）': 'capitalSideName',
    '乙方（供应商）': 'supplierName',
    '丙方（项目公司）': 'projectCompanyName',
  }),
];

const FACTORS: TemplateBlock[] = [
  { kind: 'heading', text: '合同要素' },
  fieldsBlock({
    融资金额: ['amountFen', 'money'],
    '融资金额（大写）': ['amountFen', 'words'],
    年利率: ['annualRate', 'percent'],
    期限: ['termDays', 'days'],
    还款方式: ['repaymentMethod', { options: REPAYMENT_METHOD_LABEL }],
    到期日: 'dueDate',
    收款账户: 'payeeAccount',
  }),
];

const SIGNATURES = signatureBlocks({ 甲方: 'capitalSideName', 乙方: 'supplierName' }, 'madeOn');

function template(type: ContractType, id: string, version: number, texts: string[]): DocumentTemplate {
  const title = CONTRACT_TYPE_LABEL[type];
  return {
    id,
    version,
    name: title,
    blocks: [...head(title), ...FACTORS, ...articleBlocks('主要条款', texts), ...SIGNATURES],
  };
}

/** The current template of each contract type. */
export const CONTRACT_TEMPLATES: Readonly<Record<ContractType, DocumentTemplate>> = {
  FACTORING: template('FACTORING', 'factoring-contract', 1, [
    '乙方将其对丙方享有的应收账款转让给甲方，甲方向乙方提供保理融资，融资金额为{{amountFen|words}}（{{amountFen|money}}）。',
    '融资年利率为{{annualRate|percent}}，期限{{termDays|days}}，按合同要素所列还款方式还本付息。',
    '应收账款转让须通知丙方并取得回执；转让在中国人民银行征信中心动产融资统一登记公示系统办理登记。',
    '乙方保证应收账款真实、合法、有效，不存在抵销、质押或其他权利瑕疵。',
  ]),
  TRANSFER: template('TRANSFER', 'receivable-transfer', 1, [
    '乙方将基础交易项下对丙方的应收账款及其从权利转让给甲方，转让对价以融资金额{{amountFen|words}}为限。',
    '转让自本协议生效并通知丙方之日起对丙方发生效力。',
    '丙方应按付款确认书向甲方指定的收款账户付款。',
  ]),
  GUARANTEE: template('GUARANTEE', 'guarantee-contract', 1, [
    '保证人为乙方在保理合同项下的全部债务提供连带责任保证，被担保主债权本金为{{amountFen|words}}。',
    '保证期间为主债务履行期届满之日起三年。',
  ]),
  SERVICE: template('SERVICE', 'service-agreement', 1, [
    '甲方为乙方提供应收账款管理、催收及融资服务，融资金额为{{amountFen|words}}。',
    '服务费按批复的服务费率计收，与融资款项同期结算。',
  ]),
  SUPPLEMENT: template('SUPPLEMENT', 'supplement-agreement', 1, [
    '本协议为各方已签署合同的补充，除本协议明确变更的事项外，原合同继续有效。',
    '本协议不变更融资金额{{amountFen|words}}、年利率{{annualRate|percent}}及期限{{termDays|days}}。',
  ]),
};

// 资金方 CapitalSide (BUSINESS.md §2, "Decisions"): a capital side stays an organisation row of type
// CAPITAL_SIDE, and its code is its organisation id; what the business adds — the kind of institution, the
// total limit it grants the group and until when — lives in the one-to-one side table `capital_side`.
export type CapitalSideType = 'BANK' | 'FACTORING' | 'TRUST' | 'OTHER';

export const CAPITAL_SIDE_TYPE_LABEL: Readonly<Record<CapitalSideType, string>> = {
  BANK: '银行',
  FACTORING: '商业保理',
  TRUST: '信托',
  OTHER: '其他',
};

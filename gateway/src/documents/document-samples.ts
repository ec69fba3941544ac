// Sample values for the three document templates: what the tests render, and what a person reading a
// template can compare its paths against. Figures agree with each other (the report's statements give the
// indicators shown; the minutes' tally is the tally of its votes).
import { type DecisionValues, type MinutesValues, type ReportValues, printedIndicators } from './document-templates';

const wan = (n: number) => n * 1_000_000;

const FINANCIALS = {
  statementDate: '2025-12-31',
  audited: 'YES',
  totalAssets: wan(20_000),
  currentAssets: wan(12_000),
  inventory: wan(3_000),
  receivables: wan(6_000),
  totalLiabilities: wan(12_500),
  currentLiabilities: wan(8_000),
  equity: wan(7_500),
  revenue: wan(30_000),
  previousRevenue: wan(25_000),
  costOfSales: wan(25_500),
  netProfit: wan(1_200),
  operatingCashFlow: wan(-400),
  investingCashFlow: wan(-1_000),
  financingCashFlow: wan(900),
};

export const SAMPLE_REPORT: ReportValues = {
  reportNo: 'BG202611260001',
  revision: 1,
  businessNo: 'RZ202611200003',
  supplierName: '华东建材有限公司',
  makerName: '陈静',
  printedOn: '2026-11-26',
  steps: {
    CUSTOMER: {
      profile: '华东建材有限公司成立于2012年，主营商品混凝土。',
      shareholders: '实际控制人王某持股70%',
      mainBusiness: '商品混凝土、预拌砂浆',
      cooperation: '与远景地产合作5年',
    },
    FINANCIALS,
    INDICATORS: { analysis: '资产负债率处于行业中等水平，经营现金流为负需关注。' },
    CREDIT: {
      creditReportDate: '2026-10-20',
      outstandingDebt: wan(5_000),
      overdue: 'NONE',
      adverse: 'NONE',
      creditSummary: '征信记录正常',
    },
    COUNTERPARTY: {
      counterpartyStanding: 'GOOD',
      paymentCapacity: '项目公司为集团全资子公司',
      paymentHistory: '近三年按期付款',
      confirmation: '付款确认书已签回',
    },
    JUDICIAL: {
      judgments: '无',
      courtNotices: '无',
      hearingNotices: '无',
      dishonest: 'NONE',
      judicialSummary: '无重大涉诉',
    },
    RATING: { riskRating: 'B', ratingBasis: '规模适中、回款稳定' },
    PROPOSAL: {
      proposedAmount: wan(800),
      proposedRate: '0.0800',
      proposedTermDays: 180,
      proposedFinancingRatio: '0.8000',
      proposedRepaymentMethod: 'BULLET',
      guarantees: '实际控制人连带责任保证',
      proposedConditions: '放款前签回付款确认书',
      conclusion: 'CONDITIONAL',
    },
  },
  indicators: printedIndicators(FINANCIALS),
};

export const SAMPLE_MINUTES: MinutesValues = {
  meetingNo: 'HY202611260001',
  title: '2026年第12次评审会',
  form: 'ON_SITE',
  scheduledAt: '2026-11-26 09:30',
  location: '远景大厦8楼会议室',
  chairName: '郑国华',
  secretaryName: '钱芳',
  members: [
    { name: '郑国华', role: 'CHAIR', attendance: 'PRESENT' },
    { name: '冯涛', role: 'MEMBER', attendance: 'PRESENT' },
    { name: '褚云', role: 'MEMBER', attendance: 'PRESENT' },
    { name: '卫东', role: 'MEMBER', attendance: 'ABSENT' },
    { name: '钱芳', role: 'OBSERVER', attendance: 'PRESENT' },
  ],
  items: [
    {
      seq: 1,
      businessNo: 'RZ202611200003',
      supplierName: '华东建材有限公司',
      votes: [
        { name: '郑国华', role: 'CHAIR', opinion: 'AGREE', conditions: [], comment: '' },
        {
          name: '冯涛',
          role: 'MEMBER',
          opinion: 'AGREE_WITH_CONDITIONS',
          conditions: ['追加实际控制人连带责任保证'],
          comment: '回款账户须监管',
        },
        { name: '褚云', role: 'MEMBER', opinion: 'DISAGREE', conditions: [], comment: '经营现金流为负' },
      ],
      tally: { votingMembers: 4, attendingVoting: 3, quorum: true, inFavour: 2, passed: true },
      conclusion: 'PASSED_WITH_CONDITIONS',
      conditions: ['追加实际控制人连带责任保证'],
      minutes: '与会委员认为项目公司付款能力较强。',
    },
  ],
  minutesText: '会议审议议题一项，有条件通过一项。',
};

export const SAMPLE_DECISION: DecisionValues = {
  decisionNo: 'JY202611280001',
  businessNo: 'RZ202611200003',
  supplierName: '华东建材有限公司',
  meetingNo: 'HY202611260001',
  applyAmount: 10_000_000_00n,
  approvedAmount: 1_000_000_00n,
  annualRate: '0.0800',
  serviceFeeRate: '0.0050',
  termDays: 180,
  dueDate: '2027-05-27',
  repaymentMethod: 'BULLET',
  financingRatio: '0.8000',
  guaranteeMeasures: '实际控制人连带责任保证',
  conditions: ['追加实际控制人连带责任保证', '放款前签回付款确认书'],
  validUntil: '2027-02-25',
  approverName: '蒋建平',
  approvedOn: '2026-11-28',
};

// The three printed documents of the lifecycle's second half (BUSINESS.md "Decisions for the lifecycle's second
// half"; §5 item 8): the due-diligence report (its eight steps, read from the report's own step definitions so
// a field added to a step prints without touching this file), the meeting minutes (per agenda item the named
// vote table, the tally, the conclusion, the conditions and the minutes), and the financing decision (the
// approved terms, amounts also in 大写). Raise a template's version whenever what it prints changes.
//
// The values each expects are documented by the `…Values` types beside it; the stage that prints builds them
// from its records.
import { REPAYMENT_METHOD_LABEL } from '../../../src/domain/funds/fund-product.resource';
import { ATTENDANCE_LABEL, CONCLUSION_LABEL, MEETING_FORM_LABEL } from '../../../src/domain/financing/meeting-rules';
import { MEMBER_ROLE_LABEL, OPINION_LABEL } from '../../../src/domain/financing/meeting-tally';
import {
  REPORT_STEPS,
  type ReportField,
  type ReportStepDef,
  coreIndicators,
  indicatorText,
} from '../../../src/domain/financing/report';
import type { DocumentTemplate, TemplateBlock, ValueFormat } from './document-template';

const YES_NO = { true: '是', false: '否' } as const;

function fieldFormat(f: ReportField): ValueFormat {
  if (f.options) return { options: f.options };
  if (f.type === 'money') return 'money';
  if (f.type === 'rate') return 'percent';
  return 'text';
}

function stepBlocks(step: ReportStepDef, index: number): TemplateBlock[] {
  const blocks: TemplateBlock[] = [{ kind: 'heading', text: `${index + 1}. ${step.title}` }];
  const value = (f: ReportField) => ({ path: `steps.${step.key}.${f.key}`, format: fieldFormat(f) });
  const short = step.fields.filter((f) => f.type !== 'textarea');
  const long = step.fields.filter((f) => f.type === 'textarea');
  // Fields under a group heading (the three statements) print as one table each.
  const groups = [...new Set(short.map((f) => f.group).filter((g): g is string => !!g))];
  const loose = short.filter((f) => !f.group);
  // An amount outside the statements prints in Chinese capitals (大写) too, as a 建议金额 is read and signed.
  const items = loose.flatMap((f) => {
    const item = { label: f.label, value: value(f) };
    if (f.type !== 'money') return [item];
    return [item, { label: `${f.label}（大写）`, value: { path: value(f).path, format: 'words' as const } }];
  });
  if (items.length) blocks.push({ kind: 'fields', items });
  for (const g of groups) {
    blocks.push({ kind: 'heading', text: g, level: 2 });
    blocks.push({
      kind: 'fields',
      items: short.filter((f) => f.group === g).map((f) => ({ label: f.label, value: value(f) })),
    });
  }
  if (step.key === 'INDICATORS') {
    blocks.push({
      kind: 'table',
      rows: 'indicators',
      columns: [
        { header: '指标', value: { path: 'label' }, width: 2 },
        { header: '数值', value: { path: 'value' }, width: 1.2 },
        { header: '计算方法', value: { path: 'formula' }, width: 4 },
      ],
      empty: '无财务数据',
    });
  }
  for (const f of long) blocks.push({ kind: 'note', label: f.label, value: value(f) });
  return blocks;
}

/** What the report template reads. */
export interface ReportValues {
  reportNo: string;
  revision: number;
  businessNo: string;
  supplierName: string;
  makerName: string;
  /** YYYY-MM-DD. */
  printedOn: string;
  /** Each step's content as saved (wire values). */
  steps: Record<string, Record<string, unknown>>;
  /** printedIndicators(steps.FINANCIALS): each value as the screen shows it (62.50%, 45天, 无法计算). */
  indicators: readonly { label: string; value: string; formula: string }[];
}

/** The core indicators of the statements as the report prints them, in the words of the screen. */
export const printedIndicators = (financials: Parameters<typeof coreIndicators>[0]): ReportValues['indicators'] =>
  coreIndicators(financials).map((i) => ({ label: i.label, value: indicatorText(i), formula: i.formula }));

export const REPORT_TEMPLATE: DocumentTemplate = {
  id: 'due-diligence-report',
  version: 3,
  name: '尽职调查报告',
  blocks: [
    { kind: 'title', text: '尽职调查报告' },
    {
      kind: 'fields',
      items: [
        { label: '报告编号', value: { path: 'reportNo' } },
        { label: '修订号', value: { path: 'revision' } },
        { label: '业务编号', value: { path: 'businessNo' } },
        { label: '供应商', value: { path: 'supplierName' } },
        { label: '调查人', value: { path: 'makerName' } },
        { label: '打印日期', value: { path: 'printedOn' } },
      ],
    },
    ...REPORT_STEPS.flatMap(stepBlocks),
  ],
};

/** What the minutes template reads. */
export interface MinutesValues {
  meetingNo: string;
  title: string;
  form: string;
  /** As it prints, e.g. 2026-11-26 09:30. */
  scheduledAt: string;
  location: string;
  chairName: string;
  secretaryName: string;
  members: readonly { name: string; role: string; attendance: string }[];
  items: readonly {
    seq: number;
    businessNo: string;
    supplierName: string;
    votes: readonly { name: string; role: string; opinion: string; conditions: readonly string[]; comment: string }[];
    tally: {
      votingMembers: number;
      attendingVoting: number;
      quorum: boolean;
      inFavour: number;
      passed: boolean;
    };
    conclusion: string;
    conditions: readonly string[];
    minutes: string;
  }[];
  minutesText: string;
}

export const MINUTES_TEMPLATE: DocumentTemplate = {
  id: 'review-meeting-minutes',
  version: 2,
  name: '评审会纪要',
  blocks: [
    { kind: 'title', text: '评审会纪要' },
    {
      kind: 'fields',
      items: [
        { label: '会议编号', value: { path: 'meetingNo' } },
        { label: '会议主题', value: { path: 'title' } },
        { label: '会议形式', value: { path: 'form', format: { options: MEETING_FORM_LABEL } } },
        { label: '会议时间', value: { path: 'scheduledAt' } },
        { label: '会议地点', value: { path: 'location' } },
        { label: '主任委员', value: { path: 'chairName' } },
        { label: '会议秘书', value: { path: 'secretaryName' } },
      ],
    },
    { kind: 'heading', text: '参会人员' },
    {
      kind: 'table',
      rows: 'members',
      columns: [
        { header: '姓名', value: { path: 'name' }, width: 2 },
        { header: '身份', value: { path: 'role', format: { options: MEMBER_ROLE_LABEL } }, width: 1.5 },
        { header: '出席情况', value: { path: 'attendance', format: { options: ATTENDANCE_LABEL } }, width: 1.5 },
      ],
    },
    {
      kind: 'each',
      items: 'items',
      blocks: [
        { kind: 'heading', text: '议题{{seq}}：{{businessNo}} {{supplierName}}' },
        { kind: 'heading', text: '记名表决', level: 2 },
        {
          kind: 'table',
          rows: 'votes',
          columns: [
            { header: '委员', value: { path: 'name' }, width: 1.4 },
            { header: '身份', value: { path: 'role', format: { options: MEMBER_ROLE_LABEL } }, width: 1.2 },
            { header: '表决意见', value: { path: 'opinion', format: { options: OPINION_LABEL } }, width: 1.4 },
            { header: '条件', value: { path: 'conditions' }, width: 2.5 },
            { header: '意见说明', value: { path: 'comment' }, width: 2.5 },
          ],
          empty: '无表决',
        },
        { kind: 'heading', text: '表决结果', level: 2 },
        {
          kind: 'fields',
          items: [
            { label: '表决委员', value: { path: 'tally.votingMembers' } },
            { label: '出席表决委员', value: { path: 'tally.attendingVoting' } },
            { label: '达到法定人数', value: { path: 'tally.quorum', format: { options: YES_NO } } },
            { label: '同意票（含有条件同意）', value: { path: 'tally.inFavour' } },
            { label: '达到通过比例', value: { path: 'tally.passed', format: { options: YES_NO } } },
            { label: '会议结论', value: { path: 'conclusion', format: { options: CONCLUSION_LABEL } } },
          ],
        },
        { kind: 'list', label: '附加条件', items: 'conditions' },
        { kind: 'note', label: '议题纪要', value: { path: 'minutes' } },
      ],
    },
    { kind: 'heading', text: '会议纪要' },
    { kind: 'note', label: '纪要', value: { path: 'minutesText' } },
  ],
};

/** What the decision template reads. */
export interface DecisionValues {
  decisionNo: string;
  businessNo: string;
  supplierName: string;
  meetingNo: string;
  /** 分. */
  applyAmount: bigint;
  /** 分. */
  approvedAmount: bigint;
  annualRate: string;
  serviceFeeRate: string | null;
  termDays: number;
  dueDate: string | null;
  repaymentMethod: string;
  financingRatio: string;
  guaranteeMeasures: string;
  conditions: readonly string[];
  validUntil: string;
  approverName: string;
  approvedOn: string;
}

export const DECISION_TEMPLATE: DocumentTemplate = {
  id: 'financing-decision',
  version: 2,
  name: '融资决议书',
  blocks: [
    { kind: 'title', text: '融资决议书' },
    {
      kind: 'fields',
      items: [
        { label: '决议编号', value: { path: 'decisionNo' } },
        { label: '业务编号', value: { path: 'businessNo' } },
        { label: '供应商', value: { path: 'supplierName' } },
        { label: '评审会议', value: { path: 'meetingNo' } },
      ],
    },
    {
      kind: 'paragraph',
      text: '经评审会审议并经有权审批人审批，同意{{supplierName}}的融资申请（申请金额{{applyAmount|money}}），批复如下：',
    },
    { kind: 'heading', text: '批复条件' },
    {
      kind: 'fields',
      items: [
        { label: '批复金额', value: { path: 'approvedAmount', format: 'money' } },
        { label: '批复金额（大写）', value: { path: 'approvedAmount', format: 'words' } },
        { label: '年利率', value: { path: 'annualRate', format: 'percent' } },
        { label: '服务费率', value: { path: 'serviceFeeRate', format: 'percent' } },
        { label: '融资期限', value: { path: 'termDays', format: 'days' } },
        { label: '融资到期日', value: { path: 'dueDate' } },
        { label: '还款方式', value: { path: 'repaymentMethod', format: { options: REPAYMENT_METHOD_LABEL } } },
        { label: '融资比例', value: { path: 'financingRatio', format: 'percent' } },
      ],
    },
    { kind: 'note', label: '担保措施', value: { path: 'guaranteeMeasures' } },
    { kind: 'list', label: '放款条件', items: 'conditions' },
    {
      kind: 'paragraph',
      text: '本决议有效期至{{validUntil}}，逾期未放款的，须重新审批。',
    },
    {
      kind: 'fields',
      items: [
        { label: '审批人', value: { path: 'approverName' } },
        { label: '审批日期', value: { path: 'approvedOn' } },
      ],
    },
  ],
};

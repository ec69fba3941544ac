// 风控汇总参数 (/parameterManage/summaryRiskControl): the group-wide limits (BUSINESS.md §2 Parameters, §3),
// versioned with exactly one version in force. Saving never overwrites: the version in force becomes history
// and the form's values become the next version, stamped with who saved it and what changed. The kit serves
// the versions' list, detail and export from this definition; the save and the version in force are the
// hand-written calls beside it (gateway/src/modules/parameters). The form's fields, words and checks are
// this definition's, on both sides.
import { formatFen } from '../format/money-format';
import { type FieldDef, type ResourceDef, type ResourceForm, formFields } from '../resource/resource';
import { formatPercent } from '../format/percent-format';
import {
  MAX_FINANCING_RATIO,
  MAX_TERM_DAYS,
  compareRates,
  everyRefusal,
  rateAboveZero,
  rateAtMost,
} from './param-rules';

export const SUMMARY_RISK_CONTROL_PATH = '/parameterManage/summaryRiskControl';
export type RiskSummaryStatus = 'ACTIVE' | 'SUPERSEDED';
export { RISK_SUMMARY_ACTIVE_API } from './risk-summary-api';
export const NO_ACTIVE_SUMMARY = '风控汇总参数尚未设置';
export const SUMMARY_UNCHANGED = '参数未修改，无需保存新版本';

const rate = (key: string, label: string, hint: string): FieldDef => ({
  key,
  label,
  type: 'rate',
  form: 'always',
  hint,
});

export const RISK_SUMMARY: ResourceDef<RiskSummaryStatus> = {
  name: 'riskSummaryParameter',
  api: '/api/parameter/summaryRiskControl',
  menuPath: SUMMARY_RISK_CONTROL_PATH,
  title: '风控汇总参数',
  noun: '风控汇总参数',
  storage: { table: 'risk_summary_parameter', id: 'param_id' },
  fields: [
    { key: 'versionNo', label: '版本', type: 'int', column: 'version', list: { width: 70 } },
    { key: 'supplierMaxExposure', label: '单一供应商余额上限', type: 'money', form: 'always' },
    rate('supplierMaxShare', '单一供应商占集团额度上限', '如 0.2000 表示20%'),
    { key: 'projectCompanyMaxExposure', label: '单一项目公司余额上限', type: 'money', form: 'always' },
    { key: 'groupTotalQuota', label: '集团总额度', type: 'money', form: 'always' },
    rate('maxFinancingRatio', '最高融资比例', '不超过0.9000（90%）'),
    { key: 'maxTermDays', label: '最长期限（天）', type: 'int', min: 1, max: MAX_TERM_DAYS, form: 'always' },
    { key: 'graceDays', label: '宽限期（天）', type: 'int', min: 0, max: 30, form: 'always' },
    {
      key: 'minRemainingDays',
      label: '付款单最短剩余期限（天）',
      type: 'int',
      min: 0,
      max: MAX_TERM_DAYS,
      form: 'always',
    },
    { key: 'overdueWarnDays', label: '逾期预警天数', type: 'int', min: 0, max: 180, form: 'always' },
    rate('supplierConcentrationWarnPct', '供应商集中度警戒比例', '如 0.1500 表示15%'),
    rate('projectCompanyConcentrationWarnPct', '项目公司集中度警戒比例', '如 0.3000 表示30%'),
    { key: 'changeSummary', label: '变更内容', type: 'textarea', max: 2000, list: { width: 420 } },
    {
      key: 'approvedByName',
      label: '保存人',
      type: 'text',
      column: 'approved_by',
      userName: true,
      list: { width: 100 },
    },
    { key: 'approvedAt', label: '保存时间', type: 'datetime', list: { width: 160 } },
  ],
  statuses: {
    ACTIVE: { label: '生效中', tone: 'success' },
    SUPERSEDED: { label: '历史版本', tone: 'subtle' },
  },
  // The kit never creates a version (the save does, ACTIVE); a stored version is history unless it is the one.
  initialStatus: 'SUPERSEDED',
  order: { key: 'versionNo', direction: 'desc' },
  crossCheck: everyRefusal(
    rateAboveZero('maxFinancingRatio', '最高融资比例'),
    rateAtMost('maxFinancingRatio', '最高融资比例', MAX_FINANCING_RATIO, '90%'),
  ),
  sample: {
    supplierMaxExposure: 50_000_000_00,
    supplierMaxShare: '0.2000',
    projectCompanyMaxExposure: 200_000_000_00,
    groupTotalQuota: 5_000_000_000_00,
    maxFinancingRatio: '0.8000',
    maxTermDays: 360,
    graceDays: 15,
    minRemainingDays: 30,
    overdueWarnDays: 7,
    supplierConcentrationWarnPct: '0.1500',
    projectCompanyConcentrationWarnPct: '0.3000',
  },
  titleField: 'versionNo',
};

/** The form fields of a version, in the screen's order. */
export const summaryFields = () => formFields(RISK_SUMMARY, 'update');

const shownValue = (f: FieldDef, value: ResourceForm[string] | undefined) => {
  if (value === null || value === undefined || value === '') return '--';
  if (f.type === 'money' && typeof value === 'number') return `${formatFen(BigInt(value))}元`;
  if (f.type === 'rate' && typeof value === 'string') return formatPercent(value);
  return String(value);
};

/** What a new version changes against the one in force, in words: '最高融资比例：80.00% → 85.00%；…'. */
export function describeChanges(before: ResourceForm | null, after: ResourceForm): string {
  if (!before) return '初始版本';
  const changed = summaryFields().filter((f) => !sameValue(f, before[f.key], after[f.key]));
  return changed.map((f) => `${f.label}：${shownValue(f, before[f.key])} → ${shownValue(f, after[f.key])}`).join('；');
}

function sameValue(f: FieldDef, a: ResourceForm[string] | undefined, b: ResourceForm[string] | undefined): boolean {
  if (f.type === 'rate' && typeof a === 'string' && typeof b === 'string') return compareRates(a, b) === 0;
  return (a ?? null) === (b ?? null);
}

// 数据看板 (BUSINESS.md §2 "Dashboard statistics", Decisions "Statistics"): the six widgets and the KPI cards,
// each one menu-scoped call of SPEC §7.2 whose figures are the 还款计划 list's own rows grouped and summed. What a
// widget is called, where it is read, its views (the toggles) and the columns of its table are defined here once,
// for the gateway that computes them and the screen that draws them; the buckets are data, so the SQL that groups
// by them and the table that names them read the same bounds. Money is integer 分 on the wire; a share is a
// percentage text with two decimals, computed from the 分 without a float.
import { RISK_CLASS_LABEL, type RiskClass, riskClass } from '../financing/close-of-business';
import { daysBetween } from '../financing/repayment-schedule';

/** The menu the dashboard's calls carry (SPEC §7.2: menu-scoped, `menuId` added by the client). */
export const DASHBOARD_MENU = '/dashboard';

export type FigureKind = 'text' | 'count' | 'money' | 'pct' | 'rate' | 'flag';
export interface FigureColumn {
  key: string;
  label: string;
  kind: FigureKind;
}
export interface WidgetView {
  value: string;
  label: string;
  columns: readonly FigureColumn[];
  /** The column the chart draws. */
  chartValue: string;
}
export interface WidgetDef {
  name: WidgetName;
  title: string;
  api: string;
  chart: 'donut' | 'bar';
  /** The first is the one shown first, and the one answered when no view is asked. */
  views: readonly [WidgetView, ...WidgetView[]];
}

/** A row of a widget's table: `key` names the group, `label` shows it; the figures by column key. */
export type WidgetRow = { key: string; label: string } & Record<string, string | number | boolean | null>;
export interface WidgetAnswer {
  view: string;
  rows: WidgetRow[];
}

/** The filters every widget takes (期间 on the loan date, 资金方, 子公司) and the view it is asked for. */
export interface StatisticsFilter {
  periodFrom?: string;
  periodTo?: string;
  capitalSideId?: string;
  projectCompanyId?: string;
  view?: string;
}

export const FINANCE_STATISTICS_API = '/api/finance/statistics';
export const PRODUCT_STATISTICS_API = '/api/product/statistics';
export const DASHBOARD_TITLE = '数据看板';
/** Every widget's figures for the filters as one workbook, a sheet per widget in its first view. */
export const DASHBOARD_EXPORT_API = `${FINANCE_STATISTICS_API}/export`;

const col = (key: string, label: string, kind: FigureKind): FigureColumn => ({ key, label, kind });
const COUNT = col('count', '笔数', 'count');
const SHARE = col('share', '占比', 'pct');
const money = (key: string, label: string) => col(key, label, 'money');
const OUTSTANDING = money('amount', '在贷余额');
const FLAGGED = col('flagged', '集中度预警', 'flag');

export type WidgetName =
  | 'loanAmountProportion'
  | 'distributionCondition'
  | 'financingRisk'
  | 'financingProduct'
  | 'supplierRanking'
  | 'capitalSideInfo';

/** A view: its value, its tab's label and its table's columns after the group's, which `group` names. */
type ViewSpec = readonly [value: string, label: string, group: string, figures: readonly FigureColumn[]];
type WidgetSpec = readonly [
  name: WidgetName,
  title: string,
  api: string,
  chart: WidgetDef['chart'],
  views: readonly [ViewSpec, ...ViewSpec[]],
];

/** The six widgets, in the dashboard's order; every chart draws its table's `amount`. */
const WIDGET_SPECS: readonly WidgetSpec[] = [
  [
    'loanAmountProportion',
    '放款金额占比',
    FINANCE_STATISTICS_API,
    'donut',
    [
      ['capitalSide', '按资金方', '资金方', [COUNT, money('amount', '放款金额'), SHARE]],
      ['subsidiary', '按子公司', '子公司', [COUNT, money('amount', '放款金额'), SHARE]],
    ],
  ],
  [
    'distributionCondition',
    '分布情况',
    FINANCE_STATISTICS_API,
    'bar',
    [
      ['term', '按剩余期限', '剩余期限', [COUNT, OUTSTANDING, SHARE]],
      ['city', '按城市', '城市', [COUNT, OUTSTANDING, SHARE]],
    ],
  ],
  [
    'financingRisk',
    '融资风险',
    FINANCE_STATISTICS_API,
    'bar',
    [
      ['class', '按风险分类', '风险分类', [COUNT, OUTSTANDING, SHARE]],
      ['ageing', '逾期账龄', '逾期账龄', [col('count', '逾期期数', 'count'), money('amount', '逾期金额')]],
    ],
  ],
  [
    'financingProduct',
    '融资产品',
    FINANCE_STATISTICS_API,
    'bar',
    [
      [
        'product',
        '按产品',
        '产品',
        [COUNT, money('loanAmount', '放款金额'), OUTSTANDING, col('quotaUsage', '额度使用率', 'pct')],
      ],
    ],
  ],
  [
    'supplierRanking',
    '供应商排名',
    FINANCE_STATISTICS_API,
    'bar',
    [
      ['outstanding', '按在贷余额', '供应商', [COUNT, OUTSTANDING, SHARE, FLAGGED]],
      ['loan', '按累计放款', '供应商', [COUNT, money('amount', '累计放款'), SHARE, FLAGGED]],
    ],
  ],
  [
    'capitalSideInfo',
    '资金方信息',
    PRODUCT_STATISTICS_API,
    'bar',
    [
      [
        'capitalSide',
        '按资金方',
        '资金方',
        [
          money('totalLimit', '总额度'),
          money('usedLimit', '已用'),
          money('availableLimit', '可用'),
          OUTSTANDING,
          col('weightedRate', '加权平均利率', 'rate'),
          COUNT,
        ],
      ],
    ],
  ],
];

const viewFrom = ([value, label, group, figures]: ViewSpec): WidgetView => ({
  value,
  label,
  columns: [col('label', group, 'text'), ...figures],
  chartValue: 'amount',
});

const defOf = ([name, title, api, chart, [first, ...more]]: WidgetSpec): WidgetDef => ({
  name,
  title,
  api: `${api}/${name}`,
  chart,
  views: [viewFrom(first), ...more.map(viewFrom)],
});

/** The widgets by name, each read at `<its statistics api>/<name>`. */
export const WIDGETS = Object.fromEntries(WIDGET_SPECS.map((w) => [w[0], defOf(w)])) as Readonly<
  Record<WidgetName, WidgetDef>
>;
export const WIDGET_NAMES: readonly WidgetName[] = WIDGET_SPECS.map(([name]) => name);

/** The view asked for, or the widget's first. */
export function viewOf(def: WidgetDef, asked: string | undefined): WidgetView {
  return def.views.find((v) => v.value === asked) ?? def.views[0];
}

/** KPI cards: 累计放款, 在贷余额, 本月放款, 逾期金额 (分) — 我的待办 is the workbench's own count. */
export const KPI_API = `${FINANCE_STATISTICS_API}/kpi`;
export interface KpiFigures {
  cumulativeLoan: number;
  outstanding: number;
  monthLoan: number;
  overdueAmount: number;
}
export const KPI_LABEL: Readonly<Record<keyof KpiFigures | 'todo', string>> = {
  cumulativeLoan: '累计放款',
  outstanding: '在贷余额',
  monthLoan: '本月放款',
  overdueAmount: '逾期金额',
  todo: '我的待办',
};

/** A band of days, both ends included; `max` null: no upper end. */
export interface DayBand {
  key: string;
  label: string;
  min: number;
  max: number | null;
}

/** 分布情况: days from today to the loan's maturity (a loan past it counts as ≤ 30). */
export const REMAINING_TERM_BANDS: readonly DayBand[] = [
  { key: 'T30', label: '≤30天', min: Number.MIN_SAFE_INTEGER, max: 30 },
  { key: 'T90', label: '31–90天', min: 31, max: 90 },
  { key: 'T180', label: '91–180天', min: 91, max: 180 },
  { key: 'T360', label: '181–360天', min: 181, max: 360 },
  { key: 'T360+', label: '>360天', min: 361, max: null },
];

/**
 * 融资风险: an overdue installment's days overdue. The cut points of both the product's ageing (1–30 / 31–90 /
 * 91–180 / > 180) and BUSINESS.md's (1–30 / 31–60 / 61–90 / > 90, the source system's [S17]): each of those
 * buckets is a sum of adjacent ones here, so either reading is one addition away.
 */
export const AGEING_BANDS: readonly DayBand[] = [
  { key: 'A30', label: '1–30天', min: 1, max: 30 },
  { key: 'A60', label: '31–60天', min: 31, max: 60 },
  { key: 'A90', label: '61–90天', min: 61, max: 90 },
  { key: 'A180', label: '91–180天', min: 91, max: 180 },
  { key: 'A180+', label: '>180天', min: 181, max: null },
];

/** 五级分类 by the loan's overdue days, as the close of business classes it (`riskClass`). */
export const RISK_CLASS_BANDS: readonly DayBand[] = [
  { key: 'NORMAL', label: RISK_CLASS_LABEL.NORMAL, min: Number.MIN_SAFE_INTEGER, max: 0 },
  { key: 'SPECIAL_MENTION', label: RISK_CLASS_LABEL.SPECIAL_MENTION, min: 1, max: 90 },
  { key: 'SUBSTANDARD', label: RISK_CLASS_LABEL.SUBSTANDARD, min: 91, max: null },
];

/** Days from `from` to `to` (negative when `to` is past), as the remaining term counts them. */
export const daysUntil = (from: string, to: string): number => daysBetween(from, to);

/** The band a number of days falls in. */
export function bandOf(bands: readonly DayBand[], days: number): DayBand | undefined {
  return bands.find((b) => days >= b.min && (b.max === null || days <= b.max));
}

/** The class `riskClass` gives at each band's edges — the bands above are that function's, written as data. */
export const riskBandAgrees = (band: DayBand): boolean =>
  riskClass(band.min === Number.MIN_SAFE_INTEGER ? 0 : band.min).riskClass === (band.key as RiskClass) &&
  (band.max === null || riskClass(band.max).riskClass === (band.key as RiskClass));

/** part / total as a percentage with two decimals, rounded half up, from integers (no float): '12.35'. */
export function sharePct(part: bigint, total: bigint): string {
  if (total <= 0n) return '0.00';
  const scaled = (part * 20000n + total) / (2n * total);
  return `${scaled / 100n}.${String(scaled % 100n).padStart(2, '0')}`;
}

/** Whether a share (percentage text) lies above a warning ratio given as a rate ('0.1500' = 15 %). */
export function aboveWarn(sharePercent: string, warnRate: string | null): boolean {
  if (!warnRate) return false;
  const toBasis = (text: string, scale: number) => {
    const [whole = '0', frac = ''] = text.split('.');
    return BigInt(whole) * 10n ** BigInt(scale) + BigInt((frac + '0'.repeat(scale)).slice(0, scale) || '0');
  };
  // share in 1/100 %, rate in 1/10000: both in ten-thousandths of the whole.
  return toBasis(sharePercent, 2) > toBasis(warnRate, 4);
}

/** The top suppliers a ranking shows. */
export const RANKING_SIZE = 10;

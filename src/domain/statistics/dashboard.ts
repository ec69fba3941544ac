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
  views: readonly WidgetView[];
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

const col = (key: string, label: string, kind: FigureKind): FigureColumn => ({ key, label, kind });
const COUNT = col('count', '笔数', 'count');
const SHARE = col('share', '占比', 'pct');

export const WIDGETS = {
  loanAmountProportion: {
    name: 'loanAmountProportion',
    title: '放款金额占比',
    api: `${FINANCE_STATISTICS_API}/loanAmountProportion`,
    chart: 'donut',
    views: [
      {
        value: 'capitalSide',
        label: '按资金方',
        columns: [col('label', '资金方', 'text'), COUNT, col('amount', '放款金额', 'money'), SHARE],
        chartValue: 'amount',
      },
      {
        value: 'subsidiary',
        label: '按子公司',
        columns: [col('label', '子公司', 'text'), COUNT, col('amount', '放款金额', 'money'), SHARE],
        chartValue: 'amount',
      },
    ],
  },
  distributionCondition: {
    name: 'distributionCondition',
    title: '分布情况',
    api: `${FINANCE_STATISTICS_API}/distributionCondition`,
    chart: 'bar',
    views: [
      {
        value: 'term',
        label: '按剩余期限',
        columns: [col('label', '剩余期限', 'text'), COUNT, col('amount', '在贷余额', 'money'), SHARE],
        chartValue: 'amount',
      },
      {
        value: 'city',
        label: '按城市',
        columns: [col('label', '城市', 'text'), COUNT, col('amount', '在贷余额', 'money'), SHARE],
        chartValue: 'amount',
      },
    ],
  },
  financingRisk: {
    name: 'financingRisk',
    title: '融资风险',
    api: `${FINANCE_STATISTICS_API}/financingRisk`,
    chart: 'bar',
    views: [
      {
        value: 'class',
        label: '按风险分类',
        columns: [col('label', '风险分类', 'text'), COUNT, col('amount', '在贷余额', 'money'), SHARE],
        chartValue: 'amount',
      },
      {
        value: 'ageing',
        label: '逾期账龄',
        columns: [
          col('label', '逾期账龄', 'text'),
          col('count', '逾期期数', 'count'),
          col('amount', '逾期金额', 'money'),
        ],
        chartValue: 'amount',
      },
    ],
  },
  financingProduct: {
    name: 'financingProduct',
    title: '融资产品',
    api: `${FINANCE_STATISTICS_API}/financingProduct`,
    chart: 'bar',
    views: [
      {
        value: 'product',
        label: '按产品',
        columns: [
          col('label', '产品', 'text'),
          COUNT,
          col('loanAmount', '放款金额', 'money'),
          col('amount', '在贷余额', 'money'),
          col('quotaUsage', '额度使用率', 'pct'),
        ],
        chartValue: 'amount',
      },
    ],
  },
  supplierRanking: {
    name: 'supplierRanking',
    title: '供应商排名',
    api: `${FINANCE_STATISTICS_API}/supplierRanking`,
    chart: 'bar',
    views: [
      {
        value: 'outstanding',
        label: '按在贷余额',
        columns: [
          col('label', '供应商', 'text'),
          COUNT,
          col('amount', '在贷余额', 'money'),
          SHARE,
          col('flagged', '集中度预警', 'flag'),
        ],
        chartValue: 'amount',
      },
      {
        value: 'loan',
        label: '按累计放款',
        columns: [
          col('label', '供应商', 'text'),
          COUNT,
          col('amount', '累计放款', 'money'),
          SHARE,
          col('flagged', '集中度预警', 'flag'),
        ],
        chartValue: 'amount',
      },
    ],
  },
  capitalSideInfo: {
    name: 'capitalSideInfo',
    title: '资金方信息',
    api: `${PRODUCT_STATISTICS_API}/capitalSideInfo`,
    chart: 'bar',
    views: [
      {
        value: 'capitalSide',
        label: '按资金方',
        columns: [
          col('label', '资金方', 'text'),
          col('totalLimit', '总额度', 'money'),
          col('usedLimit', '已用', 'money'),
          col('availableLimit', '可用', 'money'),
          col('amount', '在贷余额', 'money'),
          col('weightedRate', '加权平均利率', 'rate'),
          COUNT,
        ],
        chartValue: 'amount',
      },
    ],
  },
} as const satisfies Record<string, WidgetDef>;

export type WidgetName =
  | 'loanAmountProportion'
  | 'distributionCondition'
  | 'financingRisk'
  | 'financingProduct'
  | 'supplierRanking'
  | 'capitalSideInfo';
export const WIDGET_NAMES = Object.keys(WIDGETS) as WidgetName[];

/** The view asked for, or the widget's first. */
export function viewOf(def: WidgetDef, asked: string | undefined): WidgetView {
  return def.views.find((v) => v.value === asked) ?? (def.views[0] as WidgetView);
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

/** 融资风险: an overdue installment's days overdue (the ageing: 1–30 / 31–90 / 91–180 / > 180). */
export const AGEING_BANDS: readonly DayBand[] = [
  { key: 'A30', label: '1–30天', min: 1, max: 30 },
  { key: 'A90', label: '31–90天', min: 31, max: 90 },
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

// 尽调报告 on the stage kit (BUSINESS.md "Decisions for the lifecycle's second half": Every stage on one kit,
// Report; §4 the report routes): its list over the businesses that reached the stage, its make page (the
// cached stepper), the pages each role holds, what one step's save accepts, and the limits of 方案建议 as
// they travel to the stepper so that it checks the proposal with the same function as the gateway.
//
// The report is one per business, keyed by it. A return opens revision + 1 with the earlier revision's
// steps carried over; the earlier revision is kept read-only. Its status is the kit's child status of the
// business's state, never stored.
import { fenFromWire, fenToWire } from '../decimal/wire-fen';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import type { OperationCode } from '../menu/route-catalogue';
import type { EffectiveCap } from '../parameters/effective-cap';
import { type FieldDef, type ResourceForm, validateField } from '../resource/resource';
import { childStage } from '../stage/stage';
import type { TermsBounds } from './financing-terms';
import { type ReportStepKey, REPORT_STEP_KEYS, type StepContent, proposalLimits, reportStep } from './report';
import type { RepaymentMethod } from './repayment-schedule';
import { ROLE } from './roles';

export const REPORT_LIST_PATH = '/business/reportProductionMake';
export const REPORT_MAKE_PATH = '/business/report-production-make/makeProcess';
export const REPORT_INFO_PATH = '/business/reportProductionInfo';
export const REPORT_EXAMINE_PATH = '/business/reportProductionExamine';
export const REPORT_EXAMINE_INFO_PATH = '/business/reportProductionExamineInfo';

/** 尽调报告 on the stage kit: its list (a view over the businesses that reached the stage), its stepper, its words. */
export const REPORT_STAGE = childStage({
  stage: 'REPORT',
  name: 'dueDiligenceReport',
  api: '/api/business/report',
  listPath: REPORT_LIST_PATH,
  makePath: REPORT_MAKE_PATH,
  title: '报告制作',
  view: { table: 'due_diligence_report_view', id: 'report_id' },
  fields: [
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 130 } },
    { key: 'reportNo', label: '报告编号', type: 'text', max: 20, search: 'like', list: { width: 130 } },
    { key: 'supplierId', label: '供应商', type: 'text', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 140 } },
    { key: 'applyAmount', label: '金额', type: 'money', list: { width: 110 } },
    { key: 'revision', label: '修订号', type: 'int', list: { width: 60 } },
    { key: 'doneSteps', label: '已完成章节', type: 'int', list: { width: 96 } },
    { key: 'makerName', label: '调查人', type: 'text', list: { width: 80 } },
    { key: 'updatedAt', label: '更新时间', type: 'datetime' },
  ],
  titleField: 'businessNo',
  order: { key: 'updatedAt', direction: 'desc' },
});
export const DUE_DILIGENCE_REPORT = REPORT_STAGE.resource;

/**
 * The report pages a role holds beyond the table's own grants (提交, 通过, 退回): 风控经理 makes (编辑 on the
 * list and the stepper) and prints; 风控负责人 reads and prints.
 */
export function reportPagesOf(role: string): Map<string, Set<OperationCode>> {
  const out = new Map<string, Set<OperationCode>>();
  if (role === ROLE.RISK) {
    out.set(REPORT_LIST_PATH, new Set<OperationCode>(['edit']));
    out.set(REPORT_MAKE_PATH, new Set<OperationCode>(['edit']));
    out.set(REPORT_INFO_PATH, new Set<OperationCode>(['export']));
  }
  if (role === ROLE.RISK_HEAD) out.set(REPORT_INFO_PATH, new Set<OperationCode>(['export']));
  return out;
}

export const ReportStageMessage = {
  unknownField: (title: string, key: string) => `「${title}」没有字段${key}`,
  notValue: (label: string) => `${label}不正确`,
  revisionMissing: (revision: number) => `修订版${revision}不存在`,
} as const;

const isStepKey = (key: string): key is ReportStepKey => (REPORT_STEP_KEYS as readonly string[]).includes(key);
export { isStepKey };

/**
 * What one step's 保存 refuses: a field the step does not have, a value of the wrong kind or out of range (a
 * missing one is fine: the step is saved unfinished and shows as not done), and a proposal outside its
 * limits — the first refusal, or null.
 */
export function stepSaveRefusal(
  key: ReportStepKey,
  content: StepContent,
  bounds: TermsBounds | null,
  today: Date,
): string | null {
  const step = reportStep(key);
  const fields = new Map(step.fields.map((f) => [f.key, f as FieldDef]));
  for (const [k, v] of Object.entries(content)) {
    const f = fields.get(k);
    if (!f) return ReportStageMessage.unknownField(step.title, k);
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') return ReportStageMessage.notValue(f.label);
  }
  for (const f of step.fields) {
    const v = content[f.key];
    if (v === null || v === undefined || v === '') continue;
    const message = validateField(f, content, today);
    if (message) return message;
  }
  if (key === 'PROPOSAL' && bounds) {
    const broken = proposalLimits(content, bounds).find((l) => l.message);
    if (broken?.message) return broken.message;
  }
  return null;
}

/** A step's content as stored: the step's own fields only, each present (null when not typed). */
export function stepContentOf(key: ReportStepKey, content: ResourceForm): StepContent {
  const out: StepContent = {};
  for (const f of reportStep(key).fields) {
    const v = content[f.key];
    out[f.key] = v === undefined || v === '' ? null : v;
  }
  return out;
}

/** The limits of 方案建议 as they travel: money in 分, rates and ratios as four-place strings. */
export interface ReportBounds {
  applyAmount: number;
  cap: { singleMaxAmount: number | null; maxFinancingRatio: string | null; maxTermDays: number | null };
  product: {
    productId: string;
    productName: string;
    minRate: string;
    maxRate: string;
    termMinDays: number;
    termMaxDays: number;
    maxFinancingRatio: string;
    repaymentMethods: string[];
  };
}

/** The wire limits as the terms check reads them. */
export function termsBoundsOf(b: ReportBounds): TermsBounds {
  const cap: EffectiveCap = {
    singleMaxAmount:
      b.cap.singleMaxAmount === null ? null : { value: fenFromWire(b.cap.singleMaxAmount), from: 'summary' },
    maxFinancingRatio: b.cap.maxFinancingRatio === null ? null : { value: b.cap.maxFinancingRatio, from: 'summary' },
    maxTermDays: b.cap.maxTermDays === null ? null : { value: b.cap.maxTermDays, from: 'summary' },
  };
  return {
    cap,
    applyAmountFen: fenFromWire(b.applyAmount),
    product: {
      ...b.product,
      repaymentMethods: b.product.repaymentMethods.filter((m): m is RepaymentMethod => m in REPAYMENT_METHOD_LABEL),
    },
  };
}

/** The limits as they travel, from the effective cap, the product and the amount applied for. */
export function reportBoundsOf(bounds: TermsBounds, product: { productId: string; productName: string }): ReportBounds {
  const p = bounds.product;
  return {
    applyAmount: fenToWire(bounds.applyAmountFen),
    cap: {
      singleMaxAmount: bounds.cap.singleMaxAmount ? fenToWire(bounds.cap.singleMaxAmount.value) : null,
      maxFinancingRatio: bounds.cap.maxFinancingRatio?.value ?? null,
      maxTermDays: bounds.cap.maxTermDays?.value ?? null,
    },
    product: {
      ...product,
      minRate: p.minRate,
      maxRate: p.maxRate,
      termMinDays: p.termMinDays,
      termMaxDays: p.termMaxDays,
      maxFinancingRatio: p.maxFinancingRatio,
      repaymentMethods: [...(p.repaymentMethods ?? [])],
    },
  };
}

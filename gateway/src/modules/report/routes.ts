// 尽调报告 (BUSINESS.md §4 /business/reportProductionMake, the stepper /business/report-production-make/
// makeProcess, /business/reportProductionInfo and the review pages' read) on the stage kit: page, export,
// detail, 保存 of one step while the maker may change it, 提交, the reviewers' read and the PDF route are the
// kit's (gateway/src/stage). What is the report's own: one step per save (checked by the domain, the proposal
// against its limits), its detail (every revision's steps, 核心指标 computed, the limits, what 提交 still
// lacks) and what its PDF prints. Its SUBMIT_REPORT rule is registered in store.ts.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import {
  REPORT_STEPS,
  type ReportStepKey,
  coreIndicators,
  proposalLimits,
} from '../../../../src/domain/financing/report';
import {
  REPORT_EXAMINE_INFO_PATH,
  REPORT_INFO_PATH,
  REPORT_STAGE,
  ReportStageMessage,
  isStepKey,
  stepContentOf,
  stepSaveRefusal,
  termsBoundsOf,
} from '../../../../src/domain/financing/report-stage';
import { REPORT_TEMPLATE, type ReportValues, printedIndicators } from '../../documents/document-templates';
import type { GatewayDeps } from '../../deps';
import { invalidInput, notFound } from '../../plugins/envelope';
import { type StageKit, registerStage } from '../../stage/stage-routes';
import { stepsSchemas } from '../../stage/stage-steps';
import { currentSteps, loadReport, reportBounds, reportProblems, saveStep } from './store';
import { TermsBoundsSchema } from '../../stage/stage-terms';
import { registerBusinessPrint } from '../../stage/stage-prints';
import { moduleExtensions } from '../../stage/extensions';
import { tenantRows } from '../../db/tenant-rows';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('report/routes');

const STAGE = REPORT_STAGE;
const MAKE = STAGE.makePath as string;

export const ReportRouteMessage = {
  ...STAGE.messages,
  unknownStep: '报告章节不存在',
  ...ReportStageMessage,
} as const;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const STEPS = stepsSchemas(REPORT_STEPS);
const DetailFields = {
  businessId: Type.String(),
  stateLabel: Type.String(),
  ...STEPS.detail,
  indicators: Type.Array(
    Type.Object(
      {
        key: Type.String(),
        label: Type.String(),
        value: Nullable(Type.String()),
        formula: Type.String(),
        unit: Type.String(),
      },
      { additionalProperties: false },
    ),
    { description: '核心指标（由财务数据的三张报表计算）' },
  ),
  bounds: Nullable(TermsBoundsSchema),
  limits: Type.Array(
    Type.Object(
      { key: Type.String(), label: Type.String(), limit: Type.String(), message: Nullable(Type.String()) },
      { additionalProperties: false },
    ),
  ),
  problems: Type.Array(Type.String(), { description: '提交校验（SUBMIT_REPORT）当前未通过的规则' }),
};
const SaveFields = STEPS.save;
type SaveBody = { step: string; content: Record<string, string | number | null> };
type Checked = { key: ReportStepKey; content: Record<string, string | number | null> };

export const reportRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db as never;

  const kit: StageKit = registerStage<SaveBody, Checked>(app, deps, STAGE, {
    detail: {
      summary: '尽调报告详情（各修订版的章节、核心指标、方案建议的限额、提交校验）',
      properties: DetailFields,
      async load(ctx, row, business) {
        const report = await loadReport(db, ctx.tenantId, row.keyId);
        const bounds = await reportBounds(deps.db, ctx.tenantId, business, ctx.now);
        const steps = currentSteps(report);
        const empty = REPORT_STEPS.map((s) => ({
          key: s.key,
          title: s.title,
          done: false,
          content: {},
          savedAt: null,
          savedBy: null,
        }));
        return {
          businessId: business.keyId,
          stateLabel: stateLabel(business.state),
          steps: report?.revisions.at(-1)?.steps ?? empty,
          revisions: report?.revisions ?? [],
          indicators: coreIndicators(steps.FINANCIALS ?? {}),
          bounds,
          limits: bounds ? proposalLimits(steps.PROPOSAL ?? {}, termsBoundsOf(bounds)) : [],
          problems: await reportProblems(db, ctx.tenantId, business, ctx.now, bounds),
        };
      },
    },
    edit: {
      menu: MAKE,
      summary: '保存尽调报告的一个章节（草稿、已退回；每章单独保存）',
      body: SaveFields,
      async check(ctx, _before, body) {
        if (!isStepKey(body.step)) throw invalidInput(ReportRouteMessage.unknownStep);
        const business = await kit.business(ctx, _before.keyId);
        const bounds = body.step === 'PROPOSAL' ? await reportBounds(deps.db, ctx.tenantId, business, ctx.now) : null;
        const refusal = stepSaveRefusal(body.step, body.content, bounds ? termsBoundsOf(bounds) : null, ctx.now);
        if (refusal) throw invalidInput(refusal);
        return { key: body.step, content: stepContentOf(body.step, body.content) as Checked['content'] };
      },
      async write(trx, ctx, id, checked) {
        const saved = await saveStep(trx, {
          tenantId: ctx.tenantId,
          businessId: id,
          actor: ctx.actor,
          now: ctx.now,
          key: checked.key,
          content: checked.content,
        });
        return { after: { step: checked.key, reportNo: saved.no, revision: saved.revision } };
      },
    },
    transition: { summary: '提交尽调报告（业务的生命周期转换）' },
    document: {
      menu: REPORT_INFO_PATH,
      summary: '尽调报告PDF（指定修订版，缺省为最新；金额附大写）',
      template: REPORT_TEMPLATE,
      async values(ctx, row, asked) {
        const business = await kit.business(ctx, row.keyId);
        const report = await loadReport(db, ctx.tenantId, row.keyId);
        if (!report) throw notFound(ReportRouteMessage.notFound);
        const revision = asked ?? report.revision;
        const chosen = report.revisions.find((r) => r.revision === revision);
        if (!chosen) throw notFound(ReportRouteMessage.revisionMissing(revision));
        const values = reportValues(report, chosen, business.businessNo, String(row.supplierName ?? ''), ctx.now);
        return { values, fileName: `尽调报告-${report.no}-第${revision}版` };
      },
    },
    review: {
      menu: REPORT_EXAMINE_INFO_PATH,
      summary: '尽调报告审核详情（审核人阅读：各章节、核心指标、方案建议的限额）',
    },
  });
};

type StoredReport = NonNullable<Awaited<ReturnType<typeof loadReport>>>;

/** What the report prints of one revision. */
function reportValues(
  report: StoredReport,
  chosen: StoredReport['revisions'][number],
  businessNo: string,
  supplierName: string,
  now: Date,
): ReportValues {
  const steps = Object.fromEntries(chosen.steps.map((s) => [s.key, s.content]));
  return {
    ...{ reportNo: report.no, revision: chosen.revision, businessNo, steps, supplierName },
    ...{
      makerName: report.makerName ?? '',
      printedOn: businessDay(now),
      indicators: printedIndicators(steps.FINANCIALS ?? {}),
    },
  };
}

// The push's package: the report's latest revision as it prints.
extend(registerBusinessPrint, 'report', 1, async (db, tenantId, businessId, now) => {
  const report = await loadReport(db as never, tenantId, businessId);
  const chosen = report?.revisions.find((r) => r.revision === report.revision);
  if (!report || !chosen) return null;
  const b = await tenantRows(db, 'financing_business as b', tenantId, { business_id: businessId })
    .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
    .select(['b.business_no', 's.org_name'])
    .executeTakeFirstOrThrow();
  const values = reportValues(report, chosen, b.business_no, b.org_name ?? '', now);
  return { name: `尽调报告-${report.no}-第${chosen.revision}版`, template: REPORT_TEMPLATE, values: { ...values } };
});

export default reportRoutes;

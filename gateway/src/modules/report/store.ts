// The report's own rows and the facts of its rule (migration 0071): the report of a business with its
// revisions and their steps, one step's save (the report row made on the first, numbered BG+yyyyMMdd+seq),
// the limits 方案建议 is held to (the effective cap of the business's product and project company, the
// product's ranges, the amount applied for), the SUBMIT_REPORT rule the aggregate runs before the table lets
// 提交 through, and the new revision a return opens — inside the business transition's transaction.
import { type ColumnType, type Kysely, sql } from 'kysely';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { type BusinessRecord, stageOf } from '../../../../src/domain/financing/lifecycle';
import {
  REPORT_STEPS,
  type ReportStepKey,
  type StepContent,
  stepDone,
  submitReportProblems,
} from '../../../../src/domain/financing/report';
import { type ReportBounds, reportBoundsOf, termsBoundsOf } from '../../../../src/domain/financing/report-stage';
import type { RepaymentMethod } from '../../../../src/domain/financing/repayment-schedule';
import { effectiveCap } from '../../../../src/domain/parameters/effective-cap';
import type { Database } from '../../db/database';
import { type Actor, nextDocumentNo } from '../business/aggregate';
import { registerAfterTransition } from '../business/after-transition';
import { registerCheckpoint } from '../business/facts';
import { registerProposalSource } from '../decision/proposal';
import { capSourcesOf } from '../parameters/cap-sources';

type Json = ColumnType<unknown, string, string>;

export interface DueDiligenceReportTable {
  report_id: string;
  tenant_id: string;
  report_no: string;
  revision: number;
  maker_id: string | null;
  maker_name: string | null;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface DueDiligenceReportStepTable {
  report_id: string;
  tenant_id: string;
  revision: number;
  step_key: string;
  content: Json;
  done: boolean;
  saved_by: string | null;
  saved_at: ColumnType<Date, Date, Date>;
}

declare module '../../db/database' {
  interface Database {
    due_diligence_report: DueDiligenceReportTable;
    due_diligence_report_step: DueDiligenceReportStepTable;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the limits read the funds and parameters modules' tables
type AnyDb = Kysely<any>;

export const REPORT_NO_PREFIX = 'BG';

export interface StoredStep {
  key: ReportStepKey;
  title: string;
  done: boolean;
  content: StepContent;
  savedAt: string | null;
  savedBy: string | null;
}

export interface StoredReport {
  reportNo: string;
  revision: number;
  makerId: string | null;
  makerName: string | null;
  /** Every revision, oldest first, each with its eight steps (an unsaved step empty and not done). */
  revisions: { revision: number; steps: StoredStep[] }[];
}

const parsed = (v: unknown): StepContent => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as StepContent;

export async function loadReport(db: AnyDb, tenantId: string, id: string): Promise<StoredReport | null> {
  const r = await db
    .selectFrom('due_diligence_report')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('report_id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  const rows = await db
    .selectFrom('due_diligence_report_step')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('report_id', '=', id)
    .execute();
  const revision = Number(r.revision);
  const revisions = Array.from({ length: revision }, (_, i) => {
    const mine = rows.filter((s) => Number(s.revision) === i + 1);
    return {
      revision: i + 1,
      steps: REPORT_STEPS.map((def): StoredStep => {
        const s = mine.find((x) => x.step_key === def.key);
        return {
          key: def.key,
          title: def.title,
          done: !!s?.done,
          content: s ? parsed(s.content) : {},
          savedAt: s ? new Date(s.saved_at).toISOString() : null,
          savedBy: s?.saved_by ?? null,
        };
      }),
    };
  });
  return {
    reportNo: String(r.report_no),
    revision,
    makerId: r.maker_id ?? null,
    makerName: r.maker_name ?? null,
    revisions,
  };
}

/** The steps of the revision being made, by key (only those saved). */
export const currentSteps = (report: StoredReport | null): Partial<Record<ReportStepKey, StepContent>> => {
  const last = report?.revisions.at(-1);
  const out: Partial<Record<ReportStepKey, StepContent>> = {};
  for (const s of last?.steps ?? []) if (s.savedAt) out[s.key] = s.content;
  return out;
};

/**
 * Saves one step of the revision being made: the report row made on the first save (its maker the saver),
 * the step written whole, and every step's `done` recomputed by the domain (核心指标 stands on 财务数据).
 */
export async function saveStep(
  trx: Kysely<Database>,
  d: { tenantId: string; businessId: string; actor: Actor; now: Date; key: ReportStepKey; content: StepContent },
): Promise<{ reportNo: string; revision: number }> {
  const db = trx as unknown as AnyDb;
  let report = await loadReport(db, d.tenantId, d.businessId);
  if (!report) {
    const no = await nextDocumentNo(trx, d.tenantId, REPORT_NO_PREFIX, d.now);
    await trx
      .insertInto('due_diligence_report')
      .values({
        report_id: d.businessId,
        tenant_id: d.tenantId,
        report_no: no,
        revision: 1,
        maker_id: d.actor.userId,
        maker_name: d.actor.userName,
        created_at: d.now,
        updated_at: d.now,
      })
      .execute();
    report = (await loadReport(db, d.tenantId, d.businessId)) as StoredReport;
  }
  const revision = report.revision;
  const steps = { ...currentSteps(report), [d.key]: d.content };
  await trx
    .insertInto('due_diligence_report_step')
    .values({
      report_id: d.businessId,
      tenant_id: d.tenantId,
      revision,
      step_key: d.key,
      content: JSON.stringify(d.content),
      done: stepDone(d.key, d.content, steps),
      saved_by: d.actor.userName,
      saved_at: d.now,
    })
    .onConflict((oc) =>
      oc.columns(['report_id', 'revision', 'step_key']).doUpdateSet({
        content: JSON.stringify(d.content),
        saved_by: d.actor.userName,
        saved_at: d.now,
      }),
    )
    .execute();
  for (const [key, content] of Object.entries(steps) as [ReportStepKey, StepContent][]) {
    await trx
      .updateTable('due_diligence_report_step')
      .set({ done: stepDone(key, content, steps) })
      .where('report_id', '=', d.businessId)
      .where('revision', '=', revision)
      .where('step_key', '=', key)
      .execute();
  }
  await trx
    .updateTable('due_diligence_report')
    .set({ updated_at: d.now })
    .where('report_id', '=', d.businessId)
    .execute();
  return { reportNo: report.reportNo, revision };
}

type StoredBusiness = BusinessRecord & {
  keyId: string;
  productId?: string | null;
  projectCompanyId?: string | null;
  applyAmount?: number;
};

/**
 * The limits 方案建议 is held to: the business's fund product (while the business names none, the tenant's
 * first enabled product, as the decision will choose one), the effective cap of that product with the
 * project company's parameter and the summary in force, and the amount applied for. null: the tenant has no
 * enabled product, and the proposal is then held to its own fields' ranges only.
 */
export async function reportBounds(
  database: Kysely<Database>,
  tenantId: string,
  business: StoredBusiness,
  now: Date,
): Promise<ReportBounds | null> {
  const db = database as unknown as AnyDb;
  let q = db
    .selectFrom('fund_product')
    .select([
      'product_id',
      'product_name',
      'min_rate',
      'max_rate',
      'term_min_days',
      'term_max_days',
      'max_financing_ratio',
      'repayment_methods',
    ])
    .where('tenant_id', '=', tenantId);
  q = business.productId ? q.where('product_id', '=', business.productId) : q.where('status', '=', 'ENABLED');
  const product = await q.orderBy('product_id').limit(1).executeTakeFirst();
  if (!product) return null;
  const sources = await capSourcesOf(database, tenantId, {
    productId: String(product.product_id),
    subsidiaryId: business.projectCompanyId ?? null,
    on: businessDay(now),
  });
  const applied = await db
    .selectFrom('financing_business')
    .select('apply_amount')
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', business.keyId)
    .executeTakeFirst();
  const four = (v: unknown) => Number(v).toFixed(4);
  return reportBoundsOf(
    {
      cap: effectiveCap(sources),
      applyAmountFen: BigInt(applied?.apply_amount ?? business.applyAmount ?? 0),
      product: {
        minRate: four(product.min_rate),
        maxRate: four(product.max_rate),
        termMinDays: Number(product.term_min_days),
        termMaxDays: Number(product.term_max_days),
        maxFinancingRatio: four(product.max_financing_ratio),
        repaymentMethods: String(product.repayment_methods)
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean) as RepaymentMethod[],
      },
    },
    { productId: String(product.product_id), productName: String(product.product_name) },
  );
}

/** Every refusal SUBMIT_REPORT finds now: each step not done, then the proposal's broken limits. */
export async function reportProblems(
  db: AnyDb,
  tenantId: string,
  record: StoredBusiness,
  now: Date,
  bounds?: ReportBounds | null,
): Promise<string[]> {
  const report = await loadReport(db, tenantId, record.keyId);
  const limits = bounds === undefined ? await reportBounds(db as Kysely<Database>, tenantId, record, now) : bounds;
  return submitReportProblems(currentSteps(report), limits ? termsBoundsOf(limits) : null);
}

// SUBMIT_REPORT: the gateway loads the steps and the limits, the pure rule decides.
registerCheckpoint('SUBMIT_REPORT', (db, tenantId, record, now) =>
  reportProblems(db, tenantId, record as StoredBusiness, now),
);

// The decision starts from the report's 方案建议 as it was last submitted (the revision the meeting heard).
registerProposalSource(async (db, tenantId, businessId) => {
  const report = await loadReport(db, tenantId, businessId);
  const proposal = report?.revisions.at(-1)?.steps.find((s) => s.key === 'PROPOSAL');
  return proposal?.savedAt ? proposal.content : undefined;
});

// A return to the maker (the review's 退回, the meeting's 复议) opens revision + 1 with the steps carried
// over; the revision that was returned stays as it was submitted.
registerAfterTransition('report.revision', async (trx, done) => {
  if (done.to !== 'REPORT/RETURNED' || done.from === done.to || stageOf(done.from) === 'TERMINATED') return;
  const report = await loadReport(trx, done.tenantId, done.businessId);
  if (!report) return;
  const next = report.revision + 1;
  await sql`insert into due_diligence_report_step
      (report_id, tenant_id, revision, step_key, content, done, saved_by, saved_at)
    select report_id, tenant_id, ${next}, step_key, content, done, saved_by, saved_at
    from due_diligence_report_step
    where tenant_id = ${done.tenantId} and report_id = ${done.businessId} and revision = ${report.revision}`.execute(
    trx,
  );
  await trx
    .updateTable('due_diligence_report')
    .set({ revision: next, updated_at: done.now })
    .where('report_id', '=', done.businessId)
    .execute();
});

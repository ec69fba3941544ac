// The report's own rows and the facts of its rule (migration 0071): the report of a business with its
// revisions and their steps, one step's save (the report row made on the first, numbered BG+yyyyMMdd+seq),
// the limits 方案建议 is held to (the effective cap of the business's product and project company, the
// product's ranges, the amount applied for), the SUBMIT_REPORT rule the aggregate runs before the table lets
// 提交 through, and the new revision a return opens — inside the business transition's transaction.
import { type ColumnType, type Kysely, sql } from 'kysely';
import { type BusinessRecord, stageOf } from '../../../../src/domain/financing/lifecycle';
import {
  REPORT_STEPS,
  type ReportStepKey,
  type StepContent,
  stepDone,
  submitReportProblems,
} from '../../../../src/domain/financing/report';
import { type ReportBounds, reportBoundsOf, termsBoundsOf } from '../../../../src/domain/financing/report-stage';
import type { Database } from '../../db/database';
import { type Actor, nextDocumentNo } from '../business/aggregate';
import { registerAfterTransition } from '../business/after-transition';
import { registerCheckpoint } from '../business/facts';
import { registerStageSource } from '../../stage/stage-sources';
import { stageTerms, type TermsBusiness } from '../../stage/stage-terms';

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

type StoredBusiness = BusinessRecord & TermsBusiness;

/** The limits 方案建议 is held to, as they travel: the kit's limits of the business's terms (stage-terms). */
export async function reportBounds(
  database: Kysely<Database>,
  tenantId: string,
  business: StoredBusiness,
  now: Date,
): Promise<ReportBounds | null> {
  const terms = await stageTerms(database, tenantId, business, now);
  const { productId, productName } = terms?.product ?? { productId: '', productName: '' };
  return terms && reportBoundsOf(terms.bounds, { productId, productName });
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
registerStageSource('report.proposal', async (db, tenantId, businessId) => {
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

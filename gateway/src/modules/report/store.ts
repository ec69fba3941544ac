// The report's own rows and the facts of its rule (migration 0071): its revisions and steps on the kit's
// stepped store (numbered BG+yyyyMMdd+seq; a return opens the next revision), the limits 方案建议 is held to
// (the kit's terms limits), the SUBMIT_REPORT rule the aggregate runs before the table lets 提交 through, and
// the proposal it hands the decision.
import type { ColumnType, Kysely } from 'kysely';
import type { BusinessRecord } from '../../../../src/domain/financing/lifecycle';
import {
  REPORT_STEPS,
  type ReportStepKey,
  stepDone,
  submitReportProblems,
} from '../../../../src/domain/financing/report';
import { type ReportBounds, reportBoundsOf, termsBoundsOf } from '../../../../src/domain/financing/report-stage';
import type { Database } from '../../db/database';
import { registerCheckpoint, registerWriters } from '../business/facts';
import { registerStageSource } from '../../stage/stage-sources';
import { type StoredSteps, stageSteps } from '../../stage/stage-steps';
import { stageTerms, type TermsBusiness } from '../../stage/stage-terms';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('report/store');

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
  saved_by_id: string | null;
  saved_at: ColumnType<Date, Date, Date>;
}

declare module '../../db/database' {
  interface Database {
    due_diligence_report: DueDiligenceReportTable;
    due_diligence_report_step: DueDiligenceReportStepTable;
  }
}

/** The report's revisions and steps on the kit (a return opens revision + 1 with the steps carried over). */
const REPORT = stageSteps<ReportStepKey>({
  stage: 'REPORT',
  table: 'due_diligence_report',
  id: 'report_id',
  no: 'report_no',
  kind: 'report',
  stepTable: 'due_diligence_report_step',
  steps: REPORT_STEPS,
  done: stepDone,
});

export type StoredReport = StoredSteps<ReportStepKey>;
export const loadReport = REPORT.load;
export const currentSteps = REPORT.current;
export const saveStep = REPORT.save;

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
  db: Kysely<Database>,
  tenantId: string,
  record: StoredBusiness,
  now: Date,
  bounds?: ReportBounds | null,
): Promise<string[]> {
  const report = await loadReport(db, tenantId, record.keyId);
  const limits = bounds === undefined ? await reportBounds(db as Kysely<Database>, tenantId, record, now) : bounds;
  return submitReportProblems(currentSteps(report), limits ? termsBoundsOf(limits) : null, now);
}

// A 退回 opens the report's next revision.
extend(REPORT.registerRevision);

// SUBMIT_REPORT: the gateway loads the steps and the limits, the pure rule decides.
extend(registerCheckpoint, 'SUBMIT_REPORT', (db, tenantId, record, now) =>
  reportProblems(db, tenantId, record as StoredBusiness, now),
);

// Whoever saved a step of the revision submitted is one of its makers: none of them reviews it (four-eyes).
extend(registerWriters, 'REPORT', (db, tenantId, businessId) => REPORT.writers(db, tenantId, businessId));

// The decision starts from the report's 方案建议 as it was last submitted (the revision the meeting heard).
extend(registerStageSource, 'report.proposal', async (db, tenantId, businessId) => {
  const report = await loadReport(db, tenantId, businessId);
  const proposal = report?.revisions.at(-1)?.steps.find((s) => s.key === 'PROPOSAL');
  return proposal?.savedAt ? proposal.content : undefined;
});

// 存续期报告 on the stage kit's items (gateway/src/stage/stage-items.ts; src/domain/financing/duration.ts): the rows of
// `duration_report` as the workflow reads them, what each move writes (the findings, 风险分类 and 结论 by their
// maker; the reviewer and the opinion), an approved 次级 or worse raising its risk alert through the risk
// module's own function, the close of business's step that makes the reports due on a day — once each, whatever
// how often the day is run (the unique period key) — and the workbench's to-dos, confirmed by the item table.
import { sameTenant, sameTenantOn } from '../../stage/stage-joins';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { type TSchema, Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import {
  ALERTING_CLASSES,
  CHECK_KIND_LABEL,
  CONCLUSION_LABEL,
  type CheckKind,
  type Conclusion,
  DURATION_API,
  DURATION_ITEM_STATES,
  DURATION_ITEMS,
  DURATION_LIST_PATH,
  DURATION_STATUS_LABEL,
  type DurationReport,
  type DurationStatus,
  DurationMessage,
  FINDINGS,
  type FindingKey,
  RISK_CLASS_LABEL,
  type RiskClass,
  periodLabel,
  reportsDueOn,
} from '../../../../src/domain/financing/duration';
import { stageOf, stateLabel } from '../../../../src/domain/financing/lifecycle';
import type { TodoRow } from '../../../../src/domain/financing/review-queue';
import type { Database } from '../../db/database';
import { tenantRows } from '../../db/tenant-rows';
import type { CloseUnit, DayContext } from '../../jobs/daily-job';
import { withinScope } from '../../resource/resource-repository';
import { type ItemsDef, itemActionsOf } from '../../stage/stage-items';
import { dayOf, fenOf, wireFen } from '../../stage/stage-money';
import { fixedScopeOf } from '../../stage/stage-scope';
import { registerTodoSource } from '../../stage/stage-todos';
import { type Actor, nextDocumentNo } from '../business/aggregate';
import { newId } from '../../ids';
import { raiseRiskAlert } from '../risk/alerts';
import { moduleExtensions } from '../../stage/extensions';
import type { DurationReportTable } from './tables';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('duration/store');

const json = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;

/** A report's row, as the table declares it. */
export type DurationRow = Selectable<DurationReportTable>;

export const fromRow = (r: DurationRow): DurationReport => {
  const findings = json(r.findings);
  return {
    itemId: r.item_id,
    businessId: r.business_id,
    seq: Number(r.seq),
    name: periodLabel(r.kind as CheckKind, r.period_key),
    status: r.status as DurationStatus,
    version: Number(r.version),
    reportNo: r.report_no,
    kind: r.kind as CheckKind,
    periodKey: r.period_key,
    dueDate: dayOf(r.due_date) as string,
    makerId: r.maker_id,
    madeBy: r.made_by,
    findings: Object.fromEntries(FINDINGS.map((f) => [f.key, String(findings[f.key] ?? '')])) as Record<
      FindingKey,
      string
    >,
    riskClass: r.risk_class as RiskClass | null,
    conclusion: r.conclusion as Conclusion | null,
    checkDate: dayOf(r.check_date),
    reviewComment: r.review_comment,
  };
};

/** A report on the wire: codes beside their words, the findings by key. */
export const wireOf = (r: DurationReport) => ({
  keyId: r.itemId,
  businessId: r.businessId,
  reportNo: r.reportNo,
  kind: r.kind,
  kindLabel: CHECK_KIND_LABEL[r.kind],
  periodKey: r.periodKey,
  periodLabel: r.name,
  dueDate: r.dueDate,
  makerId: r.makerId,
  findings: { ...r.findings },
  riskClass: r.riskClass,
  riskClassLabel: r.riskClass ? RISK_CLASS_LABEL[r.riskClass] : null,
  conclusion: r.conclusion,
  conclusionLabel: r.conclusion ? CONCLUSION_LABEL[r.conclusion] : null,
  checkDate: r.checkDate,
  reviewComment: r.reviewComment,
  status: r.status,
  statusLabel: DURATION_STATUS_LABEL[r.status],
  version: r.version,
});

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const DurationSchema = Type.Object(
  {
    ...{ keyId: Type.String(), businessId: Type.String(), reportNo: Type.String({ description: '报告编号' }) },
    kind: Type.String({
      description: '检查类型：MONTHLY 月度 / QUARTERLY 季度 / PRE_MATURITY 到期前30天 / SPECIAL 专项',
    }),
    ...{ kindLabel: Type.String(), periodKey: Type.String(), periodLabel: Type.String({ description: '检查期' }) },
    dueDate: Type.String({ description: '应完成日，逾期未制作自次日起' }),
    makerId: Nullable(Type.String({ description: '经办人' })),
    findings: Type.Object(Object.fromEntries(FINDINGS.map((f) => [f.key, Type.String({ description: f.label })])), {
      additionalProperties: false,
    }),
    riskClass: Nullable(
      Type.String({
        description: '风险分类：NORMAL 正常 / CONCERN 关注 / SUBSTANDARD 次级 / DOUBTFUL 可疑 / LOSS 损失',
      }),
    ),
    riskClassLabel: Nullable(Type.String()),
    conclusion: Nullable(Type.String({ description: '结论：MAINTAIN 维持 / CONDITIONAL 待条件维持 / EXIT 退出' })),
    conclusionLabel: Nullable(Type.String()),
    ...{
      checkDate: Nullable(Type.String({ description: '检查日（提交日）' })),
      reviewComment: Nullable(Type.String()),
    },
    ...{ status: Type.String(), statusLabel: Type.String(), version: Type.Integer() },
  },
  { additionalProperties: false },
);

/** The alert's level by the class found. */
const ALERT_LEVEL: Readonly<Partial<Record<RiskClass, 'WARNING' | 'SEVERE'>>> = {
  SUBSTANDARD: 'WARNING',
  DOUBTFUL: 'SEVERE',
  LOSS: 'SEVERE',
};

export const DURATION: ItemsDef<DurationStatus, DurationReport> = {
  name: 'durationReport',
  api: DURATION_API,
  menu: DURATION_LIST_PATH,
  table: 'duration_report',
  workflow: DURATION_ITEMS,
  states: DURATION_ITEM_STATES,
  messages: { notFound: DurationMessage.notFound, stale: DurationMessage.stale },
  fromRow,
  wire: { schema: DurationSchema, of: wireOf },
  write(_item, move) {
    if (move.action === 'save' || move.action === 'submit') {
      const v = move.values;
      const findings = Object.fromEntries(FINDINGS.map((f) => [f.key, String(v[f.key] ?? '').trim()]));
      return {
        findings: JSON.stringify(findings),
        risk_class: v.riskClass ? String(v.riskClass) : null,
        conclusion: v.conclusion ? String(v.conclusion) : null,
        made_by: move.actor.userId,
        made_at: move.now,
        ...(move.action === 'submit' ? { submitted_at: move.now, check_date: businessDay(move.now) } : {}),
      };
    }
    return { reviewer_id: move.actor.userId, reviewed_at: move.now, review_comment: move.comment || null };
  },
  async after(trx, item, move) {
    if (move.action !== 'approve' || !item.riskClass || !ALERTING_CLASSES.includes(item.riskClass)) return;
    const b = await tenantRows(trx, 'financing_business as b', move.tenantId, { business_id: item.businessId })
      .leftJoin('organization as s', sameTenantOn('s', 'org_id', 'b', 'supplier_id'))
      .select(['b.business_no', 'b.supplier_id', 's.org_name'])
      .executeTakeFirstOrThrow();
    await raiseRiskAlert(trx, {
      tenantId: move.tenantId,
      subject: { type: 'SUPPLIER', id: String(b.supplier_id), name: String(b.org_name ?? '') },
      category: 'DURATION_CHECK',
      level: ALERT_LEVEL[item.riskClass] ?? 'WARNING',
      businessNos: [String(b.business_no)],
      summary: `存续期检查报告${item.reportNo}（${item.name}）风险分类为${RISK_CLASS_LABEL[item.riskClass]}，结论：${
        item.conclusion ? CONCLUSION_LABEL[item.conclusion] : '--'
      }`,
      raisedBy: move.actor.userId,
      now: move.now,
    });
  },
};

// ——— The close of business's step ———

/**
 * The reports due on the day that do not exist yet, one unit each: every repaying business with its registered
 * loan, read afresh on each run; a unit that finds its report made meanwhile inserts nothing.
 */
export async function dueReportUnits(db: Kysely<Database>, { day, at }: DayContext): Promise<CloseUnit[]> {
  const loans = await db
    .selectFrom('financing_business as b')
    .innerJoin('loan as l', sameTenant('l', 'b', 'business_id'))
    .select([
      'b.tenant_id',
      'b.business_id',
      'b.owner_id',
      sql<string>`l.loan_date::text`.as('loan_date'),
      sql<string>`l.maturity_date::text`.as('maturity_date'),
      sql<string[]>`(select coalesce(json_agg(r.period_key), '[]'::json) from duration_report r
        where r.tenant_id = b.tenant_id and r.business_id = b.business_id)`.as('made'),
    ])
    .where('b.stage', '=', 'REPAYING')
    .where('b.deleted', '=', false)
    .where('l.status', '=', 'REGISTERED')
    .orderBy('b.business_id')
    .execute();
  return loans.flatMap((l) => {
    const made = new Set(json(l.made) as unknown as string[]);
    return reportsDueOn({ loanDate: l.loan_date, maturityDate: l.maturity_date }, day)
      .filter((d) => !made.has(d.periodKey))
      .map((due) => ({
        key: `${l.tenant_id}:${l.business_id}:${due.periodKey}`,
        apply: async (trx) => {
          const t = trx;
          const seq = await tenantRows(t, 'duration_report', l.tenant_id, { business_id: l.business_id })
            .select(sql<number>`coalesce(max(seq), 0) + 1`.as('next'))
            .executeTakeFirstOrThrow();
          await t
            .insertInto('duration_report')
            .values({
              ...{ item_id: newId(at), tenant_id: l.tenant_id, business_id: l.business_id, seq: Number(seq.next) },
              report_no: await nextDocumentNo(trx, l.tenant_id, 'duration', at),
              ...{ kind: due.kind, period_key: due.periodKey, due_date: due.dueDate, maker_id: l.owner_id },
              ...{ created_at: at, updated_at: at },
            })
            .onConflict((oc) => oc.columns(['tenant_id', 'business_id', 'period_key']).doNothing())
            .execute();
        },
      }));
  });
}

// ——— The workbench ———

/** Reports waiting on the actor — to make (its 经办人's) or to review — in scope, confirmed by the item table. */
async function waitingOn(db: Kysely<Database>, tenantId: string, actor: Actor, now: Date, review: boolean) {
  let q = db
    .selectFrom('duration_report as r')
    .innerJoin('financing_business as b', sameTenant('b', 'r', 'business_id'))
    .leftJoin('organization as s', sameTenantOn('s', 'org_id', 'b', 'supplier_id'))
    .selectAll('r')
    .select([
      's.org_name as supplier_name',
      'b.business_no',
      'b.state',
      'b.suspended',
      'b.apply_amount',
      'b.approved_amount',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('b.deleted', '=', false);
  q = withinScope(q, 'b', fixedScopeOf(actor));
  q = review
    ? q.where('r.status', '=', 'PENDING')
    : q.where('r.status', 'in', ['DRAFT', 'RETURNED']).where('r.maker_id', '=', actor.userId);
  const rows = await q.orderBy('r.due_date').orderBy('r.item_id').limit(200).execute();
  const today = businessDay(now);
  return rows.flatMap((row): TodoRow[] => {
    const business = { state: String(row.state), suspended: !!row.suspended };
    const report = fromRow(row);
    const [actions] = itemActionsOf(DURATION, actor, now, business, [report]);
    if (!actions?.length) return [];
    const arrived = new Date(String(row.updated_at instanceof Date ? row.updated_at.toISOString() : row.updated_at));
    return [
      {
        itemType: 'DURATION',
        itemTypeLabel: review ? '存续期报告审核' : '存续期报告制作',
        businessId: report.businessId,
        businessNo: String(row.business_no),
        supplierName: String(row.supplier_name ?? ''),
        amount: wireFen(fenOf(row.approved_amount ?? row.apply_amount)),
        stage: stageOf(business.state),
        state: business.state,
        stateLabel: stateLabel(business.state),
        level: review ? 1 : null,
        levels: review ? 1 : null,
        arrivedAt: arrived.toISOString(),
        waitingMinutes: Math.max(0, Math.floor((now.getTime() - arrived.getTime()) / 60_000)),
        overdue: !review && report.dueDate < today,
        link: `${DURATION_LIST_PATH}?id=${encodeURIComponent(report.itemId)}`,
      },
    ];
  });
}

extend(registerTodoSource, 'MAKE', 'duration', async (db, tenantId, actor, now, limit) =>
  (await waitingOn(db, tenantId, actor, now, false)).slice(0, limit),
);
extend(registerTodoSource, 'REVIEW', 'duration', async (db, tenantId, actor, now, limit) =>
  (await waitingOn(db, tenantId, actor, now, true)).slice(0, limit),
);

// The 融资决议书 as it prints (DECISION_TEMPLATE): an agreed decision's terms, its conditions (the meeting's among
// them) and who approved it when. The push hands it to the capital side with the business's other documents.
import { formatShanghaiTime } from '../../../../src/domain/format/date-format';
import { DECISION_TEMPLATE, type DecisionValues } from '../../documents/document-templates';
import { registerBusinessPrint } from '../../stage/stage-prints';
import { loadDecision } from './store';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf } from '../../stage/stage-money';
import { tenantRows } from '../../db/tenant-rows';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('decision/print');

extend(registerBusinessPrint, 'decision', 3, async (db, tenantId, businessId) => {
  const d = await loadDecision(db as never, tenantId, businessId);
  if (d?.result !== 'AGREED') return null;
  const b = await tenantRows(db, 'financing_business as b', tenantId, { business_id: businessId })
    .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
    .leftJoin('review_meeting as m', (j) =>
      j.on('m.meeting_id', '=', d.meetingId ?? '').onRef('m.tenant_id', '=', 'b.tenant_id'),
    )
    .leftJoin('app_user as u', (j) =>
      j.on('u.user_id', '=', d.approverId ?? '').onRef('u.tenant_id', '=', 'b.tenant_id'),
    )
    .select(['b.business_no', 'b.apply_amount', 's.org_name', 'm.meeting_no', 'u.nick_name'])
    .executeTakeFirstOrThrow();
  const values: DecisionValues = {
    ...{ decisionNo: d.decisionNo, businessNo: b.business_no, supplierName: b.org_name ?? '' },
    ...{ meetingNo: b.meeting_no ?? '', applyAmount: fenOf(b.apply_amount), approvedAmount: d.approvedAmount ?? 0n },
    ...{ annualRate: d.annualRate ?? '', serviceFeeRate: d.serviceFeeRate, termDays: d.termDays ?? 0 },
    // The due date is the loan's, set when it is lent.
    dueDate: null,
    ...{ repaymentMethod: d.repaymentMethod ?? '', financingRatio: d.financingRatio ?? '' },
    ...{ guaranteeMeasures: d.guaranteeMeasures, conditions: [...new Set([...d.meetingConditions, ...d.conditions])] },
    ...{ validUntil: d.validUntil ?? '', approverName: b.nick_name ?? '' },
    approvedOn: d.approvedAt ? formatShanghaiTime(d.approvedAt).slice(0, 10) : '',
  };
  return { name: `融资决议书-${d.decisionNo}`, template: DECISION_TEMPLATE, values: { ...values } };
});

// The six-month bar (BUSINESS.md "Decisions for the lifecycle's second half": Meeting; §3 Meeting; S14): after a
// 否决 that followed a 复议, a new pre-credit of the same supplier on any of the same payment orders is refused
// for six months, naming the vetoed business. The rule is the domain's (sixMonthBarRefusal); this joins it to
// the pre-credit's submission (SUBMIT_PRE_CREDIT, whose owner is the pre-credit module) with the facts it reads:
// the supplier's businesses ended 已否决 after a 复议, their payment orders and the day of the 否决.
import type { Database } from '../../db/database';
import { tenantRowsIn } from '../../db/tenant-rows';
import type { Kysely } from 'kysely';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { type BusinessRecord, stageOf } from '../../../../src/domain/financing/lifecycle';
import { sixMonthBarRefusal, type VetoedBusiness } from '../../../../src/domain/financing/meeting-rules';
import { addCheckpointRule } from '../business/facts';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('meeting/veto-bar');

const list = (value: unknown): unknown[] => {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed : [];
};

/** The payment orders a business financed or asked about: its pre-credit's basis and its application's lines. */
async function ordersOf(db: Kysely<Database>, tenantId: string, businessIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(businessIds.map((id) => [id, []]));
  if (businessIds.length === 0) return out;
  const [pre, app] = await Promise.all([
    tenantRowsIn(db, 'pre_credit', tenantId, 'business_id', businessIds)
      .select(['business_id', 'basis_order_ids'])
      .execute(),
    tenantRowsIn(db, 'financing_application', tenantId, 'application_id', businessIds)
      .select(['application_id', 'lines'])
      .execute(),
  ]);
  for (const p of pre) out.get(p.business_id)?.push(...list(p.basis_order_ids).map(String));
  for (const a of app) {
    out.get(a.application_id)?.push(...list(a.lines).map((l) => String((l as { orderId: string }).orderId)));
  }
  return out;
}

/** The supplier's businesses ended 已否决 after a 复议, with the day of the 否决. */
export async function vetoedAfterReconsider(
  db: Kysely<Database>,
  tenantId: string,
  supplierId: string,
  exceptBusinessId: string,
): Promise<VetoedBusiness[]> {
  const rows = await db
    .selectFrom('financing_business as b')
    .select((eb) => [
      'b.business_id',
      'b.business_no',
      'b.reconsider_count',
      eb
        .selectFrom('business_event as e')
        .select((e) => e.fn.max('e.at').as('at'))
        .whereRef('e.business_id', '=', 'b.business_id')
        .whereRef('e.tenant_id', '=', 'b.tenant_id')
        .where('e.to_state', '=', 'TERMINATED/VETOED')
        .as('vetoed_at'),
    ])
    .where('b.tenant_id', '=', tenantId)
    .where('b.supplier_id', '=', supplierId)
    .where('b.state', '=', 'TERMINATED/VETOED')
    .where('b.reconsider_count', '>=', 1)
    .where('b.business_id', '<>', exceptBusinessId)
    .execute();
  const orders = await ordersOf(
    db,
    tenantId,
    rows.map((r) => r.business_id),
  );
  return rows
    .flatMap((r) => (r.vetoed_at ? [{ ...r, vetoed_at: r.vetoed_at }] : []))
    .map((r) => ({
      businessId: r.business_id,
      businessNo: r.business_no,
      supplierId,
      paymentOrderIds: orders.get(r.business_id) ?? [],
      vetoedOn: businessDay(new Date(r.vetoed_at)),
      afterReconsider: Number(r.reconsider_count) >= 1,
    }));
}

extend(
  addCheckpointRule,
  'SUBMIT_PRE_CREDIT',
  'meeting.sixMonthBar',
  async (db, tenantId, record: BusinessRecord, now) => {
    const id = (record as { keyId?: string }).keyId;
    if (!id || stageOf(record.state) !== 'PRE_CREDIT') return [];
    const mine = (await ordersOf(db, tenantId, [id])).get(id) ?? [];
    const vetoed = await vetoedAfterReconsider(db, tenantId, record.supplierId, id);
    const refusal = sixMonthBarRefusal(
      { supplierId: record.supplierId, paymentOrderIds: mine, today: businessDay(now) },
      vetoed,
    );
    return refusal ? [refusal] : [];
  },
);

// The payment orders a business finances, as every stage that lists or checks them reads them (BUSINESS.md §3
// 可融资): the pre-credit rests on them, the application finances lines of them. Both read the same query (an order
// with its eligible amount's parts and its project company), hold each order to its own project company's cap, and
// send an order's common fields alike; each stage adds its own beside them.
import { type Kysely, sql } from 'kysely';
import { Type } from 'typebox';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import { effectiveCap } from '../../../src/domain/parameters/effective-cap';
import type { Database } from '../db/database';
import { tenantRows } from '../db/tenant-rows';
import { capSourcesOf } from '../modules/parameters/cap-sources';
import { sameTenantOn } from './stage-joins';
import { NullableSchema as Nullable } from './stage-money';

/** The tenant's payment orders with the figures every stage reads of them (its eligible amount's parts). */
export function orderQuery(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('payment_order as o')
    .leftJoin('organization as c', sameTenantOn('c', 'org_id', 'o', 'project_company_id'))
    .select([
      'o.order_id',
      'o.order_no',
      'o.supplier_id',
      'o.contract_no',
      'o.status',
      'o.locked',
      'o.project_company_id',
      'c.org_name as project_company_name',
      sql<string>`o.due_date::text`.as('due_date'),
      'o.receivable_amount',
      'o.confirmed_amount',
      'o.paid_amount',
      'o.reserved_amount',
      'o.financed_amount',
    ])
    .where('o.tenant_id', '=', tenantId);
}

/**
 * The payment orders a business finances, by order id: those its application's lines name (BUSINESS.md §3), each
 * with its number and project company — what a later stage checks or prints of them (合同锁定, the debtor).
 */
export async function businessOrders(db: Kysely<Database>, tenantId: string, businessId: string) {
  const found = await sql<{ order_id: string; order_no: string; project_company_id: string | null }>`
    select po.order_id, po.order_no, po.project_company_id from payment_order po
    where po.tenant_id = ${tenantId} and po.order_id in (
      select jsonb_array_elements(a.lines)->>'orderId' from financing_application a
      where a.application_id = ${businessId} and a.tenant_id = ${tenantId})
    order by po.order_id`.execute(db);
  return found.rows.map((o) => ({ orderId: o.order_id, orderNo: o.order_no, projectCompanyId: o.project_company_id }));
}

/** The effective cap's ratio and single amount that bind a pre-credit, null where no parameter sets one. */
export interface BindingCap {
  ratio: string | null;
  singleMax: bigint | null;
}

/**
 * The effective cap (BUSINESS.md §2 Parameters: the minimum of the product's, the subsidiary's and the risk
 * summary's values) for a pre-credit: the product when the business has one (not before APPLICATION), the
 * subsidiary parameter of the project company or else of its parent (the city company), and the summary in
 * force. Where none sets a ratio, BUSINESS.md §3's default 80 % applies (`financingRatio`).
 */
export async function bindingCap(
  database: Kysely<Database>,
  tenantId: string,
  ids: { projectCompanyId: string | null; productId?: string | null },
  now: Date,
): Promise<BindingCap> {
  const db = database;
  let subsidiaryId = ids.projectCompanyId;
  if (subsidiaryId) {
    const own = await tenantRows(db, 'subsidiary_parameter', tenantId, { subsidiary_id: subsidiaryId })
      .select('param_id')
      .executeTakeFirst();
    if (!own) {
      const org = await tenantRows(db, 'organization', tenantId, { org_id: subsidiaryId })
        .select('parent_id')
        .executeTakeFirst();
      subsidiaryId = org?.parent_id ?? null;
    }
  }
  const cap = effectiveCap(
    await capSourcesOf(database, tenantId, {
      productId: ids.productId ?? null,
      subsidiaryId,
      on: businessDay(now),
    }),
  );
  return { ratio: cap.maxFinancingRatio?.value ?? null, singleMax: cap.singleMaxAmount?.value ?? null };
}

/**
 * Each order with the financing ratio of its own project company (BUSINESS.md §3: the cap is per order), and
 * the strictest single financing amount among those companies, the caps read by `capOf`: once per company.
 */
export async function capEachOrder<T extends { projectCompanyId: string | null }>(
  orders: readonly T[],
  capOf: (projectCompanyId: string | null) => Promise<BindingCap>,
): Promise<{ orders: (T & { ratio: string | null })[]; singleMax: bigint | null }> {
  const caps = new Map<string, Promise<BindingCap>>();
  const capOnce = (companyId: string | null) => {
    const key = companyId ?? '';
    if (!caps.has(key)) caps.set(key, capOf(companyId));
    return caps.get(key) as Promise<BindingCap>;
  };
  const out = await Promise.all(orders.map(async (o) => ({ ...o, ratio: (await capOnce(o.projectCompanyId)).ratio })));
  let singleMax: bigint | null = null;
  for (const cap of await Promise.all(caps.values())) {
    if (cap.singleMax !== null && (singleMax === null || cap.singleMax < singleMax)) singleMax = cap.singleMax;
  }
  return { orders: out, singleMax };
}

/** The orders at their own project companies' caps (`capEachOrder`), the business's product binding where named. */
export function withOrderCaps<T extends { projectCompanyId: string | null }>(
  database: Kysely<Database>,
  tenantId: string,
  orders: readonly T[],
  productId: string | null,
  now: Date,
) {
  return capEachOrder(orders, (projectCompanyId) =>
    bindingCap(database, tenantId, { projectCompanyId, productId }, now),
  );
}

/**
 * A payment order as every stage that lists orders shows it (the pre-credit's basis and picker, the application's
 * lines and picker): its number, company, due date and figures, whether it is confirmed and locked. Each stage
 * adds its own beside them.
 */
export const ListedOrderFields = {
  keyId: Type.String(),
  orderNo: Type.String(),
  projectCompanyName: Nullable(Type.String()),
  dueDate: Type.String(),
  receivableAmount: Type.Integer(),
  confirmedAmount: Nullable(Type.Integer()),
  confirmStatus: Type.String(),
  locked: Type.Boolean(),
};

/** What a stage's order carries for those fields (amounts in 分 as the wire sends them). */
export interface ListedOrder {
  orderId: string;
  orderNo: string;
  projectCompanyName: string | null;
  dueDate: string;
  receivableAmount: number;
  confirmedAmount: number | null;
  confirmStatus: string;
  locked: boolean;
}

/** Those fields of an order on the wire. */
export const listedOrder = (o: ListedOrder) => ({
  keyId: o.orderId,
  orderNo: o.orderNo,
  projectCompanyName: o.projectCompanyName,
  dueDate: o.dueDate,
  receivableAmount: o.receivableAmount,
  confirmedAmount: o.confirmedAmount,
  confirmStatus: o.confirmStatus,
  locked: o.locked,
});

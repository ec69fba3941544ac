// What a business's printed letters, its contracts and the push's summary read (their templates' values; a contract
// puts its own factors over the terms): the parties by name, the amount in 分 as text (the approved one, else the
// applied), the approved rate and term, the numbers of the business's stored documents (its contracts, its letters)
// and the day it is made. The debtor is the business's project company, or else the project company of its payment
// orders (an application names its orders, each its project company): the letters are addressed to it, the contract
// and the summary name it. The caller adds its own number.
import type { Kysely } from 'kysely';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import type { Database } from '../db/database';
import type { GatewayDeps } from '../deps';
import type { BusinessRow } from '../modules/business/aggregate';
import { orgNames, storedDocumentsOf } from './stage-documents';
import { businessOrders } from './stage-orders';
import type { StageContext } from './stage-own-routes';

/** Where printed documents are stored and which font draws their Chinese (the app's deps). */
export type DocumentPlace = Pick<GatewayDeps, 'filesDir' | 'cjkFont'>;

/** Who makes a printed document, in which tenant, when: a route's caller, or a walk's seeded person. */
export type PrintMaker = Pick<StageContext, 'tenantId' | 'actor' | 'now' | 'signal'>;

/** The debtor: the business's project company, or else the first of its payment orders' (by order id). */
async function projectCompanyOf(db: Kysely<Database>, tenantId: string, b: BusinessRow): Promise<string | null> {
  if (b.projectCompanyId) return b.projectCompanyId;
  return (await businessOrders(db, tenantId, b.keyId)).find((o) => o.projectCompanyId)?.projectCompanyId ?? null;
}

/** The values a business's printed letter or summary reads, and the debtor's id (the letter's addressee). */
export async function businessPrintValues(db: Kysely<Database>, tenantId: string, b: BusinessRow, now: Date) {
  const projectCompanyId = await projectCompanyOf(db, tenantId, b);
  const ids = [b.supplierId, projectCompanyId, b.capitalSideId];
  const [supplierName = '', projectCompanyName = '', capitalSideName = ''] = await orgNames(db, tenantId, ids);
  const terms = await db
    .selectFrom('financing_business')
    .select(['approved_annual_rate', 'approved_term_days'])
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', b.keyId)
    .executeTakeFirst();
  const docs = await storedDocumentsOf(db, tenantId, b.keyId);
  return {
    ...{ projectCompanyId, businessNo: b.businessNo, supplierName, projectCompanyName, capitalSideName },
    amountFen: String(b.approvedAmount ?? b.applyAmount),
    annualRate: terms?.approved_annual_rate == null ? null : String(terms.approved_annual_rate),
    termDays: terms?.approved_term_days == null ? null : Number(terms.approved_term_days),
    contractNos: docs.map((x) => x.name.replace(/\.pdf$/i, '')).join('、') || '--',
    madeOn: businessDay(now),
  };
}

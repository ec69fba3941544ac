// A business walked on to 还款中 as the README's people would: from 要素落实 to 放款·待放款 through the aggregate
// (lending-walk.ts), then FINANCE's 登记放款 of the approved amount on the app's day and OPS's 通过 through the
// gateway's own routes, which store the schedule. For the close of business's tests, which need loans.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import type { Database } from '../db/database';
import { demoPassword } from './demo-passwords';
import { walkToLending } from './lending-walk';
import { callerOf, signIn, uploadFile } from './test-gateway';
import { fenOf, wireFen } from '../stage/stage-money';
import { MINIMAL_PDF as PDF } from './minimal-pdf';

const API = '/api/business/lending';

/** Walks the business from ELEMENTS/DRAFT to REPAYING/NORMAL with its loan lent on `now`'s day. */
export async function walkToRepaying(
  app: FastifyInstance,
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
): Promise<void> {
  await walkToLending(db, tenantId, businessId, now);
  const call = callerOf(app);
  const as = async (name: string) => (await signIn(app, name, demoPassword(name))).headers;
  const [finance, ops] = [await as('finance'), await as('ops1')];
  const business = await db
    .selectFrom('financing_business')
    .select(['approved_amount', 'version'])
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  const receipt = await uploadFile(app, finance, '放款回单.pdf', PDF);
  const registered = await call('POST', `${API}/${businessId}/register`, finance, {
    version: business.version,
    amount: wireFen(fenOf(business.approved_amount)),
    loanDate: businessDay(now),
    upfrontInterest: 0,
    serviceFee: 0,
    receiptFileId: receipt.data.keyId,
  });
  if (registered.code !== 0) throw new Error(`登记放款: ${registered.message}`);
  const approved = await call('POST', `${API}/${businessId}/transition`, ops, {
    action: 'approve',
    version: registered.data.version,
  });
  if (approved.code !== 0) throw new Error(`放款复核: ${approved.message}`);
}

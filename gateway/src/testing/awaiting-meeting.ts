// Businesses waiting for a meeting (评审会·待上会), for the tests and browser specs of the meeting and the
// decision: each a new business of the demo supplier 华东建材 walked through the aggregate by the seeded people
// exactly as the demo seed walks its own — the pre-credit and the 融资申请 approved (the application seed's
// walk), the report made by risk1 and approved by risk2 and riskhead (the report seed's). Never used by the
// gateway itself.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { walkReport } from '../db/seed/report.seed';
import { financingApplicationWalkOf, walkFinancingApplication } from '../db/seed/workflow-financing-application.seed';

/** The application seed's plan entries from here on pick the orders its walked-on applications use. */
const FIRST_WALKED_ON = 5;
/** How many orders those entries take in turn. */
const ORDERS_WALKED_ON = 3;

export async function businessesAwaitingMeeting(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
  now = new Date(),
): Promise<string[]> {
  if (tenantId !== DEMO_TENANT_ID) throw new Error('only the demo tenant has the seeded people and orders');
  const walk = await financingApplicationWalkOf(db, now);
  if (!walk) throw new Error('the demo seed has not seeded the reviewers');
  // Each walk on the next of the plan's orders, so that one order is not asked again and again; an order a
  // vetoed business bars (the six-month bar) is passed over for the next.
  const walked = await db
    .selectFrom('financing_application')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  let i = FIRST_WALKED_ON + Number(walked.n);
  const ids: string[] = [];
  for (let k = 0; k < count; k += 1) {
    // Each a day before the next, the last one a day before `now`; the walks take hours within their day.
    const at = new Date(now.getTime() - (count - k) * 24 * 3600_000);
    let id: string | null = null;
    let refusal: unknown = null;
    for (let tries = 0; id === null && tries < ORDERS_WALKED_ON; tries += 1, i += 1) {
      id = await walkFinancingApplication(db, walk, i, 'APPROVED', at).catch((error: unknown) => {
        refusal = error;
        return null;
      });
    }
    if (!id) throw new Error('no confirmed order of 华东建材 has room for another application', { cause: refusal });
    await walkReport(db, id, k, 'APPROVED', new Date(at.getTime() + 12 * 3600_000));
    ids.push(id);
  }
  return ids;
}

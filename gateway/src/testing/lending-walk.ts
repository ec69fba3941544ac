// A business walked from 要素落实 to 放款·待放款 through the aggregate, as the seeded people would: OPS asks a
// waiver of every element item and RISK_HEAD grants it (the items' own move, as their route makes it), then 要素落实, 合同, 签约,
// 推送 and the capital side's 通过 as the lifecycle table allows, each by the person its transition names. The
// 合同 gets one contract whose factors are the TERM elements, recorded as the make route records an uploaded one
// (its file a row only: no walk reads it back). The stages after 合同 have no rules of their own yet: where a
// checkpoint has no rule registered, the walk registers one that finds nothing, so the table lets the move
// through instead of answering 「业务规则尚未校验」.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Checkpoint } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';
import { type Actor, actorById, loadBusiness, nextDocumentNo, transitionBusiness } from '../modules/business/aggregate';
import { CONTRACT_FILE_TYPE, termElementsOf } from '../modules/contract/store';
import { newId } from '../modules/operation-log/repository';
import { hasCheckpoint, registerCheckpoint } from '../modules/business/facts';
import { ELEMENTS } from '../modules/elements/store';
import { loanTermsOf, RECEIPT_FILE_TYPE } from '../modules/lending/store';
import { addDays } from '../../../src/domain/financing/repayment-schedule';
import { dayOf } from '../stage/stage-money';
import { itemRows, moveItem } from '../stage/stage-items';

const NOT_YET_BUILT: readonly Checkpoint[] = ['SUBMIT_CONTRACT', 'FINISH_SIGNING', 'PUSH', 'CAPITAL_APPROVED'];

/** The stages between 要素 and 放款 whose rules are not built yet let a walk through. */
export function standInCheckpoints(): void {
  for (const c of NOT_YET_BUILT) if (!hasCheckpoint(c)) registerCheckpoint(c, async () => []);
}

const idOf = async (db: Kysely<Database>, name: string) =>
  (await db.selectFrom('app_user').select('user_id').where('user_name', '=', name).executeTakeFirstOrThrow()).user_id;

/** Every element item of the business waived: OPS (ops1) asks, RISK_HEAD (riskhead) grants. */
async function waiveElements(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  ops: Actor,
  head: Actor,
  now: Date,
) {
  const rows = await itemRows(db as never, ELEMENTS.table, tenantId, businessId);
  for (const item of rows.map(ELEMENTS.fromRow).filter((i) => i.status === 'PENDING')) {
    const move = (actor: Actor, version: number, action: string, comment?: string) =>
      moveItem(db, ELEMENTS, {
        tenantId,
        actor,
        now,
        id: item.itemId,
        body: { action, version, ...(comment ? { comment } : {}) },
      });
    const asked = (await move(ops, item.version, 'askWaiver', '已另行落实')) as unknown as { version: number };
    await move(head, asked.version, 'waive');
  }
}

/** One contract of the business whose factors are its TERM elements, as an upload of the maker's. */
async function contractOfTerms(db: Kysely<Database>, tenantId: string, businessId: string, maker: Actor, now: Date) {
  const terms = await termElementsOf(db as never, tenantId, businessId);
  const required = (name: string) => terms.find((t) => t.name === name)?.required as Record<string, unknown>;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const [fileId, itemId] = [newId(), newId()];
  const contractNo = await nextDocumentNo(db, tenantId, 'contract', now);
  await db
    .insertInto('stored_file')
    .values({
      ...{ key_id: fileId, tenant_id: tenantId, file_name: `保理合同-${contractNo}.pdf`, extension: 'pdf' },
      ...{ content_type: 'application/pdf', size: pdf.length, sha256, created_by: maker.userId, created_at: now },
      ...{ business_type: CONTRACT_FILE_TYPE, business_id: itemId },
    })
    .execute();
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('contract_file')
    .values({
      ...{ item_id: itemId, tenant_id: tenantId, business_id: businessId, seq: 1, contract_no: contractNo },
      ...{ series_no: contractNo, contract_version: 1, name: '保理合同', contract_type: 'FACTORING', origin: 'UPLOAD' },
      amount_fen: String(required('金额').fen),
      annual_rate: required('利率').rate,
      term_days: required('期限').days,
      repayment_method: required('还款方式').method,
      ...{ file_id: fileId, file_sha256: sha256, created_by: maker.userId, created_at: now, updated_at: now },
    })
    .execute();
}

/** Walks the business from ELEMENTS/DRAFT to LENDING/WAIT_LOAN on `now`. */
export async function walkToLending(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
): Promise<void> {
  standInCheckpoints();
  const person = async (name: string) => actorById(db, tenantId, await idOf(db, name));
  const start = await loadBusiness(db, tenantId, businessId);
  const owner = await actorById(db, tenantId, start.ownerId as string);
  const [admin, ops1, ops2, legal, risk1, reviewer1, riskhead] = await Promise.all(
    ['admin', 'ops1', 'ops2', 'legal', 'risk1', 'reviewer1', 'riskhead'].map(person),
  );
  await waiveElements(db, tenantId, businessId, ops1 as Actor, riskhead as Actor, now);
  let version = start.version;
  const move = async (actor: Actor, action: string, values?: Record<string, string>) => {
    const row = await transitionBusiness(db, {
      ...{ tenantId, businessId, actor, action, version, now },
      ...(values ? { values } : {}),
    });
    version = row.version;
  };
  await move(admin as Actor, 'submit');
  await move(ops1 as Actor, 'approve');
  await move(ops2 as Actor, 'approve');
  await contractOfTerms(db, tenantId, businessId, admin as Actor, now);
  await move(admin as Actor, 'submit');
  await move(legal as Actor, 'approve');
  await move(risk1 as Actor, 'approve');
  await move(owner, 'signOffline');
  await move(owner, 'submit');
  await move(reviewer1 as Actor, 'approve');
  await move(owner, 'capitalFeedback', { result: 'APPROVED' });
}

/**
 * Walks the business on to 还款中 on `now`: FINANCE (finance) registers the approved amount lent that day, as the
 * 登记 route writes it (its 放款回单 a file row only), and OPS (ops1) approves it through the aggregate, which
 * stores the schedule. Answers the business's loan date and maturity.
 */
export async function walkToRepaying(db: Kysely<Database>, tenantId: string, businessId: string, now: Date) {
  await walkToLending(db, tenantId, businessId, now);
  const [finance, ops1] = await Promise.all(
    ['finance', 'ops1'].map(async (n) => actorById(db, tenantId, await idOf(db, n))),
  );
  const limits = await loanTermsOf(db as never, tenantId, businessId, now);
  if (!limits?.terms) throw new Error(`no approved terms for business ${businessId}`);
  const amount = limits.bounds.capitalApprovedFen;
  const loanDate = limits.bounds.today;
  const fileId = newId();
  await db
    .insertInto('stored_file')
    .values({
      ...{ key_id: fileId, tenant_id: tenantId, file_name: '放款回单.pdf', extension: 'pdf' },
      ...{ content_type: 'application/pdf', size: 1, sha256: '0'.repeat(64), created_by: finance?.userId ?? '' },
      ...{ created_at: now, business_type: RECEIPT_FILE_TYPE, business_id: businessId },
    })
    .execute();
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('loan')
    .values({
      ...{ business_id: businessId, tenant_id: tenantId, loan_no: await nextDocumentNo(db, tenantId, 'loan', now) },
      ...{ amount: String(amount), upfront_interest: '0', service_fee: '0', net_amount: String(amount) },
      ...{ loan_date: loanDate, value_date: loanDate, maturity_date: addDays(loanDate, 1) },
      annual_rate: limits.terms.annualRate,
      repayment_method: limits.terms.method,
      day_count_basis: limits.terms.dayCountBasis,
      ...{ receipt_file_id: fileId, status: 'PENDING', registrar_id: finance?.userId, registered_at: now },
      ...{ created_at: now, updated_at: now },
    })
    .execute();
  let version = (await loadBusiness(db, tenantId, businessId)).version;
  for (const [actor, action] of [
    [finance, 'submit'],
    [ops1, 'approve'],
  ] as const) {
    version = (await transitionBusiness(db, { tenantId, businessId, actor: actor as Actor, action, version, now }))
      .version;
  }
  const loan = await db
    .selectFrom('loan')
    .select(['loan_date', 'maturity_date'])
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return { loanDate: dayOf(loan.loan_date) as string, maturityDate: dayOf(loan.maturity_date) as string };
}

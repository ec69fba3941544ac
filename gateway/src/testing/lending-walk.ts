// A business walked from 要素落实 to 放款·待放款 through the aggregate, as the seeded people would: OPS asks a
// waiver of every element item and RISK_HEAD grants it (the items' own move, as their route makes it), then 要素落实, 合同, 签约,
// 推送 and the capital side's 通过 as the lifecycle table allows, each by the person its transition names. The
// 合同 gets one contract whose factors are the TERM elements, recorded as the make route records an uploaded one
// (a small real PDF stored through the file service); 签约 signs it for real (signing-walk.ts), and 推送 goes
// through the push stage's own walk (push-walk.ts). Where a
// checkpoint has no rule registered, the walk registers one that finds nothing, so the table lets the move
// through instead of answering 「业务规则尚未校验」.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { type Actor, actorById, loadBusiness, nextDocumentNo, transitionBusiness } from '../modules/business/aggregate';
import { CONTRACT_FILE_TYPE } from '../modules/contract/store';
import { termElementsOf } from '../stage/stage-terms';
import { requiredTerms } from '../../../src/domain/stage/term-factors';
import { newId } from '../ids';
import { ELEMENTS } from '../modules/elements/store';
import { RECEIPT_FILE_TYPE } from '../modules/lending/store';
import { loanTermsOf } from '../stage/stage-loans';
import { addDays } from '../../../src/domain/financing/repayment-schedule';
import { dayOf } from '../stage/stage-money';
import { itemRows, moveItem } from '../stage/stage-items';
import { storeGeneratedDocument } from '../stage/stage-documents';
import { loadPdfKit } from '../lazy-libraries';
import { walkSigning } from './signing-walk';
import { DEFAULT_CJK_FONT } from '../modules/file/pdf-convert';
import { walkPush } from './push-walk';

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

/** A small real PDF (the signing walk signs it): the contract's number and factors, in pdfkit's own font. */
async function contractPdf(contractNo: string, amountFen: unknown): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text(`Factoring contract ${contractNo}, amount ${String(amountFen)} fen`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * One contract of the business whose factors are its TERM elements, as an upload of the maker's, its PDF stored
 * through the file service (in `filesDir`; a directory of its own when none is given).
 */
async function contractOfTerms(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  maker: Actor,
  now: Date,
  filesDir: string,
) {
  const terms = requiredTerms(await termElementsOf(db as never, tenantId, businessId));
  const itemId = newId(now);
  const contractNo = await nextDocumentNo(db, tenantId, 'contract', now);
  const pdf = await contractPdf(contractNo, terms.amountFen);
  const { fileId, sha256 } = await storeGeneratedDocument(
    db,
    filesDir,
    { tenantId, userId: maker.userId, now },
    { name: `保理合同-${contractNo}.pdf`, pdf },
    { type: CONTRACT_FILE_TYPE, id: itemId },
  );
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('contract_file')
    .values({
      ...{ item_id: itemId, tenant_id: tenantId, business_id: businessId, seq: 1, contract_no: contractNo },
      ...{ series_no: contractNo, contract_version: 1, name: '保理合同', contract_type: 'FACTORING', origin: 'UPLOAD' },
      amount_fen: String(terms.amountFen),
      ...{ annual_rate: terms.annualRate, term_days: terms.termDays, repayment_method: terms.repaymentMethod },
      ...{ file_id: fileId, file_sha256: sha256, created_by: maker.userId, created_at: now, updated_at: now },
    })
    .execute();
}

const idsOf = (db: Kysely<Database>, tenantId: string, names: string[]) =>
  Promise.all(names.map(async (name) => actorById(db, tenantId, await idOf(db, name))));

/** One move of the business by `actor`, on its version as it now stands. */
async function moveAs(
  db: Kysely<Database>,
  at: { tenantId: string; businessId: string; now: Date },
  actor: Actor,
  action: string,
  values?: Record<string, string>,
) {
  const { version } = await loadBusiness(db, at.tenantId, at.businessId);
  await transitionBusiness(db, { ...at, actor, action, version, ...(values ? { values } : {}) });
}

/** Walks the business from ELEMENTS/DRAFT to 签约·待签约 on `now`: elements waived and reviewed, a contract reviewed. */
export async function walkToSigning(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
  filesDir: string,
): Promise<void> {
  const [admin, ops1, ops2, legal, risk1, riskhead] = await idsOf(db, tenantId, [
    ...['admin', 'ops1', 'ops2', 'legal', 'risk1', 'riskhead'],
  ]);
  const at = { tenantId, businessId, now };
  await waiveElements(db, tenantId, businessId, ops1 as Actor, riskhead as Actor, now);
  await moveAs(db, at, admin as Actor, 'submit');
  await moveAs(db, at, ops1 as Actor, 'approve');
  await moveAs(db, at, ops2 as Actor, 'approve');
  await contractOfTerms(db, tenantId, businessId, admin as Actor, now, filesDir);
  await moveAs(db, at, admin as Actor, 'submit');
  await moveAs(db, at, legal as Actor, 'approve');
  await moveAs(db, at, risk1 as Actor, 'approve');
}

/** Walks the business from ELEMENTS/DRAFT to SIGNING/SIGNED (已签约) on `now`: 要素, 合同 and 签约 signed for real. */
export async function walkToPush(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
  filesDir = mkdtempSync(join(tmpdir(), 'lending-walk-')),
): Promise<{ owner: Actor; reviewer: Actor }> {
  await walkToSigning(db, tenantId, businessId, now, filesDir);
  await walkSigning(db, tenantId, businessId, now, filesDir);
  const owner = await actorById(db, tenantId, (await loadBusiness(db, tenantId, businessId)).ownerId as string);
  const [reviewer1] = await idsOf(db, tenantId, ['reviewer1']);
  return { owner, reviewer: reviewer1 as Actor };
}

/** Walks the business from ELEMENTS/DRAFT to LENDING/WAIT_LOAN on `now` (推送 through the push stage's walk). */
export async function walkToLending(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
  filesDir = mkdtempSync(join(tmpdir(), 'lending-walk-')),
): Promise<void> {
  const people = await walkToPush(db, tenantId, businessId, now, filesDir);
  await walkPush(
    db,
    { filesDir, cjkFont: DEFAULT_CJK_FONT },
    tenantId,
    businessId,
    { maker: people.owner, reviewer: people.reviewer },
    now,
  );
}

/**
 * Walks the business on to 还款中 on `now`: FINANCE (finance) registers the approved amount lent that day, as the
 * 登记 route writes it (its 放款回单 a file row only), and OPS (ops1) approves it through the aggregate, which
 * stores the schedule. Answers the business's loan date and maturity.
 */
export async function walkToRepaying(db: Kysely<Database>, tenantId: string, businessId: string, now: Date) {
  await walkToLending(db, tenantId, businessId, now);
  return lendApproved(db, tenantId, businessId, now);
}

/**
 * From 放款·待放款 on to 还款中 on `now`: FINANCE's 登记 of the approved amount lent that day and OPS's 通过, as in
 * walkToRepaying (the demo's loans seed lends a day after the push this way). Answers the loan date and maturity.
 */
export async function lendApproved(db: Kysely<Database>, tenantId: string, businessId: string, now: Date) {
  const [finance, ops1] = await Promise.all(
    ['finance', 'ops1'].map(async (n) => actorById(db, tenantId, await idOf(db, n))),
  );
  const limits = await loanTermsOf(db as never, tenantId, businessId, now);
  if (!limits?.terms) throw new Error(`no approved terms for business ${businessId}`);
  const amount = limits.bounds.capitalApprovedFen;
  const loanDate = limits.bounds.today;
  const fileId = newId(now);
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

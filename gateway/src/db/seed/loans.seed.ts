// The demo's loans (BUSINESS.md "Demo data"): six businesses of the demo supplier 华东建材, each walked whole by the
// seeded people at past dates, so that every date is inside its validity — its own confirmed order, the pre-credit
// and 融资申请 (the application seed's walk), the report (the report seed's), a meeting of the committee, the
// decision (the decision seed's, 30 days), 要素, the contract signed for real and the push approved by the capital
// side (lending-walk.ts, push-walk.ts), then finance (朱琳) registers the loan and ops1 (韩冰) approves it. The
// close of business's loan steps run over every day since, the runner's own functions, so the overdue days,
// penalties, risk classes, the 还款中 → 逾期 moves and the 存续期检查报告 due are its; repayments are registered by finance and confirmed by
// finance2 (林晓). The stories, by the days before the seed the loan was lent:
//   还款中 lent 20 days ago; 逾期 15, 60 and 120 days (lent 45, 90, 150 days ago); 提前结清 (lent 40 days ago,
//   repaid in full 20 days ago); 已结清 (lent 70 days ago, repaid in full on its maturity 40 days ago).
// And three more walked the same way, decided three days ago and walked on two days ago, that stop at each stage
// after the decision where a user acts next: 待签约 (the contract passed, signing not started), signed (the signing walk's last step, wherever that
// leaves it) and 待放款 (the capital side's 通过) — that one 先息后本 over 90 days, so that lending it gives a plan of
// several installments. Every document the walks make is filed in the gateway's file store when the caller names
// it (SeedPlace), so a seeded contract, signed copy, letter or package opens after the start.
// Once: a tenant with a loan already is left as it is. It runs after the other seeds' transaction has committed
// (the signing, push and repayment code it walks through opens its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { fenToWire } from '../../../../src/domain/decimal/wire-fen';
import { closeTimeOf } from '../../../../src/domain/calendar/close-of-business';
import { appliedFen, applyRepayment } from '../../../../src/domain/financing/repayment-apply';
import { addConfirmedOrder } from '../../modules/financing-application/confirmed-orders';
import { type Actor, actorById, loadBusiness } from '../../modules/business/aggregate';
import { LIFECYCLE_ACCOUNTS } from '../../modules/business/seed';
import { loadInstallments } from '../../stage/stage-loans';
import { closeLoans } from '../../modules/loan-close/close';
import { dueReportUnits } from '../../modules/duration/store';
import { examineMinutes } from '../../modules/meeting/repository';
import { seededCommittee, walkToChairReview } from '../../modules/meeting/walk';
import { newId } from '../../ids';
import { REPAYMENTS, loanTerms } from '../../modules/repayment/store';
import type { RepaymentMethod } from '../../../../src/domain/financing/repayment-schedule';
import { addItem, moveItem } from '../../stage/stage-items';
import { lendApproved, walkToLending, walkToSigning } from '../../testing/lending-walk';
import { walkSigning } from '../../testing/signing-walk';
import type { Database } from '../database';
import { DEMO_TENANT_ID, DemoOrg, type SeedPlace } from './demo-seed';
import { walkReport } from './report.seed';
import { dateBefore, daysBefore } from './seed-days';
import { walkDecision } from './workflow-decision.seed';
import { financingApplicationWalkOf, walkFinancingApplication } from './workflow-financing-application.seed';

export const after = [
  ...['business', 'workflow-financing-application', 'report', 'meeting', 'workflow-decision'],
  ...['elements', 'contracts', 'push', 'lending', 'repayment'],
];

export const ownTransactions = true;

const T = DEMO_TENANT_ID;
/** The decision's term: the product's shortest, so that a loan long overdue was lent within the year. */
const TERM_DAYS = 30;

interface LoanStory {
  /** What it shows, on the meeting's title. */
  name: string;
  /** Days before the seed the loan was lent. */
  lentDaysAgo: number;
  /** Days before the seed it was repaid in full, if it was. */
  settledDaysAgo?: number;
}

/** A business walked past its decision that waits where a user acts next. */
interface StageStory {
  name: string;
  /** The last step walked: the contract reviewed, the signing walk, or the capital side's 通过. */
  stop: 'CONTRACT' | 'SIGNING' | 'PUSH';
  /** The decision's repayment method and term, when not the report's proposal and TERM_DAYS. */
  terms?: { repaymentMethod: RepaymentMethod; termDays: number };
}

/** A stage story's days count back as a loan story's lent on the seed's day: decided three days before, walked two. */
const STAGE_DAYS_AGO = 0;

export const STAGE_STORIES: readonly StageStory[] = [
  { name: '待签约', stop: 'CONTRACT' },
  { name: '签约完成', stop: 'SIGNING' },
  { name: '待放款', stop: 'PUSH', terms: { repaymentMethod: 'INTEREST_FIRST', termDays: 90 } },
];

export const LOAN_STORIES: readonly LoanStory[] = [
  { name: '逾期超过90天', lentDaysAgo: 150 },
  { name: '逾期31-90天', lentDaysAgo: 90 },
  { name: '已结清', lentDaysAgo: 70, settledDaysAgo: 70 - TERM_DAYS },
  { name: '逾期1-30天', lentDaysAgo: 45 },
  { name: '提前结清', lentDaysAgo: 40, settledDaysAgo: 20 },
  { name: '还款中', lentDaysAgo: 20 },
];

const person = async (db: Kysely<Database>, userName: string): Promise<Actor> => {
  const account = LIFECYCLE_ACCOUNTS.find((a) => a.userName === userName);
  if (!account) throw new Error(`no seeded person ${userName}`);
  return actorById(db, T, account.userId);
};

/**
 * One story's business walked from a confirmed order of its own to 还款中, or to its stage story's stop: days
 * counted back from its loan day L — the order confirmed L+10, the application L+8, the report L+7, the meeting
 * noticed L+6, held L+5, its minutes approved L+4, the decision L+3, 要素 to the push L+2, the loan on L.
 */
async function walkStory(
  db: Kysely<Database>,
  story: LoanStory | StageStory,
  k: number,
  now: Date,
  filesDir: string,
): Promise<string> {
  const L = 'stop' in story ? STAGE_DAYS_AGO : story.lentDaysAgo;
  // Due 46 days after the application: the earliest of the supplier's orders with the 45 days of life asked.
  await addConfirmedOrder(db as never, {
    ...{ tenantId: T, supplierId: DemoOrg.huadongBuildingMaterials, orderNo: `FKHD2026${9001 + k}` },
    ...{
      amount: (1_600_000 + k * 200_000) * 100,
      dueDate: dateBefore(now, L + 8 - 46),
      now: daysBefore(now, L + 10, 9),
    },
  });
  const applied = daysBefore(now, L + 8, 9);
  const walk = await financingApplicationWalkOf(db, applied);
  if (!walk) throw new Error('the demo seed has not seeded the reviewers');
  const id = await walkFinancingApplication(db, walk, 0, 'APPROVED', applied);
  if (!id) throw new Error(`no order of 华东建材 has room for the loan story ${story.name}`);
  await walkReport(db, id, k, 'APPROVED', daysBefore(now, L + 7, 9));
  const minutesAt = daysBefore(now, L + 4, 15);
  const m = await walkToChairReview(
    db,
    T,
    {
      title: `融资评审会（${story.name}）`,
      location: '远景大厦8楼第一会议室',
      businessIds: [id],
      minutes: '基础交易真实，还款来源清晰，同意上报融资决议。',
    },
    minutesAt,
  );
  const { chair } = await seededCommittee(db, T);
  await examineMinutes(
    db,
    T,
    { meetingId: m.meetingId, action: 'approveMinutes', version: m.version, comment: '同意' },
    chair,
    new Date(minutesAt.getTime() + 3600_000),
  );
  const terms = 'stop' in story ? story.terms : undefined;
  await walkDecision(db, id, daysBefore(now, L + 3, 10), { approve: true, termDays: TERM_DAYS, ...terms });
  const walked = daysBefore(now, L + 2, 10);
  if (!('stop' in story)) {
    await walkToLending(db, T, id, walked, filesDir);
    await lendApproved(db, T, id, daysBefore(now, L, 10));
  } else if (story.stop === 'CONTRACT') await walkToSigning(db, T, id, walked, filesDir);
  else if (story.stop === 'SIGNING') {
    await walkToSigning(db, T, id, walked, filesDir);
    await walkSigning(db, T, id, walked, filesDir);
  } else await walkToLending(db, T, id, walked, filesDir);
  return id;
}

/** A repayment of everything owed on the day, registered by finance at 10:00 and confirmed by finance2 at 14:00. */
async function repayInFull(db: Kysely<Database>, businessId: string, daysAgo: number, now: Date): Promise<void> {
  const [finance, finance2] = [await person(db, 'finance'), await person(db, 'finance2')];
  const valueDate = dateBefore(now, daysAgo);
  const registered = daysBefore(now, daysAgo, 10);
  const business = await loadBusiness(db, T, businessId);
  const { terms } = await loanTerms(db as never, T, businessId);
  const owed = applyRepayment(terms, await loadInstallments(db as never, T, businessId), {
    ...{ amountFen: 10n ** 15n, valueDate, state: business.state },
  });
  if ('refusal' in owed) throw new Error(owed.refusal);
  const receiptFileId = newId(registered);
  await db
    .insertInto('stored_file')
    .values({
      ...{ key_id: receiptFileId, tenant_id: T, file_name: '还款回单.pdf', extension: 'pdf' },
      ...{ content_type: 'application/pdf', size: 1, sha256: '0'.repeat(64), created_by: finance.userId },
      created_at: registered,
    })
    .execute();
  const item = (await addItem(db, REPAYMENTS, REPAYMENTS.create as NonNullable<typeof REPAYMENTS.create>, {
    ...{ tenantId: T, actor: finance, now: registered, businessId },
    body: {
      ...{ payer: '华东建材有限公司', amount: fenToWire(appliedFen(owed.lines)), valueDate },
      ...{ flowNo: `HKLS${valueDate.replaceAll('-', '')}${businessId.slice(-6)}`, receiptFileId },
    },
  })) as unknown as { keyId: string; version: number };
  await moveItem(db, REPAYMENTS, {
    ...{ tenantId: T, actor: finance2, now: daysBefore(now, daysAgo, 14), id: item.keyId },
    body: { action: 'confirm', version: item.version, comment: '已核对银行流水' },
  });
}

/**
 * The close of business's loan steps on `day` for the loans lent before it, as the runner runs them: the loans
 * closed through the day (overdue days, penalty, risk class, 还款中 ⇄ 逾期), then the 存续期检查报告 due on it, each
 * unit in a transaction of its own.
 */
async function closeDay(db: Kysely<Database>, loans: readonly string[], day: string): Promise<void> {
  const ctx = { day, at: closeTimeOf(day) };
  await db.transaction().execute((trx) => closeLoans(trx, T, loans, day, { at: ctx.at }));
  for (const unit of await dueReportUnits(db, ctx)) {
    if (loans.some((id) => unit.key.startsWith(`${T}:${id}:`)))
      await db.transaction().execute((trx) => unit.apply(trx));
  }
}

export async function seed(db: Kysely<Database>, now: Date, place: SeedPlace): Promise<void> {
  const lent = await db.selectFrom('loan').select('business_id').where('tenant_id', '=', T).limit(1).executeTakeFirst();
  if (lent) return;
  const ids: string[] = [];
  // The documents the walks make (contracts, signed copies, letters, push packages) go to the gateway's file
  // store; with none named, to a folder of the seed's own, removed after (their rows stay, their bytes do not).
  const filesDir = place.filesDir ?? mkdtempSync(join(tmpdir(), 'loans-seed-'));
  try {
    for (const [k, story] of LOAN_STORIES.entries()) ids.push(await walkStory(db, story, k, now, filesDir));
    for (const [k, story] of STAGE_STORIES.entries())
      await walkStory(db, story, LOAN_STORIES.length + k, now, filesDir);
  } finally {
    if (!place.filesDir) rmSync(filesDir, { recursive: true, force: true });
  }
  // The close of business over every day since the first loan, through yesterday (today's is the runner's own),
  // each repayment confirmed on its day.
  const first = Math.max(...LOAN_STORIES.map((s) => s.lentDaysAgo));
  for (let daysAgo = first; daysAgo >= 1; daysAgo -= 1) {
    for (const [k, story] of LOAN_STORIES.entries()) {
      if (story.settledDaysAgo === daysAgo) await repayInFull(db, ids[k] as string, daysAgo, now);
    }
    const day = dateBefore(now, daysAgo);
    const open = ids.filter((_, k) => (LOAN_STORIES[k] as LoanStory).lentDaysAgo > daysAgo);
    await closeDay(db, open, day);
  }
}

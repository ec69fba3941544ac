// The application's own rows and the facts of its rule: the draft made for a business at APPLICATION/DRAFT,
// the orders its make page may choose from (with the eligible amount live, this application's own
// reservation given back), the SUBMIT_APPLICATION rule the aggregate runs before the table lets 提交 through,
// and the reservations (BUSINESS.md Decisions "Reservations"): taken when the application is submitted,
// kept while it is returned to its maker, given back when it is withdrawn or the business is terminated —
// inside the business transition's transaction, so each happens exactly once or not at all.
import { liveLocksOn } from '../risk/repository';
import { type TablesWith, kitDb } from '../../stage/stage-tables';
import { type Kysely, sql } from 'kysely';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { eligibleAmount } from '../../../../src/domain/assets/eligible-amount';
import {
  ACCESS_DOC_TYPES,
  type FinancingApplicationDoc,
  type FinancingApplicationLine,
  type LineOrder,
  submitFinancingApplicationProblems,
} from '../../../../src/domain/financing/financing-application-rules';
import { type BusinessRecord, stageOf } from '../../../../src/domain/financing/lifecycle';
import { applicationOnPreCreditProblems, financingRatio } from '../../../../src/domain/financing/pre-credit-rules';
import { isContractLocked } from '../../../../src/domain/risk/locks';
import type { Database } from '../../db/database';
import { recordReader, tenantRows } from '../../db/tenant-rows';
import { recordProblems } from '../../stage/stage-record-problems';
import { invalidInput } from '../../plugins/envelope';
import { storeEligible } from '../assets/eligible-store';
import { recordAppliedAmount } from '../business/aggregate';
import { registerAfterTransition } from '../business/after-transition';
import { registerDetailSection } from '../business/detail-sections';
import { registerBusinessFiles } from '../business/attachments';
import { registerCheckpoint } from '../business/facts';
import { submittedCapital } from './capital-choice';
import './tables';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf, fenOrNullOf, wireFen } from '../../stage/stage-money';
import { businessEffectiveCapOf } from '../../stage/stage-terms';
import { orderQuery, withOrderCaps } from '../../stage/stage-orders';
import { readStageSource } from '../../stage/stage-sources';
import { insertNumbered } from '../../stage/stage-numbered';
import { PRE_CREDIT_SOURCES } from '../../../../src/domain/financing/pre-credit';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('financing-application/store');

export const FinancingApplicationStoreMessage = {
  missing: '融资申请不存在，请先制作融资申请',
  reservedElsewhere: (no: string) => `付款单${no}的可融资余额已被其他申请占用，请刷新后重新选择`,
} as const;

const parsed = <T>(value: unknown, empty: T): T => {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
};

/** What the maker fills in of an application: as 保存 sends it and as it is stored. */
export interface ApplicationTerms {
  termDays: number | null;
  repaymentSource: string | null;
  payeeBank: string | null;
  payeeAccount: string | null;
  lines: FinancingApplicationLine[];
  docs: FinancingApplicationDoc[];
}

export interface StoredFinancingApplication extends ApplicationTerms {
  applicationId: string;
  applicationNo: string;
  /** 分. */
  totalAmount: bigint;
  /** 分 this application holds on each order (order id → 分). */
  reserved: Record<string, bigint>;
  submittedAt: string | null;
}

export const loadFinancingApplication = recordReader(
  'financing_application',
  'application_id',
  (r): StoredFinancingApplication => ({
    applicationId: String(r.application_id),
    applicationNo: String(r.application_no),
    termDays: r.term_days == null ? null : Number(r.term_days),
    repaymentSource: r.repayment_source ?? null,
    payeeBank: r.payee_bank ?? null,
    payeeAccount: r.payee_account ?? null,
    // The jsonb holds each line's 分 as the wire writes it (a JSON number); read back as bigint.
    lines: parsed<{ orderId: unknown; financeAmount: unknown }[]>(r.lines, []).map((l) => ({
      orderId: String(l.orderId),
      financeAmount: fenOf(l.financeAmount),
    })),
    docs: parsed<FinancingApplicationDoc[]>(r.docs, []),
    totalAmount: fenOf(r.total_amount),
    reserved: fenRecordOf(parsed<Record<string, unknown>>(r.reserved, {})),
    submittedAt: r.submitted_at == null ? null : new Date(r.submitted_at).toISOString(),
  }),
);

/** An application's row, numbered SQ+yyyyMMdd+seq. */
const APPLICATION_ROW = { table: 'financing_application', kind: 'application', no: 'application_no' } as const;

/** The draft application of a business (its key is the business's id). Answers its number. */
export async function createFinancingApplicationDraft(
  trx: Kysely<Database>,
  d: { tenantId: string; businessId: string; userId: string; now: Date },
): Promise<string> {
  return insertNumbered(trx, APPLICATION_ROW, d, {
    application_id: d.businessId,
    ...{ lines: '[]', docs: '[]', reserved: '{}' },
    created_by: d.userId,
  });
}

/** An order as the make page and the rule read it. */
export interface PickableOrder extends LineOrder {
  projectCompanyId: string | null;
  contractNo: string;
  projectCompanyName: string | null;
  receivableAmount: number;
  confirmedAmount: number | null;
  /** 分 this application holds on the order now (counted back into `eligibleAmount`). */
  ownReserved: bigint;
}

/** A jsonb map of 分 (as the wire writes them) read as bigint. */
const fenRecordOf = (m: Record<string, unknown>): Record<string, bigint> =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k, fenOf(v)]));

/** A map of 分 as the jsonb keeps it: integer numbers, as the wire writes them. */
const fenRecordToJson = (m: Record<string, bigint>): string =>
  JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, wireFen(v)])));

/**
 * Orders with their facts: by ids (the rule, the detail) or every order of the supplier (the picker). Locked
 * means the order's own flag or a live 合同锁定 on its contract or its number.
 */
export async function applicationOrders(
  db: Kysely<Database>,
  tenantId: string,
  own: Record<string, bigint>,
  by: { ids: readonly string[] } | { supplierId: string },
  now: Date,
  productId: string | null = null,
): Promise<PickableOrder[]> {
  if ('ids' in by && by.ids.length === 0) return [];
  let q = orderQuery(db, tenantId);
  q = 'ids' in by ? q.where('o.order_id', 'in', [...by.ids]) : q.where('o.supplier_id', '=', by.supplierId);
  const rows = await q.orderBy('o.due_date').orderBy('o.order_id').limit(500).execute();
  const locks = await liveLocksOn(
    db,
    tenantId,
    [...new Set(rows.map((r) => String(r.contract_no)))],
    rows.map((r) => String(r.order_no)),
  );
  const facts = rows.map((r) => {
    const ownReserved = own[String(r.order_id)] ?? 0n;
    return {
      orderId: String(r.order_id),
      orderNo: String(r.order_no),
      supplierId: String(r.supplier_id),
      contractNo: String(r.contract_no),
      confirmStatus: String(r.status),
      locked:
        r.locked === 'YES' ||
        isContractLocked(locks, { contractNo: String(r.contract_no), paymentOrderId: String(r.order_no) }, now),
      eligibleAmount: wireFen(
        eligibleAmount({
          confirmedAmount: fenOrNullOf(r.confirmed_amount),
          paidAmount: fenOrNullOf(r.paid_amount),
          reservedAmount: fenOf(r.reserved_amount) - ownReserved,
          financedAmount: fenOrNullOf(r.financed_amount),
        }),
      ),
      dueDate: String(r.due_date).slice(0, 10),
      projectCompanyName: r.project_company_name ?? null,
      receivableAmount: wireFen(fenOf(r.receivable_amount)),
      confirmedAmount: r.confirmed_amount == null ? null : wireFen(fenOf(r.confirmed_amount)),
      ownReserved,
      projectCompanyId: r.project_company_id == null ? null : String(r.project_company_id),
    };
  });
  // Each order at its own project company's cap (BUSINESS.md §3), as its pre-credit was.
  return (await withOrderCaps(db as Kysely<Database>, tenantId, facts, productId, now)).orders;
}

export interface Limits {
  /** The binding financing ratio ('0.8000' by default). */
  ratio: string;
  /** 分, or null when no parameter sets one. */
  singleMax: bigint | null;
  maxTermDays: number | null;
  /** 分: the pre-credit's approved amount; null while none was approved. */
  preCreditAvailable: bigint | null;
}

/** The application's limits: the business's effective cap (the kit's one, as the decision reads it) and what its
 * pre-credit approved. */
export async function limitsOf(
  database: Kysely<Database>,
  tenantId: string,
  business: { keyId: string; productId?: string | null; projectCompanyId?: string | null },
  now: Date,
): Promise<Limits> {
  const [cap, approved] = await Promise.all([
    businessEffectiveCapOf(database, tenantId, business, now),
    readStageSource<bigint | null>(PRE_CREDIT_SOURCES.approvedAmount, database, tenantId, business.keyId),
  ]);
  return {
    ratio: financingRatio(cap.maxFinancingRatio?.value ?? null),
    singleMax: cap.singleMaxAmount?.value ?? null,
    maxTermDays: cap.maxTermDays?.value ?? null,
    preCreditAvailable: approved ?? null,
  };
}

type StoredBusiness = BusinessRecord & {
  keyId: string;
  capitalSideId?: string | null;
  productId?: string | null;
  projectCompanyId?: string | null;
};

/** Every refusal SUBMIT_APPLICATION finds for the business's application now (the review page shows them too). */
export const applicationProblems = recordProblems(
  loadFinancingApplication,
  FinancingApplicationStoreMessage.missing,
  async (db, tenantId, record: StoredBusiness, stored, now) => {
    const [orders, limits, preCreditValidTo, capital] = await Promise.all([
      applicationOrders(
        db,
        tenantId,
        stored.reserved,
        { ids: stored.lines.map((l) => l.orderId) },
        now,
        record.productId ?? null,
      ),
      limitsOf(db as Kysely<Database>, tenantId, record, now),
      readStageSource<string | null>(PRE_CREDIT_SOURCES.validTo, db, tenantId, record.keyId),
      submittedCapital(db as Kysely<Database>, tenantId, record, now),
    ]);
    // An expired pre-credit carries no application.
    const lapsed = applicationOnPreCreditProblems(preCreditValidTo ?? null, businessDay(now));
    return [
      ...lapsed,
      ...submitFinancingApplicationProblems({
        productTerm: capital.productTerm,
        supplierId: record.supplierId,
        lines: stored.lines,
        orders,
        ratio: limits.ratio,
        preCreditAvailable: limits.preCreditAvailable,
        singleMax: limits.singleMax,
        maxTermDays: limits.maxTermDays,
        termDays: stored.termDays,
        repaymentSource: stored.repaymentSource,
        payeeBank: stored.payeeBank,
        payeeAccount: stored.payeeAccount,
        docs: stored.docs,
        today: businessDay(now),
      }),
      ...capital.problems,
    ];
  },
);

/**
 * Locks the rows of the orders the application's lines name, in id order, inside the submitting transaction:
 * the line rule then reads each order's reserved amount as the last submission committed it, and a second
 * submission on the same orders waits for the first instead of reading the same free balance.
 */
async function lockLineOrders(db: Kysely<Database>, tenantId: string, businessId: string): Promise<void> {
  const stored = await loadFinancingApplication(db, tenantId, businessId);
  const ids = [...new Set((stored?.lines ?? []).map((l) => l.orderId))].sort();
  for (const id of ids) {
    await tenantRows(db, 'payment_order', tenantId, { order_id: id }).select('order_id').forUpdate().execute();
  }
}

// SUBMIT_APPLICATION: the gateway loads the numbers (the orders locked first), the pure rule decides.
extend(registerCheckpoint, 'SUBMIT_APPLICATION', async (db, tenantId, record, now) => {
  await lockLineOrders(db, tenantId, (record as StoredBusiness).keyId);
  return applicationProblems(db, tenantId, record as StoredBusiness, now);
});

/**
 * Moves this application's reservations to `wanted` (order id → 分): each order's row locked in id order (two
 * submissions naming one order wait for each other), the difference added to reserved_amount, and an order
 * that no longer has the amount free refused with its number — the whole transition then rolls back.
 */
async function moveReservations(
  trx: Kysely<Database>,
  tenantId: string,
  applicationId: string,
  held: Record<string, bigint>,
  wanted: Record<string, bigint>,
): Promise<void> {
  const ids = [...new Set([...Object.keys(held), ...Object.keys(wanted)])].sort();
  for (const id of ids) {
    const delta = (wanted[id] ?? 0n) - (held[id] ?? 0n);
    if (delta === 0n) continue;
    const row = await tenantRows(trx, 'payment_order', tenantId, { order_id: id })
      .select(['order_no', 'confirmed_amount', 'paid_amount', 'reserved_amount', 'financed_amount'])
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      if (delta > 0n) throw invalidInput(FinancingApplicationStoreMessage.reservedElsewhere(id));
      continue;
    }
    const free = eligibleAmount({
      confirmedAmount: fenOrNullOf(row.confirmed_amount),
      paidAmount: fenOrNullOf(row.paid_amount),
      reservedAmount: fenOrNullOf(row.reserved_amount),
      financedAmount: fenOrNullOf(row.financed_amount),
    });
    if (delta > free) throw invalidInput(FinancingApplicationStoreMessage.reservedElsewhere(String(row.order_no)));
    const sum = fenOf(row.reserved_amount) + delta;
    const reserved = sum > 0n ? sum : 0n;
    await trx
      .updateTable('payment_order')
      .set({
        reserved_amount: reserved,
        financing_status: sql`case when financed_amount > 0 then financing_status
          when ${reserved} > 0 then 'FINANCING' else 'NONE' end`,
      })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', id)
      .execute();
    await storeEligible(trx, tenantId, id);
  }
  await trx
    .updateTable('financing_application')
    .set({ reserved: fenRecordToJson(wanted) })
    .where('tenant_id', '=', tenantId)
    .where('application_id', '=', applicationId)
    .execute();
}

const linesMap = (lines: readonly FinancingApplicationLine[]) => {
  const out: Record<string, bigint> = {};
  for (const l of lines) out[l.orderId] = (out[l.orderId] ?? 0n) + l.financeAmount;
  return out;
};

// Reservations ride on the business's own moves: 提交 takes them (a resubmission moves them to the lines as
// edited), 撤回 and any termination give them back; a return to the maker keeps them.
extend(registerAfterTransition, 'application.reservations', async (trx, done) => {
  const submitted = done.action === 'submit' && stageOf(done.from) === 'APPLICATION';
  const released =
    (done.action === 'withdraw' && stageOf(done.from) === 'APPLICATION') || stageOf(done.to) === 'TERMINATED';
  if (!submitted && !released) return;
  const stored = await loadFinancingApplication(trx, done.tenantId, done.businessId);
  if (!stored) return;
  const wanted = submitted ? linesMap(stored.lines) : {};
  await moveReservations(trx, done.tenantId, done.businessId, stored.reserved, wanted);
  if (submitted) {
    await trx
      .updateTable('financing_application')
      .set({ submitted_at: done.now })
      .where('tenant_id', '=', done.tenantId)
      .where('application_id', '=', done.businessId)
      .execute();
    // What the reviewers approve: the business's 申请金额 becomes the submitted lines' total.
    await recordAppliedAmount(trx, done.tenantId, done.businessId, stored.totalAmount);
  }
});

/** The file service's binding type of the application's 准入资料 (the record id is the business's). */
export const FINANCING_APPLICATION_FILE_TYPE = 'financingApplication';

// 业务详情's 附件: the 准入资料 by document type, in the checklist's order; whoever sees the business reads them.
extend(registerBusinessFiles, FINANCING_APPLICATION_FILE_TYPE, async (db, tenantId, businessId) => {
  const stored = await loadFinancingApplication(db as Kysely<Database>, tenantId, businessId);
  const docOf = new Map((stored?.docs ?? []).map((d) => [d.docType, d]));
  return ACCESS_DOC_TYPES.flatMap((t) => {
    const keyIds = docOf.get(t.code)?.fileIds ?? [];
    return keyIds.length ? [{ stage: 'APPLICATION' as const, group: t.label, keyIds }] : [];
  });
});

/** One column of the tenant's rows by their id, for the ids given (none asked, none read). */
async function textById(
  db: Kysely<Database>,
  tenantId: string,
  table: TablesWith<{ tenant_id: string }>,
  [id, text]: [string, string],
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await kitDb<{ tenant_id: string }>(db)
    .selectFrom(table)
    .select([sql<string>`${sql.ref(id)}`.as('id'), sql<string>`${sql.ref(text)}`.as('text')])
    .where('tenant_id', '=', tenantId)
    .where(sql.ref(id), 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [String(r.id), String(r.text)]));
}

// 业务详情's 融资申请 tab: the lines by order number, and every document type with its files and expiry.
extend(registerDetailSection, 'application', async (db, tenantId, businessId) => {
  const stored = await loadFinancingApplication(db as Kysely<Database>, tenantId, businessId);
  if (!stored) return null;
  const noOf = await textById(
    db as Kysely<Database>,
    tenantId,
    'payment_order',
    ['order_id', 'order_no'],
    stored.lines.map((l) => l.orderId),
  );
  const docOf = new Map(stored.docs.map((d) => [d.docType, d]));
  const nameOf = await textById(
    db as Kysely<Database>,
    tenantId,
    'stored_file',
    ['key_id', 'file_name'],
    stored.docs.flatMap((d) => d.fileIds),
  );
  return {
    applicationNo: stored.applicationNo,
    totalAmount: wireFen(stored.totalAmount),
    termDays: stored.termDays,
    repaymentSource: stored.repaymentSource,
    submittedAt: stored.submittedAt,
    lines: stored.lines.map((l) => ({
      orderNo: noOf.get(l.orderId) ?? l.orderId,
      financeAmount: wireFen(l.financeAmount),
    })),
    docs: ACCESS_DOC_TYPES.map((t) => ({
      label: t.label,
      required: t.required,
      fileCount: docOf.get(t.code)?.fileIds.length ?? 0,
      files: (docOf.get(t.code)?.fileIds ?? []).flatMap((keyId) => {
        const name = nameOf.get(keyId);
        return name === undefined ? [] : [{ keyId, name }];
      }),
      validTo: docOf.get(t.code)?.validTo ?? null,
    })),
  };
});

// The lifecycle scale for benchmarks (`npm run seed -- --lifecycle N`): N×1000 businesses of the demo tenant past
// 放款, each with its registered loan and a schedule of ten monthly installments — 1M installments at N = 100 —
// across every state a loan book has: 还款中 paid to date, 还款中 overdue (its past installments unpaid, from a
// few days to nearly a year), 已结清 and 提前结清. Made by generate_series in SQL (seconds, not the aggregate's
// hours): a load for measuring the statistics, not demo data — the demo's own loans are walked by its people.
// Suppliers, project companies and products are the seeded ones, in turn; dates count back from the database's
// today; money is integer 分, the last installment taking the residual principal.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { DEMO_TENANT_ID } from './demo-seed';

const PERIODS = 10;
// A batch's statements stay well inside the statement timeout on a loaded machine.
const BATCH = 2_000;

/** Businesses numbered from+1..to with their loans and installments. */
async function addBatch(db: Kysely<Database>, from: number, to: number): Promise<void> {
  // g % 20: 0–13 paid to date, 14–16 overdue, 17–18 settled, 19 settled early.
  await sql`
    with s as (select array_agg(org_id order by org_id) a from organization
               where tenant_id = ${DEMO_TENANT_ID} and org_type = 'SUPPLIER'),
         pc as (select array_agg(org_id order by org_id) a from organization
                where tenant_id = ${DEMO_TENANT_ID} and org_type = 'PROJECT_COMPANY'),
         p as (select array_agg(product_id order by product_id) ids, array_agg(capital_side_id order by product_id) sides
               from fund_product where tenant_id = ${DEMO_TENANT_ID}),
         owner as (select user_id from app_user where user_name = 'operator')
    insert into financing_business (business_id, tenant_id, business_no, supplier_id, project_company_id,
      capital_side_id, product_id, state, stage, owner_id, apply_amount, approved_amount, approved_annual_rate,
      approved_term_days, approved_repayment_method, created_at, updated_at)
    select 'SCALE' || lpad(g::text, 10, '0'), ${DEMO_TENANT_ID}, 'RZ1999' || lpad(g::text, 8, '0'),
      s.a[1 + g % cardinality(s.a)], pc.a[1 + (g / 7) % cardinality(pc.a)],
      p.sides[1 + (g / 3) % cardinality(p.ids)], p.ids[1 + (g / 3) % cardinality(p.ids)],
      case when g % 20 < 14 then 'REPAYING/NORMAL' when g % 20 < 17 then 'REPAYING/OVERDUE'
           when g % 20 < 19 then 'SETTLED/DONE' else 'SETTLED_EARLY/DONE' end,
      case when g % 20 < 17 then 'REPAYING' when g % 20 < 19 then 'SETTLED' else 'SETTLED_EARLY' end,
      owner.user_id, (50 + (g * 7919) % 950) * 1000000::bigint, (50 + (g * 7919) % 950) * 1000000::bigint,
      0.0450 + (g % 5) * 0.005, ${sql.lit(PERIODS * 30)}, 'EQUAL_PRINCIPAL', now(), now()
    from generate_series(${from + 1}::int, ${to}::int) g, s, pc, p, owner`.execute(db);
  await sql`
    insert into loan (business_id, tenant_id, loan_no, amount, net_amount, loan_date, value_date, maturity_date,
      annual_rate, repayment_method, periods, day_count_basis, receipt_file_id, status, registrar_id, registered_at,
      created_at, updated_at, closed_through)
    select b.business_id, b.tenant_id, 'DK1999' || lpad(g::text, 8, '0'), b.approved_amount, b.approved_amount,
      current_date - (30 + g % 330), current_date - (30 + g % 330), current_date - (30 + g % 330) + ${sql.lit(PERIODS * 30)},
      b.approved_annual_rate, 'EQUAL_PRINCIPAL', ${sql.lit(PERIODS)}, 360, 'scale', 'REGISTERED', 'scale', now(), now(), now(),
      -- Made as of today, as the close of business would leave them: its run finds them closed.
      (now() at time zone 'Asia/Shanghai')::date
    from generate_series(${from + 1}::int, ${to}::int) g
    join financing_business b on b.business_id = 'SCALE' || lpad(g::text, 10, '0')`.execute(db);
  await sql`
    insert into installment (installment_id, tenant_id, business_id, period_no, start_date, due_date, days,
      principal_due, interest_due, principal_paid, interest_paid, status, overdue_days, settled_on, updated_at)
    select x.business_id || '-' || k, x.tenant_id, x.business_id, k, x.loan_date + 30 * (k - 1), x.due, 30,
      x.principal, x.interest,
      case when x.paid then x.principal else 0 end, case when x.paid then x.interest else 0 end,
      case when x.paid then 'SETTLED' when x.due < current_date then 'OVERDUE' when x.due = current_date then 'DUE'
           else 'NOT_DUE' end,
      case when not x.paid and x.due < current_date then current_date - x.due else 0 end,
      case when x.paid then least(x.due, current_date) end, now()
    from (
      select l.business_id, l.tenant_id, l.loan_date, k, l.loan_date + 30 * k as due,
        case when k < ${sql.lit(PERIODS)} then l.amount / ${sql.lit(PERIODS)} else l.amount - (${sql.lit(PERIODS)} - 1) * (l.amount / ${sql.lit(PERIODS)}) end
          as principal,
        round(l.amount * l.annual_rate * 30 / 360 / ${sql.lit(PERIODS)})::bigint as interest,
        b.stage in ('SETTLED', 'SETTLED_EARLY') or (b.state = 'REPAYING/NORMAL' and l.loan_date + 30 * k < current_date)
          as paid
      from loan l
      join financing_business b on b.business_id = l.business_id
      cross join generate_series(1, ${sql.lit(PERIODS)}) k
      where l.business_id between 'SCALE' || lpad(${from + 1}::text, 10, '0') and 'SCALE' || lpad(${to}::text, 10, '0')
    ) x`.execute(db);
}

/** Adds `count` businesses with loans and schedules (on top of any added before), and analyses the tables. */
export async function seedLifecycleScale(db: Kysely<Database>, count: number): Promise<void> {
  const { have } = await sql<{ have: string }>`
    select count(*) as have from financing_business where business_id like 'SCALE%'`
    .execute(db)
    .then((r) => r.rows[0] ?? { have: '0' });
  const start = Number(have);
  for (let from = start; from < start + count; from += BATCH) {
    await addBatch(db, from, Math.min(from + BATCH, start + count));
    // The loans' plan totals (a trigger on each batch's installments) are planned from these tables' statistics:
    // left to autovacuum, a plan made for the first batch's sizes was kept while the tables grew, each batch took
    // longer than the last, and the eighth ran past the statement timeout. Analysed, each batch takes about as long.
    await sql`analyze loan`.execute(db);
    await sql`analyze installment`.execute(db);
  }
  await sql`analyze financing_business`.execute(db);
  await sql`analyze loan`.execute(db);
  await sql`analyze installment`.execute(db);
}

// Demo assets (BUSINESS.md §2): projects of the two project companies, forty payment orders across them in
// every 确权 state, interview minutes and asset changes, and a few rows of the second tenant 星河建设集团 for
// the cross-tenant checks. Idempotent: fixed ids, inserted only when absent.
import type { Kysely } from 'kysely';
import { eligibleAmount } from '../../../../src/domain/assets/eligible-amount';
import { XH_TENANT_ID as XH_TENANT } from '../../db/seed/admin-seed';
import { dateBefore, daysBefore, storyDaysBefore } from '../../db/seed/seed-days';

const ORG = {
  suzhou: '1100000000000000004',
  nanjing: '1100000000000000005',
  suppliers: ['1100000000000000011', '1100000000000000012', '1100000000000000013', '1100000000000000014'],
  xhProjectCompany: '2100000000000000103',
  xhSupplier: '2100000000000000131',
};
const ADMIN = '1300000000000000001';

const PROJECTS: Array<[code: string, name: string, company: string, city: string, status: string]> = [
  ['XM-SZ-2026001', '苏州远景·湖畔花园一期', ORG.suzhou, '苏州', 'BUILDING'],
  ['XM-SZ-2026002', '苏州远景·湖畔花园二期', ORG.suzhou, '苏州', 'BUILDING'],
  ['XM-SZ-2026003', '苏州工业园区远景中心', ORG.suzhou, '苏州', 'COMPLETED'],
  ['XM-SZ-2026004', '昆山远景·玉山府', ORG.suzhou, '昆山', 'BUILDING'],
  ['XM-NJ-2026001', '南京远景·江岸壹号', ORG.nanjing, '南京', 'BUILDING'],
  ['XM-NJ-2026002', '南京河西远景广场', ORG.nanjing, '南京', 'BUILDING'],
  ['XM-NJ-2026003', '南京远景·栖霞雅苑', ORG.nanjing, '南京', 'COMPLETED'],
  ['XM-NJ-2026004', '镇江远景·金山湖畔', ORG.nanjing, '镇江', 'CLOSED'],
];
export const projectId = (i: number) => `24000000000000000${String(i + 1).padStart(2, '0')}`;
export const orderId = (i: number) => `24100000000000000${String(i + 1).padStart(2, '0')}`;

const CONTRACT_TYPES = ['ENGINEERING', 'TRADE', 'DESIGN', 'SUPERVISION', 'SERVICE'] as const;
const CONFIRM = ['UNCONFIRMED', 'CONFIRMING', 'CONFIRMED', 'CONFIRMED', 'FAILED'] as const;

/** The assets' days as the seed running on `now` dates them. */
interface AssetDays {
  /** 10:00 on the month's day, in the year up to the seed. */
  at(month: number, day: number): Date;
  /** The month's day as a calendar date: in the year up to the seed, or, for a due date (`ahead`), after it. */
  date(month: number, day: number, ahead?: boolean): string;
}

/**
 * The assets' year, told by month and day up to 28 November (storyDaysBefore), dated back from the seed: a day
 * after 28 November is a year earlier, so that nothing is made after the seed; a due date may lie ahead.
 */
function assetDays(now: Date): AssetDays {
  const back = (month: number, day: number, ahead = false) => {
    const days = storyDaysBefore(month, day);
    return days < 0 && !ahead ? days + 365 : days;
  };
  return {
    at: (month, day) => daysBefore(now, back(month, day), 10),
    date: (month, day, ahead) => dateBefore(now, back(month, day, ahead)),
  };
}

function orderRows(tenantId: string, { at, date }: AssetDays) {
  return Array.from({ length: 40 }, (_, i) => {
    const p = i % PROJECTS.length;
    const project = PROJECTS[p]!;
    const receivable = (800_000 + ((i * 379_123) % 9_200_000)) * 100 + (i % 7) * 13;
    const paid = i % 4 === 0 ? Math.floor(receivable / 5) : 0;
    const status = CONFIRM[i % CONFIRM.length]!;
    const confirmed = status === 'CONFIRMED' ? receivable - paid : null;
    const reserved = status === 'CONFIRMED' && i % 3 === 0 ? Math.floor((confirmed ?? 0) / 4) : 0;
    const financed = status === 'CONFIRMED' && i % 5 === 2 ? Math.floor((confirmed ?? 0) / 2) : 0;
    const month = 1 + (i % 12);
    const day = 1 + ((i * 7) % 27);
    return {
      order_id: orderId(i),
      tenant_id: tenantId,
      status,
      version: 1,
      created_at: at(month, day),
      updated_at: at(month, day),
      order_no: `FK${project[0].slice(3, 5)}2026${String(i + 1).padStart(4, '0')}`,
      project_id: projectId(p),
      project_company_id: project[2],
      supplier_id: ORG.suppliers[i % ORG.suppliers.length]!,
      contract_no: `HT-${project[0].slice(3)}-${String((i % 6) + 1).padStart(2, '0')}`,
      contract_type: CONTRACT_TYPES[i % CONTRACT_TYPES.length]!,
      receivable_amount: receivable,
      paid_amount: paid,
      due_date: date(((month + 3) % 12) + 1, day, true),
      confirm_evidence: status === 'CONFIRMED' ? (i % 2 ? 'COMMERCIAL_BILL' : 'CONFIRMATION_LETTER') : null,
      confirmed_amount: confirmed,
      confirmed_at: status === 'CONFIRMED' ? at(month, day + 1) : null,
      confirm_comment: status === 'FAILED' ? '项目公司未签回付款确认书' : null,
      reserved_amount: reserved,
      financed_amount: financed,
      eligible_amount: eligibleAmount({
        confirmedAmount: confirmed === null ? null : BigInt(confirmed),
        paidAmount: BigInt(paid),
        reservedAmount: BigInt(reserved),
        financedAmount: BigInt(financed),
      }),
      financing_status: financed ? 'FINANCED' : reserved ? 'FINANCING' : 'NONE',
      locked: i % 13 === 6 ? 'YES' : 'NO',
      invoices: JSON.stringify(
        Array.from({ length: 1 + (i % 3) }, (_, k) => ({
          no: `${3200 + (i % 90)}${String(26_000_000 + i * 10 + k).padStart(8, '0')}`,
          amount: Math.floor(receivable / (1 + (i % 3))),
          date: date(month, Math.min(28, day + k)),
        })),
      ),
    };
  });
}

const CHANGE_TYPES = ['AMOUNT', 'DUE_DATE', 'VOID', 'SUPPLIER', 'EARLY_PAYMENT', 'INVOICE'] as const;
const two = (n: number) => String(n).padStart(2, '0');
const four = (n: number) => String(n).padStart(4, '0');
const yuan = (fen: number) => `${Math.trunc(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

function changeRows(tenantId: string, orders: ReturnType<typeof orderRows>, { at, date }: AssetDays) {
  // The due date a 应付日 change moved from.
  const formerDue = date(9, 30, true);
  return Array.from({ length: 18 }, (_, i) => {
    const type = CHANGE_TYPES[i % CHANGE_TYPES.length]!;
    const o = orders[(i * 3) % orders.length]!;
    const onProject = i % 9 === 8;
    const diffs =
      type === 'AMOUNT'
        ? [
            {
              field: 'receivableAmount',
              before: yuan(o.receivable_amount + 5_000_000),
              after: yuan(o.receivable_amount),
            },
          ]
        : type === 'DUE_DATE'
          ? [{ field: 'dueDate', before: formerDue, after: o.due_date }]
          : type === 'VOID'
            ? [{ field: 'status', before: '有效', after: '作废' }]
            : type === 'SUPPLIER'
              ? [{ field: 'supplierName', before: '上海申通机电安装有限公司', after: '华东建材有限公司' }]
              : type === 'EARLY_PAYMENT'
                ? [{ field: 'paidAmount', before: '0.00', after: yuan(Math.floor(o.receivable_amount / 2)) }]
                : [
                    { field: 'invoices', before: '2张发票', after: '3张发票' },
                    { field: 'contractNo', before: o.contract_no, after: `${o.contract_no}-B` },
                  ];
    const summary =
      type === 'AMOUNT'
        ? `应收金额下调 50,000.00 元`
        : type === 'DUE_DATE'
          ? `应付日由 ${formerDue} 调整为 ${o.due_date}`
          : type === 'VOID'
            ? '付款单已在源系统作废'
            : type === 'SUPPLIER'
              ? '供应商变更为华东建材有限公司'
              : type === 'EARLY_PAYMENT'
                ? '项目公司提前支付一半应收'
                : '补开发票一张，合同编号更正';
    const handled = i % 3 === 0;
    return {
      change_id: `24200000000000000${String(i + 1).padStart(2, '0')}`,
      tenant_id: tenantId,
      status: handled ? 'HANDLED' : 'PENDING',
      version: 1,
      created_at: at(1 + (i % 11), 3 + i),
      updated_at: at(1 + (i % 11), 3 + i),
      change_no: `BG2026${two(1 + (i % 11))}${two(3 + i)}${four(i + 1)}`,
      target_type: onProject ? 'PROJECT' : 'ORDER',
      target_id: onProject ? o.project_id : o.order_id,
      target_no: onProject ? PROJECTS[(i * 3) % PROJECTS.length]![0] : o.order_no,
      change_type: onProject ? 'AMOUNT' : type,
      summary: onProject ? '项目总应收金额调整' : summary,
      source: i % 4 === 3 ? 'MANUAL' : 'SYNC',
      impacted_count: 0,
      diffs: JSON.stringify(
        onProject
          ? [{ field: 'projectName', before: '旧项目名称', after: PROJECTS[(i * 3) % PROJECTS.length]![1] }]
          : diffs,
      ),
      changed_at: at(1 + (i % 11), 3 + i),
      handling: handled ? (i % 2 ? 'RECALCULATE' : 'NO_IMPACT') : null,
      handling_comment: handled ? '已核实，按变更后数据处理' : null,
      handled_by: handled ? ADMIN : null,
      handled_at: handled ? at(1 + (i % 11), 4 + i) : null,
    };
  });
}

const MINUTES_PLACES = ['苏州工业园区项目部', '南京河西项目指挥部', '华东建材有限公司会议室', '远景地产(上海)总部'];

// biome-ignore lint/suspicious/noExplicitAny: the assets tables are the kit's, typed by their definitions
export async function seed(db: Kysely<any>, tenantId: string, now: Date): Promise<void> {
  const days = assetDays(now);
  const { at, date } = days;
  await db
    .insertInto('project')
    .values(
      PROJECTS.map(([code, name, company, city, status], i) => ({
        project_id: projectId(i),
        tenant_id: tenantId,
        status,
        version: 1,
        created_at: at(1, 1 + i),
        updated_at: at(1, 1 + i),
        project_code: code,
        project_name: name,
        project_company_id: company,
        city,
      })),
    )
    .onConflict((oc) => oc.column('project_id').doNothing())
    .execute();
  const orders = orderRows(tenantId, days);
  await db
    .insertInto('payment_order')
    .values(orders)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  await db
    .insertInto('asset_change')
    .values(changeRows(tenantId, orders, days))
    .onConflict((oc) => oc.column('change_id').doNothing())
    .execute();
  await db
    .insertInto('asset_interview_minutes')
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        minutes_id: `24300000000000000${String(i + 1).padStart(2, '0')}`,
        tenant_id: tenantId,
        status: 'RECORDED',
        version: 1,
        created_at: at(2 + (i % 10), 5 + i),
        updated_at: at(2 + (i % 10), 5 + i),
        created_by: ADMIN,
        minutes_no: `FT2026${two(2 + (i % 10))}${two(5 + i)}${four(i + 1)}`,
        enterprise_id: i % 2 ? ORG.suppliers[i % 4]! : PROJECTS[i % 8]![2],
        project_id: projectId(i % 8),
        order_id: i % 3 ? orderId(i) : null,
        minutes_type: (['PRE_LOAN', 'POST_LOAN', 'REVISIT'] as const)[i % 3],
        interview_date: date(2 + (i % 10), 5 + i),
        place: MINUTES_PLACES[i % 4],
        interviewees: i % 2 ? '王建国（总经理）、刘芳（财务经理）' : '李明（项目经理）',
        interviewers: '业务经办、风控专员',
        content: '了解工程进度与付款计划，核对付款单金额、发票与合同约定的付款节点，项目公司确认应付款项无争议。',
        conclusion: i % 4 === 3 ? '需关注工程延期对付款节点的影响' : '付款安排正常，可继续推进',
      })),
    )
    .onConflict((oc) => oc.column('minutes_id').doNothing())
    .execute();

  // 星河建设集团: one project and two orders, so another tenant's ids exist to be refused.
  await db
    .insertInto('project')
    .values({
      project_id: '2400000000000000901',
      tenant_id: XH_TENANT,
      status: 'BUILDING',
      version: 1,
      created_at: at(3, 1),
      updated_at: at(3, 1),
      project_code: 'XM-WH-2026001',
      project_name: '武汉星河·东湖湾',
      project_company_id: ORG.xhProjectCompany,
      city: '武汉',
    })
    .onConflict((oc) => oc.column('project_id').doNothing())
    .execute();
  await db
    .insertInto('payment_order')
    .values(
      [1, 2].map((n) => ({
        order_id: `241000000000000090${n}`,
        tenant_id: XH_TENANT,
        status: 'UNCONFIRMED',
        version: 1,
        created_at: at(3, n),
        updated_at: at(3, n),
        order_no: `FKWH2026000${n}`,
        project_id: '2400000000000000901',
        project_company_id: ORG.xhProjectCompany,
        supplier_id: ORG.xhSupplier,
        contract_no: `HT-WH-0${n}`,
        contract_type: 'ENGINEERING',
        receivable_amount: 300_000_000 * n,
        paid_amount: 0,
        due_date: date(9, n, true),
        invoices: '[]',
      })),
    )
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

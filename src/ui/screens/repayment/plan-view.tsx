// 还款计划详情 (/repaymentPlanInfo, 业务详情's 放款与还款): the loan's figures, every installment with its components,
// paid and owed, status and overdue days, and an interest calculator that runs the domain's own schedule function
// in the browser — prefilled with the loan, so it shows the stored plan until someone changes a figure. Under the
// plan, every confirmed repayment as it went onto each installment (到期分配 or 提前还款, per component).
import { Field, Input, Select, Text } from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import { scheduleOf } from '../../../domain/financing/lending';
import { RISK_CLASS_LABEL, type RiskClass } from '../../../domain/financing/close-of-business';
import { type InstallmentView, PLAN_STAGE, WRITE_OFF_REVIEW_LABEL } from '../../../domain/financing/repayment-plan';
import type { AllocationView } from '../../../domain/financing/repayment';
import type { RepaymentMethod } from '../../../domain/financing/repayment-schedule';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { REPAYMENT_METHOD_LABEL } from '../../../domain/funds/fund-product.resource';
import { isTermDays } from '../../../domain/stage/term-factors';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import { Facts, SmallTable, yuan } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { StageSection } from '../stage/stage-parts';
import { formatPercent, percentToRate, rateToPercentText } from '../../../domain/format/percent-format';

export interface PlanDetail extends StageRecord {
  loanNo: string;
  businessNo: string;
  supplierName: string | null;
  stateLabel: string;
  loanAmount: number;
  netAmount: number;
  upfrontInterest: number;
  serviceFee: number;
  loanDate: string;
  maturityDate: string;
  annualRate: string;
  repaymentMethod: RepaymentMethod;
  termDays: number | null;
  dayCountBasis: 360 | 365;
  zhongdengDueDate: string | null;
  zhongdengRegNo: string | null;
  riskClass: RiskClass;
  writeOffReview: 'YES' | 'NO';
  installments: InstallmentView[];
  allocations: AllocationView[];
}

const COLUMNS = [
  { title: '期次', width: 48 },
  { title: '到期日', width: 100 },
  { title: '应还本金', amount: true },
  { title: '应还利息', amount: true },
  { title: '罚息', amount: true },
  { title: '已还', amount: true },
  { title: '未还', amount: true },
  { title: '状态' },
  { title: '逾期天数', amount: true },
];

export function PlanSection({ id }: { id: string }) {
  return (
    <StageSection<PlanDetail> def={PLAN_STAGE} id={id} missing="尚未放款，暂无还款计划">
      {(p) => (
        <>
          <PlanCard>
            <Facts
              label="放款信息"
              items={[
                ['放款编号', p.loanNo],
                ['业务编号', p.businessNo],
                ['供应商', p.supplierName ?? '--'],
                ['状态', p.stateLabel],
                ['风险分类', RISK_CLASS_LABEL[p.riskClass] ?? p.riskClass],
                ['核销审查', WRITE_OFF_REVIEW_LABEL[p.writeOffReview] ?? p.writeOffReview],
                ['放款金额', `${yuan(p.loanAmount)} 元`],
                ['前置利息', `${yuan(p.upfrontInterest)} 元`],
                ['服务费', `${yuan(p.serviceFee)} 元`],
                ['实际到账', `${yuan(p.netAmount)} 元`],
                ['放款日', p.loanDate],
                ['到期日', p.maturityDate],
                ['年利率', formatPercent(p.annualRate)],
                ['还款方式', REPAYMENT_METHOD_LABEL[p.repaymentMethod]],
                ['中登登记', p.zhongdengRegNo ?? `未登记（截止 ${p.zhongdengDueDate ?? '--'}）`],
              ]}
            />
            <SmallTable
              label="还款计划"
              scrollLabel="还款计划（可横向滚动）"
              minWidth="760px"
              columns={COLUMNS}
              rows={p.installments.map((i) => ({
                key: i.periodNo,
                cells: [
                  i.periodNo,
                  i.dueDate,
                  yuan(i.principalDue),
                  yuan(i.interestDue),
                  yuan(i.penaltyAccrued),
                  yuan(i.paidTotal),
                  yuan(i.owedTotal),
                  i.statusLabel,
                  i.overdueDays,
                ],
              }))}
            />
            <Allocations rows={p.allocations} />
          </PlanCard>
          <InterestCalculator plan={p} />
        </>
      )}
    </StageSection>
  );
}

/** Every part of every confirmed repayment, by installment. */
function Allocations({ rows }: { rows: AllocationView[] }) {
  const title = (
    <Text as="h2" size={400} weight="semibold">
      还款分配
    </Text>
  );
  if (rows.length === 0)
    return (
      <>
        {title}
        <Text>暂无已确认的还款</Text>
      </>
    );
  return (
    <>
      {title}
      <SmallTable
        label="还款分配"
        scrollLabel="还款分配（可横向滚动）"
        minWidth="760px"
        columns={[
          { title: '期次', width: 48 },
          { title: '还款编号', width: 150 },
          { title: '起息日', width: 100 },
          { title: '方式' },
          ...['费用', '罚息', '利息', '本金'].map((title) => ({ title, amount: true })),
        ]}
        rows={rows.map((a) => ({
          key: `${a.repaymentNo}-${a.periodNo}-${a.kind}`,
          cells: [
            a.periodNo,
            a.repaymentNo,
            a.valueDate,
            a.kind === 'EARLY' ? '提前还款' : '到期分配',
            yuan(a.fee),
            yuan(a.penalty),
            yuan(a.interest),
            yuan(a.principal),
          ],
        }))}
      />
    </>
  );
}

function PlanCard({ children }: { children: ReactNode }) {
  const styles = useMakeStyles();
  return (
    <section className={styles.card} aria-label="放款与还款计划">
      {children}
    </section>
  );
}

/** The schedule of any figures, by the same pure function the gateway stored the plan with. */
function InterestCalculator({ plan }: { plan: PlanDetail }) {
  const styles = useMakeStyles();
  const [v, setV] = useState<Trial>({
    amount: formatFen(BigInt(plan.loanAmount)),
    rate: rateToPercentText(plan.annualRate),
    method: plan.repaymentMethod,
    loanDate: plan.loanDate,
    termDays: String(plan.termDays ?? 30),
  });
  const set = (k: keyof Trial) => (_: unknown, d: { value: string }) => setV({ ...v, [k]: d.value });
  const result = trial(v, plan.dayCountBasis);
  return (
    <section className={styles.card} aria-label="利息试算">
      <Text as="h2" size={400} weight="semibold">
        利息试算
      </Text>
      <div className={styles.fields}>
        <Field label="本金（元）">
          <Input value={v.amount} inputMode="decimal" onChange={set('amount')} />
        </Field>
        <Field label="年利率（%）" hint="如 6 或 6.5">
          <Input value={v.rate} inputMode="decimal" onChange={set('rate')} />
        </Field>
        <Field label="还款方式">
          <Select value={v.method} onChange={set('method')}>
            {Object.entries(REPAYMENT_METHOD_LABEL).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="起息日">
          <Input type="date" value={v.loanDate} onChange={set('loanDate')} />
        </Field>
        <Field label="期限（天）">
          <Input value={v.termDays} inputMode="numeric" onChange={set('termDays')} />
        </Field>
      </div>
      {typeof result === 'string' ? (
        <Text role="alert">{result}</Text>
      ) : (
        <>
          <Text>利息合计：{formatFen(result.totalInterestFen)} 元</Text>
          <SmallTable
            label="试算结果"
            columns={[
              { title: '期次' },
              { title: '到期日' },
              ...['本金', '利息', '合计'].map((t) => ({ title: t, amount: true })),
            ]}
            rows={result.installments.map((i) => ({
              key: i.periodNo,
              cells: [
                i.periodNo,
                i.dueDate,
                formatFen(i.principalFen),
                formatFen(i.interestFen),
                formatFen(i.totalFen),
              ],
            }))}
          />
        </>
      )}
    </section>
  );
}

/** The calculator's schedule, or why its figures give none. */
interface Trial {
  amount: string;
  rate: string;
  method: string;
  loanDate: string;
  termDays: string;
}

function trial(v: Trial, dayCountBasis: 360 | 365): ReturnType<typeof scheduleOf> | string {
  const amountFen = yuanToFen(v.amount.trim());
  const termDays = Number(v.termDays);
  const annualRate = percentToRate(v.rate);
  const valid = annualRate !== null && amountFen !== null && amountFen > 0n && isTermDays(termDays);
  try {
    if (valid)
      return scheduleOf({
        amountFen,
        annualRate,
        method: v.method as RepaymentMethod,
        loanDate: v.loanDate,
        termDays,
        dayCountBasis,
      });
  } catch {
    // An unreadable rate or date: the same words as figures out of range.
  }
  return '请填写有效的金额、利率、日期与期限';
}

// 还款登记 (/business/paymentRegistration, BUSINESS.md "Decisions for the lifecycle's second half": Repayment): the
// kit's list of registered loans; its 查看 opens the loan's repayments on the same page (`?id=`): FINANCE's 登记还款
// (payer, amount, value date not after today, bank flow number, the 还款回单) and, on each repayment waiting, what the
// item table offers the caller — another finance user's 确认 or 驳回 (with its reason); under them, the refunds of
// what a repayment could not apply (refund-section.tsx). What a confirmation does (allocation, prepayment,
// settlement) is the gateway's; the plan's detail shows every part allocated.
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import {
  REPAYMENT_ITEMS,
  REPAYMENT_LIST_PATH,
  REPAYMENT_STAGE,
  registrationProblems,
} from '../../../domain/financing/repayment';
import { PLAN_INFO_PATH } from '../../../domain/financing/repayment-plan';
import { fenToWire } from '../../../domain/decimal/wire-fen';
import { yuanToFen } from '../../../domain/format/money-format';
import { useOperation } from '../../shell/permission';
import { Facts, SmallTable, yuan } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { stageListAndRecord } from '../stage/stage-parts';
import { ReceiptForm } from '../stage/receipt-form';
import { ReviewedCheck, reviewedStatus, useReviewedRows } from '../stage/reviewed-check';
import { useStage } from '../stage/use-stage';
import { RefundSection } from './refund-section';

interface LoanDetail extends StageRecord {
  businessNo: string;
  loanNo: string;
  supplierName: string | null;
  stateLabel: string;
  loanAmount: number;
  remainingPrincipal: number;
  totalOwed: number;
  nextDueDate: string | null;
  overdueDays: number;
  loanDate: string;
  today: string;
}

interface RepaymentRow {
  keyId: string;
  repaymentNo: string;
  payer: string;
  amount: number;
  valueDate: string;
  flowNo: string;
  status: string;
  statusLabel: string;
  unapplied: number;
  refunded: number;
  checkComment: string | null;
  version: number;
  actions: string[];
}

export const PaymentScreen = stageListAndRecord<LoanDetail>(
  REPAYMENT_STAGE,
  { title: '还款登记', missing: '贷款不存在或无权查看' },
  Loan,
);

function Loan({ record: r, done }: { record: LoanDetail; done: () => void }) {
  const styles = useMakeStyles();
  const navigate = useNavigate();
  const mayRegister = useOperation('add', REPAYMENT_LIST_PATH);
  const client = useStage(REPAYMENT_STAGE);
  const rows = useReviewedRows<RepaymentRow>(client, `/${encodeURIComponent(r.keyId)}/items`);
  const repaying = r.state === 'REPAYING/NORMAL' || r.state === 'REPAYING/OVERDUE';
  return (
    <>
      <section className={styles.card} aria-label="贷款概况">
        <Facts
          label="贷款概况"
          items={[
            ['业务编号', r.businessNo],
            ['放款编号', r.loanNo],
            ['供应商', r.supplierName ?? '--'],
            ['状态', r.stateLabel],
            ['放款额', `${yuan(r.loanAmount)} 元`],
            ['剩余本金', `${yuan(r.remainingPrincipal)} 元`],
            ['未还合计', `${yuan(r.totalOwed)} 元`],
            ['下期日期', r.nextDueDate ?? '--'],
            ['逾期天数', String(r.overdueDays)],
          ]}
        />
        <div className={styles.row}>
          <Button onClick={() => navigate(`${PLAN_INFO_PATH}?id=${encodeURIComponent(r.keyId)}`)}>查看还款计划</Button>
        </div>
      </section>
      <section className={styles.card} aria-label="还款记录">
        <Text as="h2" size={400} weight="semibold">
          还款记录
        </Text>
        {rows === null ? (
          <Text>加载中…</Text>
        ) : rows.length === 0 ? (
          <Text>暂无还款登记</Text>
        ) : (
          <SmallTable
            label="还款记录"
            scrollLabel="还款记录（可横向滚动）"
            minWidth="1040px"
            columns={[
              { title: '还款编号', width: 150 },
              { title: '付款方' },
              { title: '还款金额', amount: true },
              { title: '起息日', width: 100 },
              // A bank's flow number runs to 20 characters and is read whole, not wrapped into the status.
              { title: '银行流水号', width: 180 },
              { title: '状态', width: 70 },
              { title: '待退还', amount: true },
              { title: '已退还', amount: true },
              { title: '操作', width: 150 },
            ]}
            rows={rows.map((p) => ({
              key: p.keyId,
              cells: [
                ...[p.repaymentNo, p.payer, yuan(p.amount), p.valueDate, p.flowNo, reviewedStatus(p)],
                ...[yuan(p.unapplied), yuan(p.refunded ?? 0)],
                <ReviewedCheck
                  key="check"
                  {...{ client, row: p, done, name: p.repaymentNo }}
                  path="/items"
                  transitions={REPAYMENT_ITEMS.transitions}
                />,
              ],
            }))}
          />
        )}
      </section>
      {mayRegister && repaying && <Register record={r} done={done} />}
      {rows && rows.length > 0 && <RefundSection businessId={r.keyId} today={r.today} repayments={rows} done={done} />}
    </>
  );
}

function Register({ record: r, done }: { record: LoanDetail; done: () => void }) {
  const [v, setV] = useState({ payer: r.supplierName ?? '', amount: '', valueDate: r.today });
  const set = (k: keyof typeof v) => (_: unknown, d: { value: string }) => setV({ ...v, [k]: d.value });
  const amountFen = yuanToFen(v.amount.trim());
  const client = useStage(REPAYMENT_STAGE);
  return (
    <ReceiptForm
      {...{ title: '登记还款', receipt: '还款回单', client, done, shown: !!v.amount }}
      problems={(receipt) =>
        amountFen === null
          ? ['请填写有效的还款金额']
          : registrationProblems({ ...v, amountFen, ...receipt }, r.today, r.loanDate)
      }
      path={`/${encodeURIComponent(r.keyId)}/items`}
      body={(receipt) => ({
        payer: v.payer.trim(),
        amount: fenToWire(amountFen ?? 0n),
        valueDate: v.valueDate,
        ...receipt,
      })}
      said="还款已登记，待另一位财务确认"
    >
      <Field label="付款方" required hint="不超过60个字">
        <Input value={v.payer} maxLength={60} onChange={set('payer')} />
      </Field>
      <Field label="还款金额（元）" required hint={`未还合计 ${yuan(r.totalOwed)} 元；超出部分提前还本`}>
        <Input value={v.amount} inputMode="decimal" onChange={set('amount')} />
      </Field>
      <Field label="起息日" required hint={`放款日 ${r.loanDate} 至今天`}>
        <Input type="date" value={v.valueDate} min={r.loanDate} max={r.today} onChange={set('valueDate')} />
      </Field>
    </ReceiptForm>
  );
}

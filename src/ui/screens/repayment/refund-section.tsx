// 退还记录 on 还款登记's loan page: the refunds of what confirmed repayments could not apply (待退还), each with what
// the item table offers the caller — the reviewer's 确认退还 or 驳回 (with its reason) — and FINANCE's 登记退还 of a
// confirmed repayment with something left to refund (its 待退还 less what refunds confirmed or waiting take), the
// amount, the day, the bank flow number and the 退款回单. The limits are the gateway's too (repayment-refund.ts).
import { Field, Input, Select, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { REPAYMENT_LIST_PATH, REPAYMENT_STAGE } from '../../../domain/financing/repayment';
import { REFUND_ITEMS, REFUND_PATH, refundProblems } from '../../../domain/financing/repayment-refund';
import { fenToWire } from '../../../domain/decimal/wire-fen';
import { yuanToFen } from '../../../domain/format/money-format';
import { useOperation } from '../../shell/permission';
import { SmallTable, yuan } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { ReceiptForm } from '../stage/receipt-form';
import { ReviewedCheck, reviewedStatus, useReviewedRows } from '../stage/reviewed-check';
import { useStage } from '../stage/use-stage';

/** A repayment as the refunds read it. */
export interface RefundableRepayment {
  keyId: string;
  repaymentNo: string;
  valueDate: string;
  status: string;
  unapplied: number;
  refunded: number;
}

interface RefundRow {
  keyId: string;
  repaymentId: string;
  refundNo: string;
  amount: number;
  refundDate: string;
  flowNo: string;
  status: string;
  statusLabel: string;
  checkComment: string | null;
  version: number;
  actions: string[];
}

export function RefundSection({
  businessId,
  today,
  repayments,
  done,
}: {
  businessId: string;
  today: string;
  repayments: RefundableRepayment[];
  done: () => void;
}) {
  const styles = useMakeStyles();
  const client = useStage(REPAYMENT_STAGE);
  const mayRegister = useOperation('add', REPAYMENT_LIST_PATH);
  const rows = useReviewedRows<RefundRow>(client, `${REFUND_PATH}/${encodeURIComponent(businessId)}/items`);
  const waiting = (id: string) =>
    (rows ?? []).filter((r) => r.repaymentId === id && r.status === 'PENDING').reduce((s, r) => s + r.amount, 0);
  const open = repayments
    .filter((p) => p.status === 'CONFIRMED')
    .map((p) => ({ ...p, left: p.unapplied - p.refunded - waiting(p.keyId) }))
    .filter((p) => p.left > 0);
  const numberOf = (id: string) => repayments.find((p) => p.keyId === id)?.repaymentNo ?? '--';
  if (rows === null) return null;
  if (rows.length === 0 && open.length === 0) return null;
  return (
    <>
      <section className={styles.card} aria-label="退还记录">
        <Text as="h2" size={400} weight="semibold">
          退还记录
        </Text>
        {rows.length === 0 ? (
          <Text>暂无退还登记</Text>
        ) : (
          <SmallTable
            label="退还记录"
            scrollLabel="退还记录（可横向滚动）"
            minWidth="760px"
            columns={[
              { title: '退还编号', width: 150 },
              { title: '还款编号', width: 150 },
              { title: '退还金额', amount: true },
              { title: '退还日期', width: 100 },
              { title: '银行流水号' },
              { title: '状态', width: 70 },
              { title: '操作', width: 170 },
            ]}
            rows={rows.map((r) => ({
              key: r.keyId,
              cells: [
                ...[r.refundNo, numberOf(r.repaymentId), yuan(r.amount), r.refundDate, r.flowNo, reviewedStatus(r)],
                <ReviewedCheck
                  key="check"
                  {...{ client, row: r, done, name: r.refundNo }}
                  path={`${REFUND_PATH}/items`}
                  transitions={REFUND_ITEMS.transitions}
                />,
              ],
            }))}
          />
        )}
      </section>
      {mayRegister && open.length > 0 && <Register businessId={businessId} today={today} open={open} done={done} />}
    </>
  );
}

function Register({
  businessId,
  today,
  open,
  done,
}: {
  businessId: string;
  today: string;
  open: (RefundableRepayment & { left: number })[];
  done: () => void;
}) {
  const client = useStage(REPAYMENT_STAGE);
  const [v, setV] = useState({ repaymentId: open[0]?.keyId ?? '', amount: '', refundDate: today });
  const set = (k: keyof typeof v) => (_: unknown, d: { value: string }) => setV({ ...v, [k]: d.value });
  const chosen = open.find((p) => p.keyId === v.repaymentId) ?? open[0];
  const amountFen = yuanToFen(v.amount.trim());
  return (
    <ReceiptForm
      {...{ title: '登记退还', receipt: '退款回单', client, done, shown: !!v.amount }}
      problems={(receipt) =>
        amountFen === null || !chosen
          ? ['请填写有效的退还金额']
          : refundProblems({ ...v, amountFen, ...receipt }, today, chosen.valueDate, BigInt(chosen.left))
      }
      path={`${REFUND_PATH}/${encodeURIComponent(businessId)}/items`}
      body={(receipt) => ({
        ...{ repaymentId: chosen?.keyId, amount: fenToWire(amountFen ?? 0n), refundDate: v.refundDate, ...receipt },
      })}
      said="退还已登记，待另一位财务确认"
    >
      <Field label="退还的还款" required hint={`待退还 ${yuan(chosen?.unapplied ?? 0)} 元`}>
        <Select value={chosen?.keyId ?? ''} onChange={set('repaymentId')}>
          {open.map((p) => (
            <option key={p.keyId} value={p.keyId}>
              {p.repaymentNo}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="退还金额（元）" required hint={`尚可退还 ${yuan(chosen?.left ?? 0)} 元`}>
        <Input value={v.amount} inputMode="decimal" onChange={set('amount')} />
      </Field>
      <Field label="退还日期" required hint={`还款起息日 ${chosen?.valueDate ?? '--'} 至今天`}>
        <Input type="date" value={v.refundDate} min={chosen?.valueDate} max={today} onChange={set('refundDate')} />
      </Field>
    </ReceiptForm>
  );
}

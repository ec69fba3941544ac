// 还款登记 (/business/paymentRegistration, BUSINESS.md "Decisions for the lifecycle's second half": Repayment): the
// kit's list of registered loans; its 查看 opens the loan's repayments on the same page (`?id=`): FINANCE's 登记还款
// (payer, amount, value date not after today, bank flow number, the 还款回单) and, on each repayment waiting, what the
// item table offers the caller — another finance user's 确认 or 驳回 (with its reason). What a confirmation does
// (allocation, prepayment, settlement) is the gateway's; the plan's detail shows every part allocated.
import { Button, Field, Input, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import { REPAYMENT_LIST_PATH, REPAYMENT_STAGE, registrationProblems } from '../../../domain/financing/repayment';
import { PLAN_INFO_PATH } from '../../../domain/financing/repayment-plan';
import { yuanToFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { useLoadOnce } from '../../kit/use-load-once';
import { FileUpload } from '../../kit/upload/file-upload';
import { useOperation } from '../../shell/permission';
import { Facts, SmallTable, yuan } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { stageListAndRecord } from '../stage/stage-parts';
import { useStage } from '../stage/use-stage';

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
  const path = `/${encodeURIComponent(r.keyId)}/items`;
  const rows = useLoadOnce<RepaymentRow[] | null>(
    () =>
      client
        .custom<{ records: RepaymentRow[] }>('GET', path, { current: 1, size: 100 })
        .then((p) => p.records)
        .catch(() => []),
    null,
  );
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
            minWidth="820px"
            columns={[
              { title: '还款编号', width: 150 },
              { title: '付款方' },
              { title: '还款金额', amount: true },
              { title: '起息日', width: 100 },
              { title: '银行流水号' },
              { title: '状态', width: 70 },
              { title: '待退还', amount: true },
              { title: '操作', width: 150 },
            ]}
            rows={rows.map((p) => ({
              key: p.keyId,
              cells: [
                p.repaymentNo,
                p.payer,
                yuan(p.amount),
                p.valueDate,
                p.flowNo,
                p.checkComment ? `${p.statusLabel}（${p.checkComment}）` : p.statusLabel,
                yuan(p.unapplied),
                p.actions.length ? <Check key="check" row={p} done={done} /> : '--',
              ],
            }))}
          />
        )}
      </section>
      {mayRegister && repaying && <Register record={r} done={done} />}
    </>
  );
}

/** Runs a call of the page; the gateway's refusal is already shown by the shared client. */
function useAct(done: () => void) {
  const { notifier } = useServices();
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await call();
      notifier.success(success);
      done();
    } catch {
      setBusy(false);
    }
  };
  return { busy, act };
}

/** 确认 / 驳回 of one repayment waiting, as the item table offers them to the caller. */
function Check({ row, done }: { row: RepaymentRow; done: () => void }) {
  const styles = useMakeStyles();
  const client = useStage(REPAYMENT_STAGE);
  const { busy, act } = useAct(done);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const move = (action: string, words: string) =>
    act(
      () =>
        client.custom('POST', `/items/${encodeURIComponent(row.keyId)}/transition`, {
          action,
          version: row.version,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        }),
      words,
    );
  if (rejecting)
    return (
      <div className={styles.row}>
        <Field label="驳回意见" required>
          <Textarea value={comment} resize="vertical" onChange={(_, d) => setComment(d.value)} />
        </Field>
        <Button appearance="primary" disabled={busy || !comment.trim()} onClick={() => move('reject', '已驳回')}>
          确定驳回
        </Button>
        <Button onClick={() => setRejecting(false)}>取消</Button>
      </div>
    );
  return (
    <div className={styles.row}>
      {row.actions.includes('confirm') && (
        <Button appearance="primary" size="small" disabled={busy} onClick={() => move('confirm', '还款已确认')}>
          确认
        </Button>
      )}
      {row.actions.includes('reject') && (
        <Button size="small" disabled={busy} onClick={() => setRejecting(true)}>
          驳回
        </Button>
      )}
    </div>
  );
}

function Register({ record: r, done }: { record: LoanDetail; done: () => void }) {
  const styles = useMakeStyles();
  const client = useStage(REPAYMENT_STAGE);
  const { busy, act } = useAct(done);
  const [v, setV] = useState({ payer: r.supplierName ?? '', amount: '', valueDate: r.today, flowNo: '' });
  const [receipt, setReceipt] = useState('');
  const set = (k: keyof typeof v) => (_: unknown, d: { value: string }) => setV({ ...v, [k]: d.value });
  const amountFen = yuanToFen(v.amount.trim());
  const problems =
    amountFen === null
      ? ['请填写有效的还款金额']
      : registrationProblems({ ...v, amountFen, receiptFileId: receipt }, r.today, r.loanDate);
  const body = () => ({
    ...{ payer: v.payer.trim(), amount: Number(amountFen), valueDate: v.valueDate },
    ...{ flowNo: v.flowNo.trim(), receiptFileId: receipt },
  });
  return (
    <section className={styles.card} aria-label="登记还款">
      <Text as="h2" size={400} weight="semibold">
        登记还款
      </Text>
      <div className={styles.fields}>
        <Field label="付款方" required hint="不超过60个字">
          <Input value={v.payer} maxLength={60} onChange={set('payer')} />
        </Field>
        <Field label="还款金额（元）" required hint={`未还合计 ${yuan(r.totalOwed)} 元；超出部分提前还本`}>
          <Input value={v.amount} inputMode="decimal" onChange={set('amount')} />
        </Field>
        <Field label="起息日" required hint={`放款日 ${r.loanDate} 至今天`}>
          <Input type="date" value={v.valueDate} min={r.loanDate} max={r.today} onChange={set('valueDate')} />
        </Field>
        <Field label="银行流水号" required hint="同一流水号只能登记一次">
          <Input value={v.flowNo} maxLength={40} onChange={set('flowNo')} />
        </Field>
      </div>
      <FileUpload
        label="还款回单"
        accept="pdf,png,jpg,jpeg"
        limit={1}
        onChange={(files) => setReceipt(files[0]?.keyId ?? '')}
      />
      {v.amount && problems.length > 0 && (
        <Text role="alert" className={styles.error}>
          {problems.join('；')}
        </Text>
      )}
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={problems.length > 0 || busy}
          onClick={() =>
            act(
              () => client.custom('POST', `/${encodeURIComponent(r.keyId)}/items`, body()),
              '还款已登记，待另一位财务确认',
            )
          }
        >
          登记还款
        </Button>
      </div>
    </section>
  );
}

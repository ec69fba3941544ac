// 放款登记 (/business/lendingRegistration, BUSINESS.md §4 "L/M"): the kit's list of businesses that reached 放款;
// its 查看 opens the loan on the same page (`?id=`), where what the table offers the caller stands: FINANCE's 登记放款
// (amount, loan date, 前置利息 and 服务费 with 实际到账 computed, the 放款回单), OPS's 通过 / 退回, and once the loan is
// registered the 中登 number and date. The rules are the gateway's (REGISTER_LOAN); its findings show above the form.
import { Button, Field, Input, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import { LENDING_LIST_PATH, LENDING_STAGE, netAmountFen } from '../../../domain/financing/lending';
import { PLAN_INFO_PATH } from '../../../domain/financing/repayment-plan';
import { fenToWire } from '../../../domain/decimal/wire-fen';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { REPAYMENT_METHOD_LABEL } from '../../../domain/funds/fund-product.resource';
import { formatPercent } from '../../../domain/format/percent-format';
import { FileUpload } from '../../kit/upload/file-upload';
import { useOperation } from '../../shell/permission';
import { yuan } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { FactsCard, stageListAndRecord } from '../stage/stage-parts';
import { useStage, useStageAct } from '../stage/use-stage';

interface LendingDetail extends StageRecord {
  actions: string[];
  businessNo: string;
  supplierName: string | null;
  capitalSideName: string | null;
  stateLabel: string;
  approvedAmount: number;
  capitalApprovedAmount: number;
  decisionValidUntil: string | null;
  validFrom: string | null;
  today: string;
  annualRate: string | null;
  termDays: number | null;
  repaymentMethod: keyof typeof REPAYMENT_METHOD_LABEL | null;
  loanNo: string | null;
  loanStatus: string | null;
  loanStatusLabel: string | null;
  loanVersion: number | null;
  loanAmount: number | null;
  netAmount: number | null;
  loanDate: string | null;
  zhongdengDueDate: string | null;
  zhongdengRegNo: string | null;
  zhongdengRegDate: string | null;
  problems: string[];
}

export const LendingScreen = stageListAndRecord<LendingDetail>(
  LENDING_STAGE,
  { title: '放款登记', missing: '放款不存在或无权查看' },
  Loan,
);

function Loan({ record: r, done }: { record: LendingDetail; done: () => void }) {
  const navigate = useNavigate();
  const mayRecord = useOperation('add', LENDING_LIST_PATH);
  const method = r.repaymentMethod ? REPAYMENT_METHOD_LABEL[r.repaymentMethod] : '--';
  return (
    <>
      <FactsCard
        label="放款概况"
        problems={r.problems}
        items={[
          ['业务编号', r.businessNo],
          ['供应商', r.supplierName ?? '--'],
          ['资金方', r.capitalSideName ?? '--'],
          ['状态', r.loanStatus === 'CANCELLED' ? `${r.stateLabel}（上次登记已退回）` : r.stateLabel],
          ['批复额', `${yuan(r.approvedAmount)} 元`],
          ['资金方批复', `${yuan(r.capitalApprovedAmount)} 元`],
          ['决议有效期', `${r.validFrom ?? '--'} 至 ${r.decisionValidUntil ?? '--'}`],
          ['年利率', formatPercent(r.annualRate)],
          ['期限', r.termDays ? `${r.termDays}天（${method}）` : '--'],
          ['放款编号', r.loanNo ?? '--'],
          ['放款日', r.loanDate ?? '--'],
          ['放款金额', `${yuan(r.loanAmount)} 元`],
          ['实际到账', `${yuan(r.netAmount)} 元`],
          [
            '中登登记',
            r.zhongdengRegNo ? `${r.zhongdengRegNo}（${r.zhongdengRegDate}）` : `截止 ${r.zhongdengDueDate ?? '--'}`,
          ],
        ]}
      >
        {r.loanStatus === 'REGISTERED' && (
          <Button
            appearance="secondary"
            onClick={() => navigate(`${PLAN_INFO_PATH}?id=${encodeURIComponent(r.keyId)}`)}
          >
            查看还款计划
          </Button>
        )}
      </FactsCard>
      {r.actions.includes('submit') && <Register record={r} done={done} />}
      {(r.actions.includes('approve') || r.actions.includes('return')) && <Review record={r} done={done} />}
      {mayRecord && r.loanStatus === 'REGISTERED' && !r.zhongdengRegNo && <Zhongdeng record={r} done={done} />}
    </>
  );
}

function Register({ record: r, done }: { record: LendingDetail; done: () => void }) {
  const styles = useMakeStyles();
  const client = useStage(LENDING_STAGE);
  const { busy, act } = useStageAct(done);
  const [v, setV] = useState({
    amount: formatFen(BigInt(r.loanAmount ?? r.capitalApprovedAmount)),
    loanDate: r.loanDate ?? r.today,
    upfront: '0.00',
    fee: '0.00',
  });
  const [receipt, setReceipt] = useState('');
  const set = (k: keyof typeof v) => (_: unknown, d: { value: string }) => setV({ ...v, [k]: d.value });
  const fen = [v.amount, v.upfront, v.fee].map((t) => yuanToFen(t.trim()));
  const [amount, upfront, fee] = fen;
  const net = amount != null && upfront != null && fee != null ? netAmountFen(amount, upfront, fee) : null;
  const ready = net !== null && net > 0n && !!receipt && !!v.loanDate;
  // Sent only once every figure reads (ready), so an empty one never travels as 0.
  const wire = (f: bigint | null | undefined) => fenToWire(f ?? 0n);
  const body = () => ({
    version: r.version,
    ...{ amount: wire(amount), loanDate: v.loanDate, upfrontInterest: wire(upfront), serviceFee: wire(fee) },
    receiptFileId: receipt,
  });
  return (
    <section className={styles.card} aria-label="登记放款">
      <Text as="h2" size={400} weight="semibold">
        登记放款
      </Text>
      <div className={styles.fields}>
        <Field label="放款金额（元）" required hint={`不超过资金方批复额 ${yuan(r.capitalApprovedAmount)} 元`}>
          <Input value={v.amount} inputMode="decimal" onChange={set('amount')} />
        </Field>
        <Field label="放款日" required hint={`不晚于今天，且不晚于 ${r.decisionValidUntil ?? '--'}`}>
          <Input type="date" value={v.loanDate} max={r.today} onChange={set('loanDate')} />
        </Field>
        <Field label="前置利息（元）">
          <Input value={v.upfront} inputMode="decimal" onChange={set('upfront')} />
        </Field>
        <Field label="服务费（元）">
          <Input value={v.fee} inputMode="decimal" onChange={set('fee')} />
        </Field>
        <Field label="实际到账（元）">
          <Input value={net === null ? '--' : formatFen(net)} readOnly />
        </Field>
      </div>
      <FileUpload
        label="放款回单"
        accept="pdf,png,jpg,jpeg"
        limit={1}
        onChange={(files) => setReceipt(files[0]?.keyId ?? '')}
      />
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={!ready || busy}
          onClick={() =>
            act(() => client.custom('POST', `/${encodeURIComponent(r.keyId)}/register`, body()), '放款已登记，待复核')
          }
        >
          登记放款
        </Button>
      </div>
    </section>
  );
}

function Review({ record: r, done }: { record: LendingDetail; done: () => void }) {
  const styles = useMakeStyles();
  const client = useStage(LENDING_STAGE);
  const { busy, act } = useStageAct(done);
  const [comment, setComment] = useState('');
  const move = (action: string, words: string) =>
    act(() => client.transition(r.keyId, { action, version: r.version, comment: comment.trim() }), words);
  return (
    <section className={styles.card} aria-label="放款复核">
      <Field label="复核意见" hint="退回时至少5个字">
        <Textarea value={comment} resize="vertical" onChange={(_, d) => setComment(d.value)} />
      </Field>
      <div className={styles.row}>
        {r.actions.includes('approve') && (
          <Button appearance="primary" disabled={busy} onClick={() => move('approve', '复核通过，已生成还款计划')}>
            通过
          </Button>
        )}
        {r.actions.includes('return') && (
          <Button disabled={busy || [...comment.trim()].length < 5} onClick={() => move('return', '已退回财务')}>
            退回
          </Button>
        )}
      </div>
    </section>
  );
}

function Zhongdeng({ record: r, done }: { record: LendingDetail; done: () => void }) {
  const styles = useMakeStyles();
  const client = useStage(LENDING_STAGE);
  const { busy, act } = useStageAct(done);
  const [regNo, setRegNo] = useState('');
  const [regDate, setRegDate] = useState(r.today);
  const body = { version: r.loanVersion, regNo: regNo.trim(), regDate };
  return (
    <section className={styles.card} aria-label="中登登记">
      <div className={styles.fields}>
        <Field label="中登登记编号" required>
          <Input value={regNo} maxLength={30} onChange={(_, d) => setRegNo(d.value)} />
        </Field>
        <Field label="登记日期" required hint={`放款后10日内（截止 ${r.zhongdengDueDate ?? '--'}）`}>
          <Input type="date" value={regDate} max={r.today} onChange={(_, d) => setRegDate(d.value)} />
        </Field>
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={busy || !body.regNo || !regDate}
          onClick={() =>
            act(() => client.custom('POST', `/${encodeURIComponent(r.keyId)}/zhongdeng`, body), '中登登记已保存')
          }
        >
          保存中登登记
        </Button>
      </div>
    </section>
  );
}

// 推送制作 and 正式函件管理 (BUSINESS.md §4 "L/M", "L"). 推送制作 is the kit's list of businesses that reached 推送; its
// 查看 opens the push on the same page (`?id=`): what stage 9 would refuse, 推送 (channel, 中登查询编号) and 登记反馈
// when the table offers them, the push records with their package, the letters, the 接口日志. 正式函件管理 generates
// a letter for a business (`?businessId=`) and moves it (发送, 上传回执, 拒收) as the gateway lists each letter's
// actions. The rules are the gateway's; nothing is decided here.
import { Button, Field, Input, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import { stateLabel } from '../../../domain/financing/lifecycle';
import {
  CAPITAL_ANSWER,
  CHANNEL_LABEL,
  LETTER_API,
  LETTER_LIST_PATH,
  LETTER_TYPE_LABEL,
  PUSH_LIST_PATH,
  PUSH_STAGE,
  SEND_METHOD_LABEL,
} from '../../../domain/financing/push';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { CHILD_STATUSES, type ChildStatus } from '../../../domain/stage/stage';
import { useServices } from '../../app/services';
import { FileUpload } from '../../kit/upload/file-upload';
import { useLoadOnce } from '../../kit/use-load-once';
import { useOperation } from '../../shell/permission';
import { Facts, SmallTable, yuan } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { StageSection, stageListAndRecord } from '../stage/stage-parts';
import { useStage, useStageAct } from '../stage/use-stage';

interface Push {
  pushId: string;
  pushNo: string;
  channel: keyof typeof CHANNEL_LABEL;
  zhongdengQueryNo: string;
  acceptanceNo: string | null;
  resultLabel: string;
  capitalRefNo: string | null;
  capitalApprovedAmount: number | null;
  feedbackComment: string | null;
  pushedAt: string | null;
  createdAt: string;
}
interface Letter {
  keyId: string;
  businessId: string;
  letterNo: string;
  letterTypeLabel: string;
  addresseeName: string;
  statusLabel: string;
  sendMethodLabel: string | null;
  sentAt: string | null;
  receiptAt: string | null;
  version: number;
  businessNo?: string;
  actions?: string[];
}
interface PushDetail extends StageRecord {
  actions: string[];
  businessNo: string;
  supplierName: string | null;
  capitalSideName: string | null;
  productName: string | null;
  approvedAmount: number | null;
  quotaLeft: number | null;
  pushes: Push[];
  letters: Letter[];
  deskPath: string | null;
  logs: { at: string; direction: string; provider: string; message: string; resultCode: number }[];
  problems: string[];
}

const LETTERS = { resource: { api: LETTER_API, noun: '函件' } };
const time = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '--');
const statusText = (s: string | undefined) => CHILD_STATUSES[s as ChildStatus]?.label ?? s ?? '--';

export const PushScreen = stageListAndRecord<PushDetail>(
  PUSH_STAGE,
  { title: '推送制作', missing: '推送不存在或无权查看' },
  PushView,
);

/** The push under the business: 业务详情's tab and 推送审核's section (read only). */
export function PushSection({ id }: { id: string }) {
  return (
    <StageSection<PushDetail> def={PUSH_STAGE} id={id} missing="尚无推送信息">
      {(r) => <PushView record={r} />}
    </StageSection>
  );
}

function PushView({ record: r, done }: { record: PushDetail; done?: () => void }) {
  const styles = useMakeStyles();
  const { stages } = useServices();
  const navigate = useNavigate();
  const mayExport = useOperation('export', PUSH_LIST_PATH);
  const latest = r.pushes[0];
  return (
    <>
      <section className={styles.card} aria-label="推送概况">
        <Facts
          label="推送概况"
          items={[
            ['业务编号', r.businessNo],
            ['供应商', r.supplierName ?? '--'],
            ['资金方', r.capitalSideName ?? '--'],
            ['产品', r.productName ?? '--'],
            ['推送状态', statusText(r.status)],
            ['业务状态', stateLabel(String(r.state))],
            ['批复金额', `${yuan(r.approvedAmount)} 元`],
            ['产品剩余额度', `${yuan(r.quotaLeft)} 元`],
            ['最近推送', latest ? `${latest.pushNo}（${latest.resultLabel}）` : '--'],
            ['资金方批复额', latest?.capitalApprovedAmount ? `${yuan(latest.capitalApprovedAmount)} 元` : '--'],
          ]}
        />
        {r.problems.map((p) => (
          <Text key={p} role="alert" className={styles.error}>
            {p}
          </Text>
        ))}
        {r.deskPath && latest && (
          <Text>
            内置资金方通道已受理（受理编号 {latest.acceptanceNo}），资金方反馈地址：<code>{r.deskPath}</code>
          </Text>
        )}
        {done && (
          <div className={styles.row}>
            <Button onClick={() => navigate(`${LETTER_LIST_PATH}?businessId=${encodeURIComponent(r.keyId)}`)}>
              正式函件
            </Button>
          </div>
        )}
      </section>
      {done && r.actions.includes('submit') && <PushForm record={r} done={done} />}
      {done && r.actions.includes('capitalFeedback') && <Feedback record={r} done={done} />}
      <Text as="h2" size={400} weight="semibold">
        推送记录
      </Text>
      <SmallTable
        label="推送记录"
        minWidth="1040px"
        scrollLabel="推送记录列表"
        columns={[
          { title: '推送编号', width: 150 },
          { title: '渠道', width: 60 },
          { title: '推送时间', width: 140 },
          { title: '结果', width: 80 },
          { title: '受理编号', width: 210 },
          { title: '资金方业务号', width: 130 },
          { title: '批复额', amount: true },
          { title: '资料包' },
        ]}
        rows={r.pushes.map((p) => ({
          key: p.pushId,
          cells: [
            p.pushNo,
            CHANNEL_LABEL[p.channel],
            time(p.pushedAt ?? p.createdAt),
            p.resultLabel,
            p.acceptanceNo ?? '--',
            p.capitalRefNo ?? '--',
            yuan(p.capitalApprovedAmount),
            mayExport ? (
              <Button
                key="zip"
                size="small"
                onClick={() => stages.download(PUSH_STAGE, `/${encodeURIComponent(r.keyId)}/package/${p.pushId}`)}
              >
                下载
              </Button>
            ) : (
              '--'
            ),
          ],
        }))}
        empty="暂无推送"
      />
      <Text as="h2" size={400} weight="semibold">
        正式函件
      </Text>
      <SmallTable
        label="正式函件"
        minWidth="640px"
        scrollLabel="正式函件列表"
        columns={[{ title: '函件编号' }, { title: '类型' }, { title: '收件方' }, { title: '状态' }]}
        rows={r.letters.map((l) => ({
          key: l.keyId,
          cells: [l.letterNo, l.letterTypeLabel, l.addresseeName, l.statusLabel],
        }))}
        empty="暂无函件"
      />
      <Text as="h2" size={400} weight="semibold">
        接口日志
      </Text>
      <SmallTable
        label="接口日志"
        minWidth="720px"
        scrollLabel="接口日志列表"
        columns={[
          { title: '时间', width: 140 },
          { title: '方向', width: 60 },
          { title: '接口', width: 120 },
          { title: '内容' },
          { title: '结果', width: 60 },
        ]}
        rows={r.logs.map((l, i) => ({
          key: `${l.at}-${i}`,
          cells: [
            time(l.at),
            l.direction === 'IN' ? '回调' : '推送',
            l.provider,
            l.message,
            l.resultCode === 0 ? '成功' : '失败',
          ],
        }))}
        empty="暂无接口调用"
      />
    </>
  );
}

function PushForm({ record: r, done }: { record: PushDetail; done: () => void }) {
  const styles = useMakeStyles();
  const client = useStage(PUSH_STAGE);
  const { busy, act } = useStageAct(done);
  const [channel, setChannel] = useState<keyof typeof CHANNEL_LABEL>('API');
  const [query, setQuery] = useState('');
  const [comment, setComment] = useState('');
  const body = { version: r.version, channel, zhongdengQueryNo: query.trim(), comment: comment.trim() };
  return (
    <section className={styles.card} aria-label="推送">
      <Text as="h2" size={400} weight="semibold">
        推送
      </Text>
      <div className={styles.fields}>
        <Field label="推送渠道" required>
          <Select value={channel} onChange={(_, d) => setChannel(d.value as keyof typeof CHANNEL_LABEL)}>
            {Object.entries(CHANNEL_LABEL).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="中登查询编号" required>
          <Input value={query} maxLength={50} onChange={(_, d) => setQuery(d.value)} />
        </Field>
        <Field label="推送说明">
          <Textarea value={comment} resize="vertical" onChange={(_, d) => setComment(d.value)} />
        </Field>
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={busy || !body.zhongdengQueryNo}
          onClick={() =>
            act(() => client.custom('POST', `/${encodeURIComponent(r.keyId)}/push`, body), '已推送，待推送审核')
          }
        >
          推送
        </Button>
      </div>
    </section>
  );
}

function Feedback({ record: r, done }: { record: PushDetail; done: () => void }) {
  const styles = useMakeStyles();
  const client = useStage(PUSH_STAGE);
  const { busy, act } = useStageAct(done);
  const [result, setResult] = useState<keyof typeof CAPITAL_ANSWER>('APPROVED');
  const [ref, setRef] = useState('');
  const [amount, setAmount] = useState(r.approvedAmount ? formatFen(BigInt(r.approvedAmount)) : '');
  const [comment, setComment] = useState('');
  const fen = yuanToFen(amount.trim());
  const approving = result === 'APPROVED';
  const ready = !approving || (fen !== null && fen > 0n && !!ref.trim());
  const body = {
    version: r.version,
    result,
    ...(ref.trim() ? { capitalRefNo: ref.trim() } : {}),
    ...(approving && fen !== null ? { capitalApprovedAmount: Number(fen) } : {}),
    ...(comment.trim() ? { comment: comment.trim() } : {}),
  };
  return (
    <section className={styles.card} aria-label="登记反馈">
      <Text as="h2" size={400} weight="semibold">
        登记反馈
      </Text>
      <div className={styles.fields}>
        <Field label="资金方反馈" required>
          <Select value={result} onChange={(_, d) => setResult(d.value as keyof typeof CAPITAL_ANSWER)}>
            {Object.entries(CAPITAL_ANSWER).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="资金方业务号" required={approving}>
          <Input value={ref} maxLength={50} onChange={(_, d) => setRef(d.value)} />
        </Field>
        {approving && (
          <Field label="资金方批复额（元）" required hint={`不超过批复金额 ${yuan(r.approvedAmount)} 元`}>
            <Input value={amount} inputMode="decimal" onChange={(_, d) => setAmount(d.value)} />
          </Field>
        )}
        <Field label="反馈意见">
          <Textarea value={comment} resize="vertical" onChange={(_, d) => setComment(d.value)} />
        </Field>
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={busy || !ready}
          onClick={() =>
            act(() => client.custom('POST', `/${encodeURIComponent(r.keyId)}/feedback`, body), '资金方反馈已登记')
          }
        >
          登记反馈
        </Button>
      </div>
    </section>
  );
}

// ---- 正式函件管理 ----

export function LetterScreen() {
  const styles = useMakeStyles();
  const [params, setParams] = useSearchParams();
  const businessId = params.get('businessId') ?? '';
  const { stages } = useServices();
  const makeable = useLoadOnce(
    () => stages.custom<{ keyId: string; businessNo: string; supplierName: string }[]>(LETTERS, 'GET', '/makeable'),
    null,
  );
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        正式函件管理
      </Text>
      <section className={styles.card} aria-label="选择业务">
        {!makeable ? (
          <Spinner size="small" label="加载业务…" />
        ) : (
          <Field label="业务" hint="签约至放款前的业务">
            <Select value={businessId} onChange={(_, d) => setParams(d.value ? { businessId: d.value } : {})}>
              <option value="">请选择业务</option>
              {makeable.map((b) => (
                <option key={b.keyId} value={b.keyId}>
                  {b.businessNo}　{b.supplierName}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </section>
      {businessId && <BusinessLetters key={businessId} businessId={businessId} />}
    </section>
  );
}

function BusinessLetters({ businessId }: { businessId: string }) {
  const [round, setRound] = useState(0);
  const mayMake = useOperation('add', LETTER_LIST_PATH);
  return (
    <>
      {mayMake && <Generate businessId={businessId} done={() => setRound((n) => n + 1)} />}
      <LetterTable key={round} businessId={businessId} done={() => setRound((n) => n + 1)} />
    </>
  );
}

function Generate({ businessId, done }: { businessId: string; done: () => void }) {
  const styles = useMakeStyles();
  const { stages } = useServices();
  const { busy, act } = useStageAct(done);
  const [type, setType] = useState<keyof typeof LETTER_TYPE_LABEL>('TRANSFER_NOTICE');
  return (
    <section className={styles.card} aria-label="生成函件">
      <div className={styles.row}>
        <Field label="函件类型">
          <Select value={type} onChange={(_, d) => setType(d.value as keyof typeof LETTER_TYPE_LABEL)}>
            {Object.entries(LETTER_TYPE_LABEL).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          appearance="primary"
          disabled={busy}
          onClick={() =>
            act(
              () => stages.custom(LETTERS, 'POST', `/${encodeURIComponent(businessId)}`, { letterType: type }),
              '函件已生成',
            )
          }
        >
          生成
        </Button>
      </div>
    </section>
  );
}

function LetterTable({ businessId, done }: { businessId: string; done: () => void }) {
  const { stages } = useServices();
  const page = useLoadOnce(
    () =>
      stages.custom<{ records: Letter[] }>(LETTERS, 'GET', `/${encodeURIComponent(businessId)}/items`, { size: 50 }),
    null,
  );
  if (!page) return <Spinner size="small" label="加载函件…" />;
  return (
    <SmallTable
      label="函件"
      minWidth="960px"
      scrollLabel="函件列表"
      columns={[
        { title: '函件编号' },
        { title: '类型' },
        { title: '收件方' },
        { title: '发送方式' },
        { title: '发送时间' },
        { title: '回执状态' },
        { title: '操作' },
      ]}
      rows={page.records.map((l) => ({
        key: l.keyId,
        cells: [
          l.letterNo,
          l.letterTypeLabel,
          l.addresseeName,
          l.sendMethodLabel ?? '--',
          time(l.sentAt),
          l.statusLabel,
          <LetterActions key="act" letter={l} done={done} />,
        ],
      }))}
      empty="暂无函件"
    />
  );
}

function LetterActions({ letter: l, done }: { letter: Letter; done: () => void }) {
  const styles = useMakeStyles();
  const { stages } = useServices();
  const { busy, act } = useStageAct(done);
  const [method, setMethod] = useState<keyof typeof SEND_METHOD_LABEL>('EXPRESS');
  const [receipt, setReceipt] = useState('');
  const move = (action: string, values: object, words: string, comment?: string) =>
    act(
      () =>
        stages.custom(LETTERS, 'POST', `/items/${encodeURIComponent(l.keyId)}/transition`, {
          ...{ action, version: l.version, values },
          ...(comment ? { comment } : {}),
        }),
      words,
    );
  const actions = l.actions ?? [];
  return (
    <div className={styles.row}>
      <Button size="small" onClick={() => stages.download(LETTERS, `/${encodeURIComponent(l.keyId)}/pdf`)}>
        下载
      </Button>
      {actions.includes('send') && (
        <>
          <Select
            aria-label="发送方式"
            size="small"
            value={method}
            onChange={(_, d) => setMethod(d.value as keyof typeof SEND_METHOD_LABEL)}
          >
            {Object.entries(SEND_METHOD_LABEL).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Select>
          <Button
            size="small"
            appearance="primary"
            disabled={busy}
            onClick={() => move('send', { sendMethod: method }, '函件已发送')}
          >
            发送
          </Button>
        </>
      )}
      {actions.includes('receipt') && (
        <>
          <FileUpload
            label="回执"
            accept="pdf,png,jpg,jpeg"
            limit={1}
            onChange={(f) => setReceipt(f[0]?.keyId ?? '')}
          />
          <Button
            size="small"
            appearance="primary"
            disabled={busy || !receipt}
            onClick={() => move('receipt', { receiptFileId: receipt }, '回执已上传')}
          >
            上传回执
          </Button>
        </>
      )}
      {actions.includes('refuse') && (
        <Button size="small" disabled={busy} onClick={() => move('refuse', {}, '已登记拒收', '项目公司拒收')}>
          拒收
        </Button>
      )}
    </div>
  );
}

// 推送制作 (BUSINESS.md §4 "L/M"): the kit's list of businesses that reached 推送; its 查看 opens the push on the same
// page (`?id=`): what stage 9 would refuse, 推送 (channel, 中登查询编号) and 登记反馈 when the table offers them (the
// kit's forms), the push records with their package, the business's letters (their making and moves are 正式函件管理's,
// one click away), the 接口日志 (the kit's tables). The rules are the gateway's; nothing is decided here.
import { Button, Text } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import { LETTER_LIST_PATH } from '../../../domain/financing/letters';
import { stateLabel } from '../../../domain/financing/lifecycle';
import { CAPITAL_ANSWER, CHANNEL_LABEL, PUSH_LIST_PATH, PUSH_STAGE } from '../../../domain/financing/push';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { CHILD_STATUSES, type ChildStatus } from '../../../domain/stage/stage';
import { useServices } from '../../app/services';
import { useOperation } from '../../shell/permission';
import { ActionForm, type FormField, type FormValues } from '../stage/action-form';
import { DataTable } from '../stage/data-table';
import { minuteOf, yuan } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { FactsCard, StageSection, stageListAndRecord } from '../stage/stage-parts';
import { useStage } from '../stage/use-stage';
import { fenToWire } from '../../../domain/decimal/wire-fen';

interface Push {
  pushId: string;
  pushNo: string;
  channel: keyof typeof CHANNEL_LABEL;
  acceptanceNo: string | null;
  resultLabel: string;
  capitalRefNo: string | null;
  capitalApprovedAmount: number | null;
  pushedAt: string | null;
  createdAt: string;
}
/** A letter as the push's detail lists it (the letters stage's wire, read by name). */
interface Letter {
  keyId: string;
  letterNo: string;
  letterTypeLabel: string;
  addresseeName: string;
  statusLabel: string;
}
interface Log {
  at: string;
  direction: string;
  provider: string;
  message: string;
  resultCode: number;
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
  logs: Log[];
  problems: string[];
}

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
  const client = useStage(PUSH_STAGE);
  const navigate = useNavigate();
  const mayExport = useOperation('export', PUSH_LIST_PATH);
  const latest = r.pushes[0];
  const path = (tail: string) => `/${encodeURIComponent(r.keyId)}/${tail}`;
  const download = (p: Push) => stages.download(PUSH_STAGE, path(`package/${p.pushId}`));
  return (
    <>
      <FactsCard
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
        label="推送概况"
        problems={r.problems}
      >
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
      </FactsCard>
      {done && r.actions.includes('submit') && (
        <ActionForm
          label="推送"
          fields={PUSH_FIELDS}
          initial={{ channel: 'API', zhongdengQueryNo: '', comment: '' }}
          ready={(v) => !!v.zhongdengQueryNo?.trim()}
          send={(v) => client.custom('POST', path('push'), { version: r.version, ...trimmed(v) })}
          success="已推送，待推送审核"
          done={done}
        />
      )}
      {done && r.actions.includes('capitalFeedback') && (
        <ActionForm
          label="登记反馈"
          fields={feedbackFields(r)}
          initial={{ result: 'APPROVED', capitalRefNo: '', amount: yuanOf(r.approvedAmount), comment: '' }}
          ready={(v) => v.result !== 'APPROVED' || (!!v.capitalRefNo?.trim() && (yuanToFen(v.amount ?? '') ?? 0n) > 0n)}
          send={(v) => client.custom('POST', path('feedback'), feedbackBody(r.version, v))}
          success="资金方反馈已登记"
          done={done}
        />
      )}
      <DataTable
        heading
        label="推送记录"
        minWidth="1040px"
        columns={[
          { title: '推送编号', width: 150, cell: (p: Push) => p.pushNo },
          { title: '渠道', width: 60, cell: (p) => CHANNEL_LABEL[p.channel] },
          { title: '推送时间', width: 140, cell: (p) => minuteOf(p.pushedAt ?? p.createdAt) },
          { title: '结果', width: 80, cell: (p) => p.resultLabel },
          { title: '受理编号', width: 210, cell: (p) => p.acceptanceNo ?? '--' },
          { title: '资金方业务号', width: 130, cell: (p) => p.capitalRefNo ?? '--' },
          { title: '批复额', amount: true, cell: (p) => yuan(p.capitalApprovedAmount) },
          {
            title: '资料包',
            cell: (p) =>
              mayExport ? (
                <Button size="small" onClick={() => download(p)}>
                  下载
                </Button>
              ) : (
                '--'
              ),
          },
        ]}
        rows={r.pushes}
        rowKey={(p) => p.pushId}
        empty="暂无推送"
      />
      <DataTable
        heading
        label="正式函件"
        minWidth="640px"
        columns={[
          { title: '函件编号', cell: (l: Letter) => l.letterNo },
          { title: '类型', cell: (l) => l.letterTypeLabel },
          { title: '收件方', cell: (l) => l.addresseeName },
          { title: '状态', cell: (l) => l.statusLabel },
        ]}
        rows={r.letters}
        rowKey={(l) => l.keyId}
        empty="暂无函件"
      />
      <DataTable
        heading
        label="接口日志"
        minWidth="720px"
        columns={[
          { title: '时间', width: 140, cell: (l: Log) => minuteOf(l.at) },
          { title: '方向', width: 60, cell: (l) => (l.direction === 'IN' ? '回调' : '推送') },
          { title: '接口', width: 120, cell: (l) => l.provider },
          { title: '内容', cell: (l) => l.message },
          { title: '结果', width: 60, cell: (l) => (l.resultCode === 0 ? '成功' : '失败') },
        ]}
        rows={r.logs}
        rowKey={(l, i) => `${l.at}-${i}`}
        empty="暂无接口调用"
      />
    </>
  );
}

const PUSH_FIELDS: readonly FormField[] = [
  { key: 'channel', label: '推送渠道', kind: { options: CHANNEL_LABEL }, required: true },
  { key: 'zhongdengQueryNo', label: '中登查询编号', kind: 'text', max: 50, required: true },
  { key: 'comment', label: '推送说明', kind: 'textarea' },
];

const approving = (v: FormValues) => v.result === 'APPROVED';
const feedbackFields = (r: PushDetail): readonly FormField[] => [
  { key: 'result', label: '资金方反馈', kind: { options: CAPITAL_ANSWER }, required: true },
  { key: 'capitalRefNo', label: '资金方业务号', kind: 'text', max: 50, required: approving },
  {
    ...{ key: 'amount', label: '资金方批复额（元）', kind: 'decimal', required: true, shown: approving },
    hint: `不超过批复金额 ${yuan(r.approvedAmount)} 元`,
  },
  { key: 'comment', label: '反馈意见', kind: 'textarea' },
];

/** The typed values trimmed, the empty ones left out. */
const trimmed = (v: FormValues) =>
  Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (x.trim() ? [[k, x.trim()]] : [])));

function feedbackBody(version: number, v: FormValues) {
  const { amount, ...rest } = trimmed(v);
  const fen = approving(v) ? yuanToFen(amount ?? '') : null;
  return { version, ...rest, ...(fen !== null ? { capitalApprovedAmount: fenToWire(fen) } : {}) };
}

const yuanOf = (fen: number | null) => (fen ? formatFen(BigInt(fen)) : '');

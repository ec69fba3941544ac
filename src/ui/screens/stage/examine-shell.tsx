// The examine shell of every reviewable stage (stage-kit.ts): the review queue (业务审核, or a stage's own
// review list with its type fixed) and the review page — the business read-only, the stage's own item under it
// (its section, found by the review type: examine-sections.ts), the review levels as cards, the opinion box
// with the buttons the gateway offers (通过 / 退回 / 不通过, 否决 where the table has it, in the table's order)
// and the timeline. One action gives one message (examine-page.machine.ts says it); done, back to the list,
// which reads itself again when shown, and 我的待办's count is asked again. 不通过 and 否决 end the business,
// so they ask first.
import {
  Badge,
  Button,
  Field,
  Input,
  Link,
  Select,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import type { ExamineDetail, ExamineItem, ExamineQuery } from '../../../application/ports/review-gateway.port';
import { createExaminePageMachine, examineCommentProblem } from '../../../application/stage/examine-page.machine';
import { REVIEW_ACTIONS, transitionOf } from '../../../domain/financing/lifecycle';
import { yuanText } from '../../../domain/financing/pre-credit-form';
import { APPROVED_AMOUNT_KEY } from '../../../domain/financing/pre-credit-rules';
import { EXAMINE_PATH, examineLink } from '../../../domain/financing/review-queue';
import { formatDateTime } from '../../../domain/format/date-format';
import { fenToWire } from '../../../domain/decimal/wire-fen';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { useConfirm } from '../../kit/dialogs/use-confirm';
import { useListScreenStyles } from '../common/list-screen-styles';
import { usePagedList } from '../common/use-paged-list';
import { useDetailStyles } from '../assets/detail-styles';
import { WaitingCell } from '../review/waiting-cell';
import { examineSection } from './examine-sections';
import { reviewActed, reviewGeneration } from './review-generation';
import { REVIEW_TYPES, REVIEW_TYPE_LABEL } from '../../../domain/financing/stages';
import { formatPercent } from '../../../domain/format/percent-format';
import { approvedAmountLabel } from '../../../domain/financing/business-list';

const EMPTY_QUERY: ExamineQuery = { type: '', businessNo: '' };
const money = (fen: number | null) => (fen === null ? '—' : formatFen(BigInt(fen)));

/**
 * The queue; a stage's own review list (融资申请审核) fixes the type and opens its own review page. Exported
 * for those lists, so there is one queue screen.
 */
export function StageExamineList({
  fixedType,
  title = '业务审核',
  linkOf = (row: ExamineItem) => examineLink(row.type, row.businessId),
}: {
  fixedType?: string;
  /** The page's heading: the menu title of the list showing the queue. */
  title?: string;
  linkOf?: (row: ExamineItem) => string;
} = {}) {
  const empty: ExamineQuery = fixedType ? { ...EMPTY_QUERY, type: fixedType } : EMPTY_QUERY;
  const styles = useListScreenStyles();
  const { review } = useServices();
  const navigate = useNavigate();
  const [machine] = useState(() => createPagedListMachine((q: ExamineQuery, p) => review.examinePage(q, p), empty));
  const list = useActorRef(machine);
  const table = usePagedList(list, 'business.examine');
  // Kept alive behind its tag: shown again after a review action, the queue is read again, so an item just
  // reviewed is gone without pressing 查询; a mere tag switch reads nothing. Activity re-creates effects then.
  const readAt = useRef(reviewGeneration());
  useEffect(() => {
    if (readAt.current === reviewGeneration()) return;
    readAt.current = reviewGeneration();
    list.send({ type: 'RELOAD' });
  }, [list]);
  const [draft, setDraft] = useState(empty);
  const open = (row: ExamineItem) => navigate(linkOf(row));
  const columns: PagedTableColumn<ExamineItem>[] = [
    {
      key: 'businessNo',
      title: '业务编号',
      width: 170,
      render: (r) => <Link onClick={() => open(r)}>{r.businessNo}</Link>,
    },
    { key: 'typeLabel', title: '审核类型', width: 120 },
    { key: 'supplierName', title: '供应商', minWidth: 160 },
    { key: 'amount', title: '金额（元）', width: 140, render: (r) => money(r.amount) },
    { key: 'level', title: '级次', width: 90, render: (r) => `第${r.level}/${r.levels}级` },
    { key: 'makerName', title: '经办人', width: 110 },
    { key: 'arrivedAt', title: '到达时间', width: 170, render: (r) => formatDateTime(r.arrivedAt) },
    {
      key: 'waiting',
      title: '停留时长',
      width: 170,
      render: (r) => <WaitingCell minutes={r.waitingMinutes} overdue={r.overdue} />,
    },
    {
      key: 'op',
      title: '操作',
      width: 80,
      fixed: 'right',
      hideable: false,
      render: (r) => (
        <Button size="small" appearance="transparent" onClick={() => open(r)}>
          审核
        </Button>
      ),
    },
  ];
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {title}
      </Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => {
            setDraft(empty);
            list.send({ type: 'RESET' });
          }}
        >
          {!fixedType && (
            <QueryFormItem label="审核类型">
              <Select value={draft.type} onChange={(_, d) => setDraft((q) => ({ ...q, type: d.value }))}>
                <option value="">全部</option>
                {REVIEW_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {REVIEW_TYPE_LABEL[t]}
                  </option>
                ))}
              </Select>
            </QueryFormItem>
          )}
          <QueryFormItem label="业务编号">
            <Input
              value={draft.businessNo}
              maxLength={40}
              placeholder="请输入业务编号"
              onChange={(_, d) => setDraft((q) => ({ ...q, businessNo: d.value }))}
            />
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <PagedTable
          aria-label="待我审核"
          columns={columns}
          {...table}
          rowKey={(r) => r.businessId}
          emptyText="暂无待审核事项"
        />
      </div>
    </section>
  );
}

const useReviewStyles = makeStyles({
  progress: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  step: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px 12px',
    minWidth: '180px',
    flex: '1 1 180px',
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  current: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  timeline: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' },
  event: { borderLeft: `2px solid ${tokens.colorNeutralStroke2}`, paddingLeft: '12px' },
  muted: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
});

/** The stage's own section for the review type (examine-sections.ts), once its chunk is loaded. */
function useExamineSection(type: string): ((id: string) => ReactNode) | undefined {
  const [section, setSection] = useState<{ type: string; show?: (id: string) => ReactNode }>();
  useEffect(() => {
    let live = true;
    examineSection(type).then(
      (show) => live && setSection({ type, show }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [type]);
  return section?.type === type ? section.show : undefined;
}

/**
 * The review page, for 业务审核 and for a stage's own review page (融资申请审核详情, which passes where to go
 * back to). Either shows the stage's own item under the business's summary, found by the review type, so
 * there is one review page.
 */
export function StageExaminePage({ id, type, back = EXAMINE_PATH }: { id: string; type: string; back?: string }) {
  const styles = { ...useListScreenStyles(), ...useDetailStyles(), ...useReviewStyles() };
  const { review, stages, notifier, todoCount } = useServices();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [machine] = useState(() =>
    createExaminePageMachine({
      load: (businessId, reviewType) => review.examineDetail(businessId, reviewType),
      // The business's one verb: whichever stage, the move is the lifecycle's.
      move: (businessId, move) => stages.transition(businessId, move),
      notifier,
    }),
  );
  const flow = useActorRef(machine, { input: { id, type } });
  const detail = useSelector(flow, (s) => s.context.detail);
  const comment = useSelector(flow, (s) => s.context.comment);
  const problem = useSelector(flow, (s) => s.context.problem);
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const acting = useSelector(flow, (s) => s.matches('acting'));
  const done = useSelector(flow, (s) => s.matches('done'));
  const section = useExamineSection(type);
  // A pre-credit's last level sets the 批复额度 (the applied amount unless changed); the table bounds it.
  const setsApproved = !!detail?.preCredit && !!detail.review && detail.review.level === detail.review.levels.length;
  const [approvedText, setApprovedText] = useState<string | null>(null);
  const approvedShown = approvedText ?? (detail?.preCredit ? yuanText(detail.preCredit.applyAmount) : '');
  const approvedFen = yuanToFen(approvedShown.trim());
  const approvedProblem =
    setsApproved && (approvedFen === null || approvedFen <= 0n) ? '请输入大于0的批复额度（元，最多两位小数）' : null;

  useEffect(() => {
    // After the navigation: it cancels the requests in flight (SPEC §2.3), the count's among them.
    if (!done) return;
    reviewActed();
    void Promise.resolve(navigate(back)).then(() => todoCount.send({ type: 'REFRESH' }));
  }, [done, back, navigate, todoCount]);

  const act = async (action: string) => {
    if (!detail) return;
    const t = transitionOf(detail.state, action);
    if (!t) return;
    // The table marks the actions that end something (不通过, 否决 end the business): they ask first, once the
    // comment passes the table's rule.
    if (t.tone === 'danger' && !examineCommentProblem(detail, action, comment)) {
      const yes = await confirm({
        title: t.label,
        message: `${t.label}将终止业务 ${detail.businessNo}，且不可恢复。确定${t.label}吗？`,
        confirmText: t.label,
        type: 'error',
      });
      if (!yes) return;
    }
    if (setsApproved && t.tone === 'success') {
      if (approvedProblem || approvedFen === null) return;
      flow.send({ type: 'ACT', action, values: { [APPROVED_AMOUNT_KEY]: fenToWire(approvedFen) } });
      return;
    }
    flow.send({ type: 'ACT', action });
  };

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        <Text as="h1" size={600} weight="semibold">
          {detail?.typeLabel || '业务审核'}
        </Text>
        {detail && <Text size={500}>{detail.businessNo}</Text>}
        {detail && (
          <Badge appearance="tint" color={detail.suspended ? 'warning' : 'brand'}>
            {detail.suspended ? `${detail.stateLabel}（已暂停）` : detail.stateLabel}
          </Badge>
        )}
        <Button onClick={() => navigate(back)}>返回列表</Button>
      </div>
      {failed && <Text className={styles.empty}>业务不存在或无权查看</Text>}
      {!detail && !failed && <Text className={styles.empty}>加载中…</Text>}
      {detail && (
        <>
          <Summary detail={detail} />
          {detail.preCredit && <PreCreditItem section={detail.preCredit} />}
          {section?.(id)}
          <Progress detail={detail} />
          {detail.actions.length > 0 ? (
            <div className={styles.card} role="region" aria-label="审核意见">
              {setsApproved && (
                <Field
                  label="批复额度（元）"
                  required
                  hint={`不超过申请额度 ${money(detail.preCredit?.applyAmount ?? null)} 元`}
                  validationMessage={approvedProblem ?? undefined}
                  validationState={approvedProblem ? 'error' : 'none'}
                >
                  <Input value={approvedShown} inputMode="decimal" onChange={(_, d) => setApprovedText(d.value)} />
                </Field>
              )}
              <Field
                label="审核意见"
                hint="退回时请写明原因（至少5个字）"
                validationMessage={problem ?? undefined}
                validationState={problem ? 'error' : 'none'}
              >
                <Textarea
                  value={comment}
                  maxLength={500}
                  resize="vertical"
                  placeholder="请输入审核意见"
                  onChange={(_, d) => flow.send({ type: 'COMMENT', value: d.value })}
                />
              </Field>
              <div className={styles.buttons}>
                {/* The table's review actions in its order, whatever order the gateway lists them in; 通过 stands out. */}
                {REVIEW_ACTIONS.filter((a) => detail.actions.includes(a)).map((a) => (
                  <Button
                    key={a}
                    appearance={transitionOf(detail.state, a)?.tone === 'success' ? 'primary' : 'secondary'}
                    disabled={acting}
                    onClick={() => void act(a)}
                  >
                    {transitionOf(detail.state, a)?.label ?? a}
                  </Button>
                ))}
              </div>
            </div>
          ) : (
            <div className={styles.card}>
              <Text className={styles.muted}>当前无需您审核此事项（非当前级次的审核人，或已审核过）。</Text>
            </div>
          )}
          <Timeline detail={detail} />
        </>
      )}
      {dialog}
    </section>
  );
}

function Summary({ detail }: { detail: ExamineDetail }) {
  const styles = { ...useListScreenStyles(), ...useDetailStyles() };
  const items: Array<[string, string]> = [
    ['业务编号', detail.businessNo],
    ['供应商', detail.supplierName || '—'],
    ['项目公司', detail.projectCompanyName || '—'],
    ['资金方', detail.capitalSideName || '—'],
    ['资金产品', detail.productName || '—'],
    ['申请金额', `${money(detail.applyAmount)} 元`],
    // The pre-credit's 批复额度 until the decision's is approved: one 批复金额 on the decision's own review page.
    [approvedAmountLabel(detail.state), detail.approvedAmount === null ? '—' : `${money(detail.approvedAmount)} 元`],
    ['经办人', detail.makerName || '—'],
    ['到达时间', detail.arrivedAt ? formatDateTime(detail.arrivedAt) : '—'],
  ];
  return (
    <div className={styles.card} role="region" aria-label="业务信息">
      <Text weight="semibold">业务信息</Text>
      <dl className={styles.grid}>
        {items.map(([label, value]) => (
          <div key={label} className={styles.item}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A pre-credit under review, read-only: what was applied for, its validity and the orders it rests on. */
function PreCreditItem({ section }: { section: NonNullable<ExamineDetail['preCredit']> }) {
  const styles = { ...useListScreenStyles(), ...useDetailStyles() };
  const items: Array<[string, string]> = [
    ['预授信编号', section.preCreditNo],
    ['申请额度', `${money(section.applyAmount)} 元`],
    ['批复额度', section.approvedAmount === null ? '—' : `${money(section.approvedAmount)} 元`],
    [
      '有效期',
      section.validFrom && section.validTo ? `${section.validFrom} 至 ${section.validTo}` : `${section.validDays}天`,
    ],
  ];
  return (
    <div className={styles.card} role="region" aria-label="预授信">
      <Text weight="semibold">预授信</Text>
      <dl className={styles.grid}>
        {items.map(([label, value]) => (
          <div key={label} className={styles.item}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <Text weight="semibold">依据付款单</Text>
      {section.orders.length === 0 && <Text className={styles.empty}>未选择依据付款单</Text>}
      <div style={{ overflowX: 'auto', display: section.orders.length === 0 ? 'none' : undefined }}>
        <table aria-label="依据付款单" style={{ borderCollapse: 'collapse', minWidth: '560px', width: '100%' }}>
          <thead>
            <tr>
              {['付款单号', '项目公司', '应付日', '可融资余额（元）', '融资比例'].map((h) => (
                <th key={h} style={{ textAlign: h.startsWith('可融资') ? 'right' : 'left', padding: '6px 8px' }}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.orders.map((o) => (
              <tr key={o.orderNo}>
                <td style={{ padding: '6px 8px' }}>{o.orderNo}</td>
                <td style={{ padding: '6px 8px' }}>{o.projectCompanyName ?? '—'}</td>
                <td style={{ padding: '6px 8px' }}>{o.dueDate}</td>
                <td style={{ padding: '6px 8px', textAlign: 'right' }}>{money(o.eligibleAmount)}</td>
                <td style={{ padding: '6px 8px' }}>{formatPercent(o.ratio, { trim: true })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Progress({ detail }: { detail: ExamineDetail }) {
  const styles = { ...useListScreenStyles(), ...useReviewStyles() };
  if (!detail.review) return null;
  const current = detail.review.level;
  return (
    <div className={styles.card} role="region" aria-label="审核进度">
      <Text weight="semibold">审核进度</Text>
      <div className={styles.progress}>
        {detail.review.levels.map((l) => (
          <div key={l.level} className={l.level === current ? `${styles.step} ${styles.current}` : styles.step}>
            <Text weight="semibold">
              第{l.level}级 · {l.approveMethodLabel}
              {l.level < current ? ' · 已通过' : l.level === current ? ' · 审核中' : ''}
            </Text>
            <Text size={200}>审核人：{l.reviewerNames.join('、') || '—'}</Text>
            <Text size={200}>已通过：{l.approvedNames.join('、') || '—'}</Text>
            <Text size={200} className={styles.muted}>
              驳回：{l.rejectHandlerLabel}
            </Text>
          </div>
        ))}
      </div>
    </div>
  );
}

function Timeline({ detail }: { detail: ExamineDetail }) {
  const styles = { ...useListScreenStyles(), ...useReviewStyles() };
  return (
    <div className={styles.card} role="region" aria-label="业务轨迹">
      <Text weight="semibold">业务轨迹</Text>
      <ol className={styles.timeline}>
        {[...detail.events].reverse().map((e) => (
          <li key={e.keyId} className={styles.event}>
            <Text weight="semibold">
              {e.actionLabel}
              {e.level ? `（第${e.level}级）` : ''}
            </Text>
            <Text size={200} className={styles.muted}>
              {' '}
              {formatDateTime(e.at)} · {e.actorName}
              {e.actorRole ? `（${e.actorRole}）` : ''} · {e.fromLabel ? `${e.fromLabel} → ` : ''}
              {e.toLabel}
            </Text>
            {e.comment && <div>{e.comment}</div>}
          </li>
        ))}
      </ol>
    </div>
  );
}

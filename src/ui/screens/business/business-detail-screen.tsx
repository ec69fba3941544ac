// 业务详情 (/business/newDetails?id=, BUSINESS.md §4): the business's header with its amounts, a bar of the
// stages it passes (where it stands, where it ended), 基本信息 with the review under way and who reviews each
// level, and the 时间线 of every event — when, who in which role, what, from which state to which, at which
// review level, and what they wrote. The next action is a link to the stage's own page (SPEC §6 grants a code
// on its own page only); 终止, 暂停 and 恢复 are this business's own and are offered here too when allowed.
import {
  Badge,
  Button,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createDetailLoadMachine } from '../../../application/assets/detail-load.machine';
import {
  type ApplicationSection,
  type BusinessDetail,
  type BusinessEventView,
  type PreCreditSection,
  STAGE_BAR,
} from '../../../domain/financing/business-list';
import { REPAYMENT_SOURCES } from '../../../domain/financing/application-rules';
import { STAGE_LABEL, type Stage, stageOf, transitionOf } from '../../../domain/financing/lifecycle';
import { APPROVE_METHOD_LABEL } from '../../../domain/financing/review';
import { formatDateTime } from '../../../domain/format/date-format';
import { formatFen } from '../../../domain/format/money-format';
import { normalizeMenuPath } from '../../../domain/menu/menu';
import { useServices } from '../../app/services';
import { useListScreenStyles } from '../common/list-screen-styles';
import { MANAGE_ACTIONS, actionLabel, actionTone, useBusinessAction } from './business-action';
import { BUSINESS_MANAGE_PATH, BusinessState } from './business-manage-screen';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  buttons: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: '12px',
  },
  figure: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  figureLabel: { color: tokens.colorNeutralForeground3 },
  figureValue: { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
  bar: {
    display: 'flex',
    gap: '4px',
    overflowX: 'auto',
    paddingBottom: '4px',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  step: {
    flex: '1 0 64px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
  },
  dot: {
    width: '100%',
    height: '6px',
    borderRadius: '3px',
    backgroundColor: tokens.colorNeutralBackground5,
  },
  done: { color: tokens.colorNeutralForeground1 },
  doneDot: { backgroundColor: tokens.colorBrandBackground },
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  currentDot: { backgroundColor: tokens.colorBrandBackground, outline: `2px solid ${tokens.colorBrandStroke2}` },
  ended: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  endedDot: { backgroundColor: tokens.colorPaletteRedBackground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))',
    gap: '8px 24px',
    margin: 0,
  },
  item: { display: 'flex', gap: '0 8px', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3, flexShrink: 0, width: '84px' },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  levels: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
  timeline: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column' },
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  scroll: { overflowX: 'auto' },
  amount: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' },
  },
  event: {
    display: 'grid',
    gridTemplateColumns: '150px 1fr',
    gap: '4px 16px',
    padding: '10px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  when: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  what: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  line: { display: 'flex', flexWrap: 'wrap', gap: '4px 8px', alignItems: 'center' },
  comment: {
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    padding: '6px 10px',
    overflowWrap: 'anywhere',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Where the bar marks the business: its stage, or the stage it ended in. */
function barPosition(detail: BusinessDetail, events: readonly BusinessEventView[]): { at: number; ended: boolean } {
  if (detail.stage === 'TERMINATED') {
    const end = [...events].reverse().find((e) => e.toState.startsWith('TERMINATED/'));
    const from = end?.fromState ? stageOf(end.fromState) : 'PRE_CREDIT';
    return { at: Math.max(0, STAGE_BAR.indexOf(from)), ended: true };
  }
  const stage: Stage = detail.stage === 'SETTLED_EARLY' ? 'SETTLED' : detail.stage;
  return { at: Math.max(0, STAGE_BAR.indexOf(stage)), ended: false };
}

function StageBar({ detail, events }: { detail: BusinessDetail; events: readonly BusinessEventView[] }) {
  const styles = useStyles();
  const { at, ended } = barPosition(detail, events);
  const settled = detail.stage === 'SETTLED' || detail.stage === 'SETTLED_EARLY';
  return (
    <ol className={styles.bar} aria-label="业务阶段">
      {STAGE_BAR.map((stage, i) => {
        const done = i < at || (settled && i === at);
        const current = i === at && !settled;
        return (
          <li
            key={stage}
            aria-current={current ? 'step' : undefined}
            className={mergeClasses(
              styles.step,
              done && styles.done,
              current && (ended ? styles.ended : styles.current),
            )}
          >
            <span
              className={mergeClasses(
                styles.dot,
                done && styles.doneDot,
                current && (ended ? styles.endedDot : styles.currentDot),
              )}
            />
            {current && ended ? `${STAGE_LABEL[stage]}（已终止）` : STAGE_LABEL[stage]}
          </li>
        );
      })}
    </ol>
  );
}

/** The pages where the other offered actions are taken, one link each (通过/退回/不通过 share the review page). */
function nextSteps(detail: BusinessDetail): { label: string; href: string }[] {
  const pages = new Map<string, { label: string; href: string }>();
  for (const action of detail.actions) {
    if (MANAGE_ACTIONS.includes(action)) continue;
    const t = transitionOf(detail.state, action);
    if (!t?.menu) continue;
    const path = t.menu.startsWith('/') ? t.menu : `/${t.menu}`;
    if (pages.has(path)) continue;
    const review = t.op === 'examine' || t.op === 'reject';
    const query =
      normalizeMenuPath(path) === '/business/examine' && detail.review
        ? `?type=${detail.review.type}&id=${encodeURIComponent(detail.keyId)}`
        : `?id=${encodeURIComponent(detail.keyId)}`;
    pages.set(path, { label: review ? '去审核' : `去${t.label}`, href: `${path}${query}` });
  }
  return [...pages.values()];
}

function Info({ detail }: { detail: BusinessDetail }) {
  const styles = useStyles();
  const items: [string, string][] = [
    ['业务编号', detail.businessNo],
    ['供应商', detail.supplierName ?? '--'],
    ['项目公司', detail.projectCompanyName ?? '--'],
    ['资金方', detail.capitalSideName ?? '--'],
    ['资金产品', detail.productName ?? '--'],
    ['阶段', STAGE_LABEL[detail.stage] ?? detail.stage],
    ['状态', detail.stateLabel],
    ['经办人', detail.ownerName ?? '--'],
    ['创建时间', formatDateTime(detail.createdAt)],
    ['更新时间', formatDateTime(detail.updatedAt)],
    ['复议次数', String(detail.reconsiderCount)],
  ];
  if (detail.suspended) items.push(['暂停原因', detail.suspendReason ?? '--']);
  if (detail.terminateReason) items.push(['终止原因', detail.terminateReason]);
  return (
    <>
      <dl className={styles.grid} aria-label="基本信息">
        {items.map(([label, value]) => (
          <div key={label} className={styles.item}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {detail.review && (
        <section aria-label="审核进度">
          <Text weight="semibold">{`${detail.review.typeLabel}：第${detail.review.level}/${detail.review.levels.length}级`}</Text>
          {detail.reviewArrivedAt && (
            <Text className={styles.muted}>{`（到达时间 ${formatDateTime(detail.reviewArrivedAt)}）`}</Text>
          )}
          <ol className={styles.levels}>
            {detail.review.levels.map((l) => {
              const opinions = detail.review?.opinions.filter((o) => o.level === l.level) ?? [];
              return (
                <li key={l.level}>
                  <Text weight={l.level === detail.review?.level ? 'semibold' : 'regular'}>
                    {`第${l.level}级 · ${APPROVE_METHOD_LABEL[l.approveMethod as keyof typeof APPROVE_METHOD_LABEL] ?? l.approveMethod} · ${l.reviewerNames.join('、') || '--'}`}
                  </Text>
                  {opinions.length > 0 && (
                    <Text className={styles.muted}>
                      {`（${opinions.map((o) => `${o.actorName}${o.result === 'APPROVE' ? '已通过' : '已退回'}`).join('，')}）`}
                    </Text>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </>
  );
}

function Timeline({ events }: { events: readonly BusinessEventView[] }) {
  const styles = useStyles();
  if (events.length === 0) return <Text className={styles.muted}>暂无记录</Text>;
  return (
    <ol className={styles.timeline} aria-label="时间线">
      {events.map((e) => (
        <li key={e.keyId} className={styles.event}>
          <span className={styles.when}>{formatDateTime(e.at)}</span>
          <div className={styles.what}>
            <div className={styles.line}>
              <Badge appearance="tint" color={e.action === 'terminate' || e.action === 'refuse' ? 'danger' : 'brand'}>
                {e.actionLabel}
              </Badge>
              <Text weight="semibold">{e.actorName}</Text>
              <Text className={styles.muted}>{`（${e.actorRole}）`}</Text>
              {e.level !== null && <Text className={styles.muted}>{`第${e.level}级`}</Text>}
            </div>
            <Text size={200}>{e.fromLabel ? `${e.fromLabel} → ${e.toLabel}` : e.toLabel}</Text>
            {e.comment && <Text className={styles.comment}>{e.comment}</Text>}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The tabs: 基本信息, one per stage the business has reached (its own part of it), and the timeline. */
type DetailTab = 'info' | 'preCredit' | 'application' | 'timeline';

const yuan = (fen: number | null) => (fen === null ? '--' : formatFen(BigInt(fen)));

function Facts({ items, label }: { items: [string, string][]; label: string }) {
  const styles = useStyles();
  return (
    <dl className={styles.grid} aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name} className={styles.item}>
          <dt className={styles.label}>{name}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PreCreditTab({ section }: { section: PreCreditSection }) {
  const styles = useStyles();
  return (
    <div className={styles.section}>
      <Facts
        label="预授信"
        items={[
          ['预授信编号', section.preCreditNo],
          ['申请额度(元)', yuan(section.applyAmount)],
          ['批复额度(元)', yuan(section.approvedAmount)],
          ['有效期', section.validFrom && section.validTo ? `${section.validFrom} 至 ${section.validTo}` : '--'],
        ]}
      />
      <div className={styles.scroll}>
        <Table size="small" aria-label="依据付款单">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>依据付款单</TableHeaderCell>
              <TableHeaderCell className={styles.amount}>可融资金额(元)</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.orders.map((o) => (
              <TableRow key={o.orderNo}>
                <TableCell>{o.orderNo}</TableCell>
                <TableCell className={styles.amount}>{yuan(o.eligibleAmount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function ApplicationTab({ section }: { section: ApplicationSection }) {
  const styles = useStyles();
  return (
    <div className={styles.section}>
      <Facts
        label="融资申请"
        items={[
          ['申请编号', section.applicationNo],
          ['申请总额(元)', yuan(section.totalAmount)],
          ['期限', section.termDays === null ? '--' : `${section.termDays}天`],
          [
            '还款来源',
            REPAYMENT_SOURCES.find((r) => r.code === section.repaymentSource)?.label ?? section.repaymentSource ?? '--',
          ],
          ['提交时间', section.submittedAt ? formatDateTime(section.submittedAt) : '--'],
        ]}
      />
      <div className={styles.scroll}>
        <Table size="small" aria-label="融资明细">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>付款单</TableHeaderCell>
              <TableHeaderCell className={styles.amount}>融资金额(元)</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.lines.map((l) => (
              <TableRow key={l.orderNo}>
                <TableCell>{l.orderNo}</TableCell>
                <TableCell className={styles.amount}>{yuan(l.financeAmount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <div className={styles.scroll}>
        <Table size="small" aria-label="准入资料">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>资料类型</TableHeaderCell>
              <TableHeaderCell>文件</TableHeaderCell>
              <TableHeaderCell>有效期至</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.docs.map((d) => (
              <TableRow key={d.label}>
                <TableCell>{d.required ? `* ${d.label}` : d.label}</TableCell>
                <TableCell>{d.fileCount ? `${d.fileCount}个文件` : d.required ? '未上传' : '--'}</TableCell>
                <TableCell>{d.validTo ?? '--'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

export function BusinessDetailScreen() {
  const styles = { ...useListScreenStyles(), ...useStyles() };
  const { business } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useState<DetailTab>('info');
  const load = async () => {
    const [detail, events] = await Promise.all([business.detail(id), business.events(id)]);
    return { detail, events };
  };
  const [machine] = useState(() => createDetailLoadMachine(load));
  const flow = useActorRef(machine);
  const loaded = useSelector(flow, (s) => s.context.data);
  const failed = useSelector(flow, (s) => s.matches('failed'));
  // After an action the page shows the business as it now is.
  const [fresh, setFresh] = useState<Awaited<ReturnType<typeof load>> | null>(null);
  const data = fresh ?? loaded;
  const action = useBusinessAction(() => {
    void load().then(setFresh, () => undefined);
  });

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        <Text as="h1" size={600} weight="semibold">
          业务详情
        </Text>
        {data && <Text size={500}>{data.detail.businessNo}</Text>}
        {data && <BusinessState row={data.detail} />}
        <span className={styles.grow} />
        <div className={styles.buttons}>
          {data &&
            nextSteps(data.detail).map((s) => (
              <Button key={s.href} appearance="primary" onClick={() => navigate(s.href)}>
                {s.label}
              </Button>
            ))}
          {data &&
            MANAGE_ACTIONS.filter((a) => data.detail.actions.includes(a)).map((a) => (
              <Button
                key={a}
                appearance={actionTone(data.detail.state, a) === 'danger' ? 'outline' : 'secondary'}
                onClick={() => action.request(data.detail, a)}
              >
                {actionLabel(data.detail.state, a)}
              </Button>
            ))}
          <Button onClick={() => navigate(BUSINESS_MANAGE_PATH)}>返回列表</Button>
        </div>
      </div>
      {failed && <Text className={styles.muted}>业务不存在或无权查看</Text>}
      {!data && !failed && <Text className={styles.muted}>加载中…</Text>}
      {data && (
        <>
          <div className={styles.card} role="region" aria-label="业务概要">
            <div className={styles.figures}>
              {(
                [
                  ['申请金额(元)', formatFen(BigInt(data.detail.applyAmount))],
                  [
                    '批复金额(元)',
                    data.detail.approvedAmount === null ? '--' : formatFen(BigInt(data.detail.approvedAmount)),
                  ],
                  ['供应商', data.detail.supplierName ?? '--'],
                  [
                    '当前审核',
                    data.detail.review
                      ? `${data.detail.review.typeLabel} 第${data.detail.review.level}/${data.detail.review.levels.length}级`
                      : '--',
                  ],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className={styles.figure}>
                  <Text className={styles.figureLabel}>{label}</Text>
                  <Text size={500} weight="semibold" className={styles.figureValue}>
                    {value}
                  </Text>
                </div>
              ))}
            </div>
            <StageBar detail={data.detail} events={data.events} />
          </div>
          <div className={styles.card}>
            <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as DetailTab)}>
              <Tab value="info">基本信息</Tab>
              {data.detail.sections.preCredit && <Tab value="preCredit">预授信</Tab>}
              {data.detail.sections.application && <Tab value="application">融资申请</Tab>}
              <Tab value="timeline">{`时间线（${data.events.length}）`}</Tab>
            </TabList>
            {tab === 'info' && <Info detail={data.detail} />}
            {tab === 'preCredit' && data.detail.sections.preCredit && (
              <PreCreditTab section={data.detail.sections.preCredit} />
            )}
            {tab === 'application' && data.detail.sections.application && (
              <ApplicationTab section={data.detail.sections.application} />
            )}
            {tab === 'timeline' && <Timeline events={data.events} />}
          </div>
        </>
      )}
      {action.dialog}
    </section>
  );
}

// 业务详情 (/business/newDetails?id=, BUSINESS.md §4): the business's header with its amounts, a bar of the
// stages it passes (where it stands, where it ended), 基本信息 with the review under way and who reviews each
// level, and the 时间线 of every event — when, who in which role, what, from which state to which, at which
// review level, and what they wrote; between them, one tab per stage the business has reached, each declared
// beside its stage (its `*.screens.ts`'s `detailTab`, stage/detail-tabs.ts), so this screen does not grow per stage. The
// next action is a link to the stage's own page (SPEC §6 grants a code on its own page only); 终止, 暂停 and
// 恢复 are this business's own and are offered here too when allowed.
import {
  Badge,
  Button,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createDetailLoadMachine } from '../../../application/assets/detail-load.machine';
import {
  type BusinessDetail,
  type BusinessEventView,
  STAGE_BAR,
  approvedAmountLabel,
} from '../../../domain/financing/business-list';
import { stageOf, transitionOf } from '../../../domain/financing/lifecycle';
import { APPROVE_METHOD_LABEL } from '../../../domain/financing/review';
import { formatDateTime } from '../../../domain/format/date-format';
import { formatFen } from '../../../domain/format/money-format';
import { normalizeMenuPath } from '../../../domain/menu/menu';
import { useServices } from '../../app/services';
import { useListScreenStyles } from '../common/list-screen-styles';
import { type DetailTabDef, tabComponent, tabsFor } from '../stage/detail-tabs';
import { MANAGE_ACTIONS, actionLabel, actionTone, useBusinessAction } from './business-action';
import { BUSINESS_MANAGE_PATH, BusinessState } from './business-manage-screen';
import { STAGE_LABEL, type Stage } from '../../../domain/financing/stages';

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
  // The tabs wrap on a phone as the stages do: a later stage's tab and 时间线 are never cut off at the right.
  tabs: { flexWrap: 'wrap' },
  // One line where it fits; on a phone the stages wrap onto more lines, so none is out of sight to the right.
  bar: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(64px, 1fr))',
    gap: '8px 4px',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  step: {
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
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

/** The tabs: 基本信息, one per stage the business has reached (declared beside the stage), and the timeline. */
const INFO_TAB = 'info';
const TIMELINE_TAB = 'timeline';

function StageTab({ tab, detail }: { tab: DetailTabDef; detail: BusinessDetail }) {
  const Tab = tabComponent(tab);
  return (
    <Suspense fallback={<Spinner size="small" label="加载中…" />}>
      <Tab detail={detail} />
    </Suspense>
  );
}

export function BusinessDetailScreen() {
  const styles = { ...useListScreenStyles(), ...useStyles() };
  const { business } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // `?tab=report` (or any stage tab's key) opens on that tab: the committee's links to what it votes on.
  const [tab, setTab] = useState<string>(params.get('tab') ?? INFO_TAB);
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
  const stageTabs = data ? tabsFor(data.detail) : [];
  const shownTab = tab === TIMELINE_TAB || stageTabs.some((t) => t.key === tab) ? tab : INFO_TAB;

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
                    `${approvedAmountLabel(data.detail.state)}(元)`,
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
            <TabList className={styles.tabs} selectedValue={shownTab} onTabSelect={(_, d) => setTab(String(d.value))}>
              <Tab value={INFO_TAB}>基本信息</Tab>
              {stageTabs.map((t) => (
                <Tab key={t.key} value={t.key}>
                  {t.label}
                </Tab>
              ))}
              <Tab value={TIMELINE_TAB}>{`时间线（${data.events.length}）`}</Tab>
            </TabList>
            {shownTab === INFO_TAB && <Info detail={data.detail} />}
            {stageTabs.map((t) => (t.key === shownTab ? <StageTab key={t.key} tab={t} detail={data.detail} /> : null))}
            {shownTab === TIMELINE_TAB && <Timeline events={data.events} />}
          </div>
        </>
      )}
      {action.dialog}
    </section>
  );
}

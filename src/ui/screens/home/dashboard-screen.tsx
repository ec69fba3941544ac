// 数据看板 (/dashboard; BUSINESS.md §2 "Dashboard statistics"): the KPI cards and the six widgets, each read
// through the statistics port with the filters 期间 / 资金方 / 子公司, each a chart and the same figures as a table
// (a chart is not readable by everyone, nor by a screen reader), each exportable. Someone who reads no business
// (the auditor) has no figures to see: the dashboard greets them with their areas, as home does.
import {
  Button,
  Field,
  Input,
  Select,
  Spinner,
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
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, WarningFilled } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { selectMenus, selectNickName } from '../../../application/session/session.selectors';
import { readsBusinessesFrom } from '../../../domain/financing/business-readers';
import { formatFen } from '../../../domain/format/money-format';
import { formatPercent } from '../../../domain/format/percent-format';
import { normalizeMenuPath } from '../../../domain/menu/menu';
import {
  DASHBOARD_MENU,
  type FigureColumn,
  KPI_LABEL,
  type KpiFigures,
  type StatisticsFilter,
  WIDGETS,
  WIDGET_NAMES,
  type WidgetName,
  type WidgetRow,
  viewOf,
} from '../../../domain/statistics/dashboard';
import { useServices } from '../../app/services';
import { HomeScreen } from './home-screen';
import { VISIBLE_SCROLLBARS } from '../../kit/dialogs/paged-table';

const WidgetChart = lazy(async () => ({ default: (await import('./dashboard-charts')).WidgetChart }));

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end' },
  kpis: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: '12px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px 16px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    minWidth: 0,
  },
  widgets: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 460px), 1fr))', gap: '16px' },
  head: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', justifyContent: 'space-between' },
  chart: { minHeight: '240px', width: '100%', overflow: 'hidden' },
  table: { overflowX: 'auto', ...VISIBLE_SCROLLBARS },
  // On a phone the table keeps its columns readable and scrolls sideways rather than wrapping every name.
  grid: { minWidth: '480px', tableLayout: 'auto' },
  number: { textAlign: 'right', whiteSpace: 'nowrap' },
  // A name keeps a readable width beside many figures (资金方信息's seven columns).
  text: { minWidth: '9em' },
  muted: { color: tokens.colorNeutralForeground3 },
  flag: { color: tokens.colorPaletteRedForeground1, display: 'inline-flex', gap: '4px', alignItems: 'center' },
});

/** A figure as SPEC §9 shows it: money from 分 with separators and two decimals, shares in %. */
function shown(column: FigureColumn, value: WidgetRow[string]): string {
  if (value === null || value === undefined) return '--';
  switch (column.kind) {
    case 'money':
      return formatFen(String(value));
    case 'pct':
      return `${value}%`;
    case 'rate':
      return formatPercent(String(value));
    case 'flag':
      return value ? '超过警戒' : '';
    default:
      return String(value);
  }
}

/** The element's width, followed as the window changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const measure = () => setWidth(ref.current?.clientWidth ?? 0);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, width };
}

function WidgetCard({ name, filter, canExport }: { name: WidgetName; filter: StatisticsFilter; canExport: boolean }) {
  const styles = useStyles();
  const { statistics } = useServices();
  const def = WIDGETS[name];
  const [viewValue, setViewValue] = useState<string>(def.views[0].value);
  const view = viewOf(def, viewValue);
  const [rows, setRows] = useState<WidgetRow[] | null>(null);
  const { ref, width } = useWidth();
  useEffect(() => {
    let live = true;
    setRows(null);
    statistics
      .widget(name, { ...filter, view: viewValue })
      .then((answer) => live && setRows(answer.rows))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [statistics, name, filter, viewValue]);
  const titleId = `widget-${name}`;

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <Text as="h2" id={titleId} size={400} weight="semibold">
          {def.title}
        </Text>
        {canExport && (
          <Button
            size="small"
            icon={<ArrowDownloadRegular />}
            onClick={() => void statistics.exportWidget(name, { ...filter, view: viewValue }).catch(() => undefined)}
          >
            导出
          </Button>
        )}
      </div>
      {def.views.length > 1 && (
        <TabList
          size="small"
          selectedValue={viewValue}
          onTabSelect={(_, d) => setViewValue(String(d.value))}
          aria-label={`${def.title}视图`}
        >
          {def.views.map((v) => (
            <Tab key={v.value} value={v.value}>
              {v.label}
            </Tab>
          ))}
        </TabList>
      )}
      <div ref={ref} className={styles.chart} data-chart={name}>
        {rows === null ? (
          <Spinner size="small" label="加载中" />
        ) : rows.length === 0 ? (
          <Text className={styles.muted}>暂无数据</Text>
        ) : (
          <Suspense fallback={<Spinner size="small" label="加载图表" />}>
            {width > 0 && <WidgetChart def={def} view={view} rows={rows} width={width} />}
          </Suspense>
        )}
      </div>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1) */}
      <section className={styles.table} tabIndex={0} aria-label={`${def.title}明细表`}>
        <Table className={styles.grid} size="small" aria-label={`${def.title}·${view.label}明细`}>
          <TableHeader>
            <TableRow>
              {view.columns.map((c) => (
                <TableHeaderCell key={c.key} className={c.kind === 'text' ? styles.text : styles.number}>
                  {c.label}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {(rows ?? []).map((r) => (
              <TableRow key={r.key || r.label}>
                {view.columns.map((c) => (
                  <TableCell key={c.key} className={c.kind === 'text' ? styles.text : styles.number}>
                    {c.kind === 'flag' && r[c.key] ? (
                      <span className={styles.flag}>
                        <WarningFilled aria-hidden />
                        {shown(c, r[c.key] ?? null)}
                      </span>
                    ) : (
                      shown(c, r[c.key] ?? null)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </section>
  );
}

type Option = { key: string; label: string };

/** 资金方 and 子公司 to filter by: the tenant's capital sides and project companies (the organisation lookups). */
function useFilterOptions() {
  const { organizations } = useServices();
  const [options, setOptions] = useState<{ sides: Option[]; subsidiaries: Option[] }>({ sides: [], subsidiaries: [] });
  useEffect(() => {
    void Promise.all([
      organizations.capitalSides().catch(() => []),
      organizations.byType('PROJECT_COMPANY').catch(() => []),
    ]).then(([sides, companies]) =>
      setOptions({
        sides: sides.map((s) => ({ key: s.keyId, label: s.capitalSideName })),
        subsidiaries: companies.map((c) => ({ key: c.keyId, label: c.enterpriseName })),
      }),
    );
  }, [organizations]);
  return options;
}

function Kpis({ filter }: { filter: StatisticsFilter }) {
  const styles = useStyles();
  const { statistics, todoCount } = useServices();
  const todo = useSelector(todoCount, (s) => (s.context as { count?: number }).count ?? 0);
  const [kpi, setKpi] = useState<KpiFigures | null>(null);
  useEffect(() => {
    let live = true;
    statistics
      .kpi(filter)
      .then((k) => live && setKpi(k))
      .catch(() => live && setKpi(null));
    return () => {
      live = false;
    };
  }, [statistics, filter]);
  const money = (['cumulativeLoan', 'outstanding', 'monthLoan', 'overdueAmount'] as const).map((k) => ({
    key: k,
    label: KPI_LABEL[k],
    value: kpi ? `${formatFen(String(kpi[k]))} 元` : '--',
  }));
  return (
    <div className={styles.kpis}>
      {[...money, { key: 'todo', label: KPI_LABEL.todo, value: String(todo) }].map((c) => (
        <div key={c.key} className={styles.card} data-kpi={c.key}>
          <Text className={styles.muted}>{c.label}</Text>
          <Text size={400} weight="semibold">
            {c.value}
          </Text>
        </div>
      ))}
    </div>
  );
}

const EMPTY: StatisticsFilter = {};

export function DashboardScreen() {
  const { session } = useServices();
  const menus = useSelector(session, selectMenus);
  const reads = useMemo(() => readsBusinessesFrom(menus.map((m) => m.path)), [menus]);
  return reads ? <Figures /> : <HomeScreen />;
}

function Figures() {
  const styles = useStyles();
  const { session, statistics } = useServices();
  const menus = useSelector(session, selectMenus);
  const nickName = useSelector(session, selectNickName);
  const canExport = useMemo(
    () =>
      menus.some(
        (m) =>
          normalizeMenuPath(m.path) === normalizeMenuPath(DASHBOARD_MENU) &&
          m.opAuthorityDTOList.some((o) => o.operationCode === 'export'),
      ),
    [menus],
  );
  const [form, setForm] = useState<StatisticsFilter>(EMPTY);
  const [filter, setFilter] = useState<StatisticsFilter>(EMPTY);
  const options = useFilterOptions();
  const set = useCallback(
    (key: keyof StatisticsFilter) => (value: string) => setForm((f) => ({ ...f, [key]: value })),
    [],
  );

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        数据看板
      </Text>
      <Text className={styles.muted}>你好，{nickName}。以下为您数据权限范围内的放款与在贷统计。</Text>
      <form
        className={styles.filters}
        aria-label="看板筛选"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ ...form });
        }}
      >
        <Field label="期间起">
          <Input type="date" value={form.periodFrom ?? ''} onChange={(_, d) => set('periodFrom')(d.value)} />
        </Field>
        <Field label="期间止">
          <Input type="date" value={form.periodTo ?? ''} onChange={(_, d) => set('periodTo')(d.value)} />
        </Field>
        <Field label="资金方">
          <Select value={form.capitalSideId ?? ''} onChange={(_, d) => set('capitalSideId')(d.value)}>
            <option value="">全部</option>
            {options.sides.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="子公司">
          <Select value={form.projectCompanyId ?? ''} onChange={(_, d) => set('projectCompanyId')(d.value)}>
            <option value="">全部</option>
            {options.subsidiaries.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" type="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            setForm(EMPTY);
            setFilter(EMPTY);
          }}
        >
          重置
        </Button>
        {canExport && (
          <Button
            icon={<ArrowDownloadRegular />}
            onClick={() => void statistics.exportDashboard(filter).catch(() => undefined)}
          >
            导出全部
          </Button>
        )}
      </form>
      <Kpis filter={filter} />
      <div className={styles.widgets}>
        {WIDGET_NAMES.map((name) => (
          <WidgetCard key={name} name={name} filter={filter} canExport={canExport} />
        ))}
      </div>
    </section>
  );
}

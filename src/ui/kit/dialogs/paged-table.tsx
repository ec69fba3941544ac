// A table of one page of rows over the SPEC §9 pagination bar: 10 rows a page unless told, sizes
// 10/20/30/40/50/100, '暂无数据' when there are no rows, a spinner over the rows (and a still pager) while
// a page loads. Controlled: the owner fetches the page it is told to and passes the rows and the total.
//
// What every list needs for a day's work sits here once, each part opt-in so older owners keep working:
// - sorting by a header (`sortable` columns, `sort` + `onSortChange`; the owner carries it to the request);
// - a toolbar with the owner's buttons, 刷新, 列设置 (show / hide and order) and 密度 (紧凑 / 默认), remembered
//   per user and table (`settingsKey`, see table-settings.ts);
// - row selection (`selectable`) with the owner's batch actions for the chosen rows;
// - a header that stays in view while 50 rows scroll, cells cut with an ellipsis that show their full text
//   on hover, the 操作 column pinned to the right of a wide table and as wide as the actions its rows hold,
//   columns fitted to the frame (see column-fit.ts: down to their minimum, then the optional ones left out;
//   only then does the frame scroll sideways), and the spare width of a wide screen shared out;
// - a page change brings the top of the table back into view;
// - a sideways scroll that shows: the frame draws its scrollbar always (an overlay scrollbar that appears only
//   while scrolling hides that columns sit under the pinned 操作) and takes the keyboard's arrows;
// - below 768 px each row is a card (its first column as the title, the next key fields, status and actions),
//   since a phone cannot show a table a thousand pixels wide.
import {
  Button,
  Checkbox,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  type GriffelStyle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  ArrowDownRegular,
  ArrowUpRegular,
  SettingsRegular,
  TextDensityRegular,
} from '@fluentui/react-icons';
import {
  type CSSProperties,
  memo,
  useCallback,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { DEFAULT_PAGE_SIZE, DEFAULT_UI_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { useNarrowScreen } from '../../shell/use-narrow-screen';
import { PaginationBar, type PaginationPart } from '../pagination-bar';
import { fitColumns } from '../table/column-fit';
import {
  DEFAULT_TABLE_SETTINGS,
  moveKey,
  orderedKeys,
  readTableSettings,
  writeTableSettings,
  type TableDensity,
  type TableSettings,
} from '../table/table-settings';

export const EMPTY_TEXT = '暂无数据';
export const LOADING_TEXT = '加载中';
export const REFRESH_TEXT = '刷新';
export const COLUMN_SETTINGS_TEXT = '列设置';
export const DENSITY_TEXT = '密度';
export const DENSITY_LABEL: Record<TableDensity, string> = { compact: '紧凑', default: '默认' };
/** The spec's layout with the size selector, since a table offers the sizes. */
export const TABLE_PAGINATION_LAYOUT: readonly PaginationPart[] = ['prev', 'pager', 'next', 'sizes', 'jumper', 'total'];
/** A column without a width of its own is never narrower than this. */
const DEFAULT_MIN_WIDTH_PX = 96;
const SELECT_COLUMN_PX = 40;
const PINNED_MIN_WIDTH_PX = 64;

/** A phone's card shows the title column and this many more, besides those that ask to be on it. */
export const CARD_FIELDS = 5;

export type SortDirection = 'asc' | 'desc';
export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface PagedTableColumn<T> {
  key: string;
  title: string;
  /** The cell's content; the row's own field `key` as text unless set. */
  render?: (row: T, index: number) => ReactNode;
  /** The column's width; also its minimum unless minWidth says otherwise. */
  width?: string | number;
  /** Pixels the column keeps however narrow the screen; the table scrolls sideways instead. */
  minWidth?: number;
  /** The header sorts the list: asc, then desc, then the list's own order. */
  sortable?: boolean;
  /** 'right' pins the column (the 操作 column) to the right edge while a wide table scrolls; it is as wide as
   * the widest of its cells on the page (its `width` until they are laid out). */
  fixed?: 'right';
  /** Left out while the list lacks room for it (列设置 can show it anyway): a column a person reads less often. */
  optional?: boolean;
  /** false: the cell wraps instead of being cut with an ellipsis. */
  ellipsis?: boolean;
  /** false: 列设置 cannot hide this column (the 操作 column). */
  hideable?: boolean;
  /** On a phone's card: true keeps the column on the card wherever it stands; a `status` column is kept unless false. */
  card?: boolean;
}

export interface PagedTableProps<T> {
  /** Names the table for assistive technology. */
  'aria-label': string;
  columns: readonly PagedTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  total: number;
  page: number;
  pageSize?: number;
  onPageChange: (page: number, pageSize: number) => void;
  loading?: boolean;
  emptyText?: string;
  pageSizes?: readonly number[];
  layout?: readonly PaginationPart[];
  /** The sort shown in the headers; the owner keeps it. */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  /** The owner's buttons (新增, 导入 …) on the left of the table's toolbar. */
  toolbar?: ReactNode;
  /** Shows 刷新 in the toolbar. */
  onRefresh?: () => void;
  /** Where this person's column settings and density are remembered; shows 列设置 and 密度. */
  settingsKey?: string;
  /** Rows can be chosen for the batch actions. */
  selectable?: boolean;
  /** Whether a row may be chosen (all unless set). */
  rowSelectable?: (row: T) => boolean;
  /** The batch actions for the chosen rows; `clear` empties the choice after an action. */
  batchActions?: (selected: readonly T[], clear: () => void) => ReactNode;
  /** The largest height of the rows' area before it scrolls under a fixed header. */
  maxHeight?: string;
}

/**
 * A table's frame draws its scrollbars always, not only while scrolling (macOS and touchpads hide overlay
 * scrollbars), so a column beyond the frame's width is never out of sight unnoticed.
 */
export const VISIBLE_SCROLLBARS: GriffelStyle = {
  '::-webkit-scrollbar': { width: '10px', height: '10px' },
  '::-webkit-scrollbar-track': { backgroundColor: tokens.colorNeutralBackground3 },
  '::-webkit-scrollbar-thumb': {
    backgroundColor: tokens.colorNeutralStroke1,
    borderRadius: '5px',
    border: `2px solid ${tokens.colorNeutralBackground3}`,
  },
  '::-webkit-scrollbar-thumb:hover': { backgroundColor: tokens.colorNeutralStroke1Hover },
};

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  own: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  tools: { display: 'flex', gap: '2px', marginLeft: 'auto' },
  batch: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: '4px 8px',
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  frame: {
    position: 'relative',
    overflow: 'auto',
    ...VISIBLE_SCROLLBARS,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  card: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px 12px',
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cardTitle: { display: 'flex', alignItems: 'center', gap: '8px', fontWeight: tokens.fontWeightSemibold },
  cardFields: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(72px, max-content) minmax(0, 1fr)',
    columnGap: '12px',
    rowGap: '2px',
  },
  cardLabel: { color: tokens.colorNeutralForeground3 },
  cardValue: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  cardActions: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '4px', marginLeft: '-8px' },
  head: { position: 'sticky', top: 0, zIndex: 2, backgroundColor: tokens.colorNeutralBackground1 },
  headCell: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  // A declared width is the cell's whole width, padding included, so declared widths add up to the table's.
  cell: { boxSizing: 'border-box' },
  // Pinned only where there is room beside it: on a phone a pinned 操作 would cover the row it acts on.
  pinned: {
    '@media (min-width: 768px)': {
      position: 'sticky',
      right: 0,
      zIndex: 1,
      backgroundColor: tokens.colorNeutralBackground1,
      boxShadow: `-6px 0 6px -6px ${tokens.colorNeutralShadowAmbient}`,
    },
  },
  pinnedHead: { zIndex: 3, backgroundColor: tokens.colorNeutralBackground3 },
  // Shrink-wrapped, so the widest of a page's action cells can be read.
  pinnedContent: { display: 'inline-block', verticalAlign: 'middle' },
  cut: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  compact: { height: '32px' },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(255, 255, 255, 0.6)',
  },
  empty: { textAlign: 'center', color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL },
  footer: { display: 'flex', justifyContent: 'flex-end' },
  settings: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '220px' },
  settingRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4px' },
});

function plainCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

const px = (w: string | number | undefined): string | undefined =>
  w === undefined ? undefined : typeof w === 'number' ? `${w}px` : w;

function minWidthOf(column: PagedTableColumn<unknown>): number {
  if (column.minWidth !== undefined) return column.minWidth;
  return typeof column.width === 'number' ? column.width : DEFAULT_MIN_WIDTH_PX;
}

function nextSort(sort: TableSort | null | undefined, key: string): TableSort | null {
  if (!sort || sort.key !== key) return { key, direction: 'asc' };
  return sort.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/** The remembered settings of one table, written back on every change. */
function useTableSettings(settingsKey: string | undefined): [TableSettings, (s: TableSettings) => void] {
  const storage = typeof window === 'undefined' ? undefined : window.localStorage;
  const [settings, setSettings] = useState<TableSettings>(() =>
    settingsKey ? readTableSettings(storage, settingsKey) : DEFAULT_TABLE_SETTINGS,
  );
  // Read again only when the key changes, while rendering: an effect would run again each time a kept-alive
  // page is shown (<Activity> re-creates effects) and render the whole table for the same settings.
  const [readKey, setReadKey] = useState(settingsKey);
  if (readKey !== settingsKey) {
    setReadKey(settingsKey);
    setSettings(settingsKey ? readTableSettings(storage, settingsKey) : DEFAULT_TABLE_SETTINGS);
  }
  const save = (next: TableSettings) => {
    setSettings(next);
    if (settingsKey) writeTableSettings(storage, settingsKey, next);
  };
  return [settings, save];
}

function ColumnSettings<T>({
  columns,
  settings,
  dropped,
  onChange,
}: {
  columns: readonly PagedTableColumn<T>[];
  settings: TableSettings;
  /** The optional columns left out for want of room: shown unticked, ticking one shows it anyway. */
  dropped: readonly string[];
  onChange: (s: TableSettings) => void;
}) {
  const styles = useStyles();
  const order = orderedKeys(
    columns.map((c) => c.key),
    settings.order,
  );
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return (
    <Popover positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <Button
          size={DEFAULT_UI_SIZE}
          appearance="subtle"
          icon={<SettingsRegular />}
          aria-label={COLUMN_SETTINGS_TEXT}
          title={COLUMN_SETTINGS_TEXT}
        />
      </PopoverTrigger>
      <PopoverSurface aria-label={COLUMN_SETTINGS_TEXT}>
        <div className={styles.settings} role="group" aria-label="显示的列">
          {order.map((key, i) => {
            const column = byKey.get(key)!;
            return (
              <div key={key} className={styles.settingRow}>
                <Checkbox
                  label={column.title}
                  checked={!settings.hidden.includes(key) && !dropped.includes(key)}
                  disabled={column.hideable === false}
                  onChange={(_, d) =>
                    onChange({
                      ...settings,
                      hidden: d.checked ? settings.hidden.filter((k) => k !== key) : [...settings.hidden, key],
                      shown: d.checked
                        ? [...settings.shown.filter((k) => k !== key), ...(column.optional ? [key] : [])]
                        : settings.shown.filter((k) => k !== key),
                    })
                  }
                />
                <span>
                  <Button
                    size="small"
                    appearance="transparent"
                    icon={<ArrowUpRegular />}
                    aria-label={`上移 ${column.title}`}
                    disabled={i === 0}
                    onClick={() => onChange({ ...settings, order: moveKey(order, key, -1) })}
                  />
                  <Button
                    size="small"
                    appearance="transparent"
                    icon={<ArrowDownRegular />}
                    aria-label={`下移 ${column.title}`}
                    disabled={i === order.length - 1}
                    onClick={() => onChange({ ...settings, order: moveKey(order, key, 1) })}
                  />
                </span>
              </div>
            );
          })}
          <Button size="small" onClick={() => onChange({ ...settings, order: [], hidden: [], shown: [] })}>
            恢复默认
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  );
}

/**
 * The frame's inner width once laid out, followed as the window or the sidebar changes it. A kept-alive page out
 * of sight has no width of its own: it follows the page area (`main`, always in sight) less what its own frame
 * had less than that area when last seen, so that a window resized meanwhile is fitted before the page is shown
 * again, not on the switch back.
 * The width is read at once only the first time: a kept-alive page shown again re-runs this effect inside the
 * tag switch, where reading a width makes the browser lay out the whole page there and then (half the switch's
 * time). The observer's first report, made in the frame once the browser has laid the page out anyway, is soon
 * enough, and it commits a changed width before that frame is drawn.
 */
function useFrameWidth(frameRef: RefObject<HTMLElement | null>, table: boolean): number | undefined {
  const [width, setWidth] = useState<number>();
  const known = useRef<number>(undefined);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!table || !frame || typeof ResizeObserver === 'undefined') return;
    const area = frame.closest('main');
    let inset: number | undefined;
    const read = (commit: (width: number) => void) => {
      let next: number | undefined;
      if (frame.clientWidth > 0) {
        if (area) inset = area.clientWidth - frame.clientWidth;
        next = frame.clientWidth;
      } else if (area && inset !== undefined && area.clientWidth > inset) {
        next = area.clientWidth - inset;
      }
      if (next === undefined || next === known.current) return;
      known.current = next;
      commit(next);
    };
    if (known.current === undefined) read(setWidth);
    const observer = new ResizeObserver(() => read((next) => flushSync(() => setWidth(next))));
    observer.observe(frame);
    if (area) observer.observe(area);
    return () => observer.disconnect();
  }, [frameRef, table]);
  return width;
}

/**
 * The width the widest action cell of the page needs, padding included (64 px at least, for its title). Measured
 * when the rows or the columns shown change, not when a kept-alive page is shown again with the same ones (the
 * measure would lay the page out inside the tag switch).
 */
function usePinnedWidth(
  frameRef: RefObject<HTMLElement | null>,
  rows: readonly unknown[],
  layout: string,
): number | undefined {
  const [width, setWidth] = useState<number>();
  const measured = useRef<{ rows: readonly unknown[]; layout: string }>(undefined);
  useLayoutEffect(() => {
    if (measured.current?.rows === rows && measured.current.layout === layout) return;
    const contents = frameRef.current?.querySelectorAll<HTMLElement>('[data-pinned-content]') ?? [];
    const first = contents[0]?.parentElement;
    if (!first) return;
    const style = getComputedStyle(first);
    const padding = (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
    const widest = Math.max(...[...contents].map((c) => c.getBoundingClientRect().width));
    // Not laid out (a page out of sight, or a test's document): the declared width stands.
    if (!(widest > 0)) return;
    measured.current = { rows, layout };
    setWidth(Math.max(PINNED_MIN_WIDTH_PX, Math.ceil(widest + padding)));
  }, [frameRef, rows, layout]);
  return width;
}

export function PagedTable<T>({
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  loading = false,
  emptyText = EMPTY_TEXT,
  pageSizes = PAGE_SIZES,
  layout = TABLE_PAGINATION_LAYOUT,
  sort,
  onSortChange,
  toolbar,
  onRefresh,
  settingsKey,
  selectable = false,
  rowSelectable,
  batchActions,
  maxHeight = 'max(320px, calc(100vh - 260px))',
  ...rest
}: PagedTableProps<T>) {
  const styles = useStyles();
  const rootRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLElement>(null);
  const [settings, saveSettings] = useTableSettings(settingsKey);
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const phone = useNarrowScreen();

  const shown = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    return (
      orderedKeys(
        columns.map((c) => c.key),
        settings.order,
      )
        .filter((k) => !settings.hidden.includes(k) || byKey.get(k)!.hideable === false)
        .map((k) => byKey.get(k)!)
        // A pinned column stays last, wherever the settings put it.
        .sort((a, b) => Number(a.fixed === 'right') - Number(b.fixed === 'right'))
    );
  }, [columns, settings]);

  // The choice is of rows on this page: another page (or a reload) starts afresh.
  const keys = useMemo(() => rows.map((row, i) => rowKey(row, i)), [rows, rowKey]);
  const keySignature = keys.join('\u0000');
  const frameWidth = useFrameWidth(frameRef, !phone);
  const pinnedWidth = usePinnedWidth(frameRef, rows, `${shown.map((c) => c.key).join('\u0000')}/${settings.density}`);
  const fit = useMemo(
    () =>
      fitColumns(
        shown.map((c) => {
          const pinned = c.fixed === 'right' && pinnedWidth !== undefined;
          return {
            key: c.key,
            width: pinned ? pinnedWidth : typeof c.width === 'number' ? c.width : undefined,
            min: pinned ? pinnedWidth : minWidthOf(c as PagedTableColumn<unknown>),
            optional: c.optional === true && !settings.shown.includes(c.key),
          };
        }),
        frameWidth,
        selectable ? SELECT_COLUMN_PX : 0,
      ),
    [shown, pinnedWidth, frameWidth, selectable, settings.shown],
  );
  // Kept while the same columns are dropped: a new width alone must not render the rows again.
  const dropped = fit.dropped.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dropped` stands for fit.dropped's contents.
  const visible = useMemo(() => shown.filter((c) => !fit.dropped.includes(c.key)), [shown, dropped]);

  // Reset while rendering, not in an effect: <Activity> re-creates effects each time a kept-alive page is
  // shown, which would render the table again and drop the choice of rows that are still there.
  const [chosenOn, setChosenOn] = useState(keySignature);
  if (chosenOn !== keySignature) {
    setChosenOn(keySignature);
    setChosen([]);
  }

  const choosable = rows
    .map((row, i) => ({ row, key: keys[i]! }))
    .filter(({ row }) => !rowSelectable || rowSelectable(row));
  const chosenRows = choosable.filter(({ key }) => chosen.includes(key)).map(({ row }) => row);
  const allChosen = choosable.length > 0 && chosenRows.length === choosable.length;

  const changePage = (next: number, size: number) => {
    // A new page starts at its first row, with the table's top in view (SPEC §9).
    if (frameRef.current) frameRef.current.scrollTop = 0;
    const root = rootRef.current;
    if (root && typeof root.scrollIntoView === 'function' && root.getBoundingClientRect().top < 0) {
      root.scrollIntoView({ block: 'start' });
    }
    onPageChange(next, size);
  };

  const minTableWidth = fit.minTotal + (selectable ? SELECT_COLUMN_PX : 0);
  const showToolbar =
    toolbar !== undefined ||
    onRefresh !== undefined ||
    settingsKey !== undefined ||
    (selectable && batchActions !== undefined);
  const compact = settings.density === 'compact';

  // Each shown column's width as a custom property of the table, read by its header cell (auto when none).
  const tableStyle = {
    minWidth: `${minTableWidth}px`,
    ...Object.fromEntries(
      visible.map((column, i) => [widthVar(i), px(fit.widths[column.key] ?? column.width) ?? 'auto']),
    ),
  } as CSSProperties;
  const allKeys = choosable.map(({ key }) => key).join('\u0000');
  const chooseAll = useCallback(
    () => setChosen(allChosen ? [] : allKeys ? allKeys.split('\u0000') : []),
    [allChosen, allKeys],
  );

  return (
    <div className={styles.root} ref={rootRef}>
      {showToolbar && (
        <div className={styles.toolbar}>
          {toolbar !== undefined && <div className={styles.own}>{toolbar}</div>}
          {selectable && batchActions && chosenRows.length > 0 && (
            <div className={styles.batch} role="region" aria-label="批量操作">
              <Text size={200}>已选 {chosenRows.length} 条</Text>
              {batchActions(chosenRows, () => setChosen([]))}
              <Button size="small" appearance="transparent" onClick={() => setChosen([])}>
                取消选择
              </Button>
            </div>
          )}
          <div className={styles.tools}>
            {onRefresh && (
              <Button
                size={DEFAULT_UI_SIZE}
                appearance="subtle"
                icon={<ArrowClockwiseRegular />}
                aria-label={REFRESH_TEXT}
                title={REFRESH_TEXT}
                disabled={loading}
                onClick={onRefresh}
              />
            )}
            {settingsKey !== undefined && (
              <>
                <Menu
                  checkedValues={{ density: [settings.density] }}
                  onCheckedValueChange={(_, d) =>
                    saveSettings({ ...settings, density: d.checkedItems[0] === 'compact' ? 'compact' : 'default' })
                  }
                >
                  <MenuTrigger disableButtonEnhancement>
                    <Button
                      size={DEFAULT_UI_SIZE}
                      appearance="subtle"
                      icon={<TextDensityRegular />}
                      aria-label={DENSITY_TEXT}
                      title={DENSITY_TEXT}
                    />
                  </MenuTrigger>
                  <MenuPopover>
                    <MenuList>
                      <MenuItemRadio name="density" value="compact">
                        {DENSITY_LABEL.compact}
                      </MenuItemRadio>
                      <MenuItemRadio name="density" value="default">
                        {DENSITY_LABEL.default}
                      </MenuItemRadio>
                    </MenuList>
                  </MenuPopover>
                </Menu>
                <ColumnSettings columns={columns} settings={settings} dropped={fit.dropped} onChange={saveSettings} />
              </>
            )}
          </div>
        </div>
      )}
      {phone ? (
        <RowCards
          label={rest['aria-label']}
          columns={shown}
          rows={rows}
          keys={keys}
          loading={loading}
          emptyText={emptyText}
          selectable={selectable}
          mayChoose={(row) => !rowSelectable || rowSelectable(row)}
          chosen={chosen}
          onChoose={(key, on) => setChosen((c) => (on ? [...c, key] : c.filter((k) => k !== key)))}
        />
      ) : (
        // A frame that scrolls is a tab stop, so the keyboard can scroll it (WCAG 2.1.1).
        <section
          className={styles.frame}
          ref={frameRef}
          style={{ maxHeight }}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          aria-label={`${rest['aria-label']}（可滚动）`}
        >
          <Table
            aria-label={rest['aria-label']}
            aria-busy={loading || undefined}
            size={compact ? 'extra-small' : DEFAULT_UI_SIZE}
            style={tableStyle}
          >
            <PagedTableHead
              columns={visible}
              sort={sort}
              onSortChange={onSortChange}
              selectable={selectable}
              nothingToChoose={choosable.length === 0}
              checked={allChosen ? true : chosenRows.length > 0 ? 'mixed' : false}
              onChooseAll={chooseAll}
            />
            <PagedTableBody
              rows={rows}
              keys={keys}
              columns={visible}
              selectable={selectable}
              rowSelectable={rowSelectable}
              chosen={chosen}
              setChosen={setChosen}
              compact={compact}
              loading={loading}
              emptyText={emptyText}
            />
          </Table>
          {loading ? (
            <div className={styles.overlay}>
              <Spinner size="small" label={LOADING_TEXT} />
            </div>
          ) : null}
        </section>
      )}
      <div className={styles.footer}>
        <PaginationBar
          total={total}
          page={page}
          pageSize={pageSize}
          pageSizes={pageSizes}
          layout={layout}
          disabled={loading}
          onChange={changePage}
        />
      </div>
    </div>
  );
}

/** The custom property that carries a shown column's width, set on the table (so a new width renders no cell). */
const widthVar = (index: number) => `--paged-table-column-${index}`;

interface PagedTableHeadProps<T> {
  columns: readonly PagedTableColumn<T>[];
  sort: TableSort | null | undefined;
  onSortChange: ((sort: TableSort | null) => void) | undefined;
  selectable: boolean;
  nothingToChoose: boolean;
  checked: boolean | 'mixed';
  onChooseAll: () => void;
}

/** The header row: its widths come from the table's custom properties, so a new frame width leaves it as it is. */
const PagedTableHead = memo(function PagedTableHead<T>({
  columns,
  sort,
  onSortChange,
  selectable,
  nothingToChoose,
  checked,
  onChooseAll,
}: PagedTableHeadProps<T>) {
  const styles = useStyles();
  return (
    <TableHeader className={styles.head}>
      <TableRow>
        {selectable && (
          <TableHeaderCell
            className={mergeClasses(styles.cell, styles.headCell)}
            style={{ width: `${SELECT_COLUMN_PX}px` }}
          >
            <Checkbox aria-label="全选本页" disabled={nothingToChoose} checked={checked} onChange={onChooseAll} />
          </TableHeaderCell>
        )}
        {columns.map((column, i) => {
          const direction =
            sort && sort.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
          return (
            <TableHeaderCell
              key={column.key}
              style={{ width: `var(${widthVar(i)})` }}
              className={mergeClasses(
                styles.cell,
                styles.headCell,
                column.fixed === 'right' && styles.pinned,
                column.fixed === 'right' && styles.pinnedHead,
              )}
              {...(column.sortable && onSortChange
                ? {
                    sortable: true,
                    sortDirection: direction,
                    button: { onClick: () => onSortChange(nextSort(sort, column.key)) },
                  }
                : {})}
            >
              {column.title}
            </TableHeaderCell>
          );
        })}
      </TableRow>
    </TableHeader>
  );
}) as <T>(props: PagedTableHeadProps<T>) => ReactNode;

interface PagedTableBodyProps<T> {
  rows: readonly T[];
  keys: readonly string[];
  columns: readonly PagedTableColumn<T>[];
  selectable: boolean;
  rowSelectable: ((row: T) => boolean) | undefined;
  chosen: readonly string[];
  setChosen: (update: (chosen: readonly string[]) => readonly string[]) => void;
  compact: boolean;
  loading: boolean;
  emptyText: ReactNode;
}

/**
 * The rows, apart from the frame: when the frame's width changes (a window resized while the page was kept out
 * of sight, then shown again) only the header's widths change, and the rows — hundreds of components — are not
 * rendered again.
 */
const PagedTableBody = memo(function PagedTableBody<T>({
  rows,
  keys,
  columns,
  selectable,
  rowSelectable,
  chosen,
  setChosen,
  compact,
  loading,
  emptyText,
}: PagedTableBodyProps<T>) {
  const styles = useStyles();
  return (
    <TableBody>
      {rows.length === 0 ? (
        <TableRow>
          <TableCell colSpan={columns.length + (selectable ? 1 : 0)} className={styles.empty}>
            {loading ? '' : emptyText}
          </TableCell>
        </TableRow>
      ) : (
        rows.map((row, index) => {
          const key = keys[index]!;
          const mayChoose = !rowSelectable || rowSelectable(row);
          return (
            <TableRow
              key={key}
              className={compact ? styles.compact : undefined}
              aria-selected={selectable ? chosen.includes(key) : undefined}
            >
              {selectable && (
                <TableCell className={styles.cell}>
                  {mayChoose && (
                    <Checkbox
                      aria-label={`选择第 ${index + 1} 行`}
                      checked={chosen.includes(key)}
                      onChange={(_, d) => setChosen((c) => (d.checked ? [...c, key] : c.filter((k) => k !== key)))}
                    />
                  )}
                </TableCell>
              )}
              {columns.map((column) => {
                const content = column.render ? column.render(row, index) : plainCell(row, column.key);
                const cut = column.ellipsis !== false && column.fixed !== 'right';
                const text = typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;
                return (
                  <TableCell
                    key={column.key}
                    className={mergeClasses(styles.cell, column.fixed === 'right' && styles.pinned)}
                  >
                    {column.fixed === 'right' ? (
                      <span className={styles.pinnedContent} data-pinned-content="">
                        {content}
                      </span>
                    ) : cut && text !== undefined ? (
                      <span className={styles.cut} title={text}>
                        {text}
                      </span>
                    ) : (
                      content
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          );
        })
      )}
    </TableBody>
  );
}) as <T>(props: PagedTableBodyProps<T>) => ReactNode;

/** One row a card: the first column as its title, the next key fields as label and value, then the actions. */
function RowCards<T>({
  label,
  columns,
  rows,
  keys,
  loading,
  emptyText,
  selectable,
  mayChoose,
  chosen,
  onChoose,
}: {
  label: string;
  columns: readonly PagedTableColumn<T>[];
  rows: readonly T[];
  keys: readonly string[];
  loading: boolean;
  emptyText: string;
  selectable: boolean;
  mayChoose: (row: T) => boolean;
  chosen: readonly string[];
  onChoose: (key: string, on: boolean) => void;
}) {
  const styles = useStyles();
  const actions = columns.find((c) => c.fixed === 'right');
  const [title, ...others] = columns.filter((c) => c !== actions);
  const fields = others.filter((c, i) => i < CARD_FIELDS || (c.card ?? c.key === 'status'));
  const content = (column: PagedTableColumn<T>, row: T, index: number) =>
    column.render ? column.render(row, index) : plainCell(row, column.key);
  if (rows.length === 0) {
    return (
      <div className={styles.empty} aria-busy={loading || undefined}>
        {loading ? <Spinner size="small" label={LOADING_TEXT} /> : emptyText}
      </div>
    );
  }
  return (
    <ul className={styles.cards} aria-label={label} aria-busy={loading || undefined}>
      {rows.map((row, index) => {
        const key = keys[index]!;
        return (
          <li key={key} className={styles.card}>
            <div className={styles.cardTitle}>
              {selectable && mayChoose(row) && (
                <Checkbox
                  aria-label={`选择第 ${index + 1} 行`}
                  checked={chosen.includes(key)}
                  onChange={(_, d) => onChoose(key, !!d.checked)}
                />
              )}
              {title && content(title, row, index)}
            </div>
            {fields.length > 0 && (
              <dl className={styles.cardFields}>
                {fields.map((column) => (
                  <div key={column.key} style={{ display: 'contents' }}>
                    <dt className={styles.cardLabel}>{column.title}</dt>
                    <dd className={styles.cardValue}>{content(column, row, index)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {actions && <div className={styles.cardActions}>{content(actions, row, index)}</div>}
          </li>
        );
      })}
    </ul>
  );
}

// What every stage's tab on 业务详情 draws with: a part's heading, a grid of facts and a small table's styles.
import {
  Text,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { formatDate } from '../../../domain/format/date-format';
import { formatFen } from '../../../domain/format/money-format';

export const useDetailTabStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))',
    gap: '8px 24px',
    margin: 0,
  },
  item: { display: 'flex', gap: '0 8px', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3, flexShrink: 0, width: '84px' },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  scroll: { overflowX: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
  amount: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' },
  },
});

/** 分 as 元 with 千分位, or '--'. */
export const yuan = (fen: number | null) => (fen === null ? '--' : formatFen(BigInt(fen)));

/** An instant to the minute in the reader's own time, as every other time of the back office — or '--'. */
export const minuteOf = (iso: string | null) => formatDate(iso, { time: 'minutes' });

/** A part's heading on a stage page (版本, 合同要素比对, a table's or a form's title). */
export function Heading({ children }: { children: ReactNode }) {
  return (
    <Text as="h2" size={400} weight="semibold">
      {children}
    </Text>
  );
}

export function Facts({ items, label }: { items: [string, string][]; label: string }) {
  const styles = useDetailTabStyles();
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

/** A column of a small table: its title, an amount right-aligned, a muted one grey, a fixed width in px. */
export interface SmallColumn {
  title: string;
  amount?: boolean;
  muted?: boolean;
  width?: number;
}

/**
 * A small table of a stage's screens: its label, its columns, its rows' cells (a cell may hold a checkbox or an
 * input: the make pages pick their lines in it), the words of an empty one. Wider than a phone it scrolls
 * sideways; with `scrollLabel` the scrolling region takes focus, so keys scroll it too.
 */
export function SmallTable({
  label,
  columns,
  rows,
  minWidth,
  empty,
  scrollLabel,
}: {
  label: string;
  columns: readonly SmallColumn[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
  minWidth?: string;
  empty?: string;
  scrollLabel?: string;
}) {
  const styles = useDetailTabStyles();
  const classOf = (c: SmallColumn | undefined) => (c?.amount ? styles.amount : c?.muted ? styles.muted : undefined);
  const table = (
    <Table size="small" aria-label={label} style={minWidth ? { minWidth } : undefined}>
      <TableHeader>
        <TableRow>
          {columns.map((c, i) => (
            <TableHeaderCell
              key={c.title || i}
              className={c.amount ? styles.amount : undefined}
              style={c.width ? { width: c.width } : undefined}
            >
              {c.title}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && empty && (
          <TableRow>
            <TableCell colSpan={columns.length}>{empty}</TableCell>
          </TableRow>
        )}
        {rows.map((r) => (
          <TableRow key={r.key}>
            {r.cells.map((cell, i) => (
              <TableCell key={columns[i]?.title || i} className={classOf(columns[i])}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return scrollLabel ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
    <div className={styles.scroll} tabIndex={0} role="group" aria-label={scrollLabel}>
      {table}
    </div>
  ) : (
    <div className={styles.scroll}>{table}</div>
  );
}

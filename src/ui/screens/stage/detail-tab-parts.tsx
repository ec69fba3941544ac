// What every stage's tab on 业务详情 draws with: a grid of facts and a small table's styles.
import {
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

/** A small read-only table: its label, its columns (an amount right-aligned, a muted one grey), its rows' cells. */
export function SmallTable({
  label,
  columns,
  rows,
  minWidth,
}: {
  label: string;
  columns: readonly { title: string; amount?: boolean; muted?: boolean }[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
  minWidth?: string;
}) {
  const styles = useDetailTabStyles();
  const classOf = (c: { amount?: boolean; muted?: boolean } | undefined) =>
    c?.amount ? styles.amount : c?.muted ? styles.muted : undefined;
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={label} style={minWidth ? { minWidth } : undefined}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c.title} className={c.amount ? styles.amount : undefined}>
                {c.title}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              {r.cells.map((cell, i) => (
                <TableCell key={columns[i]?.title ?? i} className={classOf(columns[i])}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

// A stage's small table with its columns as data (the kit's SmallTable underneath): each column its title, width,
// alignment and how its cell reads a row, so a screen declares what a table shows, never how a row is laid out.
import type { ReactNode } from 'react';
import { type SmallColumn, SmallTable, Heading } from './detail-tab-parts';

/** A column: the kit's column and its cell read from the row. */
export interface DataColumn<T> extends SmallColumn {
  cell(row: T): ReactNode;
}

/**
 * The rows under their columns, titled `label` (a heading above it when `heading`), scrolling sideways when wider
 * than the screen (its region `${label}列表` takes focus), `empty` said when there are none.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  minWidth,
  heading = false,
}: {
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey(row: T, index: number): string | number;
  empty: string;
  minWidth?: string;
  heading?: boolean;
}) {
  return (
    <>
      {heading && <Heading>{label}</Heading>}
      <SmallTable
        label={label}
        scrollLabel={`${label}列表`}
        columns={columns}
        rows={rows.map((r, i) => ({ key: rowKey(r, i), cells: columns.map((c) => c.cell(r)) }))}
        {...(minWidth ? { minWidth } : {})}
        empty={empty}
      />
    </>
  );
}

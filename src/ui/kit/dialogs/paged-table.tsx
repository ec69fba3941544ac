// A table of one page of rows over the SPEC §9 pagination bar: 10 rows a page unless told, sizes
// 10/20/30/40/50/100, '暂无数据' when there are no rows, a spinner over the rows (and a still pager) while
// a page loads. Controlled: the owner fetches the page it is told to and passes the rows and the total.
import {
  Spinner,
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
import { DEFAULT_PAGE_SIZE, DEFAULT_UI_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { PaginationBar, type PaginationPart } from '../pagination-bar';

export const EMPTY_TEXT = '暂无数据';
export const LOADING_TEXT = '加载中';
/** The spec's layout with the size selector, since a table offers the sizes. */
export const TABLE_PAGINATION_LAYOUT: readonly PaginationPart[] = ['prev', 'pager', 'next', 'sizes', 'jumper', 'total'];

export interface PagedTableColumn<T> {
  key: string;
  title: string;
  /** The cell's content; the row's own field `key` as text unless set. */
  render?: (row: T, index: number) => ReactNode;
  width?: string | number;
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
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  frame: { position: 'relative', overflowX: 'auto' },
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
});

function plainCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
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
  ...rest
}: PagedTableProps<T>) {
  const styles = useStyles();
  const width = (w: string | number | undefined) => (w === undefined ? undefined : { width: typeof w === 'number' ? `${w}px` : w });
  return (
    <div className={styles.root}>
      <div className={styles.frame}>
        <Table aria-label={rest['aria-label']} aria-busy={loading || undefined} size={DEFAULT_UI_SIZE}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell key={column.key} style={width(column.width)}>
                  {column.title}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} className={styles.empty}>
                  {loading ? '' : emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, index) => (
                <TableRow key={rowKey(row, index)}>
                  {columns.map((column) => (
                    <TableCell key={column.key}>{column.render ? column.render(row, index) : plainCell(row, column.key)}</TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        {loading ? (
          <div className={styles.overlay}>
            <Spinner size="small" label={LOADING_TEXT} />
          </div>
        ) : null}
      </div>
      <div className={styles.footer}>
        <PaginationBar
          total={total}
          page={page}
          pageSize={pageSize}
          pageSizes={pageSizes}
          layout={layout}
          disabled={loading}
          onChange={onPageChange}
        />
      </div>
    </div>
  );
}

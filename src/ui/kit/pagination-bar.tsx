// The pagination bar of SPEC §9: prev, pager, next, jumper, total by default ('sizes' can be added to the
// layout for the 10/20/30/40/50/100 selector). Every number comes from pagination.ts: the page shown is
// clamped to the page count, the pager has an odd 5–21 buttons with "more" markers that jump
// pagerCount − 2 pages, and the jumper goes to the typed page, clamped.
import { Button, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { DEFAULT_PAGER_COUNT, DEFAULT_UI_SIZE, PAGE_SIZES, PAGINATION_LAYOUT } from '../../domain/constants';
import {
  clampPage,
  jumperPage,
  morePage,
  normalizePagerCount,
  pageAfterSizeChange,
  pageCount,
  pagerItems,
} from '../../domain/widgets/pagination';

export type PaginationPart = (typeof PAGINATION_LAYOUT)[number] | 'sizes';

export interface PaginationBarProps {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number, pageSize: number) => void;
  /** Odd, 5 to 21; 7 unless set. */
  pagerCount?: number;
  pageSizes?: readonly number[];
  layout?: readonly PaginationPart[];
  disabled?: boolean;
}

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  pager: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  jumper: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  jumperInput: { width: '56px' },
  sizes: { minWidth: '110px' },
});

export function PaginationBar({
  total,
  page,
  pageSize,
  onChange,
  pagerCount = DEFAULT_PAGER_COUNT,
  pageSizes = PAGE_SIZES,
  layout = PAGINATION_LAYOUT,
  disabled,
}: PaginationBarProps) {
  const styles = useStyles();
  const count = pageCount(total, pageSize);
  const current = clampPage(page, count);
  const pager = normalizePagerCount(pagerCount);
  const [jumpText, setJumpText] = useState<string | null>(null);

  const go = (target: number) => {
    if (target !== current) onChange(target, pageSize);
  };
  const jump = () => {
    const target = jumpText === null ? null : jumperPage(jumpText, count);
    setJumpText(null);
    if (target !== null) go(target);
  };

  const parts: Record<PaginationPart, () => ReactNode> = {
    prev: () => (
      <Button
        key="prev"
        size={DEFAULT_UI_SIZE}
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label="上一页"
        disabled={disabled || current <= 1}
        onClick={() => go(current - 1)}
      />
    ),
    pager: () => (
      <ul key="pager" className={styles.pager}>
        {pagerItems(current, count, pager).map((item) =>
          item.kind === 'page' ? (
            <li key={item.page}>
              <Button
                size={DEFAULT_UI_SIZE}
                appearance={item.page === current ? 'primary' : 'subtle'}
                aria-current={item.page === current ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item.page)}
              >
                {item.page}
              </Button>
            </li>
          ) : (
            <li key={item.direction}>
              <Button
                size={DEFAULT_UI_SIZE}
                appearance="subtle"
                icon={<MoreHorizontalRegular />}
                aria-label={`${item.direction === 'prev' ? '向前' : '向后'} ${pager - 2} 页`}
                disabled={disabled}
                onClick={() => go(morePage(item.direction, current, count, pager))}
              />
            </li>
          ),
        )}
      </ul>
    ),
    next: () => (
      <Button
        key="next"
        size={DEFAULT_UI_SIZE}
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label="下一页"
        disabled={disabled || current >= count}
        onClick={() => go(current + 1)}
      />
    ),
    jumper: () => (
      <span key="jumper" className={styles.jumper}>
        <Text size={200}>前往</Text>
        <Input
          className={styles.jumperInput}
          size={DEFAULT_UI_SIZE}
          aria-label="前往页"
          inputMode="numeric"
          disabled={disabled}
          value={jumpText ?? String(current)}
          onChange={(_e, data) => setJumpText(data.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') jump();
          }}
          onBlur={jump}
        />
        <Text size={200}>页</Text>
      </span>
    ),
    total: () => (
      <Text key="total" size={200}>
        共 {total} 条
      </Text>
    ),
    sizes: () => (
      // A native select: every list shows this bar, and Fluent's dropdown would bring its combobox and
      // positioning code into each list's first load.
      <Select
        key="sizes"
        className={styles.sizes}
        size={DEFAULT_UI_SIZE}
        aria-label="每页条数"
        disabled={disabled}
        value={String(pageSize)}
        onChange={(_e, data) => {
          const size = Number(data.value);
          if (Number.isFinite(size) && size !== pageSize) onChange(pageAfterSizeChange(current, total, size), size);
        }}
      >
        {pageSizes.map((size) => (
          <option key={size} value={String(size)}>{`${size}条/页`}</option>
        ))}
      </Select>
    ),
  };

  return (
    <nav aria-label="分页" className={styles.bar}>
      {layout.map((part) => parts[part]())}
    </nav>
  );
}

// A picker over a tree (所属组织, 上级组织 of 37 organisations): type to filter by name — a match keeps the
// path above it, so the person sees where it sits — and choose with the mouse or the keyboard (↑ ↓ move,
// Enter chooses, Escape closes). The list opens in the page's flow under the field rather than floating,
// so inside a scrolling dialog it is never cut off. Works inside a Fluent Field (the label names it).
import { Button, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, DismissRegular } from '@fluentui/react-icons';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { DEFAULT_UI_SIZE } from '../../domain/constants';

export interface TreeSelectNode {
  value: string;
  label: string;
  children?: readonly TreeSelectNode[];
  /** Shown (it holds the path) but not choosable. */
  disabled?: boolean;
}

/** Builds the nodes from a flat list with parent ids; an item whose parent is not listed is a root. */
export function treeOf<T>(
  items: readonly T[],
  key: (item: T) => string,
  parent: (item: T) => string | null | undefined,
  label: (item: T) => string,
): TreeSelectNode[] {
  const ids = new Set(items.map(key));
  const byParent = new Map<string, T[]>();
  const roots: T[] = [];
  for (const item of items) {
    const p = parent(item);
    if (p && ids.has(p)) byParent.set(p, [...(byParent.get(p) ?? []), item]);
    else roots.push(item);
  }
  const build = (item: T): TreeSelectNode => {
    const children = (byParent.get(key(item)) ?? []).map(build);
    return children.length
      ? { value: key(item), label: label(item), children }
      : { value: key(item), label: label(item) };
  };
  return roots.map(build);
}

interface FlatRow {
  node: TreeSelectNode;
  level: number;
}

/** The rows shown for a filter: every match with the path above it, depth first. */
export function visibleRows(nodes: readonly TreeSelectNode[], filter: string, level = 1): FlatRow[] {
  const needle = filter.trim();
  const rows: FlatRow[] = [];
  for (const node of nodes) {
    const below = visibleRows(node.children ?? [], needle, level + 1);
    if (!needle || node.label.includes(needle) || below.length) rows.push({ node, level }, ...below);
  }
  return rows;
}

function labelOf(nodes: readonly TreeSelectNode[], value: string): string | undefined {
  for (const node of nodes) {
    if (node.value === value) return node.label;
    const below = labelOf(node.children ?? [], value);
    if (below !== undefined) return below;
  }
  return undefined;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minWidth: 0, width: '100%' },
  list: {
    listStyleType: 'none',
    margin: '2px 0 0',
    padding: '4px 0',
    maxHeight: '260px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  item: { padding: '4px 8px', cursor: 'pointer', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  active: { backgroundColor: tokens.colorNeutralBackground1Hover },
  selected: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  disabled: { color: tokens.colorNeutralForegroundDisabled, cursor: 'default' },
  empty: { padding: '4px 8px', color: tokens.colorNeutralForeground3 },
});

export interface TreeSelectProps {
  nodes: readonly TreeSelectNode[];
  /** '' when nothing is chosen. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Offers a button that empties the choice. */
  clearable?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

export function TreeSelect({
  nodes,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  clearable,
  ...rest
}: TreeSelectProps) {
  const styles = useStyles();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const rows = useMemo(() => visibleRows(nodes, open ? filter : ''), [nodes, filter, open]);
  const chosenLabel = labelOf(nodes, value) ?? '';

  const close = () => {
    setOpen(false);
    setFilter('');
  };
  const choose = (row: FlatRow | undefined) => {
    if (!row || row.node.disabled) return;
    onChange(row.node.value);
    close();
  };
  const openAt = () => {
    if (disabled) return;
    const at = visibleRows(nodes, '').findIndex((r) => r.node.value === value);
    setActive(Math.max(0, at));
    setOpen(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openAt();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.min(rows.length - 1, Math.max(0, a + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (open) choose(rows[active]);
      else openAt();
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className={styles.root}>
      <Input
        {...rest}
        size={DEFAULT_UI_SIZE}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && rows[active] ? `${listId}-${active}` : undefined}
        disabled={disabled}
        placeholder={open ? '输入名称筛选' : placeholder}
        value={open ? filter : chosenLabel}
        onClick={() => (open ? undefined : openAt())}
        onChange={(_, d) => {
          if (!open) setOpen(true);
          setFilter(d.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        // The list's items keep the focus here (mouse down is held back), so a blur means the person left.
        onBlur={close}
        contentAfter={
          <>
            {clearable && value && !disabled && (
              <Button
                size="small"
                appearance="transparent"
                icon={<DismissRegular />}
                aria-label="清空"
                tabIndex={-1}
                onClick={() => {
                  onChange('');
                  close();
                }}
              />
            )}
            <ChevronDownRegular aria-hidden />
          </>
        }
      />
      {open && (
        <ul id={listId} role="tree" aria-label={rest['aria-label'] ?? '选项'} className={styles.list}>
          {rows.length === 0 && (
            <li role="none" className={styles.empty}>
              无匹配项
            </li>
          )}
          {rows.map((row, i) => (
            <li
              key={row.node.value}
              id={`${listId}-${i}`}
              role="treeitem"
              aria-level={row.level}
              aria-selected={row.node.value === value}
              aria-disabled={row.node.disabled || undefined}
              tabIndex={-1}
              style={{ paddingLeft: `${8 + (row.level - 1) * 16}px` }}
              className={mergeClasses(
                styles.item,
                i === active && styles.active,
                row.node.value === value && styles.selected,
                row.node.disabled && styles.disabled,
              )}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(row)}
            >
              {row.node.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

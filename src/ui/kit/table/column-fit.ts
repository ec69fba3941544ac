// How a list's columns share the width its frame has. A list declares each column's width (what it would
// like) and, where the content allows, a smaller minimum; the pinned 操作 column is as wide as the actions
// its rows hold. When the preferred widths do not fit, every column gives up width in proportion to what it
// can spare; when even the minimums do not fit, the columns a list marks `optional` are left out (the last
// first) unless the person chose to show them in 列设置; only then does the frame scroll sideways. So at
// 1440 wide a long list shows its key columns whole and nothing sits under the pinned column.

export interface FitColumn {
  key: string;
  /** The preferred width in px; undefined: no width of its own (it takes what is left). */
  width: number | undefined;
  /** The narrowest the column may be. */
  min: number;
  /** Left out first when the minimums do not fit. */
  optional: boolean;
}

export interface ColumnFit {
  /** Each kept column's width in px, or undefined to leave it to the table. */
  widths: Record<string, number | undefined>;
  /** The optional columns left out for want of room. */
  dropped: string[];
  /** The narrowest the kept columns can be: the table scrolls sideways below this. */
  minTotal: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** `available` is the frame's inner width; unknown (0 or undefined, as before the first layout) changes nothing. */
export function fitColumns(columns: readonly FitColumn[], available: number | undefined, reserved = 0): ColumnFit {
  const preferred = (c: FitColumn) => Math.max(c.width ?? c.min, c.min);
  let kept = [...columns];
  const dropped: string[] = [];
  const room = available ? available - reserved : 0;
  if (room > 0) {
    for (let i = kept.length - 1; i >= 0 && sum(kept.map((c) => c.min)) > room; i--) {
      if (!kept[i]!.optional) continue;
      dropped.unshift(kept[i]!.key);
      kept = kept.filter((_, j) => j !== i);
    }
  }
  const minTotal = sum(kept.map((c) => c.min));
  const excess = sum(kept.map(preferred)) - room;
  const widths: Record<string, number | undefined> = {};
  if (room <= 0 || excess <= 0) {
    // Room enough: the declared widths, and the table shares out what is left over.
    for (const c of kept) widths[c.key] = c.width;
    return { widths, dropped, minTotal };
  }
  const spare = sum(kept.map((c) => preferred(c) - c.min));
  const give = Math.min(1, excess / spare || 0);
  for (const c of kept) widths[c.key] = Math.floor(preferred(c) - (preferred(c) - c.min) * give);
  return { widths, dropped, minTotal };
}

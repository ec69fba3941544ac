// Parties in order as rows to edit (合同签章's signatories, 申请线上签约's signers): each row's controls under its
// place (第1签署方 …), one more row up to a most, the last removed down to a least, and the row being worked on
// (合同签章 places its box by a click on the page). The numbering follows the rows; the stage says what a row holds.
import { Button } from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import { useStagePageStyles } from './record-pages';

/** Rows numbered from 1 by `order`. */
export type Ordered = { order: number };

/** The rows, the one worked on, and the ways to change them. */
export function useOrderedRows<R extends Ordered>(initial: R[] | (() => R[])) {
  const [rows, setRows] = useState(initial);
  const [active, setActive] = useState(0);
  return {
    rows,
    active,
    setActive,
    /** The rows replaced (as read from elsewhere). */
    replace: setRows,
    set: (i: number, patch: Partial<R>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r))),
    add: (row: Omit<R, 'order'>) => setRows((all) => [...all, { ...row, order: all.length + 1 } as R]),
    removeLast: () => {
      setRows((all) => all.slice(0, -1));
      setActive((a) => Math.min(a, rows.length - 2));
    },
  };
}
export type OrderedRowsState<R extends Ordered> = ReturnType<typeof useOrderedRows<R>>;

/**
 * The rows, each a group named by its place (第1签署方) holding `children`; then 添加 (the row `more` makes, up to
 * `max`) and the removal of the last (down to `min`), unless `fixed`, with the stage's own `buttons` beside them.
 */
export function OrderedRows<R extends Ordered>(props: {
  state: OrderedRowsState<R>;
  /** What a row is (签署方): its place 第n{noun}, and 添加{noun}. */
  noun: string;
  min: number;
  max: number;
  more(rows: readonly R[]): Omit<R, 'order'>;
  /** The words of removing the last row. */
  remove: string;
  disabled?: boolean;
  /** Set elsewhere: no row is added or removed here. */
  fixed?: boolean;
  /** A button at each row's end making it the one worked on: its words on that row, and on the others. */
  choose?: { chosen: string; choose: string };
  buttons?: ReactNode;
  children(row: R, i: number): ReactNode;
}) {
  const styles = useStagePageStyles();
  const { state: s, disabled, noun } = props;
  return (
    <>
      {s.rows.map((row, i) => (
        <div key={row.order} className={styles.row} role="group" aria-label={`第${row.order}${noun}`}>
          {props.children(row, i)}
          {props.choose && (
            <Button
              appearance={i === s.active ? 'primary' : 'secondary'}
              disabled={disabled}
              onClick={() => s.setActive(i)}
            >
              {i === s.active ? props.choose.chosen : props.choose.choose}
            </Button>
          )}
        </div>
      ))}
      {(!props.fixed || props.buttons) && (
        <div className={styles.row}>
          {!props.fixed && (
            <>
              <Button disabled={disabled || s.rows.length >= props.max} onClick={() => s.add(props.more(s.rows))}>
                添加{noun}
              </Button>
              <Button disabled={disabled || s.rows.length <= props.min} onClick={s.removeLast}>
                {props.remove}
              </Button>
            </>
          )}
          {props.buttons}
        </div>
      )}
    </>
  );
}

// Boxes on a PDF page's outline (合同签章's signature boxes): the page drawn to its size in points, the boxes on it
// with their labels (the chosen one drawn heavier), and a click placing the chosen box centred on the click, its
// top-left corner kept on the page. The positions are typed in fields beside it too; this only shows and places.
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { MouseEvent } from 'react';

/** A box on a page: its key, its top-left corner in points from the page's top-left, its words. */
export interface PageBox {
  key: number;
  x: number;
  y: number;
  label: string;
}

const useStyles = makeStyles({
  sheet: { flex: '0 0 auto', width: 'min(240px, 100%)' },
  svg: { width: '100%', height: 'auto', cursor: 'crosshair', background: tokens.colorNeutralBackground1 },
});

/** Where a click at (x, y) in a page's points puts a box of `box`'s size: centred on it, wholly on the page. */
export function placeBox(
  click: { x: number; y: number },
  page: { width: number; height: number },
  box: { width: number; height: number },
) {
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(0, v), Math.max(0, max)));
  return {
    x: clamp(click.x - box.width / 2, page.width - box.width),
    y: clamp(click.y - box.height / 2, page.height - box.height),
  };
}

/** A page of size `size` with its boxes; `onPlace` (absent: nothing placed) gets the chosen box's corner. */
export function PageBoxes(props: {
  /** The outline's name (its role is an image). */
  label: string;
  size: { width: number; height: number };
  box: { width: number; height: number };
  boxes: readonly PageBox[];
  chosen: number | undefined;
  caption: string;
  onPlace?: ((at: { x: number; y: number }) => void) | undefined;
}) {
  const { size, box, onPlace } = props;
  const styles = useStyles();
  const place = (event: MouseEvent<SVGSVGElement>) => {
    const r = event.currentTarget.getBoundingClientRect();
    const click = {
      x: ((event.clientX - r.left) / r.width) * size.width,
      y: ((event.clientY - r.top) / r.height) * size.height,
    };
    onPlace?.(placeBox(click, size, box));
  };
  return (
    <div className={styles.sheet}>
      <Text size={200}>{props.caption}</Text>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the positions are typed in the fields beside it too */}
      <svg
        className={styles.svg}
        viewBox={`0 0 ${size.width} ${size.height}`}
        role="img"
        aria-label={props.label}
        onClick={onPlace ? place : undefined}
      >
        <rect x={0.5} y={0.5} width={size.width - 1} height={size.height - 1} fill="white" stroke="#8a8886" />
        {props.boxes.map((b) => (
          <g key={b.key}>
            <rect
              {...{ x: b.x, y: b.y, width: box.width, height: box.height }}
              fill="rgba(200,20,20,0.08)"
              stroke="#c81414"
              strokeWidth={props.chosen === b.key ? 4 : 2}
            />
            <text x={b.x + 6} y={b.y + 34} fontSize={16} fill="#c81414">
              {b.label}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}

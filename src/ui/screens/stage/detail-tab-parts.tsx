// What every stage's tab on 业务详情 draws with: a grid of facts and a small table's styles.
import { makeStyles, tokens } from '@fluentui/react-components';
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
